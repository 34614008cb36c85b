"use client";
// A checked goods file against the goods it names, before it is sent: how many rows create goods,
// change them or change nothing (and the rows left out or skipped), every changed cell old → new,
// the new goods, the columns not compared and why, the deleted goods it names, and the diff as a
// CSV. The two lists are virtualized (100,000 changed goods never put 100,000 rows in the page),
// with fixed-height rows like the problems table.
import { useVirtualizer } from "@tanstack/react-virtual";
import { Download, LoaderCircle, RotateCcw } from "lucide-react";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import { useId, useRef, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import type { DiffStage } from "./file-queue";
import { SendError } from "./send-error";
import { goodsChangeAt, goodsCreatedAt, type GoodsDiffView } from "./worker-protocol";

const ROW_HEIGHT = 36;

function VirtualRows({
  count,
  captionId,
  caption,
  headers,
  widths,
  row,
}: {
  count: number;
  captionId: string;
  caption: string;
  headers: string[];
  widths: string[];
  row: (index: number) => ReactNode[];
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // TanStack Virtual returns fresh functions each render (see components/data-grid/grid-table.tsx).
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({ count, getScrollElement: () => scrollRef.current, estimateSize: () => ROW_HEIGHT, overscan: 10 });
  const items = virtualizer.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  return (
    <div ref={scrollRef} tabIndex={0} role="region" aria-labelledby={captionId} className="max-h-80 overflow-auto rounded-md border border-ink-200 dark:border-ink-800">
      <table className="w-full table-fixed border-collapse text-left text-xs" aria-rowcount={count + 1}>
        <caption id={captionId} className="sr-only">
          {caption}
        </caption>
        <colgroup>
          {widths.map((w, i) => (
            <col key={i} className={w} />
          ))}
        </colgroup>
        <thead className="sticky top-0 z-10 bg-ink-50 text-ink-700 dark:bg-ink-900 dark:text-ink-200">
          <tr aria-rowindex={1}>
            {headers.map((h) => (
              <th key={h} scope="col" className="px-2 py-1.5 font-medium">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="text-ink-900 dark:text-ink-100">
          {before > 0 ? (
            <tr aria-hidden="true">
              <td colSpan={headers.length} style={{ height: before }} />
            </tr>
          ) : null}
          {items.map((item) => (
            <tr key={item.key} aria-rowindex={item.index + 2} style={{ height: ROW_HEIGHT }} className="border-t border-ink-100 dark:border-ink-800">
              {row(item.index).map((cell, i) => (
                <td key={i} className="truncate px-2 py-1">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
          {after > 0 ? (
            <tr aria-hidden="true">
              <td colSpan={headers.length} style={{ height: after }} />
            </tr>
          ) : null}
        </tbody>
      </table>
    </div>
  );
}

function Value({ value, empty }: { value: string | null; empty: string }) {
  if (value === null || value === "") return <span className="text-ink-600 italic dark:text-ink-300">{empty}</span>;
  return (
    <span className="font-mono whitespace-pre" title={value} data-user-content="">
      {value}
    </span>
  );
}

function DiffReady({ view, onDownload, downloading }: { view: GoodsDiffView; onDownload: () => void; downloading: boolean }) {
  const t = useTranslations("uploads.diff");
  const format = useFormatter();
  const en = useLocale() === "en";
  const ids = { changes: useId(), created: useId(), notCompared: useId() };
  const labels = new Map(view.compared.map((c) => [c.column, en ? c.label.en : c.label.ja]));
  const { counts } = view;
  const facts: [string, number][] = [
    [t("counts.new"), counts.new],
    [t("counts.changed"), counts.changed],
    [t("counts.unchanged"), counts.unchanged],
    [t("counts.excluded"), counts.excluded],
    [t("counts.skipped"), counts.skipped],
  ];
  return (
    <>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-5" data-goods-diff-counts="">
        {facts.map(([term, value]) => (
          <div key={term} className="flex flex-col">
            <dt className="text-xs text-ink-600 dark:text-ink-300">{term}</dt>
            <dd className="font-semibold tabular-nums text-ink-950 dark:text-ink-0">{format.number(value)}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-ink-800 dark:text-ink-100">{t("summary", { changed: counts.changed, cells: counts.cells, created: counts.new })}</p>

      {counts.deleted > 0 ? (
        <div className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-ink-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-ink-50">
          <p>{t("deletedNote", { count: counts.deleted })}</p>
          <p className="mt-1 text-xs" data-user-content="">
            {view.deleted.map((d) => t("deletedGoods", { code: d.code, line: d.line })).join(en ? ", " : "、")}
            {counts.deleted > view.deleted.length ? ` ${t("deletedMore", { count: counts.deleted - view.deleted.length })}` : null}
          </p>
        </div>
      ) : null}

      {view.changes.count > 0 ? (
        <div className="flex flex-col gap-2">
          <h5 className="text-sm font-semibold text-ink-900 dark:text-ink-100">{t("changes.title", { count: view.changes.count })}</h5>
          <VirtualRows
            count={view.changes.count}
            captionId={ids.changes}
            caption={t("changes.caption", { count: view.changes.count })}
            headers={[t("changes.code"), t("changes.line"), t("changes.column"), t("changes.old"), t("changes.new")]}
            widths={["w-40", "w-16", "w-52", "", ""]}
            row={(i) => {
              const c = goodsChangeAt(view, i);
              return [
                <span key="code" className="font-mono" data-user-content="" title={c.deleted ? t("deletedMark") : c.code}>
                  {c.code}
                  {c.deleted ? <span className="ml-1 text-amber-800 dark:text-amber-200">{t("deletedMark")}</span> : null}
                </span>,
                <span key="line" className="tabular-nums">{format.number(c.line)}</span>,
                <span key="column" data-column={c.column}>
                  {labels.get(c.column) ?? c.column} <span className="font-mono text-ink-600 dark:text-ink-300">{c.column}</span>
                </span>,
                <Value key="old" value={c.old} empty={t("empty")} />,
                <Value key="new" value={c.new} empty={t("empty")} />,
              ];
            }}
          />
        </div>
      ) : null}

      {view.created.count > 0 ? (
        <div className="flex flex-col gap-2">
          <h5 className="text-sm font-semibold text-ink-900 dark:text-ink-100">{t("created.title", { count: view.created.count })}</h5>
          <VirtualRows
            count={view.created.count}
            captionId={ids.created}
            caption={t("created.caption", { count: view.created.count })}
            headers={[t("changes.code"), t("changes.line")]}
            widths={["", "w-24"]}
            row={(i) => {
              const g = goodsCreatedAt(view, i);
              return [
                <span key="code" className="font-mono" data-user-content="">
                  {g.code}
                </span>,
                <span key="line" className="tabular-nums">{format.number(g.line)}</span>,
              ];
            }}
          />
        </div>
      ) : null}

      {view.notCompared.length > 0 ? (
        <div className="flex flex-col gap-1">
          <h5 id={ids.notCompared} className="text-sm font-semibold text-ink-900 dark:text-ink-100">
            {t("notCompared.title", { count: view.notCompared.length })}
          </h5>
          <ul aria-labelledby={ids.notCompared} className="list-disc space-y-0.5 pl-5 text-sm text-ink-800 dark:text-ink-100">
            {view.notCompared.map((c) => (
              <li key={c.column} data-column={c.column}>
                {en ? c.label.en : c.label.ja} <span className="font-mono text-ink-600 dark:text-ink-300">{c.column}</span>: {en ? c.reason.en : c.reason.ja}
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      <div>
        <Button size="sm" onClick={onDownload} disabled={downloading}>
          <Download aria-hidden="true" />
          {t("download")}
        </Button>
      </div>
    </>
  );
}

export function GoodsDiffPanel({
  stage,
  onRetry,
  onDownload,
  downloading,
}: {
  stage: DiffStage;
  onRetry: () => void;
  onDownload: () => void;
  downloading: boolean;
}) {
  const t = useTranslations("uploads.diff");
  const titleId = useId();
  const busy = stage.name === "reading-goods" || stage.name === "comparing";
  const status =
    stage.name === "reading-goods"
      ? t("reading", { goods: stage.goods, calls: stage.calls })
      : stage.name === "comparing"
        ? t("comparing")
        : stage.name === "ready"
          ? t("ready")
          : stage.name === "diff-failed"
            ? t("failed")
            : t("broken", { message: stage.message });
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3 rounded-md border border-ink-200 p-3 dark:border-ink-800" data-goods-diff={stage.name}>
      <h4 id={titleId} className="text-sm font-semibold text-ink-900 dark:text-ink-100">
        {t("title")}
      </h4>
      <div role="status">
        <p className={cn("flex items-center gap-2 text-sm text-ink-700 dark:text-ink-200")}>
          {busy ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" /> : null}
          {status}
        </p>
      </div>
      {stage.name === "diff-failed" ? (
        <SendError error={stage.error}>
          <Button size="sm" variant="primary" onClick={onRetry}>
            <RotateCcw aria-hidden="true" />
            {t("retry")}
          </Button>
        </SendError>
      ) : null}
      {stage.name === "diff-broken" ? (
        <div>
          <Button size="sm" onClick={onRetry}>
            <RotateCcw aria-hidden="true" />
            {t("retry")}
          </Button>
        </div>
      ) : null}
      {stage.name === "ready" ? <DiffReady view={stage.view} onDownload={onDownload} downloading={downloading} /> : null}
    </section>
  );
}
