import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { OPERATORS } from "@/lib/ne/registry/types";
import { receiveOrder } from "@/lib/ne/registry/resources/receive-order";
import { receiveOrderRow } from "@/lib/ne/registry/resources/receive-order-row";
import {
  droppedFilterToken,
  exceedsListLimit,
  filtersToConditions,
  normalizeDateTime,
  normalizeNumber,
  parseFilterToken,
  parseFilterTokens,
  readFilterTokens,
  removeFilter,
  serializeFilterToken,
  upsertFilter,
  validateFilter,
} from "./filters";

const P = "receive_order_";

describe("filter tokens", () => {
  it("read a list, a scalar and a valueless filter", () => {
    expect(parseFilterToken(receiveOrder, `${P}order_status_id.in:20,30`)).toEqual({ field: `${P}order_status_id`, op: "in", value: ["20", "30"] });
    expect(parseFilterToken(receiveOrder, `${P}total_amount.gte:1000`)).toEqual({ field: `${P}total_amount`, op: "gte", value: "1000" });
    expect(parseFilterToken(receiveOrder, `${P}note.nblank`)).toEqual({ field: `${P}note`, op: "nblank" });
  });

  it("keep colons, commas and % in a text value", () => {
    const filter = parseFilterToken(receiveOrder, `${P}note.like:10:00, 至急%`);
    expect(filter).toEqual({ field: `${P}note`, op: "like", value: "10:00, 至急%" });
    expect(serializeFilterToken(filter!)).toBe(`${P}note.like:10:00, 至急%`);
  });

  it("round-trip through serialize", () => {
    for (const token of [`${P}shop_id.in:1,2`, `${P}date.lte:2026-11-21`, `${P}purchaser_name.like:山田`, `${P}note.null`]) {
      expect(serializeFilterToken(parseFilterToken(receiveOrder, token)!)).toBe(token);
    }
  });

  it("ignore what the registry would refuse, without throwing", () => {
    const bad = [
      "",
      "nonsense",
      `${P}no_such_field.eq:1`,
      `${P}gruoping_tag.like:至急`, // cannot be searched (spec 2.3)
      `${P}total_amount.like:1`, // pattern operators are not offered for numbers
      `${P}total_amount.eq:abc`,
      `${P}date.gte:2026-02-30`,
      `${P}shop_id.in:`,
      `${P}shop_id.between:1`,
      `${P}note.eq`, // eq needs a value
      "RECEIVE_ORDER_ID.eq:1",
      `${P}id.eq:${"9".repeat(13_000)}`,
    ];
    for (const token of bad) expect(parseFilterToken(receiveOrder, token)).toBeNull();
  });

  // The shape check is written by hand to keep zod out of the browser's first load; it must refuse
  // what this zod/mini schema (token + operator enum) refuses, before the registry is asked.
  it("refuse the token shapes the zod schema refused", () => {
    const tokenSchema = z.string().check(z.maxLength(12_000), z.regex(/^[a-z0-9_]{1,100}\.[a-z]{2,12}(:[\s\S]*)?$/));
    const operatorSchema = z.enum(OPERATORS);
    const shapeOk = (token: unknown) => {
      if (!tokenSchema.safeParse(token).success) return false;
      const t = token as string;
      const dot = t.indexOf(".");
      const colon = t.indexOf(":", dot);
      return operatorSchema.safeParse(colon === -1 ? t.slice(dot + 1) : t.slice(dot + 1, colon)).success;
    };
    const tokens: unknown[] = [
      `${P}note.like:${"x".repeat(12_000 - `${P}note.like:`.length)}`, // exactly the longest
      `${P}note.like:${"x".repeat(12_001 - `${P}note.like:`.length)}`, // one over
      `${"a".repeat(101)}.eq:1`,
      `${P}note.e:1`, // operator too short for the shape
      `${P}note.abcdefghijklm:1`, // too long
      `${P}note.EQ:1`,
      `${P}note.like`, // like needs a value (the registry says so, not the shape)
      `${P}note.nlikeornull:x`,
      `${P}note.between:1`, // right shape, no such operator
      `${P}note.eq;1`,
      `${P}note..eq:1`,
      `.eq:1`,
      ` ${P}note.eq:1`,
      `${P}note.eq:line\nbreak`,
      `${P}note.eq\n:1`,
      `${P}note.eq:`,
      "receive-order.eq:1",
      "constructor.eq:1",
      "__proto__.eq:1",
      `${P}note.toString:1`,
      `${P}note.hasOwnProperty:1`,
      undefined,
      null,
      42,
      ["receive_order_note.eq:1"],
    ];
    for (const token of tokens) {
      const parsed = parseFilterToken(receiveOrder, token as string);
      if (!shapeOk(token)) expect(parsed, String(token).slice(0, 60)).toBeNull();
    }
    expect(parseFilterToken(receiveOrder, `${P}note.like:${"x".repeat(12_001 - `${P}note.like:`.length)}`)).toBeNull();
    expect(parseFilterToken(receiveOrder, `${P}note.like:${"x".repeat(12_000 - `${P}note.like:`.length)}`)).not.toBeNull();
    expect(parseFilterToken(receiveOrder, `${P}note.toString:1`)).toBeNull();
    expect(parseFilterToken(receiveOrder, `${P}note.nlikeornull:x`)).toEqual({ field: `${P}note`, op: "nlikeornull", value: "x" });
  });

  it("drop a valueless operator's stray value", () => {
    expect(parseFilterToken(receiveOrder, `${P}note.blank:x`)).toEqual({ field: `${P}note`, op: "blank" });
  });

  it("keep one filter per field and operator, the later one", () => {
    const filters = parseFilterTokens(receiveOrder, [`${P}shop_id.in:1`, `${P}id.gt:5`, `${P}shop_id.in:2,3`, "junk"]);
    expect(filters).toEqual([
      { field: `${P}id`, op: "gt", value: "5" },
      { field: `${P}shop_id`, op: "in", value: ["2", "3"] },
    ]);
  });
});

describe("operators by the field's type", () => {
  const sample = { S: "a", N: "1", D: "2026-01-01" } as const;

  it("take on every field of a resource exactly the operators the registry gives it", () => {
    const problems: string[] = [];
    for (const resource of [receiveOrder, receiveOrderRow]) {
      for (const field of resource.fields.filter((f) => f.searchable)) {
        for (const op of OPERATORS) {
          const taken = validateFilter(resource, { field: field.name, op, value: sample[field.type] }) !== null;
          if (taken !== field.operators.includes(op)) problems.push(`${field.name} (${field.type}) ${op}: ${taken ? "taken" : "refused"}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it("refuse before/after on a text, any of and contains on a date, contains on a number", () => {
    expect(validateFilter(receiveOrder, { field: `${P}purchaser_name`, op: "lt", value: "abc" })).toBeNull();
    expect(validateFilter(receiveOrder, { field: `${P}purchaser_name`, op: "gt", value: "abc" })).toBeNull();
    expect(validateFilter(receiveOrder, { field: `${P}date`, op: "in", value: ["2026-01-01"] })).toBeNull();
    expect(validateFilter(receiveOrder, { field: `${P}date`, op: "like", value: "2026" })).toBeNull();
    expect(validateFilter(receiveOrder, { field: `${P}total_amount`, op: "like", value: "1" })).toBeNull();
    expect(validateFilter(receiveOrder, { field: `${P}total_amount`, op: "in", value: ["1", "2"] })).not.toBeNull();
    expect(validateFilter(receiveOrder, { field: `${P}date`, op: "gte", value: "2026-01-01" })).not.toBeNull();
  });

  it("say why a stored condition is left out", () => {
    expect(droppedFilterToken(receiveOrder, `${P}shop_id.in:1`)).toBeNull();
    expect(droppedFilterToken(receiveOrder, `${P}purchaser_name.lt:abc`)).toEqual({ reason: "operator", field: `${P}purchaser_name`, op: "lt", value: "abc" });
    expect(droppedFilterToken(receiveOrder, `${P}no_such_field.eq:1`)).toEqual({ reason: "field", field: `${P}no_such_field`, op: "eq", value: "1" });
    expect(droppedFilterToken(receiveOrder, `${P}gruoping_tag.like:x`)).toMatchObject({ reason: "field" });
    expect(droppedFilterToken(receiveOrder, `${P}total_amount.eq:abc`)).toEqual({ reason: "value", field: `${P}total_amount`, op: "eq", value: "abc" });
    const many = Array.from({ length: 1001 }, (_, i) => String(i)).join(",");
    expect(droppedFilterToken(receiveOrder, `${P}id.in:${many}`)).toMatchObject({ reason: "tooMany", field: `${P}id`, op: "in" });
    expect(droppedFilterToken(receiveOrder, `${P}id.in:${many}`)?.value).toHaveLength(61);
    expect(droppedFilterToken(receiveOrder, "nonsense")).toEqual({ reason: "unreadable" });
    expect(droppedFilterToken(receiveOrder, `${P}id.between:1`)).toEqual({ reason: "unreadable", field: `${P}id`, value: "1" });
  });

  it("know a typed or chosen list over the API's 1,000 values", () => {
    const list = (n: number) => Array.from({ length: n }, (_, i) => String(i));
    expect(exceedsListLimit(list(1000))).toBe(false);
    expect(exceedsListLimit(list(1001))).toBe(true);
    expect(exceedsListLimit(list(1001).join(", "))).toBe(true);
    // Repeats and blanks are not values.
    expect(exceedsListLimit([...list(1000), "0", " ", ""].join(","))).toBe(false);
  });

  it("read a saved view's tokens: what applies, and what was left out", () => {
    expect(readFilterTokens(receiveOrder, [`${P}purchaser_name.lt:abc`, `${P}shop_id.in:1`, `${P}shop_id.in:2`])).toEqual({
      filters: [{ field: `${P}shop_id`, op: "in", value: ["2"] }],
      dropped: [{ reason: "operator", field: `${P}purchaser_name`, op: "lt", value: "abc" }],
    });
  });
});

describe("typed values", () => {
  it("normalize numbers typed on a Japanese keyboard", () => {
    expect(normalizeNumber("１，２００")).toBe("1200");
    expect(normalizeNumber(" -12.5 ")).toBe("-12.5");
    expect(normalizeNumber("1e3")).toBeNull();
    expect(normalizeNumber("")).toBeNull();
  });

  it("normalize dates and date-times, refusing impossible ones", () => {
    expect(normalizeDateTime("2026/11/21")).toBe("2026-11-21");
    expect(normalizeDateTime("2026-11-21T09:30")).toBe("2026-11-21 09:30");
    expect(normalizeDateTime("２０２６／１１／２１ ０９：３０：１５")).toBe("2026-11-21 09:30:15");
    expect(normalizeDateTime("2026-02-29")).toBeNull();
    expect(normalizeDateTime("2026-11-21 24:00")).toBeNull();
    expect(normalizeDateTime("yesterday")).toBeNull();
  });

  it("split, clean and de-duplicate list values", () => {
    expect(validateFilter(receiveOrder, { field: `${P}id`, op: "in", value: "1, 2,２, x" })).toEqual({ field: `${P}id`, op: "in", value: ["1", "2"] });
    expect(validateFilter(receiveOrder, { field: `${P}id`, op: "in", value: Array.from({ length: 1001 }, (_, i) => String(i)) })).toBeNull();
  });
});

describe("filters → API conditions", () => {
  it("map each type and operator", () => {
    const conditions = filtersToConditions(receiveOrder, [
      { field: `${P}order_status_id`, op: "in", value: ["20", "30"] },
      { field: `${P}total_amount`, op: "gte", value: "1,000" },
      { field: `${P}purchaser_name`, op: "like", value: "山田" },
      { field: `${P}shop_cut_form_id`, op: "like", value: "2847%" },
      { field: `${P}date`, op: "gte", value: "2026-11-01" },
      { field: `${P}date`, op: "lte", value: "2026/11/21" },
      { field: `${P}send_date`, op: "gt", value: "2026-11-20" },
      { field: `${P}send_plan_date`, op: "lt", value: "2026-11-20 12:00" },
      { field: `${P}note`, op: "blank" },
    ]);
    expect(conditions).toEqual([
      { field: `${P}order_status_id`, op: "in", value: ["20", "30"] },
      { field: `${P}total_amount`, op: "gte", value: "1000" },
      { field: `${P}purchaser_name`, op: "like", value: "%山田%" },
      { field: `${P}shop_cut_form_id`, op: "like", value: "2847%" },
      { field: `${P}date`, op: "gte", value: "2026-11-01 00:00:00" },
      { field: `${P}date`, op: "lte", value: "2026-11-21 23:59:59" },
      { field: `${P}send_date`, op: "gt", value: "2026-11-20 23:59:59" },
      { field: `${P}send_plan_date`, op: "lt", value: "2026-11-20 12:00" },
      { field: `${P}note`, op: "blank" },
    ]);
  });

  it("never send an invalid or repeated filter", () => {
    expect(
      filtersToConditions(receiveOrder, [
        { field: `${P}gruoping_tag`, op: "like", value: "x" },
        { field: `${P}id`, op: "eq", value: "abc" },
        { field: `${P}id`, op: "eq", value: "7" },
        { field: `${P}id`, op: "eq", value: "8" },
      ]),
    ).toEqual([{ field: `${P}id`, op: "eq", value: "7" }]);
  });

  it("check fields against the grid's own resource", () => {
    expect(filtersToConditions(receiveOrderRow, [{ field: `${P}id`, op: "eq", value: "1" }])).toEqual([]);
    expect(filtersToConditions(receiveOrderRow, [{ field: "receive_order_row_receive_order_id", op: "eq", value: "1" }])).toEqual([
      { field: "receive_order_row_receive_order_id", op: "eq", value: "1" },
    ]);
  });

  it("replace and remove by field and operator", () => {
    const a = upsertFilter([], { field: `${P}id`, op: "gt", value: "1" });
    const b = upsertFilter(a, { field: `${P}id`, op: "gt", value: "2" });
    const c = upsertFilter(b, { field: `${P}id`, op: "lt", value: "9" });
    expect(c).toEqual([
      { field: `${P}id`, op: "gt", value: "2" },
      { field: `${P}id`, op: "lt", value: "9" },
    ]);
    expect(removeFilter(c, `${P}id-gt`)).toEqual([{ field: `${P}id`, op: "lt", value: "9" }]);
  });
});
