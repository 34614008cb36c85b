// The JSON routes' shared helpers: the error shape and kinds, the body's refusals in their order,
// and the cross-site check (the routes' own tests cover them in place: lib/bff/server/proxy.test.ts,
// app/api/uploads/route.test.ts, app/api/grid/**/route.test.ts), and answers that keep their bytes.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { crossSiteRefusal, issuesMessage, json, jsonText, problem, readJsonBody, requestIssues } from "./json-route";

const ORIGIN = "http://localhost:3000";

function request(body: string, headers: Record<string, string> = {}): Request {
  return new Request(`${ORIGIN}/api/x`, {
    method: "POST",
    headers: { host: "localhost:3000", origin: ORIGIN, "content-type": "application/json", ...headers },
    body,
  });
}

const schema = z.object({ name: z.string().min(1), size: z.number().int().optional() });

describe("problem", () => {
  it("answers the BFF's error shape, with a kind and retryable from the status", async () => {
    const cases: [number, string, boolean][] = [
      [400, "invalid-request", false],
      [401, "auth-expired", false],
      [403, "forbidden", false],
      [404, "invalid-request", false],
      [500, "upstream-failure", true],
      [503, "upstream-failure", true],
    ];
    for (const [status, kind, retryable] of cases) {
      const res = problem(status, "c", "m");
      expect(res.status).toBe(status);
      expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(await res.json()).toEqual({ error: { code: "c", message: "m", retryable, kind } });
    }
  });

  it("puts extra fields beside the error and issues inside it; kind and retryable can be given", async () => {
    const res = problem(409, "duplicate-file", "sent before", { extra: { previous: [1] } });
    expect(await res.json()).toEqual({ previous: [1], error: { code: "duplicate-file", message: "sent before", retryable: false, kind: "invalid-request" } });
    const busy = problem(429, "rate-limited", "later", { kind: "busy", retryable: true, issues: [{ path: "a", message: "b" }] });
    expect(await busy.json()).toEqual({ error: { code: "rate-limited", message: "later", retryable: true, kind: "busy", issues: [{ path: "a", message: "b" }] } });
  });
});

describe("readJsonBody", () => {
  it("reads and checks a JSON body", async () => {
    expect(await readJsonBody(request('{"name":"a","size":2}'), schema, { limit: 100 })).toEqual({ data: { name: "a", size: 2 } });
  });

  it("refuses, in this order: not JSON (415), too large (413), not parseable (400), not valid (400)", async () => {
    const statusOf = async (r: Request, limit = 100) => {
      const out = await readJsonBody(r, schema, { limit });
      if (!("response" in out)) throw new Error("accepted");
      return [out.response.status, ((await out.response.json()) as { error: { code: string } }).error.code];
    };
    expect(await statusOf(request('{"name":"a"}', { "content-type": "text/plain" }))).toEqual([415, "unsupported-media-type"]);
    expect(await statusOf(request(`{"name":"${"x".repeat(200)}"}`, { "content-type": "text/plain" }))).toEqual([415, "unsupported-media-type"]);
    expect(await statusOf(request(`{"name":"${"x".repeat(200)}"}`))).toEqual([413, "too-large"]);
    expect(await statusOf(request("{name"))).toEqual([400, "invalid-json"]);
    expect(await statusOf(request(""))).toEqual([400, "invalid-json"]);
    expect(await statusOf(request('{"name":""}'))).toEqual([400, "invalid-request"]);
  });

  it("names each issue by its path in the message, and in error.issues when asked", async () => {
    const plain = await readJsonBody(request('{"size":1.5}'), schema, { limit: 100 });
    const withIssues = await readJsonBody(request('{"size":1.5}'), schema, { limit: 100, issues: true });
    if (!("response" in plain) || !("response" in withIssues)) throw new Error("accepted");
    const a = (await plain.response.json()) as { error: { message: string; issues?: unknown } };
    const b = (await withIssues.response.json()) as { error: { message: string; issues: { path: string }[] } };
    expect(a.error.message).toMatch(/^name: .+; size: .+$/);
    expect(a.error.issues).toBeUndefined();
    expect(b.error.message).toBe(a.error.message);
    expect(b.error.issues.map((i) => i.path)).toEqual(["name", "size"]);
  });

  it("takes an empty body as `empty` when given", async () => {
    const loose = z.object({ name: z.string().optional() });
    expect(await readJsonBody(request(""), loose, { limit: 100, empty: {} })).toEqual({ data: {} });
  });
});

describe("issuesMessage", () => {
  it("names the whole body by its root", () => {
    expect(issuesMessage(requestIssues([{ path: [], message: "bad" }, { path: ["a", 0], message: "short" }]), "query")).toBe("query: bad; a.0: short");
  });
});

describe("crossSiteRefusal", () => {
  it("refuses another site, and a change without Origin; a read without Origin passes", async () => {
    const foreign = crossSiteRefusal(request("{}", { origin: "https://evil.example" }), { mutation: false });
    expect(foreign?.status).toBe(403);
    expect(await foreign?.json()).toMatchObject({ error: { code: "foreign-origin", kind: "forbidden" } });
    const fetchSite = crossSiteRefusal(request("{}", { "sec-fetch-site": "cross-site" }), { mutation: false, kind: "invalid-request" });
    expect(await fetchSite?.json()).toMatchObject({ error: { code: "cross-site", kind: "invalid-request" } });
    const read = new Request(`${ORIGIN}/api/x`, { headers: { host: "localhost:3000" } });
    expect(crossSiteRefusal(read, { mutation: false })).toBeNull();
    expect((await crossSiteRefusal(read, { mutation: true })?.json()) as unknown).toMatchObject({ error: { code: "missing-origin" } });
    expect(crossSiteRefusal(request("{}"), { mutation: true })).toBeNull();
  });
});

describe("json and jsonText", () => {
  it("answer JSON with the API headers, never cached; under 1 kB also not transformed (not compressed)", async () => {
    for (const res of [json({ rows: [{ a: "受注" }] }, 201), jsonText('{"rows":[{"a":"受注"}]}', 201)]) {
      expect(res.status).toBe(201);
      expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      // Small: Next's compression leaves it alone.
      expect(res.headers.get("cache-control")).toBe("no-store, no-transform");
      expect(await res.json()).toEqual({ rows: [{ a: "受注" }] });
    }
    const large = json({ rows: Array.from({ length: 100 }, (_, i) => ({ a: `受注 ${i}` })) });
    expect(large.headers.get("cache-control")).toBe("no-store");
  });
});
