// The production server's BFF fast path (scripts/serve.mjs) must give the BFF's handler exactly
// the `path` segments Next's router gives the catch-all route pages/api/ne/[...path], and leave
// to Next every URL it would treat otherwise.
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { operations } from "@/lib/ne/registry";
import { bffSegments, setClientAddress } from "./serve.mjs";

const require = createRequire(import.meta.url);
const { getRouteRegex } = require("next/dist/shared/lib/router/utils/route-regex") as {
  getRouteRegex(page: string): { re: RegExp; groups: Record<string, { pos: number; repeat: boolean; optional: boolean }> };
};
const { getRouteMatcher } = require("next/dist/shared/lib/router/utils/route-matcher") as {
  getRouteMatcher(regex: ReturnType<typeof getRouteRegex>): (pathname: string) => false | Record<string, string | string[]>;
};
const nextMatch = getRouteMatcher(getRouteRegex("/api/ne/[...path]"));

/** Next's params for the BFF's route at `url`'s path, or undefined when it does not match or refuses. */
function nextSegments(url: string): string[] | undefined {
  const pathname = url.split("?")[0]!;
  try {
    const params = nextMatch(pathname);
    return params ? (params.path as string[]) : undefined;
  } catch {
    return undefined; // a malformed escape: Next answers 400 itself
  }
}

describe("the BFF fast path", () => {
  it("takes every operation's URL, with Next's segments", () => {
    expect(operations.length).toBeGreaterThan(50);
    for (const op of operations) {
      const url = `/api/ne${op.path}`;
      const segments = bffSegments(url);
      expect(segments, url).toEqual(op.path.slice(1).split("/"));
      expect(segments, url).toEqual(nextSegments(url));
    }
  });

  it("gives decoded segments and ignores the query, as Next does", () => {
    for (const url of [
      "/api/ne/api_v1_receiveorder_base/search?x=1",
      "/api/ne/a%20b/c",
      "/api/ne/%E5%8F%97%E6%B3%A8/search",
      "/api/ne/a%2Fb/c",
      "/api/ne/one",
      "/api/ne/a/b/c/d",
    ]) {
      const segments = bffSegments(url);
      expect(segments, url).toBeDefined();
      expect(segments, url).toEqual(nextSegments(url));
    }
    expect(bffSegments("/api/ne/a%20b/c")).toEqual(["a b", "c"]);
  });

  it("leaves to Next what it redirects, rejects or routes elsewhere", () => {
    for (const url of [
      "/api/ne/api_v1_receiveorder_base/search/", // Next redirects a trailing slash (308)
      "/api/ne/", // no segment: not this route
      "/api/ne",
      "/api/ne//search",
      "/api/ne/./search",
      "/api/ne/../health",
      "/api/ne/a/%E0%A4%A", // a malformed escape: Next answers 400
      "/api/nearby",
      "/api/health",
      "/orders",
    ]) {
      expect(bffSegments(url), url).toBeUndefined();
    }
  });
});

describe("the client's address", () => {
  const request = (headers: Record<string, string>, remoteAddress: string | null = "::ffff:203.0.113.9") => ({
    headers: { ...headers } as Record<string, string | undefined>,
    socket: { remoteAddress: remoteAddress ?? undefined },
  });

  it("is the socket's unless the trusted proxy sent the request", () => {
    const forged = request({ "x-forwarded-for": "198.51.100.1" });
    setClientAddress(forged, "proxy-secret-0123456789");
    expect(forged.headers["x-forwarded-for"]).toBe("::ffff:203.0.113.9");
    const wrongSecret = request({ "x-forwarded-for": "198.51.100.1", "x-backyard-proxy": "proxy-secret-01234567890" });
    setClientAddress(wrongSecret, "proxy-secret-0123456789");
    expect(wrongSecret.headers["x-forwarded-for"]).toBe("::ffff:203.0.113.9");
    const none = request({});
    setClientAddress(none, undefined);
    expect(none.headers["x-forwarded-for"]).toBe("::ffff:203.0.113.9");
    const noSocketAddress = request({ "x-forwarded-for": "198.51.100.1" }, null);
    setClientAddress(noSocketAddress, undefined);
    expect(noSocketAddress.headers["x-forwarded-for"]).toBeUndefined();
  });

  it("is left as the trusted proxy wrote it", () => {
    const proxied = request({ "x-forwarded-for": "198.51.100.1, 192.0.2.7", "x-backyard-proxy": "proxy-secret-0123456789" });
    setClientAddress(proxied, "proxy-secret-0123456789");
    expect(proxied.headers["x-forwarded-for"]).toBe("198.51.100.1, 192.0.2.7");
    // No secret configured: no request is the proxy's, whatever it sends.
    const unconfigured = request({ "x-forwarded-for": "198.51.100.1", "x-backyard-proxy": "" });
    setClientAddress(unconfigured, "");
    expect(unconfigured.headers["x-forwarded-for"]).toBe("::ffff:203.0.113.9");
  });
});
