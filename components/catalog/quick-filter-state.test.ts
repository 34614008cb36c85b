import { describe, expect, it } from "vitest";
import { goods } from "@/lib/ne/registry/resources/goods";
import { stock } from "@/lib/ne/registry/resources/stock";
import { keywordFilters, keywordKeys, keywordState, toggleFilters, toggleState, type ToggleChoice } from "./quick-filter-state";

const FIELDS = ["goods_id", "goods_name"] as const;

describe("keywordState", () => {
  it("starts on the first field with no text", () => {
    expect(keywordState([], FIELDS)).toEqual({ field: "goods_id", text: "" });
  });

  it("finds the searched field and shows the text without the grid's %", () => {
    expect(keywordState([{ field: "goods_name", op: "like", value: "%タオル%" }], FIELDS)).toEqual({ field: "goods_name", text: "タオル" });
  });

  it("ignores other operators and other fields", () => {
    const filters = [
      { field: "goods_id", op: "eq" as const, value: "A-1" },
      { field: "goods_jan_code", op: "like" as const, value: "49" },
    ];
    expect(keywordState(filters, FIELDS)).toEqual({ field: "goods_id", text: "" });
  });
});

describe("keywordFilters", () => {
  it("gives one like filter on the chosen field, trimmed", () => {
    expect(keywordFilters(goods, FIELDS, "goods_name", "  タオル ")).toEqual([{ field: "goods_name", op: "like", value: "タオル" }]);
  });

  it("gives nothing for blank text or a field that is not a target", () => {
    expect(keywordFilters(goods, FIELDS, "goods_name", "   ")).toEqual([]);
    expect(keywordFilters(goods, FIELDS, "goods_note", "x")).toEqual([]);
  });

  it("gives nothing for a field the resource does not have", () => {
    expect(keywordFilters(goods, ["stock_goods_id"], "stock_goods_id", "x")).toEqual([]);
  });

  it("replaces the like filter of every target", () => {
    expect(keywordKeys(FIELDS)).toEqual(["goods_id-like", "goods_name-like"]);
  });
});

type Free = "all" | "some" | "none";
const FREE: readonly ToggleChoice<Free>[] = [
  { value: "all", filter: null },
  { value: "some", filter: { op: "gt", value: "0" } },
  { value: "none", filter: { op: "lte", value: "0" } },
];
const FREE_FIELD = "stock_free_quantity";

describe("toggleState and toggleFilters", () => {
  it("reads the option whose filter is in the URL, else the unfiltered one", () => {
    expect(toggleState([], FREE_FIELD, FREE)).toBe("all");
    expect(toggleState([{ field: FREE_FIELD, op: "lte", value: "0" }], FREE_FIELD, FREE)).toBe("none");
    expect(toggleState([{ field: FREE_FIELD, op: "gt", value: "5" }], FREE_FIELD, FREE)).toBe("all");
  });

  it("writes the chosen option's filter and clears the others", () => {
    expect(toggleFilters(FREE_FIELD, FREE, "some")).toEqual({ keys: [`${FREE_FIELD}-gt`, `${FREE_FIELD}-lte`], next: [{ field: FREE_FIELD, op: "gt", value: "0" }] });
    expect(toggleFilters(FREE_FIELD, FREE, "all").next).toEqual([]);
  });

  it("writes filters the registry accepts", async () => {
    const { validateFilter } = await import("@/lib/grid/filters");
    for (const choice of FREE) {
      for (const f of toggleFilters(FREE_FIELD, FREE, choice.value).next) expect(validateFilter(stock, f)).toEqual(f);
    }
  });
});
