import { describe, expect, it } from "vitest";
import { goods } from "@/lib/ne/registry/resources/goods";
import { receiveOrder } from "@/lib/ne/registry/resources/receive-order";
import { receiveOrderRow } from "@/lib/ne/registry/resources/receive-order-row";
import { stock } from "@/lib/ne/registry/resources/stock";
import { warehouseStock } from "@/lib/ne/registry/resources/warehouse-stock";
import { parseFilterTokens, serializeFilterToken, upsertFilter, type GridFilter } from "./filters";
import {
  choiceState,
  choiceWrite,
  dateRangeState,
  dateRangeWrite,
  dateRangeWriteBoth,
  ANY_TARGET,
  keywordCandidates,
  keywordState,
  keywordWrite,
  pickKeywordWrite,
  toggleOptionOf,
  toggleState,
  toggleWrite,
  type KeywordQuickFilter,
  type QuickWrite,
  type ToggleQuickFilter,
} from "./quick-filters";

/** What the grid does with a write (data-grid.tsx): the keys' filters go, the new ones come in. */
function apply(filters: readonly GridFilter[], { keys, next }: QuickWrite): GridFilter[] {
  let out = filters.filter((f) => !keys.includes(`${f.field}-${f.op}`));
  for (const f of next) out = upsertFilter(out, f);
  return out;
}

/** The URL's `f=` tokens of some filters, as the address bar shows them. */
const tokens = (filters: readonly GridFilter[]) => filters.map(serializeFilterToken);

describe("keyword", () => {
  const search: KeywordQuickFilter = {
    kind: "keyword",
    label: "goods.quick.keyword",
    targets: [{ field: "goods_id" }, { field: "goods_name" }],
  };

  it("starts on the first target with no text", () => {
    expect(keywordState([], search)).toEqual({ target: "goods_id", text: "", exact: {} });
  });

  it("reads the searched target and its text without the grid's %", () => {
    expect(keywordState([{ field: "goods_name", op: "like", value: "%タオル%" }], search)).toMatchObject({ target: "goods_name", text: "タオル" });
  });

  it("ignores other operators and fields that are not targets", () => {
    const filters: GridFilter[] = [
      { field: "goods_id", op: "eq", value: "A-1" },
      { field: "goods_jan_code", op: "like", value: "49" },
    ];
    expect(keywordState(filters, search)).toMatchObject({ target: "goods_id", text: "" });
  });

  it("writes one like on the chosen target, trimmed, and replaces every target's like", () => {
    const write = keywordWrite(goods, search, { target: "goods_name", text: "  Tシャツ ", exact: {} });
    expect(write).toEqual({ keys: ["goods_id-like", "goods_name-like"], next: [{ field: "goods_name", op: "like", value: "Tシャツ" }] });
    const before: GridFilter[] = [{ field: "goods_id", op: "like", value: "OLD" }, { field: "goods_type_id", op: "in", value: ["0"] }];
    expect(tokens(apply(before, write))).toEqual(["goods_type_id.in:0", "goods_name.like:Tシャツ"]);
  });

  it("reads back what it wrote", () => {
    const written = apply([], keywordWrite(goods, search, { target: "goods_name", text: "Tシャツ", exact: {} }));
    expect(keywordState(written, search)).toEqual({ target: "goods_name", text: "Tシャツ", exact: {} });
  });

  it("writes nothing (so clears the search) for blank text, a field that is not a target, or one the resource lacks", () => {
    expect(keywordWrite(goods, search, { target: "goods_name", text: "   ", exact: {} }).next).toEqual([]);
    expect(keywordWrite(goods, search, { target: "goods_note", text: "x", exact: {} }).next).toEqual([]);
    const foreign: KeywordQuickFilter = { kind: "keyword", label: "stock.quick.goodsId", targets: [{ field: "stock_goods_id" }] };
    expect(keywordWrite(goods, foreign, { target: "stock_goods_id", text: "x", exact: {} }).next).toEqual([]);
  });

  describe("with an exact field beside it (the order rows' goods and slip number)", () => {
    const rows: KeywordQuickFilter = {
      kind: "keyword",
      label: "orderRows.quick.goods",
      targets: [{ field: "receive_order_row_goods_id" }, { field: "receive_order_row_goods_name" }],
      exact: [{ field: "receive_order_row_receive_order_id" }],
    };

    it("writes the like and the eq together, and replaces both kinds", () => {
      const write = keywordWrite(receiveOrderRow, rows, { target: "receive_order_row_goods_name", text: "タオル", exact: { receive_order_row_receive_order_id: " 1024 " } });
      expect(write.keys).toEqual(["receive_order_row_goods_id-like", "receive_order_row_goods_name-like", "receive_order_row_receive_order_id-eq"]);
      expect(tokens(write.next)).toEqual(["receive_order_row_goods_name.like:タオル", "receive_order_row_receive_order_id.eq:1024"]);
    });

    it("writes the slip number alone when no goods text is given, and reads both back", () => {
      const written = apply([], keywordWrite(receiveOrderRow, rows, { target: "receive_order_row_goods_id", text: "", exact: { receive_order_row_receive_order_id: "7" } }));
      expect(tokens(written)).toEqual(["receive_order_row_receive_order_id.eq:7"]);
      expect(keywordState(written, rows)).toEqual({ target: "receive_order_row_goods_id", text: "", exact: { receive_order_row_receive_order_id: "7" } });
    });

    it("drops a slip number the registry refuses (not a number)", () => {
      expect(keywordWrite(receiveOrderRow, rows, { target: "receive_order_row_goods_id", text: "", exact: { receive_order_row_receive_order_id: "abc" } }).next).toEqual([]);
    });
  });
});

describe("choice", () => {
  const status = { field: "receive_order_order_status_id" };

  it("reads the values of the field's in filter, nothing else", () => {
    expect(choiceState([], status)).toEqual([]);
    expect(choiceState([{ field: status.field, op: "in", value: ["20", "40"] }], status)).toEqual(["20", "40"]);
    expect(choiceState([{ field: status.field, op: "eq", value: "20" }], status)).toEqual([]);
  });

  it("writes one in filter (the URL the orders e2e expects) and replaces the field's in and eq", () => {
    const write = choiceWrite(receiveOrder, status, ["20", "40"]);
    expect(write.keys).toEqual(["receive_order_order_status_id-in", "receive_order_order_status_id-eq"]);
    const written = apply([{ field: status.field, op: "eq", value: "1" }], write);
    expect(tokens(written)).toEqual(["receive_order_order_status_id.in:20,40"]);
    expect(choiceState(written, status)).toEqual(["20", "40"]);
  });

  it("clears the field when nothing is chosen", () => {
    const written = apply([{ field: status.field, op: "in", value: ["20"] }], choiceWrite(receiveOrder, status, []));
    expect(written).toEqual([]);
  });

  it("writes numeric ids as the registry normalizes them", () => {
    expect(tokens(choiceWrite(warehouseStock, { field: "warehouse_stock_warehouse_id" }, ["2"]).next)).toEqual(["warehouse_stock_warehouse_id.in:2"]);
  });
});

describe("toggle", () => {
  const free: ToggleQuickFilter = {
    kind: "toggle",
    field: "stock_free_quantity",
    options: [
      { value: "all", label: "catalog.quick.all", filter: null },
      { value: "some", label: "stock.quick.freeSome", filter: { op: "gt", value: "0" } },
      { value: "none", label: "stock.quick.freeNone", filter: { op: "lte", value: "0" } },
    ],
  };

  it("reads the option whose filter is in the URL, else the one without a filter", () => {
    expect(toggleState([], free)).toBe("all");
    expect(toggleState([{ field: free.field, op: "lte", value: "0" }], free)).toBe("none");
    // A filter of the same operator but another value is no option of the toggle.
    expect(toggleState([{ field: free.field, op: "gt", value: "5" }], free)).toBe("all");
  });

  it("names a filter that is one of its options by that option (its chip says the option's words)", () => {
    expect(toggleOptionOf([free], { field: free.field, op: "lte", value: "0" })?.label).toBe("stock.quick.freeNone");
    // Another value, another field, or no toggle at all: the filter is no option.
    expect(toggleOptionOf([free], { field: free.field, op: "lte", value: "3" })).toBeUndefined();
    expect(toggleOptionOf([free], { field: "stock_quantity", op: "lte", value: "0" })).toBeUndefined();
    expect(toggleOptionOf(undefined, { field: free.field, op: "lte", value: "0" })).toBeUndefined();
  });

  it("writes the chosen option's filter and replaces every option's", () => {
    expect(toggleWrite(stock, free, "some")).toEqual({ keys: ["stock_free_quantity-gt", "stock_free_quantity-lte"], next: [{ field: "stock_free_quantity", op: "gt", value: "0" }] });
    const written = apply([{ field: free.field, op: "lte", value: "0" }], toggleWrite(stock, free, "some"));
    expect(tokens(written)).toEqual(["stock_free_quantity.gt:0"]);
    expect(toggleState(written, free)).toBe("some");
    expect(apply(written, toggleWrite(stock, free, "all"))).toEqual([]);
  });

  it("writes the orders' cancel states as eq 0 and neq 0", () => {
    const cancel: ToggleQuickFilter = {
      kind: "toggle",
      field: "receive_order_cancel_type_id",
      options: [
        { value: "all", label: "orders.quick.cancelAll", filter: null },
        { value: "valid", label: "orders.quick.cancelValid", filter: { op: "eq", value: "0" } },
        { value: "canceled", label: "orders.quick.cancelCanceled", filter: { op: "neq", value: "0" } },
      ],
    };
    expect(tokens(toggleWrite(receiveOrder, cancel, "valid").next)).toEqual(["receive_order_cancel_type_id.eq:0"]);
    const canceled = apply([{ field: cancel.field, op: "eq", value: "0" }], toggleWrite(receiveOrder, cancel, "canceled"));
    expect(tokens(canceled)).toEqual(["receive_order_cancel_type_id.neq:0"]);
    expect(toggleState(canceled, cancel)).toBe("canceled");
  });

  it("an unknown option clears the toggle", () => {
    expect(toggleWrite(stock, free, "nope").next).toEqual([]);
  });
});

describe("date range", () => {
  const date = { field: "receive_order_date" };

  it("writes a day as gte (from) and lte (to), one end at a time", () => {
    const from = dateRangeWrite(receiveOrder, date, "from", "2026-11-01");
    expect(from).toEqual({ keys: ["receive_order_date-gte", "receive_order_date-within"], next: [{ field: "receive_order_date", op: "gte", value: "2026-11-01" }] });
    const both = apply(apply([], from), dateRangeWrite(receiveOrder, date, "to", "2026-11-30"));
    expect(tokens(both)).toEqual(["receive_order_date.gte:2026-11-01", "receive_order_date.lte:2026-11-30"]);
    expect(dateRangeState(both, date)).toEqual({ from: "2026-11-01", to: "2026-11-30" });
  });

  it("clears one end with an empty day and keeps the other", () => {
    const both: GridFilter[] = [
      { field: date.field, op: "gte", value: "2026-11-01" },
      { field: date.field, op: "lte", value: "2026-11-30" },
    ];
    const cleared = apply(both, dateRangeWrite(receiveOrder, date, "from", ""));
    expect(dateRangeState(cleared, date)).toEqual({ from: "", to: "2026-11-30" });
  });

  it("writes both ends at once (a quick range, the picker's Apply), swapped when reversed, and clears both", () => {
    const old: GridFilter[] = [{ field: date.field, op: "gte", value: "2026-01-01" }];
    const week = apply(old, dateRangeWriteBoth(receiveOrder, date, { from: "2026-11-23", to: "2026-11-17" }));
    expect(tokens(week)).toEqual(["receive_order_date.gte:2026-11-17", "receive_order_date.lte:2026-11-23"]);
    expect(apply(week, dateRangeWriteBoth(receiveOrder, date, { from: "", to: "" }))).toEqual([]);
    expect(tokens(apply(week, dateRangeWriteBoth(receiveOrder, date, { from: "2026-11-20", to: "" })))).toEqual(["receive_order_date.gte:2026-11-20"]);
  });

  it("shows the day of a date-time filter typed in the builder, and nothing for other operators", () => {
    const fromUrl = parseFilterTokens(receiveOrder, ["receive_order_date.gte:2026-11-01 09:30", "receive_order_date.eq:2026-11-05"]);
    expect(dateRangeState(fromUrl, date)).toEqual({ from: "2026-11-01", to: "" });
  });

  it("writes nothing for a day that does not exist", () => {
    expect(dateRangeWrite(receiveOrder, date, "to", "2026-02-30").next).toEqual([]);
  });
});

describe("keyword over any of some fields (goods: code or name)", () => {
  const spec: KeywordQuickFilter = {
    kind: "keyword",
    label: "goods.quick.keyword",
    anyOf: { label: "goods.quick.codeOrName", fields: ["goods_id", "goods_name"] },
    targets: [{ field: "goods_id" }, { field: "goods_name" }, { field: "goods_jan_code" }],
  };

  it("starts on 'any of' and reads a searched field back as that field", () => {
    expect(keywordState([], spec).target).toBe(ANY_TARGET);
    expect(keywordState([{ field: "goods_name", op: "like", value: "%Tシャツ%" }], spec)).toMatchObject({ target: "goods_name", text: "Tシャツ" });
  });

  it("stands for one search per field, in order, each replacing every target's like", () => {
    const candidates = keywordCandidates(goods, spec, { target: ANY_TARGET, text: " Tシャツ ", exact: {} });
    expect(candidates.map((c) => tokens(c.next))).toEqual([["goods_id.like:Tシャツ"], ["goods_name.like:Tシャツ"]]);
    for (const c of candidates) expect(c.keys).toEqual(["goods_id-like", "goods_name-like", "goods_jan_code-like"]);
  });

  it("a chosen field, or blank text, is one search as before", () => {
    expect(keywordCandidates(goods, spec, { target: "goods_jan_code", text: "4901", exact: {} })).toEqual([keywordWrite(goods, spec, { target: "goods_jan_code", text: "4901", exact: {} })]);
    const blank = keywordCandidates(goods, spec, { target: ANY_TARGET, text: "  ", exact: {} });
    expect(blank).toHaveLength(1);
    expect(blank[0]?.next).toEqual([]);
  });

  it("searches the first field that finds rows, else the first", () => {
    const candidates = keywordCandidates(goods, spec, { target: ANY_TARGET, text: "ab", exact: {} });
    expect(pickKeywordWrite(candidates, [0, 12])).toBe(candidates[1]);
    expect(pickKeywordWrite(candidates, [3, 12])).toBe(candidates[0]);
    expect(pickKeywordWrite(candidates, [0, 0])).toBe(candidates[0]);
    expect(pickKeywordWrite(candidates, [undefined, 5])).toBe(candidates[1]);
    expect(pickKeywordWrite(candidates, [undefined, undefined])).toBe(candidates[0]);
  });
});
