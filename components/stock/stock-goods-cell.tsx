"use client";
// The goods code cell of the stock grids: the code beside an empty 28 px box while the page's goods
// join (./goods-join.ts) is on its way (it arrives after the rows); then ./goods-beside.tsx, a chunk
// of its own fetched when this module runs in the browser, adds the thumbnail and the goods name.
import { useTranslations } from "next-intl";
import { lazy, Suspense } from "react";
import type { CellContext, CustomCell } from "@/components/data-grid/grid-definition";
import { usePageJoin } from "@/components/data-grid/page-join";

const loadBeside = () => import("./goods-beside");
if (typeof window !== "undefined") void loadBeside().catch(() => undefined);
const GoodsBeside = lazy(loadBeside);

/** The code line and the goods name's two lines (text-xs) under it. */
export const STOCK_ROW_HEIGHT = 52;

export function StockGoodsCell({ value }: CellContext) {
  const t = useTranslations("stock.goodsJoin");
  const join = usePageJoin();
  const waiting = (
    <span className="flex min-w-0 items-center gap-2" data-goods-join={join.status === "idle" ? "idle" : "pending"}>
      <span aria-hidden="true" className="size-7 shrink-0 rounded border border-ink-200 bg-ink-50 dark:border-ink-700 dark:bg-ink-850" />
      <span data-user-content="" className="truncate">
        {value ?? ""}
      </span>
      {join.status === "pending" ? <span className="sr-only">{t("loading")}</span> : null}
    </span>
  );
  if (join.status === "idle" || join.status === "pending") return waiting;
  return (
    <Suspense fallback={waiting}>
      <GoodsBeside value={value} join={join} />
    </Suspense>
  );
}

/** The stock grids' goods code cell, wide enough for the thumbnail, the code and the name under it. */
export const STOCK_GOODS_CELL: CustomCell = { render: StockGoodsCell, width: 280 };
