// Relative date ranges ("this week") kept by name in URLs and saved views, and resolved to Japan's
// days only when conditions are made: the token, its round trip, the dropped notice's reasons, one
// range per field, and the API conditions on a given day.
import { describe, expect, it } from "vitest";
import { goods } from "@/lib/ne/registry/resources/goods";
import { receiveOrder } from "@/lib/ne/registry/resources/receive-order";
import {
  droppedFilterToken,
  filtersToConditions,
  parseFilterToken,
  readFilterTokens,
  resolveFilters,
  serializeFilterToken,
  upsertFilter,
  type GridFilter,
} from "./filters";
import { dateRangeState, dateRangeWriteBoth } from "./quick-filters";
import { readGridUrlState, writeGridUrlState } from "./url-state";

const DATE = "receive_order_date";
const thisWeek: GridFilter = { field: DATE, op: "within", value: "this-week" };

describe("the token", () => {
  it("is `field=name`, read back the same", () => {
    expect(serializeFilterToken(thisWeek)).toBe("receive_order_date=this-week");
    expect(parseFilterToken(receiveOrder, "receive_order_date=this-week")).toEqual(thisWeek);
    expect(parseFilterToken(receiveOrder, "receive_order_date=last7")).toEqual({ field: DATE, op: "within", value: "last-7" });
  });

  it("is refused on a field that is not a date, an unknown field or an unknown name, with why", () => {
    expect(parseFilterToken(receiveOrder, "receive_order_purchaser_name=this-week")).toBeNull();
    expect(droppedFilterToken(receiveOrder, "receive_order_purchaser_name=this-week")).toMatchObject({ reason: "operator", field: "receive_order_purchaser_name" });
    expect(droppedFilterToken(receiveOrder, "receive_order_nowhere=this-week")).toMatchObject({ reason: "field" });
    expect(droppedFilterToken(receiveOrder, "receive_order_date=next-week")).toMatchObject({ reason: "value", value: "next-week" });
    expect(droppedFilterToken(receiveOrder, "receive_order_date=this-week")).toBeNull();
  });

  it("works on any date field of any grid", () => {
    const field = goods.fields.find((f) => f.type === "D" && f.searchable)?.name ?? "";
    expect(parseFilterToken(goods, `${field}=last-month`)).toEqual({ field, op: "within", value: "last-month" });
  });
});

describe("the URL and a saved view keep the name", () => {
  it("writes `f=receive_order_date=this-week` and reads it back", () => {
    const url = writeGridUrlState(receiveOrder, "/orders", { filters: [thisWeek, { field: "receive_order_shop_id", op: "in", value: ["1"] }] });
    expect(url).toBe("/orders?f=receive_order_date=this-week&f=receive_order_shop_id.in:1");
    expect(readGridUrlState(receiveOrder, url.slice(url.indexOf("?"))).filters).toEqual([thisWeek, { field: "receive_order_shop_id", op: "in", value: ["1"] }]);
  });

  it("a saved view's tokens read back the same filters", () => {
    const tokens = [thisWeek].map(serializeFilterToken);
    expect(readFilterTokens(receiveOrder, tokens)).toEqual({ filters: [thisWeek], dropped: [] });
  });

  it("old absolute links keep working as days", () => {
    const state = readGridUrlState(receiveOrder, "?f=receive_order_date.gte:2026-11-21&f=receive_order_date.lte:2026-11-27");
    expect(state.filters).toEqual([
      { field: DATE, op: "gte", value: "2026-11-21" },
      { field: DATE, op: "lte", value: "2026-11-27" },
    ]);
  });

  it("one range per field: the later of a name and days wins", () => {
    expect(readGridUrlState(receiveOrder, "?f=receive_order_date.gte:2026-11-21&f=receive_order_date=this-week").filters).toEqual([thisWeek]);
    expect(readGridUrlState(receiveOrder, "?f=receive_order_date=this-week&f=receive_order_date.lte:2026-11-27").filters).toEqual([{ field: DATE, op: "lte", value: "2026-11-27" }]);
    expect(upsertFilter([{ field: DATE, op: "gte", value: "2026-11-21" }, { field: DATE, op: "lte", value: "2026-11-27" }], thisWeek)).toEqual([thisWeek]);
    expect(upsertFilter([thisWeek], { field: DATE, op: "gte", value: "2026-11-21" })).toEqual([{ field: DATE, op: "gte", value: "2026-11-21" }]);
  });
});

describe("resolved to Japan's days when conditions are made", () => {
  it("this week on Friday 2026-11-27 is Monday 23 to Sunday 29; on Wednesday 2026-12-02 the next week", () => {
    expect(filtersToConditions(receiveOrder, [thisWeek], "2026-11-27")).toEqual([
      { field: DATE, op: "gte", value: "2026-11-23 00:00:00" },
      { field: DATE, op: "lte", value: "2026-11-29 23:59:59" },
    ]);
    expect(filtersToConditions(receiveOrder, [thisWeek], "2026-12-02")).toEqual([
      { field: DATE, op: "gte", value: "2026-11-30 00:00:00" },
      { field: DATE, op: "lte", value: "2026-12-06 23:59:59" },
    ]);
  });

  it("keeps other filters as they are and never sends `within`", () => {
    const resolved = resolveFilters([{ field: "receive_order_shop_id", op: "in", value: ["1"] }, { field: DATE, op: "within", value: "yesterday" }], "2027-01-01");
    expect(resolved).toEqual([
      { field: "receive_order_shop_id", op: "in", value: ["1"] },
      { field: DATE, op: "gte", value: "2026-12-31" },
      { field: DATE, op: "lte", value: "2026-12-31" },
    ]);
    expect(filtersToConditions(receiveOrder, [{ field: DATE, op: "within", value: "nonsense" }], "2026-11-27")).toEqual([]);
  });
});

describe("the date quick filter", () => {
  const spec = { field: DATE };

  it("writes a quick range by name, and calendar days as gte/lte", () => {
    const named = dateRangeWriteBoth(receiveOrder, spec, { from: "2026-11-23", to: "2026-11-29", relative: "this-week" });
    expect(named.next).toEqual([thisWeek]);
    expect(named.keys).toEqual(["receive_order_date-gte", "receive_order_date-lte", "receive_order_date-within"]);
    const days = dateRangeWriteBoth(receiveOrder, spec, { from: "2026-11-23", to: "2026-11-29" });
    expect(days.next.map(serializeFilterToken)).toEqual(["receive_order_date.gte:2026-11-23", "receive_order_date.lte:2026-11-29"]);
  });

  it("shows a named range's days on the day it is looked at", () => {
    expect(dateRangeState([thisWeek], spec, "2026-11-27")).toEqual({ from: "2026-11-23", to: "2026-11-29", relative: "this-week" });
    expect(dateRangeState([thisWeek], spec, "2026-12-02")).toEqual({ from: "2026-11-30", to: "2026-12-06", relative: "this-week" });
  });
});
