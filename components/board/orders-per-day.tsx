"use client";
// The period's orders and revenue on the chart, from the board's one answer (GET /api/board groups
// the slips on the server: by JST hour for a one-day period, by day up to 31 days, by week from
// Monday up to 120 days, by month past that, lib/board/period.ts `chartUnitOf`), with the
// period's totals above it. Orders are bars on the left axis, revenue a line on the right one
// (recharts, loaded only when the chart is drawn); the same numbers are in a visually hidden table
// for screen readers. Before the first answer a skeleton; when the numbers could not be loaded the
// chart waits, with a short note (the board's one failure panel says why and has the one Retry):
// never an empty chart that reads as "no orders".
import { useLocale, useTranslations } from "next-intl";
import { memo } from "react";
import { lazyComponent } from "@/components/ui/lazy-component";
import { cn } from "@/components/ui/cn";
import { chartBuckets, chartUnitOf, type ChartUnit, type DayRange } from "@/lib/board/period";
import type { BoardBucket } from "@/lib/board/contract";
import { formatDay, formatShortDay } from "@/lib/grid/day-format";
import { fitFontSize } from "./fit-number";

const OrdersPerDayChart = lazyComponent(() => import("./orders-per-day-chart"));

/** The revenue line's colour (the bars take the brand colour of the text). */
export const REVENUE_COLOUR = "#d97706";

/** What the chart shows: the answer's buckets and totals, loading, or failed. */
export type ChartState =
  | { kind: "loading" }
  | { kind: "failed" }
  | { kind: "ready"; unit: ChartUnit; buckets: readonly BoardBucket[]; totals: { orders: number; revenue: number | null }; stale: boolean; outdated: boolean };

type Locale = "ja" | "en";
type ChartT = ReturnType<typeof useTranslations<"board.chart">>;

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

function monthLabel(key: string, locale: Locale): string {
  const [y, m] = key.split("-");
  return locale === "ja" ? `${y}/${m}` : `${MONTHS[Number(m) - 1] ?? m} ${y}`;
}

/** A bucket on the axis: `9時` / `9:00`, `11/5`, `11/3〜` / `Week of Nov 3`, `2026/11` / `Nov 2026`. */
export function bucketLabel(key: string, unit: ChartUnit, locale: Locale, t: ChartT): string {
  if (unit === "hour") return t("hour", { hour: Number(key) });
  if (unit === "day") return formatShortDay(key, locale);
  if (unit === "week") return t("weekOf", { day: formatShortDay(key, locale) });
  return monthLabel(key, locale);
}

/** A bucket in full (the table and the tooltip): the hour with its day, or the period's days it covers. */
export function bucketLongLabel(b: { key: string; from: string; to: string }, unit: ChartUnit, locale: Locale): string {
  if (unit === "hour") return `${formatDay(b.from, locale)} ${Number(b.key)}:00–${Number(b.key) + 1}:00`;
  return b.from === b.to ? formatDay(b.from, locale) : `${formatDay(b.from, locale)} – ${formatDay(b.to, locale)}`;
}

export function formatRevenue(yen: number, locale: string): string {
  return `¥${Math.round(yen).toLocaleString(locale === "en" ? "en-US" : "ja-JP")}`;
}

/**
 * The chart, drawn again only when its numbers change: the board re-renders whenever any of its
 * queries moves, and recharts 3 hit React's update-depth limit (error #185) when its props changed
 * in such bursts (seen in e2e while switching language). Its data comes as one string, so the memo
 * compares it by value.
 */
const Bars = memo(function Bars({ data, ordersLabel, revenueLabel, locale, large }: { data: string; ordersLabel: string; revenueLabel: string; locale: string; large: boolean }) {
  const rows = JSON.parse(data) as { label: string; long: string; orders: number; revenue: number | null }[];
  // Keyed by everything it shows: a change mounts a fresh chart instead of updating recharts' store.
  return <OrdersPerDayChart key={`${data}|${locale}|${large}`} data={rows} ordersLabel={ordersLabel} revenueLabel={revenueLabel} locale={locale} large={large} revenueColour={REVENUE_COLOUR} />;
});

/** One of the period's totals: a size container whose number fits it at any width. */
function Total({ label, value, unit, wall, name }: { label: string; value: string; unit: string; wall: boolean; name: string }) {
  return (
    <div data-board-card="" data-total={name} className="@container min-w-0 rounded-md bg-ink-50 px-3 py-1.5 dark:bg-ink-850">
      <p className={cn("text-ink-600 dark:text-ink-300", wall ? "text-[clamp(0.75rem,min(7cqi,0.9vw),1.75rem)]" : "text-xs")}>{label}</p>
      <p data-total-value={name} className="font-semibold whitespace-nowrap text-ink-950 tabular-nums dark:text-ink-0" style={{ fontSize: fitFontSize(value, unit, wall ? "min(5rem, max(1.5rem, 1.8vw))" : "1.75rem"), lineHeight: 1.15 }}>
        {value}
        {unit ? (
          <span className="font-normal text-ink-600 dark:text-ink-300" style={{ fontSize: "max(0.32em, 0.75rem)", marginInlineStart: "0.15em" }}>
            {unit}
          </span>
        ) : null}
      </p>
    </div>
  );
}

export function OrdersPerDay({ range, state, wall }: { range: DayRange; state: ChartState; wall: boolean }) {
  const t = useTranslations("board.chart");
  const tTotals = useTranslations("board.totals");
  const tStatus = useTranslations("board.status");
  const locale: Locale = useLocale() === "en" ? "en" : "ja";
  // Before the answer, the buckets the period will have (so the table has its rows at once).
  const unit = state.kind === "ready" ? state.unit : chartUnitOf(range);
  const buckets: { key: string; from: string; to: string; orders: number | null; revenue: number | null }[] =
    state.kind === "ready" ? [...state.buckets] : chartBuckets(range, unit).map((b) => ({ ...b, orders: null, revenue: null }));
  const counted = state.kind === "ready";
  const title = t(`title.${unit}`);
  const data = buckets.map((b) => ({ label: bucketLabel(b.key, unit, locale, t), long: bucketLongLabel(b, unit, locale), orders: b.orders ?? 0, revenue: b.revenue }));
  const revenueKnown = state.kind === "ready" && state.totals.revenue !== null;

  return (
    <section
      aria-labelledby="board-chart-title"
      aria-busy={state.kind === "loading" || (state.kind === "ready" && state.stale) || undefined}
      data-chart-state={state.kind}
      data-chart-unit={unit}
      data-board-chart=""
      data-outdated={state.kind === "ready" && state.outdated ? "" : undefined}
      className={cn(
        "flex min-w-0 flex-col gap-3 rounded-lg border bg-ink-0 p-4 shadow-xs dark:bg-ink-900",
        state.kind === "ready" && state.outdated ? "border-dashed border-amber-500 dark:border-amber-400" : "border-ink-200 dark:border-ink-800",
        wall && "h-full min-h-0",
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id="board-chart-title" className={cn("font-semibold text-ink-900 dark:text-ink-50", wall ? "text-xl" : "text-sm")}>
          {title}
        </h2>
        <p aria-hidden="true" className={cn("flex items-center gap-3 text-ink-600 dark:text-ink-300", wall ? "text-base" : "text-xs")}>
          <span className="flex items-center gap-1">
            <span className="inline-block size-3 rounded-sm bg-brand-600 dark:bg-brand-400" />
            {t("orders")}
          </span>
          <span className="flex items-center gap-1">
            <span className="inline-block h-0.5 w-4" style={{ background: REVENUE_COLOUR }} />
            {t("revenue")}
          </span>
        </p>
      </div>
      <div role="group" aria-label={tTotals("label")} className={cn("grid grid-cols-2 gap-3", state.kind === "ready" && state.stale && "opacity-60")}>
        <Total name="orders" label={tTotals("orders")} wall={wall} value={state.kind === "ready" ? state.totals.orders.toLocaleString(locale) : "—"} unit={state.kind === "ready" ? (state.totals.orders === 1 ? tStatus("unitOne") : tStatus("unitOther")) : ""} />
        <Total name="revenue" label={tTotals("revenue")} wall={wall} value={state.kind === "ready" && state.totals.revenue !== null ? formatRevenue(state.totals.revenue, locale) : "—"} unit="" />
      </div>
      {state.kind === "ready" && !revenueKnown ? <p className={cn("text-amber-800 dark:text-amber-200", wall ? "text-base" : "text-sm")}>{t("revenueNotCounted")}</p> : null}
      {state.kind === "failed" ? (
        <p data-chart-failed className={cn("flex items-center justify-center rounded border border-dashed border-ink-300 text-center text-ink-600 dark:border-ink-700 dark:text-ink-300", wall ? "min-h-0 flex-1 text-lg" : "h-56 text-sm")}>
          {t("failed")}
        </p>
      ) : (
        <div aria-hidden="true" className={cn("text-brand-600 dark:text-brand-400", wall ? "min-h-40 flex-1" : "h-56", state.kind === "ready" && state.stale && "opacity-60")}>
          {counted ? (
            <Bars data={JSON.stringify(data)} ordersLabel={t("orders")} revenueLabel={t("revenue")} locale={locale} large={wall} />
          ) : (
            <div data-skeleton className="size-full animate-pulse rounded bg-ink-100 dark:bg-ink-800" />
          )}
        </div>
      )}
      {/* The table sits in a block that is sr-only: a table itself ignores the 1 px box and would
          stretch the page below a wall screen's bottom. */}
      <div className="sr-only">
        <table data-chart-table>
          <caption>{t("tableCaption", { title, from: range.from, to: range.to })}</caption>
          <thead>
            <tr>
              <th scope="col">{t("period")}</th>
              <th scope="col">{t("orders")}</th>
              <th scope="col">{t("revenue")}</th>
            </tr>
          </thead>
          <tbody>
            {buckets.map((b, i) => (
              <tr key={b.key} data-bucket={b.key} data-orders={b.orders ?? ""} data-revenue={b.revenue ?? ""}>
                <th scope="row">{data[i]!.long}</th>
                <td>{b.orders === null ? (state.kind === "failed" ? t("unknown") : t("loading")) : b.orders.toLocaleString(locale)}</td>
                <td>{b.revenue === null ? (state.kind === "failed" ? t("unknown") : state.kind === "ready" ? t("notCounted") : t("loading")) : formatRevenue(b.revenue, locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
