"use client";
// /analytics/sales: revenue, orders, average order value and units by day, week or month (Japan
// time, weeks from Monday), split by shop, payment or delivery method, with the previous period
// beside; cancelled slips left out unless asked for. Everything it shows is in the URL
// (./url-state.ts); the numbers come from GET /api/analytics/sales (the company's read model).
// The chart draws the chosen measure for both periods; the table beneath has every number and is
// what "CSV" saves.
import { useQueryStates } from "nuqs";
import { useLocale, useTranslations } from "next-intl";
import { useCallback, useMemo, useState } from "react";
import { ToggleGroup } from "@/components/ui/toggle-group";
import { ChoicePopover } from "@/components/data-grid/choice-popover";
import { CancelledFilter, ShopFilter } from "@/components/board/board-filters";
import { CHOICES } from "@/lib/ne/registry/choice-sources";
import { useChoices } from "@/lib/query/choices";
import { formatGrouped, formatYen, type GridLocale } from "@/lib/grid/format";
import { formatShortDay } from "@/lib/grid/day-format";
import { GROUPINGS, METRICS, SPLITS, toSearch, type Metric, type SalesAnswer } from "@/lib/analytics/query";
import { bucketText, salesTable } from "@/lib/analytics/tables";
import { salesUrlParsers, viewPeriod } from "./url-state";
import { useView } from "./view-query";
import { ViewTable } from "./view-table";
import { CsvButton } from "./csv-button";
import { EmptyReadModel, Loading, SeriesChart, ViewFailed, ViewHeader, ViewPeriodFilter } from "./view-parts";

const CURRENT_COLOR = "#2563eb";
const PREVIOUS_COLOR = "#9ca3af";

export function SalesView() {
  const t = useTranslations("analytics");
  const tArea = useTranslations("areas.analytics-sales");
  const locale: GridLocale = useLocale() === "en" ? "en" : "ja";
  const [url, setUrl] = useQueryStates(salesUrlParsers, { history: "push" });
  const [now] = useState(() => new Date());
  const { kind, range } = viewPeriod(url, now);
  const search = range
    ? toSearch({ from: range.from, to: range.to, by: url.by, split: url.split, shop: url.shop, payment: url.payment, delivery: url.delivery, cancelled: url.cancelled })
    : null;
  const view = useView<SalesAnswer>("sales", search);
  const answer = view.data;
  const shops = useChoices(CHOICES.shop, locale, true);
  const payments = useChoices(CHOICES.paymentMethod, locale, true);

  // Shops and payment methods are named from their masters (the grids' choice lists); delivery
  // methods have no master in the API: their codes only.
  const names = answer?.split === "shop" ? shops : answer?.split === "payment" ? payments : null;
  const keyLabel = useMemo(() => (names ? (key: string) => (key === "" ? t("unset") : names.labelOf(key)) : undefined), [names, t]);
  const table = useMemo(() => {
    if (!answer) return null;
    const c = (k: Parameters<typeof t>[0]) => t(k);
    return salesTable(
      answer,
      {
        bucket: c(`columns.${answer.by}`),
        splitId: answer.split === "none" ? undefined : c(`columns.${answer.split}Id`),
        split: answer.split === "none" ? undefined : c(`columns.${answer.split}`),
        orders: c("columns.orders"),
        revenue: c("columns.revenue"),
        aov: c("columns.aov"),
        units: c("columns.units"),
        prevOrders: c("columns.prevOrders"),
        prevRevenue: c("columns.prevRevenue"),
        prevAov: c("columns.prevAov"),
        prevUnits: c("columns.prevUnits"),
        total: c("columns.total"),
      },
      keyLabel,
    );
  }, [answer, keyLabel, t]);

  // The chart: the chosen measure per bucket, this period and the previous (summed over a split).
  const metric: Metric = url.metric;
  const chartData = useMemo(() => {
    if (!answer) return [];
    const per = new Map(answer.buckets.map((b) => [b, { bucket: b, cur: { orders: 0, revenue: 0, units: 0 }, prev: { orders: 0, revenue: 0, units: 0 } }]));
    for (const r of answer.rows) {
      const p = per.get(r.bucket);
      if (!p) continue;
      for (const side of ["cur", "prev"] as const) {
        const n = side === "cur" ? r.current : r.previous;
        p[side].orders += n.orders;
        p[side].revenue += n.revenue;
        p[side].units += n.units;
      }
    }
    const value = (n: { orders: number; revenue: number; units: number }) => (metric === "aov" ? (n.orders ? Math.round(n.revenue / n.orders) : 0) : n[metric]);
    return [...per.values()].map((p) => ({ bucket: p.bucket, current: value(p.cur), previous: value(p.prev) }));
  }, [answer, metric]);
  const formatY = useCallback((y: number) => (metric === "revenue" || metric === "aov" ? formatYen(String(y)) : formatGrouped(String(y))), [metric]);
  const formatX = useCallback((b: string) => (answer?.by === "month" ? bucketText(b, "month") : formatShortDay(b, locale)), [answer?.by, locale]);

  const empty = answer && answer.asOf === null && answer.rows.every((r) => r.current.orders === 0 && r.previous.orders === 0);
  const paymentSummary = url.payment.length ? t("paymentCount", { count: url.payment.length }) : undefined;

  return (
    <div className="flex flex-col gap-4">
      <ViewHeader title={tArea("title")} description={tArea("description")} asOf={answer?.asOf} />

      <div className="flex flex-wrap items-center gap-2" data-analytics-filters="">
        <ViewPeriodFilter kind={kind} range={range} locale={locale} onChange={(period) => void setUrl(period)} />
        <ToggleGroup label={t("by.label")} value={url.by} options={GROUPINGS.map((g) => ({ value: g, label: t(`by.${g}`) }))} onValueChange={(by) => void setUrl({ by: by === "day" ? null : by })} />
        <ShopFilter shops={shops} selected={url.shop} onChange={(ids) => void setUrl({ shop: ids.length ? ids : null })} />
        <ChoicePopover label={t("payment")} buttonLabel={paymentSummary} choices={payments.choices} isLoading={payments.isLoading} isError={payments.isError} selected={url.payment} onApply={(ids) => void setUrl({ payment: ids.length ? ids : null })} />
        <CancelledFilter checked={url.cancelled} onChange={(on) => void setUrl({ cancelled: on ? true : null })} />
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <ToggleGroup label={t("split.label")} value={url.split} options={SPLITS.map((s) => ({ value: s, label: t(`split.${s}`) }))} onValueChange={(split) => void setUrl({ split: split === "none" ? null : split })} />
      </div>

      {view.isError && !answer ? (
        <ViewFailed error={view.error} onRetry={() => void view.refetch()} />
      ) : !answer ? (
        <Loading />
      ) : empty ? (
        <EmptyReadModel />
      ) : (
        <div className="flex flex-col gap-4" aria-busy={view.isPlaceholderData || undefined}>
          <section aria-labelledby="sales-chart-title" className="space-y-2">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 id="sales-chart-title" className="text-sm font-semibold text-ink-900 dark:text-ink-50">
                {t("chartTitle", { metric: t(`metric.${metric}`) })}
              </h2>
              <ToggleGroup label={t("metric.label")} value={metric} options={METRICS.map((m) => ({ value: m, label: t(`metric.${m}`) }))} onValueChange={(m) => void setUrl({ metric: m === "revenue" ? null : m })} />
            </div>
            <p className="text-xs text-ink-600 tabular-nums dark:text-ink-300">{t("previousRange", { from: answer.previousRange.from, to: answer.previousRange.to })}</p>
            <div aria-hidden="true" className="h-72 text-ink-700 dark:text-ink-200">
              <SeriesChart
                data={chartData}
                xKey="bucket"
                formatX={formatX}
                formatY={formatY}
                series={[
                  { key: "current", label: t("current"), color: CURRENT_COLOR },
                  { key: "previous", label: t("previous"), color: PREVIOUS_COLOR, dashed: true },
                ]}
              />
            </div>
          </section>
          <section aria-labelledby="sales-table-title" className="space-y-2">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 id="sales-table-title" className="text-sm font-semibold text-ink-900 dark:text-ink-50">
                {t("tableTitle")}
              </h2>
              <CsvButton table={table} name="sales" disabled={view.isPlaceholderData} />
            </div>
            {table ? <ViewTable table={table} caption={tArea("title")} /> : null}
          </section>
        </div>
      )}
    </div>
  );
}
