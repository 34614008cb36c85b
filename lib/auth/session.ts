import "server-only";
// The signed-in session's store key (and the person's name shown), read from the encrypted session
// cookie on the server only. Decrypting the cookie (JWE) on every BFF call is the BFF's largest
// fixed cost, so the result is kept per cookie value for a minute, never past the JWT's own expiry.
import { cookies } from "next/headers";
import { getToken } from "next-auth/jwt";
import { serverEnv } from "@/lib/env";
import type { HeaderReader } from "@/lib/http/api-request";
import { SESSION_COOKIE } from "./config";

const CACHE_MS = 60_000;
const CACHE_MAX = 2000;
/** What the session cookie says: the token store's key and the name the journal shows. */
export interface CookieSession {
  key: string;
  personName: string;
}

const decoded = new Map<string, { session: CookieSession; until: number }>();

async function decode(cookie: string): Promise<CookieSession | null> {
  const now = Date.now();
  const hit = decoded.get(cookie);
  if (hit && hit.until > now) return hit.session;
  const token = await getToken({
    req: { headers: { cookie } },
    secret: serverEnv().authSecret,
    cookieName: SESSION_COOKIE,
    salt: SESSION_COOKIE,
    secureCookie: SESSION_COOKIE.startsWith("__Secure-"),
  });
  const key = typeof token?.sk === "string" ? token.sk : null;
  if (!key) return null;
  const session = { key, personName: typeof token?.name === "string" ? token.name : "" };
  const exp = typeof token?.exp === "number" ? token.exp * 1000 : now;
  if (decoded.size >= CACHE_MAX) decoded.delete(decoded.keys().next().value!);
  decoded.set(cookie, { session, until: Math.min(now + CACHE_MS, exp) });
  return session;
}

/** The session cookie(s) among `pairs`, as `name=value; ...` (chunked cookies in order). */
function sessionCookies(pairs: Iterable<{ name: string; value: string }>): string {
  const out: string[] = [];
  for (const c of pairs) if (c.name.startsWith(SESSION_COOKIE)) out.push(`${c.name}=${c.value}`);
  return out.join("; ");
}

/** The opaque token-store key of the current request's session, or null when signed out. */
export async function currentSessionKey(): Promise<string | null> {
  const cookie = sessionCookies((await cookies()).getAll());
  return cookie ? ((await decode(cookie))?.key ?? null) : null;
}

/**
 * The same from a request's own Cookie header: for route handlers on the hot path, where
 * next/headers' cookie jar costs more than the cached decode itself.
 */
export async function sessionKeyOf(request: { headers: HeaderReader }): Promise<string | null> {
  return (await cookieSessionOf(request))?.key ?? null;
}

/** The key and the person's name from a request's own Cookie header, or null when signed out. */
export async function cookieSessionOf(request: { headers: HeaderReader }): Promise<CookieSession | null> {
  const header = request.headers.get("cookie");
  if (!header) return null;
  const pairs: { name: string; value: string }[] = [];
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    pairs.push({ name: part.slice(0, eq).trim(), value: part.slice(eq + 1).trim() });
  }
  const cookie = sessionCookies(pairs);
  return cookie ? decode(cookie) : null;
}
