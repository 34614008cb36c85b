// The query engine over HTTP: every operator on every field of the order and order-row
// resources against a reference implementation, then the rules of DESIGN.md one by one, and the
// strictness of the real API (what the official operator table refuses for a type, unknown names).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NE_CODES } from "../lib/ne/codes";
import { resources } from "../lib/ne/registry";
import type { FieldDef, Operator, ResourceDef } from "../lib/ne/registry/types";
import { OPERATOR_TYPES, OPERATORS, VALUELESS_OPERATORS } from "../lib/ne/registry/types";
import type { RunningSandbox } from "./server";
import { compileCount } from "./query-engine";
import { call, login, startTestSandbox, type Tokens } from "./test-support";

let sb: RunningSandbox;
let tokens: Tokens;
beforeAll(async () => {
  sb = await startTestSandbox();
  tokens = await login(sb.url);
});
afterAll(async () => {
  await sb?.close();
});

type Row = Record<string, string | null>;

/** The sandbox's own code for a parameter the API refuses (the real one is not public). */
const REFUSED = NE_CODES.invalidParameter;

/** What the API accepts on a field: its type's operators (official table) that the registry gives it. */
function accepted(field: FieldDef, op: Operator): boolean {
  return OPERATOR_TYPES[op].includes(field.type) && field.operators.includes(op);
}

function search(path: string, params: Record<string, string | number | undefined>) {
  return call(sb.url, path, { access_token: tokens.access_token, ...params });
}

// --- reference semantics --------------------------------------------------------------------

function compare(field: FieldDef, a: string, b: string): number {
  if (field.type === "N") return Number(a) - Number(b);
  return Buffer.compare(Buffer.from(a), Buffer.from(b)); // D is fixed-width text; S is byte order
}

function likeRegex(pattern: string): RegExp {
  let out = "";
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i] ?? "";
    if (ch === "\\" && i + 1 < pattern.length) out += (pattern[++i] ?? "").replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    else if (ch === "%") out += "[\\s\\S]*";
    else if (ch === "_") out += "[\\s\\S]";
    else out += ch.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  }
  return new RegExp(`^${out}$`);
}

function normalizeDate(value: string): string {
  return value.length === 10 ? `${value} 00:00:00` : value;
}

function matches(field: FieldDef, op: Operator, raw: string, cell: string | null): boolean {
  const v = field.type === "D" ? normalizeDate(raw) : raw;
  switch (op) {
    case "eq":
      return cell !== null && compare(field, cell, v) === 0;
    case "neq":
      return cell !== null && compare(field, cell, v) !== 0;
    case "lt":
      return cell !== null && compare(field, cell, v) < 0;
    case "lte":
      return cell !== null && compare(field, cell, v) <= 0;
    case "gt":
      return cell !== null && compare(field, cell, v) > 0;
    case "gte":
      return cell !== null && compare(field, cell, v) >= 0;
    case "in":
      return cell !== null && raw.split(",").some((x) => compare(field, cell, field.type === "D" ? normalizeDate(x) : x) === 0);
    case "nin":
      return cell !== null && raw.split(",").every((x) => compare(field, cell, field.type === "D" ? normalizeDate(x) : x) !== 0);
    case "like":
      return cell !== null && likeRegex(raw).test(cell);
    case "nlike":
      return cell !== null && !likeRegex(raw).test(cell);
    case "nlikeornull":
      return cell === null || !likeRegex(raw).test(cell);
    case "blank":
      return cell === null || cell === "";
    case "nblank":
      return cell !== null && cell !== "";
    case "null":
      return cell === null;
    case "nnull":
      return cell !== null;
  }
}

function sampleValue(field: FieldDef, rows: readonly Row[], op: Operator): string {
  const values = [...new Set(rows.map((r) => r[field.name]).filter((v): v is string => v !== null && v !== undefined))].sort((a, b) =>
    compare(field, a, b),
  );
  const fallback = field.type === "N" ? "1" : field.type === "D" ? "2024-01-05 00:00:00" : "x";
  const mid = values[Math.floor(values.length / 2)] ?? fallback;
  switch (op) {
    case "in":
    case "nin":
      return [...new Set([values[0] ?? fallback, values[values.length - 1] ?? fallback])].join(",");
    case "like":
    case "nlike":
    case "nlikeornull":
      return field.type === "D" ? `${mid.slice(0, 7)}%` : `${[...mid].slice(0, Math.max(1, Math.min(2, [...mid].length - 1))).join("")}%`;
    default:
      return VALUELESS_OPERATORS.includes(op) ? "" : mid;
  }
}

async function sweep(resource: ResourceDef, path: string): Promise<number> {
  const pk = resource.primaryKey;
  const all = await search(path, { fields: resource.fields.map((f) => f.name).join(","), limit: 10000 });
  expect(all.result).toBe("success");
  const rows = all.data ?? [];
  expect(rows.length).toBeGreaterThanOrEqual(5);
  let checked = 0;
  // One call at a time: a second call in flight with one token would be refused (003902).
  for (const field of resource.fields.filter((f) => f.searchable)) {
    for (const op of OPERATORS.filter((o) => accepted(field, o))) {
      const value = sampleValue(field, rows, op);
      const answer = await search(path, { fields: pk.join(","), [`${field.name}-${op}`]: value });
      expect(answer.result, `${field.name}-${op}=${value}: ${JSON.stringify(answer)}`).toBe("success");
      const expected = rows.filter((r) => matches(field, op, value, r[field.name] ?? null)).map((r) => pk.map((k) => r[k]).join("|"));
      const got = (answer.data ?? []).map((r) => pk.map((k) => r[k]).join("|"));
      expect(got, `${field.name}-${op}=${value}`).toEqual(expected);
      checked++;
    }
  }
  return checked;
}

describe("every operator on every field (reference comparison)", () => {
  it("order slips", async () => {
    expect(await sweep(resources.receiveOrder, "/api_v1_receiveorder_base/search")).toBeGreaterThan(1000);
  }, 120_000);
  it("order rows", async () => {
    expect(await sweep(resources.receiveOrderRow, "/api_v1_receiveorder_row/search")).toBeGreaterThan(300);
  }, 120_000);
  it("goods", async () => {
    expect(await sweep(resources.goods, "/api_v1_master_goods/search")).toBeGreaterThan(300);
  }, 120_000);
});

const ORDERS = "/api_v1_receiveorder_base/search";
const ORDER_COUNT = "/api_v1_receiveorder_base/count";

async function ids(params: Record<string, string | number>): Promise<string[]> {
  const answer = await search(ORDERS, { fields: "receive_order_id", ...params });
  expect(answer.result, JSON.stringify(answer)).toBe("success");
  return (answer.data ?? []).map((r) => r.receive_order_id ?? "");
}

describe("type semantics", () => {
  it("N compares as numbers, not text", async () => {
    // totals: 1600, 2200, 3800, 4300, 6000, 6600, 8200, 8800, 10400, 11000, 12600, 13200
    expect(await ids({ "receive_order_total_amount-lt": "10000" })).toEqual(["1", "2", "3", "4", "5", "6", "7", "8"]);
    expect(await ids({ "receive_order_total_amount-gte": "10400" })).toEqual(["9", "10", "11", "12"]);
    expect(await ids({ "receive_order_total_amount-eq": "4300.0" })).toEqual(["4"]);
    expect(await ids({ "receive_order_total_amount-in": "1600, 13200" })).toEqual(["1", "12"]);
    expect(await ids({ "receive_order_credit_approval_rate-eq": "3.5" })).toEqual(["1", "4", "7", "10"]);
  });

  it("D compares as date-times and accepts a date alone or slashes", async () => {
    expect(await ids({ "receive_order_date-gt": "2024-01-10" })).toEqual(["10", "11", "12"]);
    expect(await ids({ "receive_order_date-lte": "2024/01/02 10:02:00" })).toEqual(["1", "2"]);
    expect(await ids({ "receive_order_date-gte": "2024-01-03 00:00:00", "receive_order_date-lt": "2024-01-05" })).toEqual(["3", "4"]);
    expect(await ids({ "receive_order_send_date-nnull": "" })).toEqual(["6", "12"]);
    expect(await ids({ "receive_order_last_modified_date-null": "" })).toEqual(["1", "2", "3", "4", "5", "6"]);
  });

  it("S: like with % wildcards, nlike excludes NULL, nlikeornull keeps it, blank matches NULL", async () => {
    expect(await ids({ "receive_order_shop_cut_form_id-like": "RK-%" })).toEqual(["1", "4", "7", "10"]);
    expect(await ids({ "receive_order_purchaser_name-like": "%田%" })).toEqual(["1", "2", "9"]);
    expect(await ids({ "receive_order_purchaser_name-nlike": "%田%" })).toEqual(["3", "4", "6", "7", "8", "10", "11", "12"]);
    expect(await ids({ "receive_order_purchaser_name-nlikeornull": "%田%" })).toEqual(["3", "4", "5", "6", "7", "8", "10", "11", "12"]);
    expect(await ids({ "receive_order_purchaser_name-blank": "" })).toEqual(["5"]);
    expect(await ids({ "receive_order_purchaser_name-nblank": "" })).toHaveLength(11);
    expect(await ids({ "receive_order_note-neq": "備考2" })).toEqual(["4", "6", "8", "10"]);
    expect(await ids({ "receive_order_order_status_id-nin": "1,2,20" })).toEqual(["4", "5", "6", "10", "11", "12"]);
  });

  it("ANDs several conditions", async () => {
    expect(
      await ids({ "receive_order_shop_id-eq": "1", "receive_order_total_amount-gt": "5000", "receive_order_date-lt": "2024-01-12" }),
    ).toEqual(["7", "10"]);
  });

  it("answers every value as a string or null, dates as JST YYYY-MM-DD HH:MM:SS", async () => {
    const answer = await search(ORDERS, { fields: "receive_order_id,receive_order_date,receive_order_send_date,receive_order_total_amount", limit: 1 });
    expect(answer.data?.[0]).toEqual({
      receive_order_id: "1",
      receive_order_date: "2024-01-01 10:01:00",
      receive_order_send_date: null,
      receive_order_total_amount: "1600",
    });
  });
});

describe("fields, paging and order", () => {
  it("trims field names and drops duplicates", async () => {
    const answer = await search(ORDERS, { fields: " receive_order_id ,  receive_order_shop_id,receive_order_id", limit: 1 });
    expect(Object.keys(answer.data?.[0] ?? {})).toEqual(["receive_order_id", "receive_order_shop_id"]);
  });

  it("requires fields on search but not on count", async () => {
    expect(await search(ORDERS, {})).toMatchObject({ result: "error", code: REFUSED });
    expect(await search(ORDERS, { fields: " , " })).toMatchObject({ result: "error", code: REFUSED });
    expect(await search(ORDER_COUNT, { fields: "" })).toMatchObject({ result: "success", count: "12" });
    expect(await search(ORDER_COUNT, {})).toMatchObject({ result: "success", count: "12" });
  });

  it("names an unknown field, condition field and operator in the error", async () => {
    const unknownField = await search(ORDERS, { fields: "receive_order_id, receive_order_nope" });
    expect(unknownField).toMatchObject({ result: "error", code: REFUSED });
    expect(unknownField.message).toContain("receive_order_nope");
    const unknownCondition = await search(ORDER_COUNT, { "receive_order_nope-eq": "1" });
    expect(unknownCondition).toMatchObject({ result: "error", code: REFUSED });
    expect(unknownCondition.message).toContain("receive_order_nope");
    const unknownOp = await search(ORDERS, { fields: "receive_order_id", "receive_order_id-between": "1" });
    expect(unknownOp).toMatchObject({ result: "error", code: REFUSED });
    expect(unknownOp.message).toContain("receive_order_id-between");
  });

  it("refuses bad values and the unsearchable grouping tag", async () => {
    expect(await search(ORDER_COUNT, { "receive_order_total_amount-gt": "abc" })).toMatchObject({ result: "error", code: REFUSED });
    expect(await search(ORDER_COUNT, { "receive_order_date-gt": "2024-02-30" })).toMatchObject({ result: "error", code: REFUSED });
    expect(await search(ORDER_COUNT, { "receive_order_total_amount-in": "1,x" })).toMatchObject({ result: "error", code: REFUSED });
    const tag = await search(ORDER_COUNT, { "receive_order_gruoping_tag-eq": "[至急]" });
    expect(tag).toMatchObject({ result: "error", code: REFUSED });
    expect(tag.message).toContain("receive_order_gruoping_tag");
  });

  it("pages with offset/limit; count is the answer's rows, the count twin the total", async () => {
    const page = await search(ORDERS, { fields: "receive_order_id", offset: 1, limit: 2 });
    expect(page).toMatchObject({ result: "success", count: "2" });
    expect(page.data?.map((r) => r.receive_order_id)).toEqual(["2", "3"]);
    const last = await search(ORDERS, { fields: "receive_order_id", offset: 10, limit: 5 });
    expect(last.count).toBe("2");
    const beyond = await search(ORDERS, { fields: "receive_order_id", offset: 50 });
    expect(beyond).toMatchObject({ result: "success", count: "0", data: [] });
    expect((await search(ORDERS, { fields: "receive_order_id" })).count).toBe("12");
    expect((await search(ORDERS, { fields: "receive_order_id", limit: 10000 })).count).toBe("12");
    expect((await search(ORDER_COUNT, { "receive_order_shop_id-eq": "1" })).count).toBe("4");
  });

  it("refuses limit below 1, above 10000, and non-integers", async () => {
    for (const limit of ["0", "-1", "10001", "1.5", "ten"]) {
      const answer = await search(ORDERS, { fields: "receive_order_id", limit });
      expect(answer, `limit=${limit}`).toMatchObject({ result: "error", code: REFUSED });
      expect(answer.access_token).toBe(tokens.access_token);
    }
    expect(await search(ORDERS, { fields: "receive_order_id", offset: "-1" })).toMatchObject({ result: "error" });
  });

  it("accepts 1000 values in in/nin and refuses 1001", async () => {
    const thousand = Array.from({ length: 1000 }, (_, i) => String(i + 1)).join(",");
    expect((await search(ORDER_COUNT, { "receive_order_id-in": thousand })).count).toBe("12");
    expect((await search(ORDER_COUNT, { "receive_order_id-nin": thousand })).count).toBe("0");
    const tooMany = await search(ORDER_COUNT, { "receive_order_id-in": `${thousand},1001` });
    expect(tooMany).toMatchObject({ result: "error", code: REFUSED });
  });

  it("answers rows in primary-key order (composite keys too)", async () => {
    const rows = await search("/api_v1_receiveorder_row/search", {
      fields: "receive_order_row_receive_order_id,receive_order_row_no",
      "receive_order_row_receive_order_id-lte": "4",
    });
    expect(rows.data?.map((r) => `${r.receive_order_row_receive_order_id}-${r.receive_order_row_no}`)).toEqual([
      "1-1",
      "2-1",
      "2-2",
      "3-1",
      "3-2",
      "3-3",
      "4-1",
    ]);
  });

  it("the minimal seed's order rows are valid (spec 2.6: receive_order_row_deleted_flag 1 = valid)", async () => {
    const valid = await search("/api_v1_receiveorder_row/search", { fields: "receive_order_row_receive_order_id", "receive_order_row_deleted_flag-eq": "1" });
    const all = await search("/api_v1_receiveorder_row/search", { fields: "receive_order_row_receive_order_id,receive_order_row_deleted_flag" });
    expect(all.data?.length).toBeGreaterThan(0);
    expect(valid.data?.length).toBe(all.data?.length);
    expect(new Set(all.data?.map((r) => r.receive_order_row_deleted_flag))).toEqual(new Set(["1"]));
  });

  it("accepts paths with a trailing slash and answers HTTP 200 on error", async () => {
    const res = await fetch(`${sb.url}${ORDERS}/`, {
      method: "POST",
      body: new URLSearchParams({ access_token: tokens.access_token, fields: "nope" }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(await res.json()).toMatchObject({ result: "error", code: REFUSED });
  });
});

describe("strict as the API: what the official operator table refuses for a type", () => {
  it("refuses, on every searchable field of orders, order rows and goods, each operator its type does not take", async () => {
    let refused = 0;
    const paths = [
      [resources.receiveOrder, ORDER_COUNT],
      [resources.receiveOrderRow, "/api_v1_receiveorder_row/count"],
      [resources.goods, "/api_v1_master_goods/count"],
    ] as const;
    for (const [resource, path] of paths) {
      for (const field of resource.fields.filter((f) => f.searchable)) {
        for (const op of OPERATORS.filter((o) => !OPERATOR_TYPES[o].includes(field.type))) {
          const key = `${field.name}-${op}`;
          const answer = await search(path, { [key]: VALUELESS_OPERATORS.includes(op) ? "" : "1" });
          expect(answer, key).toMatchObject({ result: "error", code: REFUSED });
          expect(answer.message, key).toContain(key);
          refused++;
        }
      }
    }
    // Numbers and date-times refuse like/nlike/nlikeornull, date-times in/nin too, strings lt/lte/gt/gte.
    expect(refused).toBeGreaterThan(1000);
  }, 120_000);

  it("a few by name: before on text, like on a number, is any of on a date", async () => {
    for (const key of ["receive_order_purchaser_name-lt", "receive_order_total_amount-like", "receive_order_date-in", "receive_order_date-nlikeornull"]) {
      const answer = await search(ORDER_COUNT, { [key]: "1" });
      expect(answer, key).toMatchObject({ result: "error", code: REFUSED, access_token: tokens.access_token });
      expect(answer.message).toContain(key);
    }
  });

  it("refuses them even where a registry offers them (the table, not the registry, is the API's)", () => {
    const amount = resources.receiveOrder.fields.find((f) => f.name === "receive_order_total_amount")!;
    const lax: ResourceDef = {
      ...resources.receiveOrder,
      fields: resources.receiveOrder.fields.map((f) => (f === amount ? { ...f, operators: [...OPERATORS] } : f)),
    };
    const reader = (params: Record<string, string>) => ({ get: (k: string) => params[k], keys: () => Object.keys(params) });
    expect(() => compileCount(lax, reader({ "receive_order_total_amount-like": "1%" }), "NE0000000001")).toThrow(
      expect.objectContaining({ code: REFUSED, message: expect.stringContaining("receive_order_total_amount-like") }),
    );
    // What the type takes still compiles.
    expect(compileCount(lax, reader({ "receive_order_total_amount-gte": "1" }), "NE0000000001").sql).toContain(">=");
  });
});
