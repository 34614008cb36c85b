import "server-only";
// The one way server code reads the signed-in session: next-auth's auth(), which finds and
// decrypts the session cookie itself. Inside this read the session callback adds the token
// store's key (lib/auth/server-read.ts says why only here) and leaves the store's check to the
// caller, who checks it with the reason an ended sign-in ended (the gateway's check, or its call).
import { auth, type SessionProfile } from "./config";
import { asServerRead } from "./server-read";

/** The signed-in session as the server sees it: the token store's key and the names shown. */
export interface CurrentSession {
  key: string;
  profile: SessionProfile;
}

/** The current request's session (pages, route handlers, server actions), or null when signed out. */
export async function currentSession(): Promise<CurrentSession | null> {
  const session = await asServerRead(() => auth());
  const key = session && "sk" in session && typeof session.sk === "string" ? session.sk : null;
  return key ? { key, profile: session!.profile } : null;
}

/** The opaque token-store key of the current request's session, or null when signed out. */
export async function currentSessionKey(): Promise<string | null> {
  return (await currentSession())?.key ?? null;
}
