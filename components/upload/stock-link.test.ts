import { describe, expect, it } from "vitest";
import { readGridUrlState } from "@/lib/grid/url-state";
import { warehouseStock } from "@/lib/ne/registry/resources/warehouse-stock";
import { warehouseStockHref } from "./stock-link";

describe("warehouseStockHref", () => {
  it("opens the warehouse stock grid filtered to the file's goods, as the grid reads its URL", () => {
    const href = warehouseStockHref(["AP0001-BEG-L", "商品-2"]);
    expect(href?.startsWith("/stock/warehouses?")).toBe(true);
    const state = readGridUrlState(warehouseStock, href!.slice(href!.indexOf("?")));
    expect(state.filters).toEqual([{ field: "warehouse_stock_goods_id", op: "in", value: ["AP0001-BEG-L", "商品-2"] }]);
  });

  it("gives no link without goods codes", () => {
    expect(warehouseStockHref([])).toBeNull();
  });
});
