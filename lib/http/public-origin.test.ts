import { afterEach, describe, expect, it } from "vitest";
import { UNPROXIED, addressKey, clientAddress, publicOrigin } from "./public-origin";

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

describe("clientAddress", () => {
  it("is the proxy's last entry behind the trusted proxy; one key for every request that bypassed it", () => {
    process.env.TRUSTED_PROXY_SECRET = "proxy-secret-0123456789";
    expect(clientAddress(request({ "x-backyard-proxy": "proxy-secret-0123456789", "x-forwarded-for": "203.0.113.9, ::ffff:192.0.2.7" }))).toBe("192.0.2.7");
    expect(clientAddress(request({ "x-forwarded-for": "203.0.113.9" }))).toBe(UNPROXIED);
    expect(clientAddress(request({ "x-backyard-proxy": "wrong-secret-0123456789", "x-forwarded-for": "203.0.113.10" }))).toBe(UNPROXIED);
    expect(clientAddress(request({}))).toBe(UNPROXIED);
  });

  it("without a proxy, is the first entry: the socket's address Next writes when the client sent none", () => {
    delete process.env.TRUSTED_PROXY_SECRET;
    expect(clientAddress(request({ "x-forwarded-for": "::ffff:127.0.0.5" }))).toBe("127.0.0.5");
    expect(clientAddress(request({}))).toBe("unknown");
  });

  it("counts an IPv6 address by its /64", () => {
    expect(addressKey("2001:db8:0:1:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:0:1::/64");
    expect(addressKey("2001:DB8:0:1::9")).toBe("2001:db8:0:1::/64");
    expect(addressKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressKey("2001:db8:0:1::")).toBe("2001:db8:0:1::/64");
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
    expect(addressKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(addressKey("64:ff9b::192.0.2.1")).toBe("64:ff9b:0:0::/64");
    expect(addressKey("::ffff:198.51.100.4")).toBe("198.51.100.4");
    expect(addressKey("198.51.100.4")).toBe("198.51.100.4");
    expect(addressKey("not an address")).toBe("not an address");
  });
});
