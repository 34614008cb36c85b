"use client";
// The warehouse stock grid (/stock/warehouses, `/api_v1_warehouse_stock/search`, spec 2.9): the
// quantities of every goods in every warehouse, warehouses named from the warehouse master; quick
// filters: a goods search (code, name or JAN) and the warehouses (names fetched when the choice opens). Beside
// each code, the goods name and thumbnail (one goods search per page: ./goods-join.ts).
import { defineGrid } from "@/components/data-grid/define-grid";
import { gridScreen } from "@/components/data-grid/grid-screen";
import { stockGoodsSearch } from "@/lib/grid/forgiving-keys";
import { goodsJoinQuery } from "./goods-join";
import { STOCK_GOODS_CELL, STOCK_ROW_HEIGHT } from "./stock-goods-cell";
import { warehouseStock } from "@/lib/ne/registry/resources/warehouse-stock";

const P = "warehouse_stock_";

export const warehouseStockGrid = defineGrid({
  id: "warehouse-stock",
  resource: warehouseStock,
  texts: "stock.warehouses",
  defaultColumns: [`${P}warehouse_id`, `${P}goods_id`, `${P}quantity`, `${P}allocation_quantity`, `${P}free_quantity`, `${P}last_modified_null_safe_date`],
  // The goods name and thumbnail beside the code: one goods search per page (./goods-join.ts).
  cells: { [`${P}goods_id`]: STOCK_GOODS_CELL },
  rowHeight: STOCK_ROW_HEIGHT,
  pageJoin: { query: goodsJoinQuery(`${P}goods_id`) },
  // A phone's card: the goods code with its name, the warehouse, free and total quantity.
  summary: [`${P}warehouse_id`, `${P}free_quantity`, `${P}quantity`],
  quickFilters: [
    // Goods by code, else by name or JAN through one goods search (lib/grid/forgiving-search.ts).
    stockGoodsSearch(`${P}goods_id`),
    { kind: "choice", field: `${P}warehouse_id`, label: "stock.quick.warehouse" },
  ],
  drawerGroups: [
    { titleKey: "summary", fields: [`${P}warehouse_id`, `${P}goods_id`, `${P}quantity`, `${P}allocation_quantity`, `${P}free_quantity`] },
    { titleKey: "audit", fields: [`${P}creation_date`, `${P}creator_name`, `${P}last_modified_date`, `${P}last_modified_by_name`] },
  ],
});

export const WarehouseStockScreen = gridScreen(warehouseStockGrid);
