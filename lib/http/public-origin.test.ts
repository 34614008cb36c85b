import { afterEach, describe, expect, it } from "vitest";
import { clientAddress, publicOrigin } from "./public-origin";

const saved = { AUTH_URL: process.env.AUTH_URL, TRUSTED_PROXY_SECRET: process.env.TRUSTED_PROXY_SECRET };
afterEach(() => {
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
});

const request = (headers: Record<string, string>) => new Request("http://localhost:3000/auth/start", { headers: { host: "localhost:3000", ...headers } });
const forged = { "x-forwarded-host": "evil.example", "x-forwarded-proto": "https", "x-forwarded-for": "203.0.113.9" };

describe("publicOrigin", () => {
  it("ignores forwarded headers from anyone but the configured proxy", () => {
    delete process.env.AUTH_URL;
    delete process.env.TRUSTED_PROXY_SECRET;
    expect(publicOrigin(request(forged))).toBe("http://localhost:3000");
    process.env.TRUSTED_PROXY_SECRET = "proxy-secret-0123456789";
    expect(publicOrigin(request({ ...forged, "x-backyard-proxy": "wrong-secret-0123456789" }))).toBe("http://localhost:3000");
  });

  it("believes the configured proxy", () => {
    delete process.env.AUTH_URL;
    process.env.TRUSTED_PROXY_SECRET = "proxy-secret-0123456789";
    const viaProxy = request({ ...forged, "x-backyard-proxy": "proxy-secret-0123456789", "x-forwarded-for": "198.51.100.1, 192.0.2.7" });
    expect(publicOrigin(viaProxy)).toBe("https://evil.example");
    expect(clientAddress(viaProxy)).toBe("192.0.2.7");
  });

  it("is AUTH_URL whenever it is set", () => {
    process.env.AUTH_URL = "https://backyard.example.com/";
    expect(publicOrigin(request(forged))).toBe("https://backyard.example.com");
  });
});
