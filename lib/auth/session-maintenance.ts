import "server-only";
// Stored tokens never outlive their session: a replaced session's row goes when the new one is
// made, and ended (idle, lifetime) or abandoned (never confirmed) ones are swept on a schedule
// (every SESSION_PURGE_MINUTES, started once per process from instrumentation.ts) and at sign-in.
import { AuthError } from "next-auth";
import { getNeServer, tokenStore } from "@/lib/gateway/server";
import { signIn } from "./config";
import { currentSessionKey } from "./session";
import { sessionLimits, sessionPurgeEveryMs } from "@/lib/gateway/session-policy";
import { purgeExpiredPendingSignIns } from "./sign-in";

const SWEEP_EVERY_MS = 10 * 60 * 1000;

/** Per process: instrumentation.ts starts the sweeps and sign-in runs one, from separate module graphs. */
const sweeps = ((globalThis as typeof globalThis & { __backyardSessionSweeps?: SweepState }).__backyardSessionSweeps ??= {
  last: 0,
  running: false,
  timer: undefined,
});

interface SweepState {
  last: number;
  running: boolean;
  timer: ReturnType<typeof setInterval> | undefined;
}

/**
 * Signs in with `credentials` (a uid/state pair, or a confirmed pending sign-in); a session the
 * browser had before (the session of `request`, the route handler's, which auth() reads) is ended
 * with its stored tokens. Answers the sign-in's error code, or null.
 */
export async function signInReplacing(request: Request, credentials: Record<string, string>): Promise<string | null> {
  const previousKey = await currentSessionKey();
  try {
    await signIn("next-engine", { ...credentials, redirect: false });
  } catch (err) {
    if (err instanceof AuthError) return "code" in err && typeof err.code === "string" ? err.code : err.type;
    throw err;
  }
  if (previousKey) await (await getNeServer()).gateway.forget(previousKey);
  return null;
}

/** Deletes ended sessions and expired pending sign-ins; at most once per SWEEP_EVERY_MS per process. */
export async function purgeEndedSessionsNow(now = Date.now()): Promise<void> {
  if (now - sweeps.last < SWEEP_EVERY_MS) return;
  await sweep(now);
}

async function sweep(now: number): Promise<void> {
  if (sweeps.running) return;
  sweeps.running = true;
  sweeps.last = now;
  try {
    const limits = sessionLimits();
    await purgeExpiredPendingSignIns(new Date(now));
    // The store alone: from instrumentation.ts this runs in a module graph of its own, which must
    // not build the routes' gateway (its errors would be another copy of NeError to them).
    await (await tokenStore()).purgeEnded(new Date(now - limits.idleMs), new Date(now - limits.absoluteMs));
  } catch (err) {
    console.error(`[auth] sweep of ended sessions failed: ${err instanceof Error ? err.name : "error"}`);
  } finally {
    sweeps.running = false;
  }
}

/**
 * Sweeps every `everyMs` (SESSION_PURGE_MINUTES) from now on, once per process however often it is
 * called: ended sessions go even when nobody signs in. The timer keeps no process alive.
 */
export function startSessionSweeps(everyMs = sessionPurgeEveryMs()): void {
  if (sweeps.timer) return;
  sweeps.timer = setInterval(() => void sweep(Date.now()), everyMs);
  sweeps.timer.unref();
}
