"use client";
// Orders per day for the chosen period, from the board's one answer (GET /api/board counts them
// per JST day on the server), at most MAX_CHART_DAYS days. The bars come from recharts, loaded
// only when the chart is drawn; the same numbers are in a visually hidden table for screen
// readers. Before the first answer a skeleton; when the numbers could not be loaded the chart
// says so, with Retry: never an empty chart that reads as "no orders".
import { useLocale, useTranslations } from "next-intl";
import { memo } from "react";
import { lazyComponent } from "@/components/ui/lazy-component";
import { cn } from "@/components/ui/cn";
import { BoardFailed } from "./board-failed";
import { chartDays, MAX_CHART_DAYS, type DayRange } from "@/lib/board/period";
import { formatDay } from "@/lib/grid/day-format";

const OrdersPerDayChart = lazyComponent(() => import("./orders-per-day-chart"));

export interface DayCount {
  day: string;
  count: number | null;
}

/** What the chart shows: its days' counts (from the answer), loading, or failed. */
export type ChartState = { kind: "loading" } | { kind: "failed" } | { kind: "ready"; days: readonly { day: string; count: number }[]; stale: boolean };

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

export function OrdersPerDay({ range, state, onRetry, wall }: { range: DayRange; state: ChartState; onRetry: () => void; wall: boolean }) {
  const t = useTranslations("board.chart");
  const locale = useLocale();
  const { days, truncated, total } = chartDays(range);
  const counted = new Map(state.kind === "ready" ? state.days.map((d) => [d.day, d.count]) : []);
  const data: DayCount[] = days.map((day) => ({ day, count: counted.get(day) ?? null }));
  const complete = state.kind === "ready" && data.every((d) => d.count !== null);

  return (
    <section
      aria-labelledby="board-chart-title"
      aria-busy={state.kind === "loading" || (state.kind === "ready" && state.stale) || undefined}
      data-chart-state={state.kind}
      className={cn("flex flex-col gap-3 rounded-lg border border-ink-200 bg-ink-0 p-4 shadow-xs dark:border-ink-800 dark:bg-ink-900", wall && "min-h-0 flex-1")}
    >
      <h2 id="board-chart-title" className={cn("font-semibold text-ink-900 dark:text-ink-50", wall ? "text-xl" : "text-sm")}>
        {t("title")}
      </h2>
      {truncated ? <p className={cn("text-amber-800 dark:text-amber-200", wall ? "text-base" : "text-sm")}>{t("truncated", { max: MAX_CHART_DAYS, total })}</p> : null}
      {state.kind === "failed" ? (
        <BoardFailed
          chart
          message={t("failed")}
          wall={wall}
          onRetry={onRetry}
          className={cn("items-center justify-center gap-3 rounded border border-dashed border-red-300 text-center dark:border-red-800", wall ? "min-h-0 flex-1" : "h-56")}
        />
      ) : (
        <div aria-hidden="true" className={cn("text-brand-600 dark:text-brand-400", wall ? "min-h-40 flex-1" : "h-56", state.kind === "ready" && state.stale && "opacity-60")}>
          {complete ? (
            <Bars days={days.join(",")} counts={data.map((d) => d.count ?? "").join(",")} countLabel={t("orders")} locale={locale} large={wall} />
          ) : (
            <div data-skeleton className="size-full animate-pulse rounded bg-ink-100 dark:bg-ink-800" />
          )}
        </div>
      )}
      {/* The table sits in a block that is sr-only: a table itself ignores the 1 px box and would
          stretch the page below a wall screen's bottom. */}
      <div className="sr-only">
        <table data-chart-table>
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
                <th scope="row">{formatDay(d.day, locale === "en" ? "en" : "ja")}</th>
                <td>{d.count === null ? (state.kind === "failed" ? t("unknown") : t("loading")) : d.count.toLocaleString(locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
