import { describe, expect, it } from "vitest";
import { parseRecordKey } from "@/lib/grid/url-state";
import { goodsTag } from "@/lib/ne/registry/resources/goods-tag";
import { mall } from "@/lib/ne/registry/resources/mall";
import { placeOrderRow } from "@/lib/ne/registry/resources/place-order-row";
import { setGoods } from "@/lib/ne/registry/resources/set-goods";
import { warehouseStock } from "@/lib/ne/registry/resources/warehouse-stock";
import { decodeRecordKey, primaryKeyRecord, recordKeyConditions, recordKeyOf } from "./record-key";

describe("record keys from the primary key", () => {
  it("keeps plain codes readable and makes keys the URL accepts", () => {
    const key = recordKeyOf(setGoods, { set_goods_id: "SET-0002", set_goods_detail_goods_id: "IN0034-NVY" });
    expect(key).toBe("SET-0002__IN0034-NVY");
    expect(parseRecordKey(key)).toBe(key);
    expect(recordKeyConditions(setGoods, key)).toEqual([
      { field: "set_goods_id", op: "eq", value: "SET-0002" },
      { field: "set_goods_detail_goods_id", op: "eq", value: "IN0034-NVY" },
    ]);
  });

  it("round-trips parts holding the separator, escapes and any other character", () => {
    const row = { goods_tag_goods_id: "A__B_41/%20", goods_tag_name: "セール 50%" };
    const key = recordKeyOf(goodsTag, row);
    expect(key).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(recordKeyConditions(goodsTag, key)).toEqual([
      { field: "goods_tag_goods_id", op: "eq", value: "A__B_41/%20" },
      { field: "goods_tag_name", op: "eq", value: "セール 50%" },
    ]);
  });

  it("keeps the primary key's order", () => {
    const key = recordKeyOf(placeOrderRow, { place_order_row_no: "3", place_order_row_place_order_id: "120" });
    expect(key).toBe("120__3");
    expect(recordKeyConditions(placeOrderRow, key)?.map((c) => c.value)).toEqual(["120", "3"]);
  });

  it("refuses keys no row can have: wrong number of parts, empty parts, non-integers for numbers, bad escapes or bytes", () => {
    expect(recordKeyConditions(placeOrderRow, "120")).toBeNull();
    expect(recordKeyConditions(placeOrderRow, "120__3__4")).toBeNull();
    expect(recordKeyConditions(placeOrderRow, "120__")).toBeNull();
    expect(recordKeyConditions(mall, "12a")).toBeNull();
    expect(recordKeyConditions(mall, "1_2E5")).toBeNull();
    expect(decodeRecordKey("a_4")).toBeNull();
    expect(decodeRecordKey("a_zz")).toBeNull();
    expect(decodeRecordKey("a,b")).toBeNull();
    expect(decodeRecordKey("_E3_81")).toBeNull();
    expect(recordKeyConditions(mall, "-7")).toEqual([{ field: "mall_id", op: "eq", value: "-7" }]);
  });
});

describe("primaryKeyRecord: the catalog grids' keys", () => {
  it("a warehouse stock row's key is URL-safe and finds the row again, whatever its goods code holds", () => {
    const { rowKey, keyConditions, keyFields } = primaryKeyRecord(warehouseStock);
    expect(keyFields).toEqual(["warehouse_stock_warehouse_id", "warehouse_stock_goods_id"]);
    for (const code of ["AP0001-BEG-L", "A~B", "商品/1.5"]) {
      const key = rowKey({ warehouse_stock_warehouse_id: "2", warehouse_stock_goods_id: code });
      expect(parseRecordKey(key), code).toBe(key);
      expect(keyConditions(key)).toEqual([
        { field: "warehouse_stock_warehouse_id", op: "eq", value: "2" },
        { field: "warehouse_stock_goods_id", op: "eq", value: code },
      ]);
    }
    expect(rowKey({ warehouse_stock_warehouse_id: "2", warehouse_stock_goods_id: "AP0001-BEG-L" })).toBe("2__AP0001-BEG-L");
  });

  it("refuses keys no row can have", () => {
    const { keyConditions } = primaryKeyRecord(warehouseStock);
    for (const bad of ["", "__A", "x__A", "1__", "1", "1__A__B"]) expect(keyConditions(bad), bad).toBeNull();
  });
});
