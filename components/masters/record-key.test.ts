import { describe, expect, it } from "vitest";
import { goodsTag } from "@/lib/ne/registry/resources/goods-tag";
import { mall } from "@/lib/ne/registry/resources/mall";
import { placeOrderRow } from "@/lib/ne/registry/resources/place-order-row";
import { recordKeyConditions, recordKeyOf } from "./record-key";

describe("record keys of master grids", () => {
  it("round-trips composite keys whose parts hold the separator and other odd characters", () => {
    const row = { goods_tag_goods_id: "A,B/%20", goods_tag_name: "セール 50%" };
    const key = recordKeyOf(goodsTag, row);
    expect(key.split(",")).toHaveLength(2);
    expect(recordKeyConditions(goodsTag, key)).toEqual([
      { field: "goods_tag_goods_id", op: "eq", value: "A,B/%20" },
      { field: "goods_tag_name", op: "eq", value: "セール 50%" },
    ]);
  });

  it("keeps the primary key's order", () => {
    const key = recordKeyOf(placeOrderRow, { place_order_row_no: "3", place_order_row_place_order_id: "120" });
    expect(key).toBe("120,3");
    expect(recordKeyConditions(placeOrderRow, key)?.map((c) => c.value)).toEqual(["120", "3"]);
  });

  it("refuses keys no row can have: wrong number of parts, empty parts, non-integers for numbers, bad encoding", () => {
    expect(recordKeyConditions(placeOrderRow, "120")).toBeNull();
    expect(recordKeyConditions(placeOrderRow, "120,3,4")).toBeNull();
    expect(recordKeyConditions(placeOrderRow, "120,")).toBeNull();
    expect(recordKeyConditions(mall, "12a")).toBeNull();
    expect(recordKeyConditions(mall, "1.5")).toBeNull();
    expect(recordKeyConditions(goodsTag, "%E0%A4%A,x")).toBeNull();
    expect(recordKeyConditions(mall, "-7")).toEqual([{ field: "mall_id", op: "eq", value: "-7" }]);
  });
});
