"use client";
// Orders per day for the chosen period: one count a day (the API has no grouping), at most
// MAX_CHART_DAYS days. The bars come from recharts, loaded only when the chart is drawn; the same
// numbers are in a visually hidden table for screen readers.
import { useQueries } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { memo } from "react";
import { lazyComponent } from "@/components/ui/lazy-component";
import { cn } from "@/components/ui/cn";
import type { ConditionInput } from "@/lib/query/choice-types";
import { countQuery } from "@/lib/query/hooks";
import { chartDays, dateConditions, MAX_CHART_DAYS, type DayRange } from "@/lib/board/period";
import { ORDER_COUNT } from "./use-board-refresh";

const OrdersPerDayChart = lazyComponent(() => import("./orders-per-day-chart"));

export interface DayCount {
  day: string;
  count: number | null;
}

/**
 * The chart, drawn again only when its numbers change: the board re-renders whenever any of its
 * queries moves, and recharts 3 hit React's update-depth limit (error #185) when its props changed
 * in such bursts (seen in e2e while switching language).
 * Days and counts come joined with commas, so the memo compares them by value.
 */
const Bars = memo(function Bars({ days, counts, countLabel, locale, large }: { days: string; counts: string; countLabel: string; locale: string; large: boolean }) {
  const values = counts.split(",");
  const data = days ? days.split(",").map((day, i) => ({ day, count: Number(values[i] || 0) })) : [];
  // Keyed by everything it shows: a change mounts a fresh chart instead of updating recharts' store.
  return <OrdersPerDayChart key={`${days}|${counts}|${locale}|${large}`} data={data} countLabel={countLabel} locale={locale} large={large} />;
});

export function OrdersPerDay({ range, shopConditions, wall }: { range: DayRange; shopConditions: readonly ConditionInput[]; wall: boolean }) {
  const t = useTranslations("board.chart");
  const locale = useLocale();
  const { days, truncated, total } = chartDays(range);
  const results = useQueries({
    queries: days.map((day) => countQuery(ORDER_COUNT, { conditions: [...shopConditions, ...dateConditions({ from: day, to: day })] })),
  });
  const data: DayCount[] = days.map((day, i) => ({ day, count: results[i]?.data?.count ?? null }));
  const loading = data.some((d) => d.count === null) && !results.some((r) => r.isError && r.data === undefined);

  return (
    <section aria-labelledby="board-chart-title" aria-busy={loading || undefined} className="flex flex-col gap-3 rounded-lg border border-ink-200 bg-ink-0 p-4 shadow-xs dark:border-ink-800 dark:bg-ink-900">
      <h2 id="board-chart-title" className={cn("font-semibold text-ink-900 dark:text-ink-50", wall ? "text-xl" : "text-sm")}>
        {t("title")}
      </h2>
      {truncated ? <p className="text-sm text-amber-800 dark:text-amber-200">{t("truncated", { max: MAX_CHART_DAYS, total })}</p> : null}
      <div aria-hidden="true" className={cn("text-brand-600 dark:text-brand-400", wall ? "h-72" : "h-56")}>
        {loading ? (
          <div data-skeleton className="size-full animate-pulse rounded bg-ink-100 dark:bg-ink-800" />
        ) : (
          <Bars days={days.join(",")} counts={data.map((d) => d.count ?? "").join(",")} countLabel={t("orders")} locale={locale} large={wall} />
        )}
      </div>
      <table className="sr-only" data-chart-table>
        <caption>{t("tableCaption", { from: range.from, to: range.to })}</caption>
        <thead>
          <tr>
            <th scope="col">{t("day")}</th>
            <th scope="col">{t("orders")}</th>
          </tr>
        </thead>
        <tbody>
          {data.map((d) => (
            <tr key={d.day}>
              <th scope="row">{d.day}</th>
              <td>{d.count === null ? t("unknown") : d.count.toLocaleString(locale)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
