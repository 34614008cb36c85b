import "server-only";
// The dashboard's gate: a valid session JWT and live tokens in the store, or back to /login with
// the page the person was on (and why).
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { getNeServer } from "@/lib/gateway/server";
import type { SessionProfile } from "./config";
import { safeReturnPath } from "./return-to";
import { sessionLimits } from "@/lib/gateway/session-policy";
import { currentSession } from "./session";

export interface SignedInPage {
  profile: SessionProfile;
  /** For the page's own timer: the idle timeout and when the sign-in's lifetime ends (epoch ms). */
  timeouts: { idleMs: number; endsAt: number };
}

export async function requireSession(): Promise<SignedInPage> {
  const from = safeReturnPath((await headers()).get("x-backyard-path"));
  // The session read leaves the store's check to us, so an ended sign-in is told why.
  const session = await currentSession();
  if (!session) redirect(`/login?from=${encodeURIComponent(from)}`);
  const checked = await (await getNeServer()).gateway.check(session.key);
  if ("ended" in checked) redirect(`/login?reason=${checked.ended === "idle" ? "idle" : "expired"}&from=${encodeURIComponent(from)}`);
  const limits = sessionLimits();
  return { profile: session.profile, timeouts: { idleMs: limits.idleMs, endsAt: checked.session.createdAt.getTime() + limits.absoluteMs } };
}
