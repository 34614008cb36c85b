"use client";
// /analytics/goods: units and revenue (the rows' sub-totals) per goods code for a period, ranked by
// units or revenue, by shop, cancelled slips left out unless asked for; a goods code opens its
// units per day with the 7- and 30-day averages (`?goods=<code>`). State in the URL (./url-state.ts);
// numbers from GET /api/analytics/goods and /goods/daily (the company's read model); "CSV" saves
// the table shown.
import Link from "next/link";
import { ArrowLeft } from "lucide-react";
import { useQueryStates } from "nuqs";
import { useLocale, useTranslations } from "next-intl";
import { useCallback, useMemo, useState } from "react";
import { ToggleGroup } from "@/components/ui/toggle-group";
import { CancelledFilter, ShopFilter } from "@/components/board/board-filters";
import { CHOICES } from "@/lib/ne/registry/choice-sources";
import { useChoices } from "@/lib/query/choices";
import { formatGrouped, formatYen, type GridLocale } from "@/lib/grid/format";
import { formatShortDay } from "@/lib/grid/day-format";
import { GOODS_SORTS, GOODS_TOPS, toSearch, type GoodsDailyAnswer, type GoodsRankingAnswer } from "@/lib/analytics/query";
import { goodsDailyTable, goodsRankingTable, type CellValue } from "@/lib/analytics/tables";
import { goodsUrlParsers, viewPeriod } from "./url-state";
import { useView } from "./view-query";
import { ViewTable } from "./view-table";
import { CsvButton } from "./csv-button";
import { EmptyReadModel, Loading, SeriesChart, ViewFailed, ViewHeader, ViewPeriodFilter } from "./view-parts";

export function GoodsView() {
  const t = useTranslations("analytics");
  const tArea = useTranslations("areas.analytics-goods");
  const locale: GridLocale = useLocale() === "en" ? "en" : "ja";
  const [url, setUrl] = useQueryStates(goodsUrlParsers, { history: "push" });
  const [now] = useState(() => new Date());
  const { kind, range } = viewPeriod(url, now);
  const shops = useChoices(CHOICES.shop, locale, true);
  const common = range ? { from: range.from, to: range.to, shop: url.shop, cancelled: url.cancelled } : null;
  const goods = url.goods;
  const ranking = useView<GoodsRankingAnswer>("goods", common && !goods ? toSearch({ ...common, sort: url.sort, top: url.top }) : null);
  const daily = useView<GoodsDailyAnswer>("goods/daily", common && goods ? toSearch({ ...common, goods }) : null);
  const view = goods ? daily : ranking;
  const asOf = view.data?.asOf;

  return (
    <div className="flex flex-col gap-4">
      <ViewHeader title={tArea("title")} description={tArea("description")} asOf={asOf} />
      <div className="flex flex-wrap items-center gap-2" data-analytics-filters="">
        <ViewPeriodFilter kind={kind} range={range} locale={locale} onChange={(period) => void setUrl(period)} />
        <ShopFilter shops={shops} selected={url.shop} onChange={(ids) => void setUrl({ shop: ids.length ? ids : null })} />
        <CancelledFilter checked={url.cancelled} onChange={(on) => void setUrl({ cancelled: on ? true : null })} />
        {!goods ? (
          <>
            <ToggleGroup label={t("goods.sort")} value={url.sort} options={GOODS_SORTS.map((s) => ({ value: s, label: t(s === "units" ? "goods.byUnits" : "goods.byRevenue") }))} onValueChange={(sort) => void setUrl({ sort: sort === "units" ? null : sort })} />
            <ToggleGroup label={t("goods.top")} value={String(url.top)} options={GOODS_TOPS.map((n) => ({ value: String(n), label: t("goods.topValue", { count: n }) }))} onValueChange={(top) => void setUrl({ top: Number(top) === 100 ? null : Number(top) })} />
          </>
        ) : null}
      </div>
      {view.isError && !view.data ? (
        <ViewFailed error={view.error} onRetry={() => void view.refetch()} />
      ) : goods ? (
        <GoodsDaily answer={daily.data} busy={daily.isPlaceholderData} onBack={() => void setUrl({ goods: null })} />
      ) : (
        <GoodsRanking answer={ranking.data} busy={ranking.isPlaceholderData} />
      )}
    </div>
  );
}

function GoodsRanking({ answer, busy }: { answer: GoodsRankingAnswer | undefined; busy: boolean }) {
  const t = useTranslations("analytics");
  const tArea = useTranslations("areas.analytics-goods");
  const table = useMemo(
    () =>
      answer
        ? goodsRankingTable(answer, {
            rank: t("columns.rank"),
            goodsId: t("columns.goodsId"),
            goodsName: t("columns.goodsName"),
            units: t("columns.units"),
            revenue: t("columns.goodsRevenue"),
            orders: t("columns.orders"),
          })
        : null,
    [answer, t],
  );
  // A goods code opens its units per day, with this page's period, shops and cancelled choice.
  const renderCell = useCallback((columnId: string, value: CellValue) => {
    if (columnId !== "goodsId") return undefined;
    const code = String(value);
    const params = new URLSearchParams(typeof window === "undefined" ? "" : window.location.search);
    params.set("goods", code);
    return (
      <Link href={`?${params.toString()}`} className="text-brand-700 underline-offset-2 hover:underline dark:text-brand-300" aria-label={t("goods.open", { code })}>
        {code}
      </Link>
    );
  }, [t]);
  if (!answer) return <Loading />;
  if (answer.asOf === null && answer.rows.length === 0) return <EmptyReadModel />;
  return (
    <section aria-labelledby="goods-table-title" className="space-y-2" aria-busy={busy || undefined}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="goods-table-title" className="text-sm font-semibold text-ink-900 dark:text-ink-50">
          {t("tableTitle")}
        </h2>
        <CsvButton table={table} name="goods-performance" disabled={busy} />
      </div>
      <p className="text-xs text-ink-600 tabular-nums dark:text-ink-300">
        {t("goods.summary", { count: answer.goodsCount, units: formatGrouped(String(answer.totals.units)), revenue: formatYen(String(answer.totals.revenue)), shown: answer.rows.length })}
      </p>
      {answer.rows.length === 0 ? <p className="text-sm text-ink-600 dark:text-ink-300">{t("noRows")}</p> : table ? <ViewTable table={table} caption={tArea("title")} renderCell={renderCell} /> : null}
    </section>
  );
}

function GoodsDaily({ answer, busy, onBack }: { answer: GoodsDailyAnswer | undefined; busy: boolean; onBack: () => void }) {
  const t = useTranslations("analytics");
  const locale: GridLocale = useLocale() === "en" ? "en" : "ja";
  const table = useMemo(
    () =>
      answer
        ? goodsDailyTable(answer, { day: t("columns.day"), units: t("columns.units"), revenue: t("columns.goodsRevenue"), avg7: t("columns.avg7"), avg30: t("columns.avg30"), total: t("columns.total") })
        : null,
    [answer, t],
  );
  const formatX = useCallback((d: string) => formatShortDay(d, locale), [locale]);
  const formatY = useCallback((y: number) => formatGrouped(String(Math.round(y * 100) / 100)), []);
  return (
    <div className="flex flex-col gap-4">
      <div>
        <button type="button" onClick={onBack} className="inline-flex items-center gap-1 text-sm text-brand-700 hover:underline dark:text-brand-300">
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t("goods.back")}
        </button>
      </div>
      {!answer ? (
        <Loading />
      ) : answer.asOf === null && answer.totals.units === 0 ? (
        <EmptyReadModel />
      ) : (
        <>
          <section aria-labelledby="goods-daily-title" className="space-y-2" aria-busy={busy || undefined}>
            <h2 id="goods-daily-title" className="text-sm font-semibold text-ink-900 dark:text-ink-50">
              {t("goods.dailyTitle", { code: answer.goodsId })} <span data-user-content="" className="font-normal text-ink-600 dark:text-ink-300">{answer.goodsName ?? ""}</span>
            </h2>
            <p className="text-xs text-ink-600 dark:text-ink-300">{t("goods.averages")}</p>
            <div aria-hidden="true" className="h-72 text-ink-700 dark:text-ink-200">
              <SeriesChart
                data={answer.days}
                xKey="day"
                formatX={formatX}
                formatY={formatY}
                series={[
                  { key: "units", label: t("columns.units"), color: "#2563eb" },
                  { key: "avg7", label: t("columns.avg7"), color: "#d97706", dashed: true },
                  { key: "avg30", label: t("columns.avg30"), color: "#6b7280", dashed: true },
                ]}
              />
            </div>
          </section>
          <section aria-label={t("tableTitle")} className="space-y-2">
            <div className="flex justify-end">
              <CsvButton table={table} name={`goods-${answer.goodsId}`} disabled={busy} />
            </div>
            {table ? <ViewTable table={table} caption={t("goods.dailyTitle", { code: answer.goodsId })} /> : null}
          </section>
        </>
      )}
    </div>
  );
}
