"use client";
// Past uploads of the company: who sent what, when, how many rows, and how it ended, filtered by
// kind, status and file name, page by page. Details opens one upload's batches in a drawer
// (./journal-drawer.tsx, loaded on demand).
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { ChevronLeft, ChevronRight, PanelRightOpen } from "lucide-react";
import { useFormatter, useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { QueryErrorState } from "@/components/query/query-error-state";
import { Button } from "@/components/ui/button";
import { lazyComponent } from "@/components/ui/lazy-component";
import { timeZone } from "@/i18n/config";
import { UPLOAD_KINDS, type UploadKind } from "@/lib/csv/types";
import type { BffError } from "@/lib/query/bff-error";
import { uploadKeys } from "@/lib/query/keys";
import type { FileStatus, UploadList } from "@/lib/uploads/contract";
import { journalApi, type UploadListFilter } from "./journal-api";
import { StateBadge } from "./state-badge";

// The drawer (the modal, the entry, its send panel) loads when Details is first hovered, focused
// or pressed, not with the page.
const JournalDrawer = lazyComponent(() => import("./journal-drawer"));

const PAGE = 20;
const STATUSES: readonly FileStatus[] = ["storing", "ready", "sending", "paused", "waiting", "done", "failed", "attention", "cancelled"];
const select = "h-8 rounded-md border border-ink-300 bg-ink-0 px-2 text-sm text-ink-900 dark:border-ink-600 dark:bg-ink-900 dark:text-ink-100";

export function UploadJournal() {
  const t = useTranslations("uploads");
  const format = useFormatter();
  const [kind, setKind] = useState<UploadKind | "">("");
  const [status, setStatus] = useState<FileStatus | "">("");
  const [search, setSearch] = useState("");
  const [q, setQ] = useState("");
  const [offset, setOffset] = useState(0);
  const [open, setOpen] = useState<{ id: string; fileName: string } | null>(null);

  // The name search asks the journal once typing pauses.
  useEffect(() => {
    const timer = setTimeout(() => {
      setQ(search.trim());
      setOffset(0);
    }, 300);
    return () => clearTimeout(timer);
  }, [search]);

  const filter: UploadListFilter = { kind: kind || undefined, status: status || undefined, q: q || undefined, offset, limit: PAGE };
  const query = useQuery<UploadList, BffError>({
    queryKey: uploadKeys.list(filter),
    queryFn: ({ signal }) => journalApi.list(filter, signal),
    placeholderData: keepPreviousData,
  });
  const total = query.data?.total ?? 0;
  const files = query.data?.files ?? [];
  const date = (iso: string) => {
    const d = new Date(iso);
    return Number.isNaN(d.getTime()) ? iso : format.dateTime(d, { dateStyle: "medium", timeStyle: "short", timeZone });
  };
  const th = "px-3 py-2 font-medium whitespace-nowrap";
  const td = "px-3 py-2";

  return (
    <section aria-labelledby="uploads-journal-title" className="flex flex-col gap-3 rounded-lg border border-ink-200 bg-ink-0 p-4 shadow-xs dark:border-ink-800 dark:bg-ink-900/40">
      <div className="space-y-0.5">
        <h2 id="uploads-journal-title" className="text-base font-semibold text-ink-950 dark:text-ink-0">
          {t("journal.title")}
        </h2>
        <p className="text-sm text-ink-600 dark:text-ink-300">{t("journal.description")}</p>
      </div>

      <form role="search" aria-label={t("journal.filters")} className="flex flex-wrap items-end gap-3" onSubmit={(e) => e.preventDefault()}>
        <label className="flex flex-col gap-1 text-xs text-ink-700 dark:text-ink-200">
          {t("journal.kind")}
          <select
            className={select}
            value={kind}
            onChange={(e) => {
              setKind(e.target.value === "" ? "" : (UPLOAD_KINDS.find((k) => k === e.target.value) ?? ""));
              setOffset(0);
            }}
          >
            <option value="">{t("journal.all")}</option>
            {UPLOAD_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`kinds.${k}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-xs text-ink-700 dark:text-ink-200">
          {t("journal.status")}
          <select
            className={select}
            value={status}
            onChange={(e) => {
              setStatus(STATUSES.find((s) => s === e.target.value) ?? "");
              setOffset(0);
            }}
          >
            <option value="">{t("journal.all")}</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`fileStatus.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex min-w-48 flex-1 flex-col gap-1 text-xs text-ink-700 dark:text-ink-200">
          {t("journal.search")}
          <input type="search" className={select} value={search} maxLength={255} onChange={(e) => setSearch(e.target.value)} />
        </label>
      </form>

      {query.isError ? (
        <QueryErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <div
          tabIndex={0}
          role="region"
          aria-labelledby="uploads-journal-caption"
          className="overflow-x-auto rounded-md border border-ink-200 dark:border-ink-800"
          aria-busy={query.isFetching || undefined}
        >
          <table className="w-full text-left text-sm">
            <caption id="uploads-journal-caption" className="sr-only">
              {t("journal.caption", { total })}
            </caption>
            <thead className="bg-ink-50 text-xs text-ink-700 dark:bg-ink-900 dark:text-ink-200">
              <tr>
                <th scope="col" className={th}>{t("journal.when")}</th>
                <th scope="col" className={th}>{t("journal.who")}</th>
                <th scope="col" className={th}>{t("journal.file")}</th>
                <th scope="col" className={th}>{t("journal.kind")}</th>
                <th scope="col" className={`${th} text-right`}>{t("journal.rows")}</th>
                <th scope="col" className={th}>{t("journal.status")}</th>
                <th scope="col" className={th}>
                  <span className="sr-only">{t("journal.actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-ink-100 text-ink-900 dark:divide-ink-800 dark:text-ink-100">
              {query.isPending ? (
                <tr>
                  <td colSpan={7} className={`${td} text-ink-600 dark:text-ink-300`}>
                    {t("journal.loading")}
                  </td>
                </tr>
              ) : files.length === 0 ? (
                <tr>
                  <td colSpan={7} className={`${td} text-ink-600 dark:text-ink-300`}>
                    {kind || status || q ? t("journal.noneFiltered") : t("journal.none")}
                  </td>
                </tr>
              ) : (
                files.map((f) => (
                  <tr key={f.id} data-journal-id={f.id}>
                    <td className={`${td} whitespace-nowrap`}>{date(f.createdAt)}</td>
                    <td className={`${td} whitespace-nowrap`} data-user-content="">
                      {f.personName}
                    </td>
                    <td className={`${td} max-w-72 truncate`} data-user-content="" title={f.fileName}>
                      {f.fileName}
                    </td>
                    <td className={`${td} whitespace-nowrap`}>{t(`kinds.${f.kind}`)}</td>
                    <td className={`${td} text-right whitespace-nowrap tabular-nums`}>
                      {t("journal.rowsSent", { sent: format.number(f.sentRows), rows: format.number(f.sendRows) })}
                    </td>
                    <td className={td}>
                      <StateBadge file={f.status} />
                    </td>
                    <td className={`${td} text-right`}>
                      <Button
                        size="sm"
                        variant="ghost"
                        onPointerEnter={JournalDrawer.preload}
                        onFocus={JournalDrawer.preload}
                        onClick={() => setOpen({ id: f.id, fileName: f.fileName })}
                        aria-label={t("journal.detailsOf", { file: f.fileName })}
                      >
                        <PanelRightOpen aria-hidden="true" />
                        {t("journal.details")}
                      </Button>
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
      )}

      <nav aria-label={t("journal.paging")} className="flex flex-wrap items-center justify-between gap-2 text-sm text-ink-700 dark:text-ink-200">
        <p>{total > 0 ? t("journal.range", { from: format.number(offset + 1), to: format.number(Math.min(offset + PAGE, total)), total: format.number(total) }) : null}</p>
        <div className="flex gap-2">
          <Button size="sm" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE))}>
            <ChevronLeft aria-hidden="true" />
            {t("journal.previous")}
          </Button>
          <Button size="sm" disabled={offset + PAGE >= total} onClick={() => setOffset(offset + PAGE)}>
            {t("journal.next")}
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
      </nav>

      {open ? <JournalDrawer key={open.id} id={open.id} fileName={open.fileName} onClose={() => setOpen(null)} /> : null}
    </section>
  );
}
