import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { API_CODE_KINDS } from "../testing/code-kinds";
import iconv from "iconv-lite";
import { getEventListeners } from "node:events";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { gunzipSync, gzipSync } from "node:zlib";
import { createNeClient, resolveOperationUrl, type NeClient } from "./client";
import { NeError, toPublicError, type NeErrorKind } from "../errors";
import { decodeForm, decodeFormBytes, json, silent, startUpstream, text, type Upstream } from "./test-upstream";

let upstream: Upstream;
let client: NeClient;

beforeAll(async () => {
  upstream = await startUpstream();
  client = createNeClient({ baseUrl: upstream.baseUrl, timeoutMs: 5_000 });
});
afterAll(() => upstream.close());
afterEach(() => {
  upstream.requests.length = 0;
  upstream.handle(json({ result: "success" }));
});

const credentials = { accessToken: "AT-old", refreshToken: "RT-old" };
const rotated = {
  access_token: "AT-new",
  access_token_end_date: "2024-03-02 09:00:00",
  refresh_token: "RT-new",
  refresh_token_end_date: "2024-03-04 09:00:00",
};

async function callError(run: () => Promise<unknown>): Promise<NeError> {
  try {
    await run();
  } catch (err) {
    if (err instanceof NeError) return err;
    throw err;
  }
  throw new Error("expected the call to fail");
}

describe("request", () => {
  it("POSTs a byte-exact form with only its own headers", async () => {
    await client.call(
      "/api_v1_receiveorder_base/search",
      {
        fields: ["receive_order_id", "receive_order_purchaser_name"],
        conditions: [
          { field: "receive_order_purchaser_name", op: "like", value: "山田 花子%" },
          { field: "receive_order_order_status_id", op: "in", value: ["1", "2", "20"] },
          { field: "receive_order_shop_id", op: "nin", value: ["3"] },
          { field: "receive_order_note", op: "nblank" },
          { field: "receive_order_cancel_date", op: "nnull" },
          { field: "receive_order_last_modified_date", op: "gte", value: "2024-03-01 00:00:00" },
        ],
        offset: 10,
        limit: 50,
        waitFlag: true,
        extensionExecutionId: "77",
        params: { client_id: "cid", state: "a&b=c" },
      },
      credentials,
    );
    expect(upstream.requests).toHaveLength(1);
    const [req] = upstream.requests;
    if (!req) throw new Error("no request");
    expect(req.method).toBe("POST");
    expect(req.url).toBe("/api_v1_receiveorder_base/search");
    expect(req.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(req.headers.accept).toBe("application/json");
    expect(req.headers.cookie).toBeUndefined();
    expect(req.headers.authorization).toBeUndefined();
    expect(Number(req.headers["content-length"])).toBe(req.body.length);
    expect(decodeForm(req.body)).toEqual([
      ["access_token", "AT-old"],
      ["refresh_token", "RT-old"],
      ["wait_flag", "1"],
      ["fields", "receive_order_id,receive_order_purchaser_name"],
      ["receive_order_purchaser_name-like", "山田 花子%"],
      ["receive_order_order_status_id-in", "1,2,20"],
      ["receive_order_shop_id-nin", "3"],
      ["receive_order_note-nblank", ""],
      ["receive_order_cancel_date-nnull", ""],
      ["receive_order_last_modified_date-gte", "2024-03-01 00:00:00"],
      ["offset", "10"],
      ["limit", "50"],
      ["extension_execution_id", "77"],
      ["client_id", "cid"],
      ["state", "a&b=c"],
    ]);
    // The body is plain ASCII, read the same by a standard decoder.
    expect(new URLSearchParams(req.body.toString("latin1")).get("receive_order_purchaser_name-like")).toBe("山田 花子%");
  });

  it("sends no tokens when given none (login operations)", async () => {
    await client.call("/api_neauth", { params: { uid: "u", state: "s", client_id: "c", client_secret: "x" } });
    expect(decodeForm(upstream.requests[0]?.body ?? Buffer.alloc(0)).map(([k]) => k)).toEqual(["uid", "state", "client_id", "client_secret"]);
  });

  const csvText = "拠点名,商品コード,加算数,減算数,入出庫理由\r\n本社倉庫,表示ソ-001,5,,入荷 A+B&C=D%\r\nﾊﾝｶｸ倉庫,能力-002,,1,\\調整\r\n";

  it("delivers a Shift_JIS CSV byte for byte", async () => {
    const sjis = iconv.encode(csvText, "Shift_JIS");
    // The file has bytes that are not UTF-8 and trail bytes equal to `\` (0x5C).
    expect(sjis.includes(0x5c)).toBe(true);
    upstream.handle(json({ result: "success", que_id: "101", ...rotated }));
    const { envelope } = await client.call("/api_v1_warehouse_stock/upload", { params: { data_type: "csv" }, data: sjis }, credentials);
    expect(envelope.queId).toBe("101");
    const pairs = decodeFormBytes(upstream.requests[0]?.body ?? Buffer.alloc(0));
    expect(pairs.map(([k]) => k)).toEqual(["access_token", "refresh_token", "data_type", "data"]);
    const data = pairs[3]?.[1];
    expect(data?.equals(sjis)).toBe(true);
    expect(iconv.decode(data ?? Buffer.alloc(0), "Shift_JIS")).toBe(csvText);
  });

  it("delivers a gzip payload and every byte value byte for byte", async () => {
    const gz = gzipSync(iconv.encode(csvText, "Shift_JIS"));
    await client.call("/api_v1_master_goods/upload", { params: { data_type: "gz" }, data: gz }, credentials);
    const data = decodeFormBytes(upstream.requests[0]?.body ?? Buffer.alloc(0)).find(([k]) => k === "data")?.[1];
    expect(data?.equals(gz)).toBe(true);
    expect(iconv.decode(gunzipSync(data ?? Buffer.alloc(0)), "Shift_JIS")).toBe(csvText);

    const every = Buffer.from(Array.from({ length: 512 }, (_, i) => i % 256));
    await client.call("/api_v1_master_goods/upload", { params: { data_type: "csv" }, data: every }, credentials);
    const got = decodeFormBytes(upstream.requests[1]?.body ?? Buffer.alloc(0)).find(([k]) => k === "data")?.[1];
    expect(got?.equals(every)).toBe(true);
  });
});

describe("paths", () => {
  it.each(["//evil.example/x", "/../x", "/%2e%2e/x", "/api_x/../../y", "http://evil/x", "/api?x=1", "/api_x\\..\\y", "/api#x", "api_x", "", "/API_X", "/a/b/c", "/api_x//"])(
    "refuses %j without sending anything",
    async (path) => {
      const spy = vi.fn(globalThis.fetch);
      const guarded = createNeClient({ baseUrl: upstream.baseUrl, fetch: spy });
      const err = await callError(() => guarded.call(path, {}, credentials));
      expect(err.kind).toBe("invalid-request");
      expect(err.code).toBe("invalid-request");
      expect(spy).not.toHaveBeenCalled();
      expect(upstream.requests).toHaveLength(0);
    },
  );

  it("refuses a bad parameter without sending anything", async () => {
    const spy = vi.fn(globalThis.fetch);
    const guarded = createNeClient({ baseUrl: upstream.baseUrl, fetch: spy });
    const err = await callError(() => guarded.call("/api_v1_master_goods/search", { limit: 0 }, credentials));
    expect(err.kind).toBe("invalid-request");
    expect(spy).not.toHaveBeenCalled();
  });

  it("allows a trailing slash and keeps the base's own path", async () => {
    await client.call("/api_neauth/");
    await client.call("/api_v1_master_goods/search/");
    const prefixed = createNeClient({ baseUrl: `${upstream.baseUrl}/ne/` });
    await prefixed.call("/api_v1_master_goods/search");
    expect(upstream.requests.map((r) => r.url)).toEqual(["/api_neauth/", "/api_v1_master_goods/search/", "/ne/api_v1_master_goods/search"]);
  });

  it("resolves under the base and nowhere else", () => {
    const base = new URL("https://api.next-engine.org");
    expect(resolveOperationUrl(base, "/api_v1_master_goods/search").href).toBe("https://api.next-engine.org/api_v1_master_goods/search");
    expect(() => resolveOperationUrl(base, "//api.evil.example/x")).toThrow(NeError);
  });

  it("refuses a base URL that is not plain http(s)", () => {
    for (const baseUrl of ["not a url", "ftp://host/", "https://u:p@host/", "https://host/?a=1", "https://host/#x"]) {
      expect(() => createNeClient({ baseUrl }), baseUrl).toThrow(TypeError);
    }
  });
});

describe("answers", () => {
  it("returns the envelope and the renewed tokens", async () => {
    upstream.handle(json({ result: "success", count: "2", data: [{ goods_id: "A" }, { goods_id: "B" }], ...rotated }));
    const { envelope, tokens } = await client.call("/api_v1_master_goods/search", { fields: ["goods_id"] }, credentials);
    expect(envelope).toEqual({ result: "success", count: 2, data: [{ goods_id: "A" }, { goods_id: "B" }], extra: {} });
    expect(tokens).toEqual({
      accessToken: "AT-new",
      refreshToken: "RT-new",
      accessTokenEndDate: new Date("2024-03-02T00:00:00Z"),
      refreshTokenEndDate: new Date("2024-03-04T00:00:00Z"),
    });
  });

  it("reads count as a number", async () => {
    upstream.handle(json({ result: "success", count: 4321 }));
    const { envelope, tokens } = await client.call("/api_v1_master_goods/count", {}, credentials);
    expect(envelope.count).toBe(4321);
    expect(tokens).toBeNull();
  });

  it("keeps the sent refresh token when only the access token is renewed", async () => {
    upstream.handle(json({ result: "success", access_token: "AT-new", access_token_end_date: "0000-00-00 00:00:00" }));
    const { tokens } = await client.call("/api_v1_master_goods/count", {}, credentials);
    expect(tokens).toEqual({ accessToken: "AT-new", refreshToken: "RT-old", accessTokenEndDate: null, refreshTokenEndDate: null });
  });

  it("returns /api_neauth's top-level fields", async () => {
    upstream.handle(json({ result: "success", ...rotated, company_ne_id: "NE1", company_name: "サンドボックス商店", pic_name: "山田", uid: "u1" }));
    const { envelope, tokens } = await client.call("/api_neauth", { params: { uid: "u1", state: "s" } });
    expect(envelope.extra).toEqual({ company_ne_id: "NE1", company_name: "サンドボックス商店", pic_name: "山田", uid: "u1" });
    expect(tokens?.accessToken).toBe("AT-new");
  });

  it("throws an error with a string message, carrying the renewed tokens", async () => {
    upstream.handle(json({ result: "error", code: "003002", message: "メインサーバーが混み合っています", ...rotated }));
    const err = await callError(() => client.call("/api_v1_master_goods/search", {}, credentials));
    expect([err.code, err.kind, err.retryable, err.httpStatus]).toEqual(["003002", "busy", true, 200]);
    expect(err.message).toBe("メインサーバーが混み合っています");
    expect(err.rawMessage).toBe("メインサーバーが混み合っています");
    expect(err.tokens?.accessToken).toBe("AT-new");
    expect(err.tokens?.refreshToken).toBe("RT-new");
  });

  it("throws an error with an array message, readable and raw", async () => {
    const message = [
      { field: "kasan_su", message: "2行目: 数値ではありません" },
      { field: "syohin_code", message: "3行目: 商品がありません" },
    ];
    upstream.handle(json({ result: "error", code: "003003", message, ...rotated }));
    const err = await callError(() => client.call("/api_v1_warehouse_stock/upload", { params: { data_type: "csv" }, data: Buffer.from("a\n") }, credentials));
    expect([err.code, err.kind, err.retryable]).toEqual(["003003", "invalid-request", false]);
    expect(err.message).toBe("kasan_su: 2行目: 数値ではありません\nsyohin_code: 3行目: 商品がありません");
    expect(err.rawMessage).toEqual(message);
    expect(err.tokens?.accessToken).toBe("AT-new");
  });

  it("throws auth-expired on result=redirect", async () => {
    upstream.handle(json({ result: "redirect" }));
    const err = await callError(() => client.call("/api_v1_master_goods/search", {}, { accessToken: "AT-old" }));
    expect([err.code, err.kind, err.retryable]).toEqual(["redirect", "auth-expired", false]);
    expect(err.tokens).toBeNull();
  });

  const kinds: Array<readonly [string, NeErrorKind, boolean]> = [
    ...API_CODE_KINDS,
    ["123456", "upstream-failure", false],
  ];
  it.each(kinds)("maps code %s to %s", async (code, kind, retryable) => {
    upstream.handle(json({ result: "error", code, message: `error ${code}` }));
    const err = await callError(() => client.call("/api_v1_master_goods/search", {}, credentials));
    expect([err.code, err.kind, err.retryable, err.message]).toEqual([code, kind, retryable, `error ${code}`]);
  });

  it("reads a 4xx with an error envelope as that error", async () => {
    upstream.handle(json({ result: "error", code: "004001", message: "権限がありません", ...rotated }, 403));
    const err = await callError(() => client.call("/api_v1_master_goods/search", {}, credentials));
    expect([err.code, err.kind, err.httpStatus]).toEqual(["004001", "forbidden", 403]);
    expect(err.tokens?.accessToken).toBe("AT-new");
  });

  it.each([
    ["HTTP 500 with an error envelope", json({ result: "error", code: "003001", message: "x", ...rotated }, 500), "http-status", 500],
    ["HTTP 502 HTML", text("<html>Bad Gateway</html>", 502), "http-status", 502],
    ["HTTP 404 HTML", text("<html>Not Found</html>", 404), "http-status", 404],
    ["HTTP 400 with a success envelope", json({ result: "success" }, 400), "http-status", 400],
    ["HTTP 200 not JSON", text("<html>maintenance</html>", 200), "bad-response", 200],
    ["HTTP 200 truncated JSON", text('{"result":"succ', 200, "application/json"), "bad-response", 200],
    ["HTTP 200 JSON that is not an envelope", json({ status: "ok" }), "bad-response", 200],
    ["HTTP 200 error without code", json({ result: "error", message: "?" }), "bad-response", 200],
  ] as const)("%s → upstream-failure", async (_name, handler, code, status) => {
    upstream.handle(handler);
    const err = await callError(() => client.call("/api_v1_master_goods/search", {}, credentials));
    expect([err.code, err.kind, err.retryable, err.httpStatus]).toEqual([code, "upstream-failure", true, status]);
  });

  it("still hands over tokens from a 5xx envelope", async () => {
    upstream.handle(json({ result: "error", code: "999999", message: "x", ...rotated }, 503));
    const err = await callError(() => client.call("/api_v1_master_goods/search", {}, credentials));
    expect(err.tokens?.refreshToken).toBe("RT-new");
  });
});

describe("transport", () => {
  it.each([301, 302, 303, 307, 308])("does not follow an HTTP %d", async (status) => {
    const evil = await startUpstream(json({ result: "success", count: "1" }));
    try {
      upstream.handle((_req, res) => {
        res.writeHead(status, { location: `${evil.baseUrl}/stolen` });
        res.end();
      });
      const err = await callError(() => client.call("/api_v1_master_goods/search", {}, credentials));
      expect([err.code, err.kind, err.retryable, err.httpStatus]).toEqual(["http-redirect", "upstream-failure", true, status]);
      expect(upstream.requests).toHaveLength(1);
      expect(evil.requests).toHaveLength(0);
    } finally {
      await evil.close();
    }
  });

  it("times out when the server never answers", async () => {
    upstream.handle(silent);
    const quick = createNeClient({ baseUrl: upstream.baseUrl, timeoutMs: 200 });
    const started = Date.now();
    const err = await callError(() => quick.call("/api_v1_master_goods/search", {}, credentials));
    expect([err.code, err.kind, err.retryable]).toEqual(["timeout", "upstream-failure", true]);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(upstream.requests).toHaveLength(1);
  });

  it("times out when the answer body stalls", async () => {
    upstream.handle((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.write('{"result":"success","data":[');
    });
    const quick = createNeClient({ baseUrl: upstream.baseUrl, timeoutMs: 300 });
    const err = await callError(() => quick.call("/api_v1_master_goods/search", {}, credentials));
    expect([err.code, err.kind, err.retryable]).toEqual(["timeout", "upstream-failure", true]);
  });

  it("reports a refused connection as a retryable network failure", async () => {
    const gone = await startUpstream();
    await gone.close();
    const err = await callError(() => createNeClient({ baseUrl: gone.baseUrl }).call("/api_v1_master_goods/search", {}, credentials));
    expect([err.code, err.kind, err.retryable]).toEqual(["network", "upstream-failure", true]);
  });

  it("keeps nothing of a finished call: no listener on the caller's signal, no answer in memory", async () => {
    // A 400 kB answer 150 times: 60 MB of text if anything (a pending timeout signal, a listener
    // on the caller's signal) still holds the answers after the calls end.
    const big = { result: "success", count: "1000", data: Array.from({ length: 1000 }, (_, i) => ({ goods_id: `G${i}`, goods_name: "商品名".repeat(60) })) };
    upstream.handle(json(big));
    setFlagsFromString("--expose-gc");
    const gc = runInNewContext("gc") as () => void;
    const caller = new AbortController();
    const slow = createNeClient({ baseUrl: upstream.baseUrl, timeoutMs: 60_000 });
    await slow.call("/api_v1_master_goods/search", {}, credentials, { signal: caller.signal });
    gc();
    const before = process.memoryUsage().heapUsed;
    for (let i = 0; i < 150; i++) await slow.call("/api_v1_master_goods/search", {}, credentials, { signal: caller.signal });
    gc();
    const grown = process.memoryUsage().heapUsed - before;
    expect(getEventListeners(caller.signal, "abort")).toHaveLength(0);
    expect(grown).toBeLessThan(15 * 1024 * 1024);
  });

  it("stops when the caller aborts", async () => {
    upstream.handle(silent);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const err = await callError(() => client.call("/api_v1_master_goods/search", {}, credentials, { signal: controller.signal }));
    expect([err.code, err.retryable]).toEqual(["aborted", false]);
  });
});

describe("error texts passed on to people", () => {
  const sent = { accessToken: "ACCESS-TOKEN-SENT-0123456789", refreshToken: "REFRESH-TOKEN-SENT-0123456789" };
  const echo = `access_token=${sent.accessToken}&refresh_token=${encodeURIComponent(sent.refreshToken)} raw ${sent.refreshToken}`;

  it.each(["999999", "002004", "002002", "002003"])("replaces the upstream's text of %s with a fixed one", async (code) => {
    upstream.handle(json({ result: "error", code, message: `echo: ${echo}` }));
    const err = await callError(() => client.call("/api_v1_master_goods/search", { fields: ["goods_id"] }, sent));
    const pub = toPublicError(err);
    expect(pub.message).not.toContain("echo");
    expect(pub.message).not.toContain("TOKEN-SENT");
    expect(pub.message.length).toBeGreaterThan(10);
  });

  it("scrubs the tokens the call sent from any other text it passes on", async () => {
    upstream.handle(json({ result: "error", code: "003901", message: `bad request: ${echo}` }));
    const err = await callError(() => client.call("/api_v1_master_goods/search", { fields: ["goods_id"] }, sent));
    const pub = toPublicError(err);
    expect(pub.message).toContain("bad request");
    expect(pub.message).not.toContain("TOKEN-SENT");
  });

  it("scrubs them from a 5xx answer's text too", async () => {
    upstream.handle(json({ result: "error", code: "003901", message: echo }, 500));
    const pub = toPublicError(await callError(() => client.call("/api_v1_master_goods/search", { fields: ["goods_id"] }, sent)));
    expect(pub.message).not.toContain("TOKEN-SENT");
  });
});
