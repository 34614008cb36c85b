import { describe, expect, it } from "vitest";
import { goods } from "@/lib/ne/registry/resources/goods";
import { receiveOrderRow } from "@/lib/ne/registry/resources/receive-order-row";
import { stock } from "@/lib/ne/registry/resources/stock";
import { MAX_LIST_VALUES } from "@/lib/ne/registry/types";
import { carriedHref, carryFilters, filteredHref, translateFilters, type LinkCarry, type LinkSource } from "./links";
import { readGridUrlState } from "./url-state";

const P = "receive_order_";
const R = "receive_order_row_";

// The orders grid's link to the order rows (components/orders/orders-grid.tsx).
const toRows: LinkCarry = {
  target: receiveOrderRow,
  fields: { [`${P}id`]: `${R}receive_order_id`, [`${P}shop_cut_form_id`]: `${R}shop_cut_form_id` },
  key: { from: `${P}id`, to: `${R}receive_order_id` },
};
const toStock: LinkCarry = { target: stock, fields: { goods_id: "stock_goods_id" }, key: { from: "goods_id", to: "stock_goods_id" } };

const slips = (...ids: string[]) => ids.map((id) => ({ [`${P}id`]: id, [`${P}shop_id`]: "1" }));
const source = (over: Partial<LinkSource>): LinkSource => ({ filters: [], rows: slips("1", "2", "3"), selected: [], total: 3, ...over });

describe("carrying a grid's filter to a related grid", () => {
  it("carries nothing when nothing applies: every slip is shown, so every row is meant", () => {
    expect(carryFilters(toRows, source({}))).toEqual({ kind: "none" });
    expect(carriedHref("/order-rows", toRows, { kind: "none" })).toBe("/order-rows");
  });

  it("translates filters on fields the target has (slip and order numbers), operator and value kept", () => {
    const carried = carryFilters(
      toRows,
      source({
        filters: [
          { field: `${P}id`, op: "gte", value: "1000" },
          { field: `${P}shop_cut_form_id`, op: "like", value: "A-1" },
        ],
      }),
    );
    expect(carried).toEqual({
      kind: "filters",
      filters: [
        { field: `${R}receive_order_id`, op: "gte", value: "1000" },
        { field: `${R}shop_cut_form_id`, op: "like", value: "A-1" },
      ],
    });
    const href = carriedHref("/order-rows", toRows, carried);
    expect(readGridUrlState(receiveOrderRow, new URL(href, "http://x").search).filters).toEqual(carried.kind === "filters" ? carried.filters : []);
  });

  it("names the slips of this page with `in` when a filter has no twin on the target (the shop)", () => {
    const carried = carryFilters(toRows, source({ filters: [{ field: `${P}shop_id`, op: "in", value: ["1"] }] }));
    expect(carried).toEqual({ kind: "page", filters: [{ field: `${R}receive_order_id`, op: "in", value: ["1", "2", "3"] }], count: 3, partial: false });
    expect(carriedHref("/order-rows", toRows, carried)).toBe(`/order-rows?f=${R}receive_order_id.in:1,2,3`);
  });

  it("says when the page is only part of the result, or the total is not counted yet", () => {
    const filters = [{ field: `${P}shop_id`, op: "in" as const, value: ["1"] }];
    expect(carryFilters(toRows, source({ filters, total: 250 }))).toMatchObject({ kind: "page", count: 3, partial: true });
    expect(carryFilters(toRows, source({ filters, total: undefined }))).toMatchObject({ kind: "page", partial: true });
  });

  it("a mix of carried and untranslatable filters goes by the page's slips, never half of the filter", () => {
    const carried = carryFilters(
      toRows,
      source({
        filters: [
          { field: `${P}id`, op: "gte", value: "2" },
          { field: `${P}order_status_id`, op: "in", value: ["20"] },
        ],
        rows: slips("2", "3"),
        total: 2,
      }),
    );
    expect(carried).toEqual({ kind: "page", filters: [{ field: `${R}receive_order_id`, op: "in", value: ["2", "3"] }], count: 2, partial: false });
  });

  it("the picked slips of the main screen (extension_execution_id) go as the page's slips", () => {
    expect(carryFilters(toRows, source({ extensionExecutionId: "abc" }))).toMatchObject({ kind: "page", count: 3 });
    expect(carryFilters(toRows, source({ extensionExecutionId: "abc", filters: [{ field: `${P}id`, op: "eq", value: "1" }] }))).toMatchObject({ kind: "page" });
  });

  it("the rows selected win over the filter and the page", () => {
    const selected = slips("2");
    expect(carryFilters(toRows, source({ selected }))).toEqual({ kind: "selection", filters: [{ field: `${R}receive_order_id`, op: "in", value: ["2"] }], count: 1, partial: false });
    expect(carryFilters(toRows, source({ selected, filters: [{ field: `${P}id`, op: "gte", value: "1" }] }))).toMatchObject({ kind: "selection" });
  });

  it("waits for the page's rows, and links nowhere when the source shows nothing", () => {
    const filters = [{ field: `${P}shop_id`, op: "in" as const, value: ["9"] }];
    expect(carryFilters(toRows, source({ filters, rows: undefined }))).toEqual({ kind: "pending" });
    expect(carryFilters(toRows, source({ filters, rows: [], total: 0 }))).toEqual({ kind: "nothing" });
  });

  it("does not carry more values than one `in` holds, nor a URL token too long; repeated codes count once", () => {
    const many = Array.from({ length: MAX_LIST_VALUES + 1 }, (_, i) => ({ goods_id: `G${i}` }));
    const filters = [{ field: "goods_name", op: "like" as const, value: "T" }];
    expect(carryFilters(toStock, { filters, rows: many, selected: [], total: many.length })).toEqual({ kind: "tooMany", count: MAX_LIST_VALUES + 1 });
    const long = Array.from({ length: 600 }, (_, i) => ({ goods_id: `${"X".repeat(30)}${i}` }));
    expect(carryFilters(toStock, { filters, rows: long, selected: [], total: 600 })).toMatchObject({ kind: "tooMany", count: 600 });
    const twice = [{ goods_id: "A" }, { goods_id: "A" }, { goods_id: "B" }, { goods_id: null }];
    expect(carryFilters(toStock, { filters, rows: twice, selected: [], total: 3 })).toMatchObject({ kind: "page", count: 2, filters: [{ value: ["A", "B"] }] });
  });

  it("translates goods filters to stock: the code as it is, the name not at all", () => {
    expect(translateFilters(toStock, [{ field: "goods_id", op: "like", value: "TS-" }])).toEqual([{ field: "stock_goods_id", op: "like", value: "TS-" }]);
    expect(translateFilters(toStock, [{ field: "goods_name", op: "like", value: "T" }])).toBeNull();
  });
});

describe("a record's links", () => {
  it("filters the target to the record and may open its drawer", () => {
    const href = filteredHref("/orders", goods, [{ field: "goods_id", op: "eq", value: "A 1" }], "A_201");
    const url = new URL(href, "http://x");
    expect(url.pathname).toBe("/orders");
    const state = readGridUrlState(goods, url.search);
    expect(state.filters).toEqual([{ field: "goods_id", op: "eq", value: "A 1" }]);
    expect(state.open).toBe("A_201");
  });
});
