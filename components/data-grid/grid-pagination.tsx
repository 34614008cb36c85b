"use client";
// Paging by offset and limit: "1–100 of 5,000", first/previous/next/last, a page number to jump
// to, and the page size (50 to 10,000). The total is the count twin's answer. A page past the end
// says so ("page 999 is past the end: 4,250 rows in 43 pages"), never a range of rows it lacks.
import { ChevronFirst, ChevronLast, ChevronLeft, ChevronRight } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { formatGrouped } from "@/lib/grid/format";
import { PAGE_SIZES, type PageSize } from "@/lib/grid/page-sizes";
import { isPastEnd, pageCount, pageRange } from "@/lib/grid/row-order";

type GridPaginationProps = {
  page: number;
  size: PageSize;
  /** Undefined while the count is loading or when it failed. */
  total: number | undefined;
  /** The count failed: the rows show, the total says it is unavailable, with Retry. */
  totalFailed?: boolean;
  onRetryTotal?: () => void;
  rowsOnPage: number;
  onPage: (page: number) => void;
  onSize: (size: PageSize) => void;
  selected: number;
  onClearSelection: () => void;
  /** The sizes offered (PAGE_SIZES by default; the stock matrix stops at 1,000, one `in` list). */
  sizes?: readonly number[];
};

export function GridPagination({ page, size, total, totalFailed, onRetryTotal, rowsOnPage, onPage, onSize, selected, onClearSelection, sizes = PAGE_SIZES }: GridPaginationProps) {
  const t = useTranslations("grid");
  const id = useId();
  const pages = total === undefined ? undefined : pageCount(total, size);
  const { first, last } = pageRange(page, size, rowsOnPage);
  const pastEnd = total !== undefined && rowsOnPage === 0 && isPastEnd(page, size, total);
  const [draft, setDraft] = useState<string | null>(null);

  const jump = () => {
    const n = Number(draft);
    setDraft(null);
    if (Number.isInteger(n) && n >= 1) onPage(pages ? Math.min(n, pages) : n);
  };

  return (
    <div className="flex flex-wrap items-center justify-between gap-3 text-sm text-ink-700 dark:text-ink-200">
      <div className="flex flex-wrap items-center gap-3">
        <p aria-live="polite" data-grid-total={total ?? ""} data-total-state={totalFailed ? "failed" : total === undefined ? "counting" : "ready"} data-past-end={pastEnd || undefined} className="tabular-nums">
          {pastEnd && pages !== undefined
            ? t("pagination.pastEnd", { page: formatGrouped(String(page)), total: formatGrouped(String(total)), pages: formatGrouped(String(pages)) })
            : total !== undefined
            ? t("pagination.range", { first: formatGrouped(String(first)), last: formatGrouped(String(last)), total: formatGrouped(String(total)) })
            : totalFailed
              ? t("pagination.rangeNoTotal", { first: formatGrouped(String(first)), last: formatGrouped(String(last)) })
              : t("pagination.rangeCounting", { first: formatGrouped(String(first)), last: formatGrouped(String(last)) })}
        </p>
        {totalFailed && onRetryTotal ? (
          <Button size="sm" variant="ghost" onClick={onRetryTotal}>
            {t("pagination.retryTotal")}
          </Button>
        ) : null}
        {selected > 0 ? (
          <p className="flex items-center gap-2">
            <span>{t("selection.count", { count: selected })}</span>
            <Button size="sm" variant="ghost" onClick={onClearSelection}>
              {t("selection.clear")}
            </Button>
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={`${id}-size`} className="text-xs text-ink-600 dark:text-ink-300">
          {t("pagination.size")}
        </label>
        <select
          id={`${id}-size`}
          value={size}
          onChange={(e) => onSize(Number(e.target.value) as PageSize)}
          className="h-8 rounded-md border border-ink-300 bg-ink-0 px-2 text-sm dark:border-ink-600 dark:bg-ink-850"
        >
          {sizes.map((s) => (
            <option key={s} value={s}>
              {t("pagination.perPage", { size: formatGrouped(String(s)) })}
            </option>
          ))}
        </select>
        <nav aria-label={t("pagination.label")} className="flex items-center gap-1">
          <Button size="icon" variant="ghost" aria-label={t("pagination.first")} disabled={page <= 1} onClick={() => onPage(1)}>
            <ChevronFirst aria-hidden="true" />
          </Button>
          <Button size="icon" variant="ghost" aria-label={t("pagination.previous")} disabled={page <= 1} onClick={() => onPage(page - 1)}>
            <ChevronLeft aria-hidden="true" />
          </Button>
          <label htmlFor={`${id}-page`} className="sr-only">
            {t("pagination.page")}
          </label>
          <input
            id={`${id}-page`}
            inputMode="numeric"
            value={draft ?? String(page)}
            onChange={(e) => setDraft(e.target.value)}
            onBlur={() => draft !== null && jump()}
            onKeyDown={(e) => {
              if (e.key === "Enter") jump();
            }}
            className="h-8 w-14 rounded-md border border-ink-300 bg-ink-0 px-2 text-center text-sm tabular-nums dark:border-ink-600 dark:bg-ink-850"
          />
          <span className="text-xs text-ink-600 tabular-nums dark:text-ink-300">{pages === undefined ? "/ …" : t("pagination.of", { pages: formatGrouped(String(pages)) })}</span>
          <Button
            size="icon"
            variant="ghost"
            aria-label={t("pagination.next")}
            disabled={pages !== undefined ? page >= pages : rowsOnPage < size}
            onClick={() => onPage(page + 1)}
          >
            <ChevronRight aria-hidden="true" />
          </Button>
          <Button size="icon" variant="ghost" aria-label={t("pagination.last")} disabled={pages === undefined || page >= pages} onClick={() => pages && onPage(pages)}>
            <ChevronLast aria-hidden="true" />
          </Button>
        </nav>
      </div>
    </div>
  );
}
