// Where a finished warehouse-stock upload leads: the warehouse stock grid filtered to its goods.
import { writeGridUrlState } from "@/lib/grid/url-state";
import { MAX_LIST_VALUES } from "@/lib/ne/registry/types";
import { warehouseStock } from "@/lib/ne/registry/resources/warehouse-stock";

/** The grid's URL for these goods codes, or null when there are none or more than one filter takes. */
export function warehouseStockHref(goodsCodes: readonly string[]): string | null {
  if (goodsCodes.length === 0 || goodsCodes.length > MAX_LIST_VALUES) return null;
  return writeGridUrlState(warehouseStock, "/stock/warehouses", {
    filters: [{ field: "warehouse_stock_goods_id", op: "in", value: goodsCodes }],
  });
}
