import { afterEach, describe, expect, it, vi } from "vitest";
import * as z from "zod/mini";
import { callCount, callSearch, parseOperationAnswer } from "./call-operation";

// The answer check is written by hand to keep zod out of the browser's first load; it must accept
// and refuse what this zod/mini schema does (and give the same data).
const answerSchema = z.object({
  rows: z.optional(z.array(z.record(z.string(), z.nullable(z.string())))),
  count: z.optional(z.number()),
});

const good: unknown[] = [
  {},
  { count: 0 },
  { count: 12.5 },
  { count: -1 },
  { rows: [] },
  { rows: [{}] },
  { rows: [{ a: "1", b: null }], count: 1 },
  { rows: [{ a: "" }, { b: "x" }], count: 2, result: "success", extra: { nested: true } },
  { rows: [{ "__proto__": "x" }] },
  JSON.parse('{"rows":[{"__proto__":"x","a":"1"}],"count":1}'),
  { rows: [Object.create(null) as object] },
];

const bad: unknown[] = [
  null,
  undefined,
  "",
  "rows",
  0,
  true,
  [],
  [{ rows: [] }],
  { rows: null },
  { rows: {} },
  { rows: "a" },
  { rows: [null] },
  { rows: [[]] },
  { rows: [["1", "2"]] },
  { rows: ["a"] },
  { rows: [1] },
  { rows: [{ a: 1 }] },
  { rows: [{ a: true }] },
  { rows: [{ a: ["x"] }] },
  { rows: [{ a: { b: "c" } }] },
  { rows: [{ a: "1" }, { b: 2 }] },
  { rows: [new Date()] },
  { count: null },
  { count: "3" },
  { count: Number.NaN },
  { count: Number.POSITIVE_INFINITY },
  { count: [] },
  { rows: [], count: "1" },
];

describe("operation answers", () => {
  it("accept what the zod schema accepted, keeping rows and count only", () => {
    for (const body of good) {
      const parsed = parseOperationAnswer(body);
      expect(parsed, JSON.stringify(body)).not.toBeNull();
      expect(answerSchema.safeParse(body).success, JSON.stringify(body)).toBe(true);
      expect(parsed).toEqual(answerSchema.parse(body));
      expect(Object.keys(parsed!).every((k) => k === "rows" || k === "count")).toBe(true);
    }
  });

  it("refuse what the zod schema refused", () => {
    for (const body of bad) {
      expect(parseOperationAnswer(body), String(JSON.stringify(body))).toBeNull();
      expect(answerSchema.safeParse(body).success, String(JSON.stringify(body))).toBe(false);
    }
  });

  it("pass the rows on as they came (no copy of a large page)", () => {
    const rows = Array.from({ length: 1000 }, (_, i) => ({ receive_order_id: String(i), receive_order_note: i % 2 ? null : "x" }));
    expect(parseOperationAnswer({ rows, count: 1000 })?.rows).toBe(rows);
  });
});

describe("answers that lie", () => {
  afterEach(() => vi.unstubAllGlobals());
  const answering = (body: unknown) => vi.stubGlobal("fetch", vi.fn(async () => new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } })));

  it("a search answer without rows is a retryable bad-response, never an empty page", async () => {
    answering({ count: 5 });
    await expect(callSearch("/api_v1_master_goods/search", { fields: ["goods_id"] })).rejects.toMatchObject({ code: "bad-response", retryable: true });
    answering({ rows: [], count: 0 });
    await expect(callSearch("/api_v1_master_goods/search", { fields: ["goods_id"] })).resolves.toEqual({ rows: [], count: 0 });
  });

  it("a count answer without count is a retryable bad-response, never 0", async () => {
    answering({ rows: [] });
    await expect(callCount("/api_v1_master_goods/count", {})).rejects.toMatchObject({ code: "bad-response", retryable: true });
    answering({ count: 0 });
    await expect(callCount("/api_v1_master_goods/count", {})).resolves.toEqual({ count: 0 });
  });
});

describe("background work", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("says so in x-backyard-priority; a call the person waits for sends no such header", async () => {
    const sent: Headers[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_url: string, init: RequestInit) => {
        sent.push(new Headers(init.headers));
        return new Response(JSON.stringify({ rows: [], count: 0 }), { status: 200, headers: { "content-type": "application/json" } });
      }),
    );
    await callSearch("/api_v1_master_goods/search", { fields: ["goods_id"] }, undefined, { background: true });
    await callCount("/api_v1_master_goods/count", {}, undefined, { background: true });
    await callSearch("/api_v1_master_goods/search", { fields: ["goods_id"] });
    expect(sent.map((h) => h.get("x-backyard-priority"))).toEqual(["background", "background", null]);
  });
});
