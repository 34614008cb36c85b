// The session as the server reads it (currentSession, through next-auth's auth()) and as the
// browser reads it (GET /api/auth/session, the same callbacks): only the server sees the token
// store's key. Real next-auth and a real encrypted cookie; the gateway's check is a stub.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { encode } from "next-auth/jwt";

const SECRET = "a-test-secret-of-enough-length-for-auth-js-0123456789";
const COOKIE = "backyard.session";
const ORIGIN = "http://localhost:3000";

const requestHeaders = vi.hoisted(() => ({ current: new Headers() }));
const check = vi.hoisted(() => vi.fn());

vi.mock("next/headers", () => ({ headers: async () => requestHeaders.current, cookies: async () => ({ getAll: () => [], get: () => undefined }) }));
vi.mock("@/lib/env", () => ({ serverEnv: () => ({ authSecret: SECRET }) }));
vi.mock("@/lib/gateway/server", () => ({ getNeServer: async () => ({ gateway: { check, forget: vi.fn() } }) }));
vi.mock("./sign-in", () => ({ SignInError: class extends Error {}, exchangeUidState: vi.fn(), takePendingSignIn: vi.fn() }));

const { currentSession, currentSessionKey } = await import("./session");
const { handlers } = await import("./config");

/** A session cookie as Auth.js writes it at sign-in: the store key and the names shown. */
async function sessionCookie(sk: string, secret = SECRET): Promise<string> {
  const token = await encode({
    token: { sk, name: "Hanako Sato", companyName: "Backyard Test Co.", companyNeId: "c1", picNeId: "p1", endsAt: Math.floor(Date.now() / 1000) + 3600 },
    secret,
    salt: COOKIE,
    maxAge: 3600,
  });
  return `${COOKIE}=${token}`;
}

/** The request being handled carries `cookie` (what next/headers gives auth()). */
function requestWith(cookie: string | null): void {
  requestHeaders.current = new Headers({ host: "localhost:3000", ...(cookie ? { cookie } : {}) });
}

/** What the browser gets from GET /api/auth/session with `cookie`. */
async function browserSession(cookie: string): Promise<{ status: number; text: string }> {
  const { NextRequest } = await import("next/server");
  const response = await handlers.GET(new NextRequest(`${ORIGIN}/api/auth/session`, { headers: { cookie } }));
  return { status: response.status, text: await response.text() };
}

beforeEach(() => {
  check.mockReset();
  check.mockResolvedValue({ session: { companyNeId: "c1" } });
});

describe("currentSession: the server's one session read", () => {
  it("gives the store key and the names from the session cookie, leaving the store's check to its caller", async () => {
    requestWith(await sessionCookie("store-key-1"));
    expect(await currentSession()).toEqual({ key: "store-key-1", profile: { companyName: "Backyard Test Co.", personName: "Hanako Sato" } });
    expect(await currentSessionKey()).toBe("store-key-1");
    // The caller checks (with activity and why): the read itself asks nothing of the store.
    expect(check).not.toHaveBeenCalled();
  });

  it("is null when signed out, and for a cookie sealed with another secret", async () => {
    requestWith(null);
    expect(await currentSession()).toBeNull();
    requestWith(await sessionCookie("store-key-2", "another-secret-of-enough-length-0123456789abcdef"));
    expect(await currentSessionKey()).toBeNull();
  });
});

describe("currentSession: reads of one cookie within a minute", () => {
  it("are answered without decrypting it again; another cookie is read anew, and no cookie is signed out", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const cookie = await sessionCookie("store-key-kept");
      requestWith(cookie);
      const first = await currentSession();
      // The same object again: auth() was not asked (a read makes a new one).
      expect(await currentSession()).toBe(first);
      // A minute later it is read again.
      vi.setSystemTime(Date.now() + 61_000);
      expect(await currentSession()).toEqual(first);
      expect(await currentSession()).not.toBe(first);
      requestWith(await sessionCookie("store-key-other"));
      expect((await currentSession())?.key).toBe("store-key-other");
      requestWith(null);
      expect(await currentSession()).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("GET /api/auth/session: what the browser reads", () => {
  it("names the person but never carries the store key", async () => {
    const cookie = await sessionCookie("store-key-never-in-the-browser");
    const { status, text } = await browserSession(cookie);
    expect(status).toBe(200);
    expect(JSON.parse(text)).toMatchObject({ profile: { companyName: "Backyard Test Co.", personName: "Hanako Sato" } });
    expect(text).not.toContain("store-key-never-in-the-browser");
    expect(JSON.parse(text)).not.toHaveProperty("sk");
    // The browser's read is checked here, without counting as activity.
    expect(check).toHaveBeenCalledWith("store-key-never-in-the-browser", { touch: false });
  });

  it("answers an ended sign-in as signed out, while the server still reads its key to say why", async () => {
    check.mockResolvedValue({ ended: "idle" });
    const cookie = await sessionCookie("store-key-ended");
    expect(JSON.parse((await browserSession(cookie)).text)).toBeNull();
    requestWith(cookie);
    expect(await currentSessionKey()).toBe("store-key-ended");
  });

  it("a read on the server does not leave its key to a browser's read made at the same time", async () => {
    const cookie = await sessionCookie("store-key-concurrent");
    requestWith(cookie);
    const [server, browser] = await Promise.all([currentSession(), browserSession(cookie)]);
    expect(server?.key).toBe("store-key-concurrent");
    expect(browser.text).not.toContain("store-key-concurrent");
  });
});
