import "server-only";
// The one way server code reads the signed-in session: next-auth's auth(), which finds and
// decrypts the session cookie itself. Inside this read the session callback adds the token
// store's key (lib/auth/server-read.ts says why only here) and leaves the store's check to the
// caller, who checks it with the reason an ended sign-in ended (the gateway's check, or its call).
import { headers } from "next/headers";
import { auth, type SessionProfile } from "./config";
import { asServerRead } from "./server-read";

/** The signed-in session as the server sees it: the token store's key and the names shown. */
export interface CurrentSession {
  key: string;
  profile: SessionProfile;
}

/**
 * Sessions read in the last minute, by the request's Cookie header: auth() decrypts the cookie
 * and seals it again on every read, and the BFF reads it on every call. A cookie's session
 * never changes (a sign-in or sign-out writes a new cookie); the store's check is the caller's.
 */
const READ_FOR_MS = 60_000;
const READS_KEPT = 2000;
const recentReads = new Map<string, { session: CurrentSession; until: number }>();

/** The current request's session (pages, route handlers, server actions), or null when signed out. */
export async function currentSession(): Promise<CurrentSession | null> {
  const cookie = (await headers()).get("cookie");
  if (!cookie) return null;
  const now = Date.now();
  const recent = recentReads.get(cookie);
  if (recent && recent.until > now) return recent.session;
  const session = await asServerRead(() => auth());
  const key = session && "sk" in session && typeof session.sk === "string" ? session.sk : null;
  if (!key) return null;
  const current = { key, profile: session!.profile };
  if (recentReads.size >= READS_KEPT) recentReads.delete(recentReads.keys().next().value!);
  recentReads.set(cookie, { session: current, until: Math.min(now + READ_FOR_MS, Date.parse(session!.expires)) });
  return current;
}

/** The opaque token-store key of the current request's session, or null when signed out. */
export async function currentSessionKey(): Promise<string | null> {
  return (await currentSession())?.key ?? null;
}
