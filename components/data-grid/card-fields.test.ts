// The phone cards' fields (lib/grid/card-fields.ts): the key, the summary the definition marks (or
// the first default columns), the status badge; and every grid's named fields exist.
import { describe, expect, it } from "vitest";
import { goodsGrid } from "@/components/goods/goods-grid";
import { imagesGrid } from "@/components/images/images-grid";
import * as catalogGrids from "@/components/masters/catalog-grids";
import * as orderSettingGrids from "@/components/masters/order-setting-grids";
import * as purchasingGrids from "@/components/masters/purchasing-grids";
import * as systemGrids from "@/components/masters/system-grids";
import { orderRowsGrid } from "@/components/orders/order-rows-grid";
import { ordersGrid } from "@/components/orders/orders-grid";
import { stockGrid } from "@/components/stock/stock-grid";
import { warehouseStockGrid } from "@/components/stock/warehouse-stock-grid";
import { cardFieldNames, cardFields, MAX_SUMMARY } from "@/lib/grid/card-fields";
import type { GridDefinition } from "./grid-definition";

const isDefinition = (value: unknown): value is GridDefinition => typeof value === "object" && value !== null && "searchPath" in value && "resource" in value;
const masters = [catalogGrids, orderSettingGrids, purchasingGrids, systemGrids].flatMap((m) => Object.values(m).filter(isDefinition));
const DEFINITIONS: readonly GridDefinition[] = [ordersGrid, orderRowsGrid, goodsGrid, stockGrid, warehouseStockGrid, imagesGrid, ...masters];

describe("phone cards' fields", () => {
  it("orders: the slip number, its status, then date, purchaser and total", () => {
    expect(cardFields(ordersGrid)).toEqual({
      key: "receive_order_id",
      status: "receive_order_order_status_id",
      summary: ["receive_order_date", "receive_order_purchaser_name", "receive_order_total_amount"],
    });
  });

  it("goods: the code, then name and price; stock: the code (its name beside it), then free quantity", () => {
    expect(cardFields(goodsGrid)).toEqual({ key: "goods_id", status: undefined, summary: ["goods_name", "goods_selling_price"] });
    expect(cardFields(stockGrid)).toMatchObject({ key: "stock_goods_id", summary: ["stock_free_quantity", "stock_quantity"] });
    // A warehouse stock row is named by its goods code, not its warehouse (as its pinned column).
    expect(cardFields(warehouseStockGrid)).toMatchObject({ key: "warehouse_stock_goods_id" });
    expect(cardFields(warehouseStockGrid).summary[0]).toBe("warehouse_stock_warehouse_id");
  });

  it("without a summary, the first three default columns after the key; names the resource lacks are dropped", () => {
    const spec = { resource: goodsGrid.resource, defaultColumns: ["goods_id", "goods_name", "nope", "goods_type_id", "goods_selling_price", "goods_cost_price"] };
    expect(cardFields(spec)).toEqual({ key: "goods_id", status: undefined, summary: ["goods_name", "goods_type_id", "goods_selling_price"] });
    expect(cardFields({ ...spec, summary: ["nope", "goods_id", "goods_name"], status: "missing" })).toEqual({ key: "goods_id", status: undefined, summary: ["goods_name"] });
  });

  for (const d of DEFINITIONS) {
    it(`${d.id}: every field it names for its card exists, at most ${MAX_SUMMARY} in the summary, and a key`, () => {
      const names = new Set(d.resource.fields.map((f) => f.name));
      for (const n of [...(d.summary ?? []), ...(d.status ? [d.status] : [])]) expect(names.has(n), n).toBe(true);
      expect(d.summary?.length ?? 0).toBeLessThanOrEqual(MAX_SUMMARY);
      const fields = cardFields(d);
      expect(names.has(fields.key)).toBe(true);
      expect(fields.summary.length).toBeGreaterThan(0);
      expect(new Set(cardFieldNames(fields)).size).toBe(cardFieldNames(fields).length);
    });
  }
});
