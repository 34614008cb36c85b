import "server-only";
// Stored tokens never outlive their session: a replaced session's row goes when the new one is
// made, and ended (idle, lifetime) or abandoned (never confirmed) ones are swept now and then.
import { getNeServer } from "@/lib/ne/server";
import { sessionLimits } from "./session-policy";
import { purgeExpiredPendingSignIns } from "./sign-in";

const SWEEP_EVERY_MS = 10 * 60 * 1000;
let lastSweep = 0;

/** A new sign-in in a browser that had a session: the old session's tokens are deleted. */
export async function replaceSession(previousKey: string | null): Promise<void> {
  if (previousKey) await (await getNeServer()).gateway.forget(previousKey);
}

/** Deletes ended sessions and expired pending sign-ins; at most once per SWEEP_EVERY_MS per process. */
export async function purgeEndedSessionsNow(now = Date.now()): Promise<void> {
  if (now - lastSweep < SWEEP_EVERY_MS) return;
  lastSweep = now;
  try {
    const limits = sessionLimits();
    await purgeExpiredPendingSignIns(new Date(now));
    await (await getNeServer()).store.purgeEnded(new Date(now - limits.idleMs), new Date(now - limits.absoluteMs));
  } catch (err) {
    console.error(`[auth] sweep of ended sessions failed: ${err instanceof Error ? err.name : "error"}`);
  }
}
