import { describe, expect, it, vi } from "vitest";
import { NeError } from "@/lib/ne/errors";
import type { NeCallResult, NeRequest } from "@/lib/ne/server/client";
import { handleOperation, resolveBrowserOperation, type ProxyDeps } from "./proxy";

const ORIGIN = "http://localhost:3000";

function deps(result?: Partial<NeCallResult["envelope"]> | Error, sessionKey: string | null = "sk-1") {
  const calls: { key: string; path: string; request: NeRequest }[] = [];
  const d: ProxyDeps = {
    sessionKey: async () => sessionKey,
    call: vi.fn(async (key: string, path: string, request: NeRequest) => {
      calls.push({ key, path, request });
      if (result instanceof Error) throw result;
      return { envelope: { result: "success", extra: {}, ...result }, tokens: null } as NeCallResult;
    }),
  };
  return { d, calls };
}

function post(path: string, body: unknown, headers: Record<string, string> = {}): [Request, string[]] {
  const req = new Request(`${ORIGIN}/api/ne/${path}`, {
    method: "POST",
    headers: { host: "localhost:3000", origin: ORIGIN, "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return [req, path.split("/")];
}

async function errorOf(res: Response) {
  const body = (await res.json()) as { error: { code: string; message: string; retryable: boolean } };
  return body.error;
}

const orderSearch = {
  fields: ["receive_order_id", "receive_order_shop_id"],
  conditions: [{ field: "receive_order_order_status_id", op: "eq", value: "20" }],
  limit: 100,
};

describe("BFF proxy", () => {
  it("forwards a valid search with the session key and answers rows and count", async () => {
    const { d, calls } = deps({ data: [{ receive_order_id: "1", receive_order_shop_id: "2" }], count: 1 });
    const res = await handleOperation(...post("api_v1_receiveorder_base/search", orderSearch), d);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ rows: [{ receive_order_id: "1", receive_order_shop_id: "2" }], count: 1 });
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ key: "sk-1", path: "/api_v1_receiveorder_base/search" });
    expect(calls[0]!.request.conditions).toEqual([{ field: "receive_order_order_status_id", op: "eq", value: "20" }]);
  });

  it("passes the page's priority on: interactive without the header, background when it says so, a 400 for anything else", async () => {
    const { d } = deps({ data: [], count: 0 });
    expect((await handleOperation(...post("api_v1_receiveorder_base/search", orderSearch), d)).status).toBe(200);
    expect((await handleOperation(...post("api_v1_receiveorder_base/search", orderSearch, { "x-backyard-priority": "background" }), d)).status).toBe(200);
    expect((await handleOperation(...post("api_v1_receiveorder_base/search", orderSearch, { "x-backyard-priority": "interactive" }), d)).status).toBe(200);
    expect(vi.mocked(d.call).mock.calls.map((c) => c[3].priority)).toEqual(["interactive", "background", "interactive"]);
    const refused = await handleOperation(...post("api_v1_receiveorder_base/search", orderSearch, { "x-backyard-priority": "urgent" }), d);
    expect(refused.status).toBe(400);
    expect((await errorOf(refused)).code).toBe("invalid-request");
    expect(d.call).toHaveBeenCalledTimes(3);
  });

  it("strips token-like keys from every row", async () => {
    const { d } = deps({ data: [{ receive_order_id: "1", access_token: "leak", refresh_token: "leak2" }], count: 1 });
    const res = await handleOperation(...post("api_v1_receiveorder_base/search", orderSearch), d);
    const text = await res.text();
    expect(text).not.toContain("leak");
  });

  it.each([
    ["api_neauth", "token issue"],
    ["api_app/company", "company list"],
    ["api_v1_no_such/search", "unknown operation"],
    ["..%2f..%2fapi_neauth", "encoded escape"],
    ["../api_neauth", "dot segments"],
    ["%2e%2e/api_neauth", "encoded dots"],
    ["/evil.example/search", "double slash"],
    ["api_v1_receiveorder_base/search/extra", "extra segment"],
    ["API_V1_RECEIVEORDER_BASE/search", "wrong case"],
  ])("refuses %s (%s) with 404 and sends nothing", async (path) => {
    const { d, calls } = deps({ data: [], count: 0 });
    const [req] = post("x", orderSearch);
    const res = await handleOperation(req, path.split("/"), d);
    expect(res.status).toBe(404);
    expect((await errorOf(res)).code).toBe("unknown-operation");
    expect(calls).toHaveLength(0);
  });

  it("never resolves the sign-in operations", () => {
    expect(resolveBrowserOperation(["api_neauth"])).toBeUndefined();
    expect(resolveBrowserOperation(["api_app", "company"])).toBeUndefined();
    expect(resolveBrowserOperation(["api_v1_master_goods", "search"])?.path).toBe("/api_v1_master_goods/search");
  });

  it("refuses a cross-origin POST", async () => {
    const { d, calls } = deps({ data: [] });
    const res = await handleOperation(...post("api_v1_receiveorder_base/search", orderSearch, { origin: "https://evil.example" }), d);
    expect(res.status).toBe(403);
    expect((await errorOf(res)).code).toBe("foreign-origin");
    expect(calls).toHaveLength(0);
  });

  it("does not resolve the upload operations: uploads go through the upload journal only", async () => {
    expect(resolveBrowserOperation(["api_v1_warehouse_stock", "upload"])).toBeUndefined();
    expect(resolveBrowserOperation(["api_v1_master_goods", "upload"])).toBeUndefined();
    const { d, calls } = deps({ queId: "1" });
    const res = await handleOperation(...post("api_v1_warehouse_stock/upload", { upload: { dataType: "csv", data: Buffer.from("a,b\n").toString("base64") } }), d);
    expect(res.status).toBe(404);
    expect(calls).toHaveLength(0);
  });

  it.each([
    [{ ...orderSearch, fields: ["no_such_field"] }, /unknown field no_such_field/],
    [{ ...orderSearch, conditions: [{ field: "receive_order_nope", op: "eq", value: "1" }] }, /unknown field receive_order_nope/],
    [{ ...orderSearch, limit: 0 }, /limit/],
    [{ ...orderSearch, limit: 10001 }, /limit/],
    [{ ...orderSearch, limit: 1.5 }, /limit/],
    [{ ...orderSearch, offset: -1 }, /offset/],
    [{ fields: [] }, /fields is required/],
    [{ ...orderSearch, conditions: [{ field: "receive_order_id", op: "regex", value: "1" }] }, /op/],
    [{ ...orderSearch, conditions: [{ field: "receive_order_id", op: "eq", value: "abc" }] }, /takes a number/],
    [{ ...orderSearch, conditions: [{ field: "receive_order_date", op: "gt", value: "yesterday" }] }, /date-time/],
    [{ ...orderSearch, conditions: [{ field: "receive_order_gruoping_tag", op: "like", value: "%a%" }] }, /cannot be searched/],
    [{ ...orderSearch, conditions: [{ field: "receive_order_id", op: "in", value: Array.from({ length: 1001 }, (_, i) => String(i)) }] }, /1000|value/],
    [{ ...orderSearch, conditions: [{ field: "receive_order_id", op: "eq" }] }, /needs a value/],
    // Operators the official table refuses for the field's type: refused here, never sent upstream.
    [{ ...orderSearch, conditions: [{ field: "receive_order_purchaser_name", op: "lt", value: "abc" }] }, /receive_order_purchaser_name \(string\) does not take lt/],
    [{ ...orderSearch, conditions: [{ field: "receive_order_date", op: "in", value: ["2026-01-01 00:00:00"] }] }, /receive_order_date \(date-time\) does not take in/],
    [{ ...orderSearch, conditions: [{ field: "receive_order_date", op: "like", value: "2026%" }] }, /does not take like/],
    [{ ...orderSearch, conditions: [{ field: "receive_order_total_amount", op: "nlike", value: "1%" }] }, /receive_order_total_amount \(number\) does not take nlike/],
    [{ ...orderSearch, access_token: "x" }, /access_token|Unrecognized/i],
    [{ ...orderSearch, upload: { dataType: "csv", data: "" } }, /upload|unrecognized/i],
  ])("refuses a bad request %#", async (body, message) => {
    const { d, calls } = deps({ data: [] });
    const res = await handleOperation(...post("api_v1_receiveorder_base/search", body), d);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toMatch(message);
    expect(calls).toHaveLength(0);
  });

  it("refuses non-JSON and other methods", async () => {
    const { d } = deps({ data: [] });
    expect((await handleOperation(...post("api_v1_receiveorder_base/search", "{not json"), d)).status).toBe(400);
    const [req, segs] = post("api_v1_receiveorder_base/search", orderSearch, { "content-type": "text/plain" });
    expect((await handleOperation(req, segs, d)).status).toBe(415);
    const get = new Request(`${ORIGIN}/api/ne/api_v1_receiveorder_base/search`, { method: "GET" });
    expect((await handleOperation(get, ["api_v1_receiveorder_base", "search"], d)).status).toBe(405);
  });

  it("answers 401 without a session", async () => {
    const { d, calls } = deps({ data: [] }, null);
    const res = await handleOperation(...post("api_v1_receiveorder_base/search", orderSearch), d);
    expect(res.status).toBe(401);
    expect(calls).toHaveLength(0);
  });

  it("answers a success without the rows of a search, or without the count of a count, as bad-response", async () => {
    const search = await handleOperation(...post("api_v1_receiveorder_base/search", orderSearch), deps({ count: 3 }).d);
    expect(search.status).toBeGreaterThanOrEqual(500);
    expect(await errorOf(search)).toMatchObject({ code: "bad-response", retryable: true });

    const count = await handleOperation(...post("api_v1_receiveorder_base/count", { conditions: orderSearch.conditions }), deps({ data: [] }).d);
    expect(count.status).toBeGreaterThanOrEqual(500);
    expect(await errorOf(count)).toMatchObject({ code: "bad-response", retryable: true });

    // An empty page is data: [] and a count of none is 0: both are answers, not errors.
    const empty = await handleOperation(...post("api_v1_receiveorder_base/search", orderSearch), deps({ data: [], count: 0 }).d);
    expect(await empty.json()).toEqual({ rows: [], count: 0 });
    const zero = await handleOperation(...post("api_v1_receiveorder_base/count", { conditions: orderSearch.conditions }), deps({ count: 0 }).d);
    expect(await zero.json()).toEqual({ count: 0 });
  });

  it("maps upstream errors to {code, message, retryable} with a fitting status", async () => {
    const busy = new NeError({ code: "003002", kind: "busy", message: "busy" });
    const { d } = deps(busy);
    const res = await handleOperation(...post("api_v1_receiveorder_base/search", orderSearch), d);
    expect(res.status).toBe(503);
    expect(await errorOf(res)).toMatchObject({ code: "003002", retryable: true });

    const expired = new NeError({ code: "002004", kind: "auth-expired", message: "expired" });
    const res2 = await handleOperation(...post("api_v1_receiveorder_base/search", orderSearch), deps(expired).d);
    expect(res2.status).toBe(401);
    expect(await errorOf(res2)).toMatchObject({ code: "002004", retryable: false });
  });
});

/** A chunked body of `total` bytes made on demand (never held whole), counting what was pulled. */
function chunkedBody(total: number, chunk = 64 * 1024) {
  const piece = new Uint8Array(chunk).fill(0x20);
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= total) return controller.close();
      const n = Math.min(chunk, total - sent);
      sent += n;
      controller.enqueue(n === chunk ? piece : piece.subarray(0, n));
    },
  });
  return { stream, pulled: () => sent };
}

function chunkedPost(path: string, body: ReadableStream<Uint8Array>, headers: Record<string, string> = {}): [Request, string[]] {
  const req = new Request(`${ORIGIN}/api/ne/${path}`, {
    method: "POST",
    headers: { host: "localhost:3000", origin: ORIGIN, "content-type": "application/json", ...headers },
    body,
    duplex: "half",
  } as RequestInit);
  return [req, path.split("/")];
}

describe("BFF proxy: request bodies", () => {
  it("stops reading a chunked body at the operation's limit and answers 413", async () => {
    const { d, calls } = deps({ data: [] });
    const body = chunkedBody(300 * 1024 * 1024);
    const [req, segs] = chunkedPost("api_v1_receiveorder_base/search", body.stream);
    const res = await handleOperation(req, segs, d);
    expect(res.status).toBe(413);
    expect((await errorOf(res)).code).toBe("too-large");
    // 1 MB limit: the reader stopped within a chunk or two of it, not at 300 MB.
    expect(body.pulled()).toBeLessThan(2 * 1024 * 1024);
    expect(calls).toHaveLength(0);
  });

  it("reads no body at all without a session", async () => {
    const { d, calls } = deps({ data: [] }, null);
    const body = chunkedBody(300 * 1024 * 1024);
    const [req, segs] = chunkedPost("api_v1_receiveorder_base/search", body.stream);
    const res = await handleOperation(req, segs, d);
    expect(res.status).toBe(401);
    // At most what the stream had queued before it was cancelled: nothing was read.
    expect(body.pulled()).toBeLessThanOrEqual(64 * 1024);
    expect(calls).toHaveLength(0);
  });

  it("refuses a declared Content-Length over the limit without reading the body", async () => {
    const { d, calls } = deps({ data: [] });
    const body = chunkedBody(5 * 1024 * 1024);
    const [req, segs] = chunkedPost("api_v1_receiveorder_base/search", body.stream, { "content-length": String(5 * 1024 * 1024) });
    const res = await handleOperation(req, segs, d);
    expect(res.status).toBe(413);
    expect(body.pulled()).toBeLessThanOrEqual(64 * 1024);
    expect(calls).toHaveLength(0);
  });

  it("takes application/json with a charset and nothing looser", async () => {
    const { d } = deps({ data: [] });
    for (const [type, status] of [
      ["application/json; charset=utf-8", 200],
      ["Application/JSON", 200],
      ["application/jsonp", 415],
      ["application/json-patch+json", 415],
      ["application/json; boundary=x", 415],
      ["text/plain", 415],
    ] as const) {
      const [req, segs] = post("api_v1_receiveorder_base/search", orderSearch, { "content-type": type });
      expect((await handleOperation(req, segs, d)).status, type).toBe(status);
    }
  });

  it("refuses a request another site made (Sec-Fetch-Site), and takes the page's own", async () => {
    const { d } = deps({ data: [] });
    for (const [site, status] of [
      ["cross-site", 403],
      ["same-site", 403],
      ["none", 403],
      ["same-origin", 200],
    ] as const) {
      const [req, segs] = post("api_v1_receiveorder_base/search", orderSearch, { "sec-fetch-site": site });
      expect((await handleOperation(req, segs, d)).status, site).toBe(status);
    }
  });
});

