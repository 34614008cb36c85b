// proxy.ts (the page proxy): HSTS exactly when the public origin is https, and never for the API
// routes (they skip it so that no request body is copied before a route can refuse it).
import { afterEach, describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { config, proxy } from "@/proxy";

const saved = process.env.AUTH_URL;
afterEach(() => {
  if (saved === undefined) delete process.env.AUTH_URL;
  else process.env.AUTH_URL = saved;
});

const page = () => new NextRequest("http://localhost:3000/login");

describe("page proxy", () => {
  it("sends HSTS when the public origin is https, however TLS is terminated in front", () => {
    process.env.AUTH_URL = "https://backyard.example.com";
    expect(proxy(page()).headers.get("strict-transport-security")).toMatch(/max-age=\d{7,}/);
  });

  it("sends no HSTS over plain http", () => {
    process.env.AUTH_URL = "http://localhost:3000";
    expect(proxy(page()).headers.get("strict-transport-security")).toBeNull();
  });

  it("does not run for /api/ (bodies are read by the routes within their limits)", () => {
    const matcher = new RegExp(`^${config.matcher[0]!.replace("/((?!", "/(?!(?:").replace(").*)", ")).*")}$`);
    expect(matcher.test("/api/ne/api_v1_receiveorder_base/search")).toBe(false);
    expect(matcher.test("/api/uploads")).toBe(false);
    expect(matcher.test("/api/grid/preferences/orders")).toBe(false);
    expect(matcher.test("/orders")).toBe(true);
    expect(matcher.test("/auth/confirm")).toBe(true);
  });

  it("does not run for the public files a browser or crawler reads before signing in", () => {
    const matcher = new RegExp(`^${config.matcher[0]!.replace("/((?!", "/(?!(?:").replace(").*)", ")).*")}$`);
    for (const file of ["/robots.txt", "/manifest.webmanifest", "/favicon.ico", "/icon.svg", "/icons/icon-192.png", "/icons/apple-touch-icon.png"]) {
      expect(matcher.test(file), file).toBe(false);
    }
    expect(matcher.test("/settings")).toBe(true);
    expect(matcher.test("/")).toBe(true);
  });
});
