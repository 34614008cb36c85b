import "server-only";
// The signed-in session's store key, read from the encrypted session cookie on the server only.
import { cookies } from "next/headers";
import { getToken } from "next-auth/jwt";
import { serverEnv } from "@/lib/env";
import { SESSION_COOKIE } from "./config";

/** The opaque token-store key of the current request's session, or null when signed out. */
export async function currentSessionKey(): Promise<string | null> {
  const jar = await cookies();
  const cookie = jar
    .getAll()
    .filter((c) => c.name.startsWith(SESSION_COOKIE))
    .map((c) => `${c.name}=${c.value}`)
    .join("; ");
  if (!cookie) return null;
  const token = await getToken({
    req: { headers: { cookie } },
    secret: serverEnv().authSecret,
    cookieName: SESSION_COOKIE,
    salt: SESSION_COOKIE,
    secureCookie: SESSION_COOKIE.startsWith("__Secure-"),
  });
  return typeof token?.sk === "string" ? token.sk : null;
}
