import "server-only";
// The dashboard's gate: a valid session JWT and live tokens in the store, or back to /login with
// the page the person was on (and why).
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { getNeServer } from "@/lib/ne/server";
import { auth, type SessionProfile } from "./config";
import { safeReturnPath } from "./return-to";
import { currentSessionKey } from "./session";

export async function requireSession(): Promise<SessionProfile> {
  const from = safeReturnPath((await headers()).get("x-backyard-path"));
  const session = await auth();
  if (!session) redirect(`/login?from=${encodeURIComponent(from)}`);
  const key = await currentSessionKey();
  const stored = key ? await (await getNeServer()).store.get(key) : null;
  if (!stored) redirect(`/login?reason=expired&from=${encodeURIComponent(from)}`);
  return session.profile;
}
