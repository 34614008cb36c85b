import { describe, expect, it } from "vitest";
import { decideCallback, newSignInNonce, nextEngineOrigins, parseOrigins, refererOrigin, validSignInNonce } from "./callback-trust";

const REAL = { loginBaseUrl: "https://base.next-engine.org", apiBaseUrl: "https://api.next-engine.org", launchOrigins: undefined };
const SANDBOX = { loginBaseUrl: "http://127.0.0.1:4010", apiBaseUrl: "http://127.0.0.1:4010", launchOrigins: undefined };
const OWN = "https://backyard.example.co.jp";
const realOrigins = nextEngineOrigins(REAL);

function decide(referer: string | null, startedHere: boolean, origins = realOrigins) {
  return decideCallback({ referer, nextEngineOrigins: origins, ownOrigin: OWN, startedHere });
}

describe("decideCallback", () => {
  it("signs in without a question when the Referer is the sign-in host (a sign-in NextEngine answered)", () => {
    expect(decide("https://base.next-engine.org/users/sign_in/", false)).toEqual({ signIn: true, why: "nextengine-referer" });
    expect(decide("https://base.next-engine.org/", false)).toEqual({ signIn: true, why: "nextengine-referer" });
  });

  it("signs in without a question when the Referer is the main function's host (a launch from the app menu)", () => {
    expect(decide("https://main.next-engine.com/Usertop", false)).toEqual({ signIn: true, why: "nextengine-referer" });
  });

  it("on the embedded sandbox, the sandbox's origin (its sign-in page and its app menu) counts", () => {
    const origins = nextEngineOrigins(SANDBOX);
    expect(origins).toEqual(["http://127.0.0.1:4010"]);
    expect(decide("http://127.0.0.1:4010/apps", false, origins).signIn).toBe(true);
    // Another port of the same host is another origin.
    expect(decide("http://127.0.0.1:4011/apps", false, origins)).toEqual({ signIn: false, why: "foreign-referer" });
    expect(decide("https://main.next-engine.com/Usertop", false, origins)).toEqual({ signIn: false, why: "foreign-referer" });
  });

  it("asks when no sign-in started in this browser and the Referer is foreign or absent", () => {
    expect(decide("https://evil.example/page", false)).toEqual({ signIn: false, why: "foreign-referer" });
    expect(decide(null, false)).toEqual({ signIn: false, why: "not-started-here" });
    expect(decide("", false)).toEqual({ signIn: false, why: "not-started-here" });
    expect(decide("not a url", false)).toEqual({ signIn: false, why: "not-started-here" });
    // Look-alike hosts are other origins.
    for (const lookalike of ["https://base.next-engine.org.evil.example/", "http://base.next-engine.org/", "https://main.next-engine.com:8443/", "https://evil.example/?https://base.next-engine.org"]) {
      expect(decide(lookalike, false).signIn, lookalike).toBe(false);
    }
  });

  it("signs in without a question when this browser started the sign-in and no other site sent it", () => {
    expect(decide(null, true)).toEqual({ signIn: true, why: "started-here" });
    expect(decide(`${OWN}/login?from=%2Forders`, true)).toEqual({ signIn: true, why: "started-here" });
    expect(decide("https://base.next-engine.org/users/sign_in/", true)).toEqual({ signIn: true, why: "nextengine-referer" });
  });

  it("a started sign-in does not cover a callback another site sent (the attacker's page navigating the victim)", () => {
    expect(decide("https://evil.example/", true)).toEqual({ signIn: false, why: "foreign-referer" });
  });
});

describe("nextEngineOrigins and NE_LAUNCH_ORIGINS", () => {
  it("the real API: the sign-in host and the main function's host", () => {
    expect(realOrigins).toEqual(["https://base.next-engine.org", "https://main.next-engine.com"]);
  });

  it("NE_LAUNCH_ORIGINS replaces the main function's hosts (the sign-in host always counts)", () => {
    expect(nextEngineOrigins({ ...REAL, launchOrigins: "https://main.next-engine.com, https://main2.next-engine.com/" })).toEqual([
      "https://base.next-engine.org",
      "https://main.next-engine.com",
      "https://main2.next-engine.com",
    ]);
    expect(nextEngineOrigins({ ...SANDBOX, launchOrigins: "http://127.0.0.1:4010 http://localhost:4010" })).toEqual(["http://127.0.0.1:4010", "http://localhost:4010"]);
  });

  it("refuses anything but bare origins", () => {
    for (const bad of ["main.next-engine.com", "https://main.next-engine.com/Usertop", "ftp://x.example", "https://a.example/?q=1", "https://user@a.example"]) {
      expect(() => parseOrigins(bad, "NE_LAUNCH_ORIGINS"), bad).toThrow(/NE_LAUNCH_ORIGINS/);
    }
  });

  it("reads a Referer's origin", () => {
    expect(refererOrigin("https://main.next-engine.com/Userjyuchu/index?x=1")).toBe("https://main.next-engine.com");
    expect(refererOrigin("about:blank")).toBeNull();
    expect(refererOrigin(undefined)).toBeNull();
  });
});

describe("the sign-in nonce", () => {
  const secret = "a-secret-of-at-least-sixteen";
  const now = Date.UTC(2026, 0, 1);

  it("is valid for the TTL after it was issued, signed by this server's secret", () => {
    const nonce = newSignInNonce(secret, now);
    expect(nonce).toMatch(/^[A-Za-z0-9_-]{32}\.\d+\.[A-Za-z0-9_-]{43}$/);
    expect(validSignInNonce(nonce, secret, 600, now)).toBe(true);
    expect(validSignInNonce(nonce, secret, 600, now + 600_000)).toBe(true);
    expect(validSignInNonce(nonce, secret, 600, now + 601_000)).toBe(false);
    expect(validSignInNonce(nonce, "another-secret-of-sixteen", 600, now)).toBe(false);
    expect(newSignInNonce(secret, now)).not.toBe(nonce);
  });

  it("refuses values it did not make: other shapes, a changed time, a nonce from the future", () => {
    const nonce = newSignInNonce(secret, now);
    const [random, issued, mac] = nonce.split(".");
    expect(validSignInNonce(`${random}.${Number(issued) + 3600}.${mac}`, secret, 600, now + 3_600_000)).toBe(false);
    expect(validSignInNonce(newSignInNonce(secret, now + 60_000), secret, 600, now)).toBe(false);
    for (const bad of [undefined, null, "", "x".repeat(43), `${random}.${issued}`, `${nonce}x`]) {
      expect(validSignInNonce(bad, secret, 600, now)).toBe(false);
    }
  });
});
