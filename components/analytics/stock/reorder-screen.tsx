"use client";
// The reorder list (/stock/reorder): goods at or below their reorder point, and goods selling
// faster than their cover (days of cover under the days chosen), with the suggested quantity and
// the supplier, laid out as a purchase order (supplier first). State in the URL (stock-url-state.ts).
import { useQueryStates } from "nuqs";
import { useTranslations } from "next-intl";
import { useId, useMemo } from "react";
import type { ReorderRow } from "@/lib/analytics/stock-query";
import { Badge } from "@/components/ui/badge";
import { TONES } from "@/components/ui/tones";
import { useReorder } from "./stock-fetch";
import { StockFrame, WarehouseChooser, frameState, useWarehouseNames } from "./stock-frame";
import { StockTable, warehouseColumns, type StockColumn } from "./stock-table";
import { REORDER_SHOW, parseDays, reorderUrlParsers, type ReorderShow } from "./stock-url-state";

export function ReorderScreen() {
  const t = useTranslations("stockAnalytics.reorder");
  const [url, setUrl] = useQueryStates(reorderUrlParsers, { history: "replace" });
  const query = useReorder({ warehouse: url.warehouse, days: url.days });
  const daysId = useId();
  const showId = useId();
  const warehouseName = useWarehouseNames();
  const reason = (r: ReorderRow) => [r.belowPoint ? t("reason.point") : null, r.fast ? t("reason.fast") : null].filter(Boolean).join(" / ");
  // With one warehouse chosen, its code and name lead each row (and the CSV): the free stock is that warehouse's.
  const chosen = url.warehouse;
  const columns = useMemo<StockColumn<ReorderRow>[]>(
    () => [
      ...warehouseColumns<ReorderRow>(chosen, chosen === null ? undefined : warehouseName(chosen), { id: t("col.warehouseId"), name: t("col.warehouseName") }),
      { id: "supplierId", header: t("col.supplierId"), value: (r) => r.supplierId },
      { id: "supplierName", header: t("col.supplierName"), value: (r) => r.supplierName },
      { id: "goodsId", header: t("col.goodsId"), value: (r) => r.goodsId },
      { id: "goodsName", header: t("col.goodsName"), value: (r) => r.goodsName },
      { id: "suggested", header: t("col.suggested"), value: (r) => r.suggested, numeric: true },
      { id: "lot", header: t("col.lot"), value: (r) => r.lot, numeric: true },
      { id: "free", header: t("col.free"), value: (r) => r.free, numeric: true },
      { id: "orderPoint", header: t("col.orderPoint"), value: (r) => r.orderPoint, numeric: true },
      { id: "stockConstant", header: t("col.stockConstant"), value: (r) => r.stockConstant, numeric: true },
      { id: "dailyUnits", header: t("col.dailyUnits"), value: (r) => r.dailyUnits, numeric: true },
      { id: "cover", header: t("col.cover"), value: (r) => r.coverDays, numeric: true },
      {
        id: "reason",
        header: t("col.reason"),
        value: reason,
        cell: (r) => (
          <span className="inline-flex gap-1">
            {r.belowPoint ? <Badge tone={TONES.amber}>{t("reason.point")}</Badge> : null}
            {r.fast ? <Badge tone={TONES.red}>{t("reason.fast")}</Badge> : null}
          </span>
        ),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, chosen, warehouseName],
  );
  const rows = useMemo(() => {
    const all = query.data?.rows ?? [];
    return url.show === "point" ? all.filter((r) => r.belowPoint) : url.show === "fast" ? all.filter((r) => r.fast) : all;
  }, [query.data, url.show]);

  return (
    <StockFrame
      {...frameState(query, rows, t("empty"))}
      filters={
        <>
          <WarehouseChooser value={url.warehouse} warehouses={query.data?.warehouses ?? []} onChange={(warehouse) => void setUrl({ warehouse })} />
          <div className="flex items-center gap-2">
            <label htmlFor={daysId} className="text-sm text-ink-700 dark:text-ink-300">
              {t("days")}
            </label>
            <input
              id={daysId}
              type="number"
              min={1}
              max={365}
              inputMode="numeric"
              defaultValue={url.days}
              key={url.days}
              onBlur={(e) => void setUrl({ days: parseDays(e.target.value) })}
              onKeyDown={(e) => {
                if (e.key === "Enter") void setUrl({ days: parseDays(e.currentTarget.value) });
              }}
              className="h-8 w-20 rounded-md border border-ink-300 bg-ink-0 px-2 text-sm tabular-nums dark:border-ink-600 dark:bg-ink-900"
            />
          </div>
          <div className="flex items-center gap-2">
            <label htmlFor={showId} className="text-sm text-ink-700 dark:text-ink-300">
              {t("show.label")}
            </label>
            <select
              id={showId}
              value={url.show}
              onChange={(e) => void setUrl({ show: e.target.value as ReorderShow })}
              className="h-8 rounded-md border border-ink-300 bg-ink-0 px-2 text-sm dark:border-ink-600 dark:bg-ink-900"
            >
              {REORDER_SHOW.map((s) => (
                <option key={s} value={s}>
                  {t(`show.${s}`)}
                </option>
              ))}
            </select>
          </div>
        </>
      }
    >
      <p className="text-sm text-ink-600 dark:text-ink-400">{t("explain", { days: url.days })}</p>
      <StockTable
        caption={t("caption")}
        fileName="reorder"
        columns={columns}
        rows={rows}
        sort={url.sort}
        onSort={(sort) => void setUrl({ sort })}
        rowKey={(r) => r.goodsId}
      />
    </StockFrame>
  );
}
