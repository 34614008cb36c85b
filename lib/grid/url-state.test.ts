import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { receiveOrder } from "@/lib/ne/registry/resources/receive-order";
import { MAX_PAGE, droppedUrlFilters, parseExtensionId, parsePage, parseRecordKey, readGridUrlState, writeGridUrlState } from "./url-state";

const P = "receive_order_";

describe("grid state in the URL", () => {
  it("has defaults when the URL says nothing", () => {
    expect(readGridUrlState(receiveOrder, "")).toEqual({ filters: [], page: 1, size: 100, order: "desc", open: null, extensionExecutionId: null, layout: "table" });
  });

  it("reads filters, page, size, the open slip and extension_execution_id", () => {
    const search = new URLSearchParams();
    search.append("f", `${P}order_status_id.in:20,30`);
    search.append("f", `${P}shop_id.in:1`);
    search.set("page", "3");
    search.set("size", "500");
    search.set("order", "asc");
    search.set("open", "1234");
    search.set("extension_execution_id", "abc-123");
    search.set("layout", "gallery");
    expect(readGridUrlState(receiveOrder, search)).toEqual({
      filters: [
        { field: `${P}order_status_id`, op: "in", value: ["20", "30"] },
        { field: `${P}shop_id`, op: "in", value: ["1"] },
      ],
      page: 3,
      size: 500,
      order: "asc",
      open: "1234",
      extensionExecutionId: "abc-123",
      layout: "gallery",
    });
  });

  it("writes a state that reads back the same", () => {
    const state = {
      filters: [
        { field: `${P}purchaser_name`, op: "like" as const, value: "山田 & 佐藤" },
        { field: `${P}date`, op: "lte" as const, value: "2026-11-21" },
      ],
      page: 2,
      size: 1000 as const,
      order: "asc" as const,
      open: "77",
      extensionExecutionId: null,
      layout: "gallery" as const,
    };
    const url = writeGridUrlState(receiveOrder, "/orders", state);
    expect(url.startsWith("/orders?")).toBe(true);
    expect(readGridUrlState(receiveOrder, url.slice(url.indexOf("?")))).toEqual(state);
  });

  it("leaves defaults out of the URL", () => {
    expect(writeGridUrlState(receiveOrder, "/orders", { filters: [], page: 1, size: 100, order: "desc", open: null, layout: "table" })).toBe("/orders");
    expect(writeGridUrlState(receiveOrder, "/orders", { order: "asc" })).toBe("/orders?order=asc");
  });

  it("ignores bad values instead of crashing", () => {
    const bad = "?page=-4&size=77&open=../../etc&f=drop%20table&f=receive_order_id.eq:x&f=receive_order_id.gt:10&extension_execution_id=&order=newest&layout=cards";
    expect(readGridUrlState(receiveOrder, bad)).toEqual({
      filters: [{ field: `${P}id`, op: "gt", value: "10" }],
      page: 1,
      size: 100,
      order: "desc",
      open: null,
      extensionExecutionId: null,
      layout: "table",
    });
    for (const page of ["0", "abc", "1.5", "99999999999"]) expect(readGridUrlState(receiveOrder, `?page=${page}`).page).toBe(1);
    expect(readGridUrlState(receiveOrder, "?size=10000").size).toBe(10000);
  });

  it("opens an old URL with a refused operator without that condition, and says which and why", () => {
    // A bookmark from before operators followed the field's type: "before" on a text, "contains"
    // on a date and on a number, "any of" on a date, beside a condition that still holds.
    const old = `?f=${P}purchaser_name.lt:abc&f=${P}date.like:2026&f=${P}total_amount.like:1&f=${P}date.in:2026-01-01&f=${P}shop_id.in:1,2&f=${P}gone_field.eq:1`;
    expect(readGridUrlState(receiveOrder, old).filters).toEqual([{ field: `${P}shop_id`, op: "in", value: ["1", "2"] }]);
    expect(droppedUrlFilters(receiveOrder, old)).toEqual([
      { reason: "operator", field: `${P}purchaser_name`, op: "lt", value: "abc" },
      { reason: "operator", field: `${P}date`, op: "like", value: "2026" },
      { reason: "operator", field: `${P}total_amount`, op: "like", value: "1" },
      { reason: "operator", field: `${P}date`, op: "in", value: "2026-01-01" },
      { reason: "field", field: `${P}gone_field`, op: "eq", value: "1" },
    ]);
    expect(droppedUrlFilters(receiveOrder, `?f=${P}shop_id.in:1,2&page=2`)).toEqual([]);
    // Written back, the URL holds only what applies.
    const { filters } = readGridUrlState(receiveOrder, old);
    expect(writeGridUrlState(receiveOrder, "/orders", { filters })).toBe(`/orders?f=${P}shop_id.in:1,2`);
  });
});

// The checks are written by hand to keep zod out of the browser's first load; each must accept and
// reject exactly what its zod/mini schema here does.
describe("URL value checks (zod's replacements)", () => {
  const pageSchema = z.coerce.number().check(z.refine(Number.isInteger), z.gte(1), z.lte(MAX_PAGE));
  const recordKeySchema = z.string().check(z.regex(/^[0-9A-Za-z_-]{1,400}$/));
  const extensionIdSchema = z.string().check(z.trim(), z.minLength(1), z.maxLength(200));
  const viaZod = <T>(schema: z.ZodMiniType<T>, s: string): T | null => {
    const r = schema.safeParse(s);
    return r.success ? r.data : null;
  };

  const pages = ["1", "2", " 7 ", "2.0", "1e3", "0x10", "0b11", "1000000", "0", "-1", "-0", "", " ", "1.5", "abc", "1,000", "1000001", "99999999999", "Infinity", "-Infinity", "NaN", "1e400", "3px", "２", "\t5\n"];
  it("page: a whole number 1..MAX_PAGE as Number() reads it", () => {
    for (const s of ["0", "-1", "", " ", "1.5", "abc", "1,000", "1000001", "Infinity", "NaN", "1e400", "3px", "２"]) expect(parsePage(s), s).toBeNull();
    expect(parsePage("1")).toBe(1);
    expect(parsePage(" 7 ")).toBe(7);
    expect(parsePage(String(MAX_PAGE))).toBe(MAX_PAGE);
    for (const s of pages) expect(parsePage(s), s).toBe(viaZod(pageSchema, s));
  });

  const keys = ["1234", "a-b_C", "x".repeat(400), "x".repeat(401), "", " 12", "12 ", "../../etc", "1;drop", "12\n", "伝票", "a.b", "%20"];
  it("open: 1-400 letters, digits, _ or -", () => {
    for (const s of ["", "x".repeat(401), " 12", "12\n", "../../etc", "伝票", "a.b"]) expect(parseRecordKey(s), s).toBeNull();
    expect(parseRecordKey("1234")).toBe("1234");
    for (const s of keys) expect(parseRecordKey(s), s).toBe(viaZod(recordKeySchema, s));
  });

  const ids = ["abc-123", "  abc  ", "", " ", "\t\n", "x".repeat(200), "x".repeat(201), ` ${"x".repeat(200)} `, "実行-1", "a b"];
  it("extension_execution_id: trimmed, 1-200 characters", () => {
    for (const s of ["", " ", "\t\n", "x".repeat(201)]) expect(parseExtensionId(s), JSON.stringify(s)).toBeNull();
    expect(parseExtensionId("  abc  ")).toBe("abc");
    expect(parseExtensionId(` ${"x".repeat(200)} `)).toBe("x".repeat(200));
    for (const s of ids) expect(parseExtensionId(s), JSON.stringify(s)).toBe(viaZod(extensionIdSchema, s));
  });

  it("reads a tab (`queue=`) as a slug; a bad one is no tab", () => {
    expect(readGridUrlState(receiveOrder, "?queue=kakunin").queue).toBe("kakunin");
    expect(readGridUrlState(receiveOrder, "?queue=Kaku%20nin").queue).toBeUndefined();
    expect(writeGridUrlState(receiveOrder, "/orders", { queue: "kakunin" })).toBe("/orders?queue=kakunin");
  });
});
