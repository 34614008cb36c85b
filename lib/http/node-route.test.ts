// The BFF's Pages API route adapter against a real Node HTTP server: the request the handler
// sees, the bounded body read, the abort when the client leaves, and the answer written back.
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import type { ApiRequest } from "./api-request";
import { BodyTooLargeError, readBoundedText } from "./bounded-body";
import { json, jsonText, problem } from "./json-route";
import { nodeRoute } from "./node-route";

let server: Server | undefined;

afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** Serves `handler` as the Pages API route `/api/ne/[...path]` would (Next fills req.query). */
async function serve(handler: (request: ApiRequest, params: { path: string[] }) => Promise<Response>): Promise<string> {
  const route = nodeRoute(handler);
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? "/", "http://x").pathname.split("/").slice(3);
    void route(Object.assign(req, { query: { path } }), res);
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
}

describe("nodeRoute", () => {
  it("gives the handler the method, URL, headers, path and body, and writes its JSON answer", async () => {
    let seen: Record<string, unknown> = {};
    const base = await serve(async (request, { path }) => {
      seen = {
        method: request.method,
        url: request.url,
        origin: request.headers.get("Origin"),
        missing: request.headers.get("x-nothing"),
        path,
        body: await readBoundedText(request, 1024),
      };
      return json({ ok: true, rows: ["日本語"] }, 201);
    });
    const res = await fetch(`${base}/api/ne/api_v1_master_goods/search?x=1`, { method: "POST", headers: { origin: "http://app.test", "content-type": "application/json" }, body: '{"limit":1}' });
    expect(res.status).toBe(201);
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await res.json()).toEqual({ ok: true, rows: ["日本語"] });
    expect(seen).toEqual({
      method: "POST",
      url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/api\/ne\/api_v1_master_goods\/search\?x=1$/),
      origin: "http://app.test",
      missing: null,
      path: ["api_v1_master_goods", "search"],
      body: '{"limit":1}',
    });
  });

  it("writes the bytes an answer was made of, and reads any other Response's body", async () => {
    const bytes = Buffer.from('{"rows":[{"a":"1"}]}');
    const base = await serve(async (request) => (request.headers.get("x-kind") === "bytes" ? jsonText(bytes) : new Response("plain", { status: 202, headers: { "x-made": "elsewhere" } })));
    const made = await fetch(`${base}/api/ne/a/b`, { method: "POST", headers: { "x-kind": "bytes" } });
    expect(await made.text()).toBe('{"rows":[{"a":"1"}]}');
    expect(made.headers.get("content-length")).toBe(String(bytes.byteLength));
    const other = await fetch(`${base}/api/ne/a/b`, { method: "POST" });
    expect(other.status).toBe(202);
    expect(other.headers.get("x-made")).toBe("elsewhere");
    expect(await other.text()).toBe("plain");
  });

  it("stops reading a body past its limit and answers 413 while the rest is still being sent", async () => {
    const base = await serve(async (request) => {
      try {
        await readBoundedText(request, 1000);
        return json({ read: true });
      } catch (err) {
        if (err instanceof BodyTooLargeError) return problem(413, "too-large", err.message);
        throw err;
      }
    });
    // A chunked body with no Content-Length: the limit is met while reading, not announced.
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(`${base}/api/ne/a/b`, { method: "POST", headers: { "content-type": "application/json" } }, (res) => {
        resolve(res.statusCode ?? 0);
        res.resume();
        req.destroy();
      });
      req.on("error", (err) => (err.message.includes("socket hang up") || err.message.includes("ECONNRESET") ? undefined : reject(err)));
      req.write("x".repeat(800));
      req.write("x".repeat(800));
      // the rest is never sent: the answer must come without it
    });
    expect(status).toBe(413);
  });

  it("aborts the request's signal when the client goes away before the answer", async () => {
    let aborted!: Promise<boolean>;
    const base = await serve((request) => {
      aborted = new Promise((resolve) => request.signal.addEventListener("abort", () => resolve(true)));
      return new Promise<Response>(() => undefined); // never answers
    });
    const controller = new AbortController();
    const pending = fetch(`${base}/api/ne/a/b`, { method: "POST", body: "{}", signal: controller.signal }).catch(() => "gone");
    await expect.poll(() => aborted !== undefined).toBe(true);
    controller.abort();
    expect(await pending).toBe("gone");
    expect(await aborted).toBe(true);
  });

  it("leaves a request that ends with its answer unaborted", async () => {
    let signal: AbortSignal | undefined;
    const base = await serve(async (request) => {
      signal = request.signal;
      return json({});
    });
    expect((await fetch(`${base}/api/ne/a/b`, { method: "POST", body: "{}" })).status).toBe(200);
    expect(signal!.aborted).toBe(false);
  });
});
