// The structured log: request ids, one line per request and per upstream call, and never a token,
// cookie or CSV text, checked against the sandbox with a rotation among the calls.
import { Writable } from "node:stream";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type AppDatabase } from "@/lib/db";
import { createTokenStore } from "@/lib/gateway/token-store";
import { deriveTokenKey } from "@/lib/gateway/token-crypto";
import { createGateway } from "@/lib/gateway/gateway";
import { createNeClient } from "@/lib/ne/server/client";
import { NeError } from "@/lib/ne/errors";
import { startTestSandbox, login, advanceClock, admin } from "@/sandbox/test-support";
import type { RunningSandbox } from "@/sandbox/server";
import { log, logTo, requestIdOf, withoutSecrets } from "./log";
import { logged, pathOf } from "./route-log";
import { upstreamCallLogged } from "./upstream-log";

let lines: Record<string, unknown>[] = [];
let raw: string[] = [];

beforeEach(() => {
  lines = [];
  raw = [];
  logTo(
    new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const text of chunk.toString("utf8").split("\n").filter(Boolean)) {
          raw.push(text);
          lines.push(JSON.parse(text) as Record<string, unknown>);
        }
        done();
      },
    }),
  );
});

const request = (headers: Record<string, string> = {}) => new Request("http://localhost/api/ne/api_v1_master_goods/search?secret=no", { method: "POST", headers });

describe("request ids", () => {
  it("keeps a plain id the caller sent, and makes one for a missing or unsafe id", () => {
    expect(requestIdOf(new Headers({ "x-request-id": "abc-123_X.y:z" }))).toBe("abc-123_X.y:z");
    for (const bad of ["", "has space", "a\tb", "x".repeat(129), "<script>"]) {
      const made = requestIdOf(new Headers(bad ? { "x-request-id": bad } : {}));
      expect(made).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

describe("logged route handlers", () => {
  it("answer with the request id and write one line with route, path (no query), status and duration", async () => {
    const handler = logged("/api/test", async () => new Response("{}", { status: 201 }));
    const res = await handler(request({ "x-request-id": "req-1" }));
    expect(res.headers.get("x-request-id")).toBe("req-1");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ msg: "request", level: "info", requestId: "req-1", method: "POST", route: "/api/test", path: "/api/ne/api_v1_master_goods/search", status: 201 });
    expect(typeof lines[0]!.durationMs).toBe("number");
    expect(raw[0]).not.toContain("secret=no");
  });

  it("carry the id into the upstream calls' lines, and report their last code and any rotation", async () => {
    const handler = logged("/api/test", async () => {
      upstreamCallLogged("/api_v1_master_goods/search", 12.34, null, true);
      upstreamCallLogged("/api_v1_master_goods/count", 5, new NeError({ code: "003001", message: "busy", httpStatus: 200 }), false);
      return new Response("{}", { status: 502 });
    });
    const res = await handler(request());
    const id = res.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines.map((l) => l.msg)).toEqual(["upstream", "upstream", "request"]);
    expect(lines[0]).toMatchObject({ requestId: id, operation: "/api_v1_master_goods/search", result: "success", durationMs: 12.3, rotated: true, level: "info" });
    expect(lines[1]).toMatchObject({ requestId: id, operation: "/api_v1_master_goods/count", result: "error", code: "003001", upstreamStatus: 200, rotated: false, level: "warn" });
    expect(lines[2]).toMatchObject({ requestId: id, status: 502, upstreamCalls: 2, upstreamCode: "003001", rotated: true, level: "error" });
  });

  it("give each of several requests in flight at once its own id", async () => {
    const handler = logged("/api/test", async (req: Request) => {
      await new Promise((r) => setImmediate(r));
      upstreamCallLogged(`/op/${req.headers.get("x-request-id")}`, 1, null, false);
      return new Response("{}");
    });
    await Promise.all(["a", "b", "c"].map((id) => handler(request({ "x-request-id": id }))));
    for (const id of ["a", "b", "c"]) expect(lines.find((l) => l.msg === "upstream" && l.operation === `/op/${id}`)?.requestId).toBe(id);
  });

  it("log a handler that throws as a 500 and let the error through", async () => {
    const handler = logged("/api/test", async () => {
      throw new TypeError("boom");
    });
    await expect(handler(request())).rejects.toThrow("boom");
    expect(lines[0]).toMatchObject({ status: 500, error: "TypeError", level: "error" });
  });

  it("add the id to an answer whose headers cannot change", async () => {
    const handler = logged("/api/test", async () => Response.redirect("http://localhost/elsewhere", 303));
    const res = await handler(request({ "x-request-id": "r-2" }));
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("http://localhost/elsewhere");
    expect(res.headers.get("x-request-id")).toBe("r-2");
  });

  it("redact token, cookie and CSV fields even when a caller passes them by mistake", () => {
    log().info({ access_token: "CANARY-A", nested: { refresh_token: "CANARY-R", cookie: "CANARY-C", csv: "CANARY-CSV" } }, "oops");
    expect(raw.join("\n")).not.toMatch(/CANARY/);
    expect(lines.at(-1)).toMatchObject({ access_token: "[redacted]", nested: { refresh_token: "[redacted]", cookie: "[redacted]", csv: "[redacted]" } });
  });

  it("redact in arrays of objects and in headers, leave other fields and the caller's objects as they were", () => {
    const headers = { "set-cookie": "CANARY-S", authorization: "CANARY-H", accept: "text/csv" };
    const calls = [{ accessToken: "CANARY-1", operation: "/a" }, { refreshToken: "CANARY-2" }, "plain"];
    log().warn({ headers, calls, body: "CANARY-B", status: 500 }, "oops");
    expect(raw.join("\n")).not.toMatch(/CANARY/);
    expect(lines.at(-1)).toMatchObject({ headers: { "set-cookie": "[redacted]", authorization: "[redacted]", accept: "text/csv" }, calls: [{ accessToken: "[redacted]", operation: "/a" }, { refreshToken: "[redacted]" }, "plain"], body: "[redacted]", status: 500 });
    expect(headers["set-cookie"]).toBe("CANARY-S");
    expect(calls[0]).toEqual({ accessToken: "CANARY-1", operation: "/a" });
  });

  it("withoutSecrets answers a clean object itself, not a copy; goes one level down, no further; leaves an Error to its serializer", () => {
    const clean = { requestId: "r", nested: { status: 200 }, list: [{ a: 1 }] };
    expect(withoutSecrets(clean)).toBe(clean);
    expect(withoutSecrets({ a: { b: { cookie: "deep" } } })).toEqual({ a: { b: { cookie: "deep" } } });
    const err = Object.assign(new Error("boom"), { code: "x" });
    const out = withoutSecrets({ err });
    expect(out.err).toBe(err);
    log().error({ err }, "failed");
    expect(lines.at(-1)).toMatchObject({ err: { message: "boom", type: "Error" } });
  });
});

describe("a session's calls through the gateway, with a rotation among them", () => {
  let sandbox: RunningSandbox;
  let database: AppDatabase;
  beforeAll(async () => {
    sandbox = await startTestSandbox();
    database = await openDatabase({ dataDir: "memory://" });
  });
  afterAll(async () => {
    await database?.close();
    await sandbox?.close();
  });

  it("never writes a token, and says which call rotated", async () => {
    const store = createTokenStore(database, deriveTokenKey("observability-test-secret-0123456789"));
    const gateway = createGateway({ client: createNeClient({ baseUrl: sandbox.url }), store, database });
    const t = await login(sandbox.url, "staff@sandbox.test");
    const id = await store.create({ companyNeId: "1", uid: "u", picNeId: null, tokens: { accessToken: t.access_token, refreshToken: t.refresh_token, accessTokenEndDate: null, refreshTokenEndDate: null } });
    const handler = logged("/api/ne/[...path]", async () => {
      await gateway.call(id, "/api_v1_master_goods/search", { fields: ["goods_id", "goods_name"], limit: 5 });
      await advanceClock(sandbox.url, 86_400 + 60); // the access token expires: the next call rotates
      await gateway.call(id, "/api_v1_master_goods/count", {});
      return new Response("{}");
    });
    await handler(request({ "x-request-id": "session-1", cookie: "backyard.session=CANARY-COOKIE" }));
    const upstream = lines.filter((l) => l.msg === "upstream");
    expect(upstream.map((l) => [l.operation, l.result, l.rotated, l.requestId])).toEqual([
      ["/api_v1_master_goods/search", "success", false, "session-1"],
      ["/api_v1_master_goods/count", "success", true, "session-1"],
    ]);
    expect(lines.at(-1)).toMatchObject({ msg: "request", upstreamCalls: 2, rotated: true });
    // Every token the sandbox ever issued (the rotated pair included) is absent from every line.
    const issued = (await (await admin(sandbox.url, "GET", "/tokens")).json()) as { access_token: string; refresh_token: string }[];
    expect(issued.length).toBeGreaterThanOrEqual(2);
    const text = raw.join("\n");
    for (const pair of issued) {
      expect(text).not.toContain(pair.access_token);
      expect(text).not.toContain(pair.refresh_token);
    }
    expect(text).not.toContain("CANARY-COOKIE");
  });
});

describe("pathOf (the path a request line shows)", () => {
  it("is the URL's path, never its query or fragment", () => {
    for (const url of ["http://localhost:3000/api/ne/api_v1_receiveorder_base/search?x=1", "http://h/a/b#frag", "http://h", "http://h?next=/a/b", "https://h:8443/", "http://h/p?q=1#f", "http://h/a%20b/c"]) {
      expect(pathOf(url)).toBe(new URL(url).pathname);
    }
  });
});
