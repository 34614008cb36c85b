"use client";
// The goods stock grid (/stock, `/api_v1_master_stock/search`, spec 2.8): quantities of every
// goods, allocated, free, defective, on order, short and reserved; quick filters: a goods search
// (code, name or JAN), free stock (some, none) and shortage. Beside each code, the goods name and thumbnail
// (one goods search per page: ./goods-join.ts).
import { defineGrid } from "@/components/data-grid/define-grid";
import { gridScreen } from "@/components/data-grid/grid-screen";
import { stockGoodsSearch } from "@/lib/grid/forgiving-keys";
import { goodsJoinQuery } from "./goods-join";
import { STOCK_GOODS_CELL, STOCK_ROW_HEIGHT } from "./stock-goods-cell";
import { stock } from "@/lib/ne/registry/resources/stock";

const P = "stock_";

export const stockGrid = defineGrid({
  id: "stock",
  resource: stock,
  texts: "stock.goods",
  defaultColumns: [
    `${P}goods_id`,
    `${P}quantity`,
    `${P}allocation_quantity`,
    `${P}free_quantity`,
    `${P}defective_quantity`,
    `${P}remaining_order_quantity`,
    `${P}out_quantity`,
    `${P}advance_order_quantity`,
    `${P}last_modified_null_safe_date`,
  ],
  // The goods name and thumbnail beside the code: one goods search per page (./goods-join.ts).
  cells: { [`${P}goods_id`]: STOCK_GOODS_CELL },
  rowHeight: STOCK_ROW_HEIGHT,
  pageJoin: { query: goodsJoinQuery(`${P}goods_id`) },
  // A phone's card: the goods code with its name (the cell above), free and total quantity.
  summary: [`${P}free_quantity`, `${P}quantity`],
  quickFilters: [
    // Goods by code, else by name or JAN through one goods search (lib/grid/forgiving-search.ts).
    stockGoodsSearch(`${P}goods_id`),
    {
      kind: "toggle",
      field: `${P}free_quantity`,
      label: "stock.quick.free",
      options: [
        { value: "all", label: "catalog.quick.all", filter: null },
        { value: "some", label: "stock.quick.freeSome", filter: { op: "gt", value: "0" } },
        { value: "none", label: "stock.quick.freeNone", filter: { op: "lte", value: "0" } },
      ],
    },
    {
      kind: "toggle",
      field: `${P}out_quantity`,
      label: "stock.quick.shortage",
      options: [
        { value: "all", label: "catalog.quick.all", filter: null },
        { value: "short", label: "stock.quick.shortOnly", filter: { op: "gt", value: "0" } },
      ],
    },
  ],
  drawerGroups: [
    {
      titleKey: "summary",
      fields: [`${P}goods_id`, `${P}quantity`, `${P}allocation_quantity`, `${P}free_quantity`, `${P}defective_quantity`, `${P}remaining_order_quantity`, `${P}out_quantity`, `${P}deleted_flag`],
    },
    { titleKey: "reserved", fields: [`${P}advance_order_quantity`, `${P}advance_order_allocation_quantity`, `${P}advance_order_free_quantity`] },
    { titleKey: "audit", fields: [`${P}creation_date`, `${P}creator_name`, `${P}last_modified_date`, `${P}last_modified_by_name`] },
  ],
});

export const StockScreen = gridScreen(stockGrid);
