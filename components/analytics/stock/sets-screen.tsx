"use client";
// The sellable sets (/stock/sets): for each set goods, how many can be sold now from the free
// stock (all warehouses or one), the component that limits it, and the sets at 0 on their own
// with `zero=1`. State in the URL (stock-url-state.ts).
import { useQueryStates } from "nuqs";
import { useLocale, useTranslations } from "next-intl";
import { useId, useMemo } from "react";
import type { SetRow } from "@/lib/analytics/stock-query";
import { Badge } from "@/components/ui/badge";
import { RED_TONE } from "@/components/ui/tone-red";
import { useSets } from "./stock-fetch";
import { StockFrame, WarehouseChooser, frameState } from "./stock-frame";
import { StockTable, type StockColumn } from "./stock-table";
import { setsUrlParsers } from "./stock-url-state";

export function SetsScreen() {
  const t = useTranslations("stockAnalytics.sets");
  const [url, setUrl] = useQueryStates(setsUrlParsers, { history: "replace" });
  const query = useSets({ warehouse: url.warehouse });
  const zeroId = useId();
  const locale = useLocale();
  const columns = useMemo<StockColumn<SetRow>[]>(
    () => [
      { id: "setId", header: t("col.setId"), value: (r) => r.setId },
      { id: "setName", header: t("col.setName"), value: (r) => r.setName },
      {
        id: "sellable",
        header: t("col.sellable"),
        value: (r) => r.sellable,
        numeric: true,
        cell: (r) => (r.sellable === 0 ? <Badge tone={RED_TONE}>0</Badge> : new Intl.NumberFormat(locale).format(r.sellable)),
      },
      { id: "limitingId", header: t("col.limitingId"), value: (r) => r.limitingId },
      { id: "limitingName", header: t("col.limitingName"), value: (r) => r.limitingName },
      { id: "limitingQuantity", header: t("col.limitingQuantity"), value: (r) => r.limitingQuantity, numeric: true },
      { id: "limitingFree", header: t("col.limitingFree"), value: (r) => r.limitingFree, numeric: true },
      { id: "components", header: t("col.components"), value: (r) => r.components, numeric: true },
    ],
    [t, locale],
  );
  const all = query.data?.rows;
  const rows = useMemo(() => (url.zero ? (all ?? []).filter((r) => r.sellable === 0) : (all ?? [])), [all, url.zero]);
  const zeroCount = (all ?? []).filter((r) => r.sellable === 0).length;

  return (
    <StockFrame
      {...frameState(query, rows, t("empty"))}
      filters={
        <>
          <WarehouseChooser value={url.warehouse} warehouses={query.data?.warehouses ?? []} onChange={(warehouse) => void setUrl({ warehouse })} />
          <div className="flex items-center gap-2">
            <input id={zeroId} type="checkbox" checked={url.zero} onChange={(e) => void setUrl({ zero: e.target.checked })} className="size-4" />
            <label htmlFor={zeroId} className="text-sm text-ink-700 dark:text-ink-300">
              {t("zeroOnly", { count: zeroCount })}
            </label>
          </div>
        </>
      }
    >
      <p className="text-sm text-ink-600 dark:text-ink-400">{t("explain")}</p>
      <StockTable caption={t("caption")} fileName="sets" columns={columns} rows={rows} sort={url.sort} onSort={(sort) => void setUrl({ sort })} rowKey={(r) => r.setId} />
    </StockFrame>
  );
}
