import { describe, expect, it } from "vitest";
import { warehouseStockKey, warehouseStockKeyConditions } from "./warehouse-stock-key";

describe("warehouse stock keys", () => {
  it("join the warehouse and the goods code and read back to both conditions", () => {
    const key = warehouseStockKey({ warehouse_stock_warehouse_id: "2", warehouse_stock_goods_id: "AP0001-BEG-L" });
    expect(key).toBe("2~AP0001-BEG-L");
    expect(warehouseStockKeyConditions(key)).toEqual([
      { field: "warehouse_stock_warehouse_id", op: "eq", value: "2" },
      { field: "warehouse_stock_goods_id", op: "eq", value: "AP0001-BEG-L" },
    ]);
  });

  it("keep a goods code that itself holds the separator", () => {
    expect(warehouseStockKeyConditions("1~A~B")?.[1]).toEqual({ field: "warehouse_stock_goods_id", op: "eq", value: "A~B" });
  });

  it("refuse keys without a numeric warehouse or a goods code", () => {
    for (const bad of ["", "~A", "x~A", "1~", "1-A", "1234567890~A"]) expect(warehouseStockKeyConditions(bad)).toBeNull();
  });
});
