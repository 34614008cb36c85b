"use client";
// Every problem the checks found (line, column, value, reason in the page's language, severity).
// A long list is virtualized: only the rows in view are in the document, between two spacer rows,
// and each row says its place (aria-rowindex) so a screen reader counts the whole list. Rows have
// one height (a reason shows on up to two lines, whole in its tooltip and the report): measuring
// rows as they render recomputes 100,000 offsets each time and held the page up.
import { useVirtualizer } from "@tanstack/react-virtual";
import { CircleAlert, TriangleAlert } from "lucide-react";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import { useRef } from "react";
import { cn } from "@/components/ui/cn";
import type { UploadKind } from "@/lib/csv/types";
import { useCsvModule } from "./csv-module";
import { problemAt, type PackedProblems } from "./worker-protocol";

const ROW_HEIGHT = 40;

export function ProblemsTable({ kind, problems, captionId }: { kind: UploadKind; problems: PackedProblems; captionId: string }) {
  const t = useTranslations("uploads.problems");
  const locale = useLocale();
  // A column is named as the rest of the page names it (加算数), with the CSV's own name beside it.
  const csv = useCsvModule();
  const labels = new Map((csv?.UPLOAD_COLUMNS[kind] ?? []).map((c) => [c.name, locale === "en" ? c.label.en : c.label.ja]));
  const format = useFormatter();
  const scrollRef = useRef<HTMLDivElement>(null);
  // TanStack Virtual returns fresh functions each render (see components/data-grid/grid-table.tsx).
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({ count: problems.count, getScrollElement: () => scrollRef.current, estimateSize: () => ROW_HEIGHT, overscan: 10 });
  const items = virtualizer.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  const cell = "px-2 py-1 truncate";

  return (
    <div ref={scrollRef} tabIndex={0} role="region" aria-labelledby={captionId} className="max-h-96 overflow-auto rounded-md border border-ink-200 dark:border-ink-800">
      <table className="w-full table-fixed border-collapse text-left text-xs" aria-rowcount={problems.count + 1}>
        <caption id={captionId} className="sr-only">
          {t("caption", { count: problems.count })}
        </caption>
        <colgroup>
          <col className="w-16" />
          <col className="w-24" />
          <col className="w-52" />
          <col className="w-40" />
          <col />
        </colgroup>
        <thead className="sticky top-0 z-10 bg-ink-50 text-ink-700 dark:bg-ink-900 dark:text-ink-200">
          <tr aria-rowindex={1}>
            <th scope="col" className="px-2 py-1.5 font-medium">{t("line")}</th>
            <th scope="col" className="px-2 py-1.5 font-medium">{t("severity")}</th>
            <th scope="col" className="px-2 py-1.5 font-medium">{t("column")}</th>
            <th scope="col" className="px-2 py-1.5 font-medium">{t("value")}</th>
            <th scope="col" className="px-2 py-1.5 font-medium">{t("reason")}</th>
          </tr>
        </thead>
        <tbody className="text-ink-900 dark:text-ink-100">
          {before > 0 ? (
            <tr aria-hidden="true">
              <td colSpan={5} style={{ height: before }} />
            </tr>
          ) : null}
          {items.map((item) => {
            const p = problemAt(problems, item.index);
            const error = p.severity === "error";
            const reason = locale === "en" ? p.reason.en : p.reason.ja;
            return (
              <tr key={item.key} aria-rowindex={item.index + 2} style={{ height: ROW_HEIGHT }} className="border-t border-ink-100 dark:border-ink-800">
                <td className={cn(cell, "text-right font-mono tabular-nums")}>{p.line > 0 ? format.number(p.line) : "—"}</td>
                <td className={cell}>
                  <span className={cn("inline-flex items-center gap-1", error ? "text-red-700 dark:text-red-300" : "text-amber-800 dark:text-amber-200")}>
                    {error ? <CircleAlert aria-hidden="true" className="size-3.5" /> : <TriangleAlert aria-hidden="true" className="size-3.5" />}
                    {error ? t("error") : t("warning")}
                  </span>
                </td>
                <td className={cell} title={p.column ?? undefined} data-column={p.column ?? undefined}>
                  {p.column === null ? (
                    "—"
                  ) : labels.has(p.column) ? (
                    <>
                      {labels.get(p.column)} <span className="font-mono text-ink-600 dark:text-ink-300">{p.column}</span>
                    </>
                  ) : (
                    <span className="font-mono">{p.column}</span>
                  )}
                </td>
                <td className={cn(cell, "font-mono whitespace-pre")} title={p.value ?? undefined} data-user-content="">
                  {p.value ?? "—"}
                </td>
                <td className="px-2 py-1" title={reason}>
                  <span className="line-clamp-2 break-words">{reason}</span>
                </td>
              </tr>
            );
          })}
          {after > 0 ? (
            <tr aria-hidden="true">
              <td colSpan={5} style={{ height: after }} />
            </tr>
          ) : null}
        </tbody>
      </table>
    </div>
  );
}
