// How long a sign-in lasts: an idle timeout (no call or page for that long) and an absolute
// lifetime from sign-in, both on top of the session cookie's own expiry. Pure functions: the page's
// own timer (components/shell/session-timeouts.tsx) follows the same rule.

export interface SessionLimits {
  idleMs: number;
  absoluteMs: number;
}

export type SessionEnd = "idle" | "absolute";

/** Activity is written at most this often (a write per call would cost more than it tells). */
export const TOUCH_EVERY_MS = 60_000;

function positive(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : fallback;
}

/** SESSION_IDLE_MINUTES (default 480 = 8 h) and SESSION_MAX_DAYS (default 7). Server side only. */
export function sessionLimits(env: Record<string, string | undefined> = process.env): SessionLimits {
  return {
    idleMs: positive(env.SESSION_IDLE_MINUTES, 8 * 60) * 60_000,
    absoluteMs: positive(env.SESSION_MAX_DAYS, 7) * 24 * 60 * 60_000,
  };
}

/**
 * How often each dashboard process deletes ended sessions and expired pending sign-ins, whether or
 * not anyone signs in: SESSION_PURGE_MINUTES (default 10). Server side only.
 */
export function sessionPurgeEveryMs(env: Record<string, string | undefined> = process.env): number {
  return positive(env.SESSION_PURGE_MINUTES, 10) * 60_000;
}

/** Why a session with these times has ended at `now`, or null while it lasts. */
export function sessionEnded(times: { createdAt: Date; lastSeenAt: Date }, now: number, limits: SessionLimits): SessionEnd | null {
  if (now - times.createdAt.getTime() >= limits.absoluteMs) return "absolute";
  if (now - times.lastSeenAt.getTime() >= limits.idleMs) return "idle";
  return null;
}
