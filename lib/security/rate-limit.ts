import "server-only";
// Fixed-window rate limits. On PostgreSQL the counters are rows shared by every instance (one
// upsert per hit); the embedded PGlite belongs to one process, where a counter in memory is the
// same thing without the query.
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { AppDatabase } from "@/lib/db";

export interface RateLimitVerdict {
  ok: boolean;
  /** Seconds until the window ends (for Retry-After), at least 1. */
  retryAfterS: number;
}

export interface RateLimiter {
  /**
   * Counts one hit on `key` and says whether it is within `limit` per `windowMs`. Keys may hold
   * secrets (a session key) or personal data (an address): the counters keep only their hash.
   */
  hit(key: string, limit: number, windowMs: number): Promise<RateLimitVerdict>;
}

/** PostgreSQL's counters older than this are deleted now and then. */
const KEEP_MS = 60 * 60 * 1000;
const SWEEP_EVERY_MS = 5 * 60 * 1000;
/** The in-memory counters of ended windows are dropped this often. */
const MEMORY_SWEEP_EVERY_MS = 60 * 1000;

const counterKey = (key: string) => createHash("sha256").update(key).digest("base64url");

function windowOf(now: number, windowMs: number) {
  const start = Math.floor(now / windowMs) * windowMs;
  return { start, retryAfterS: Math.max(1, Math.ceil((start + windowMs - now) / 1000)) };
}

/**
 * The most counters the in-memory limiter keeps: one per address that called the sign-in
 * callback and one per session that called the BFF in the last window. Past it the counter hit
 * longest ago goes (its key starts again from zero), so no flood of keys grows the process.
 */
export const MEMORY_MAX_ENTRIES = 10_000;

export function createRateLimiter(
  database: Pick<AppDatabase, "db" | "kind">,
  now: () => number = Date.now,
  { maxEntries = MEMORY_MAX_ENTRIES }: { maxEntries?: number } = {},
): RateLimiter & { size?: () => number } {
  if (database.kind === "pglite") {
    // A Map in the order the keys were last hit (a hit moves its key to the end), capped at
    // maxEntries by dropping from the front, and swept from the front of counters whose window
    // has ended. This is all of an LRU this needs; lru-cache is not among the dependencies (only
    // an old copy under a dev tool) and a dependency for these lines is more to keep than they are.
    const counts = new Map<string, { start: number; end: number; count: number }>();
    let swept = now();
    return {
      async hit(name, limit, windowMs) {
        // In memory the name itself is the key (nothing is stored outside the process to hide it
        // from): no hash on the BFF's hot path.
        const t = now();
        const { start, retryAfterS } = windowOf(t, windowMs);
        if (t - swept > MEMORY_SWEEP_EVERY_MS) {
          swept = t;
          for (const [k, v] of counts) {
            if (v.end > t) break; // hit later than this one: in a window still open (windows of one length)
            counts.delete(k);
          }
        }
        let entry = counts.get(name);
        if (entry) counts.delete(name);
        if (!entry || entry.start !== start) entry = { start, end: start + windowMs, count: 0 };
        counts.set(name, entry);
        if (counts.size > maxEntries) counts.delete(counts.keys().next().value!);
        entry.count++;
        return { ok: entry.count <= limit, retryAfterS };
      },
      size: () => counts.size,
    };
  }
  const { db } = database;
  let swept = 0;
  return {
    async hit(name, limit, windowMs) {
      const key = counterKey(name);
      const t = now();
      const { start, retryAfterS } = windowOf(t, windowMs);
      const windowStart = new Date(start);
      const rows = await db.execute<{ count: number }>(sql`
        INSERT INTO rate_limits (key, window_start, count) VALUES (${key}, ${windowStart}, 1)
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN rate_limits.window_start = EXCLUDED.window_start THEN rate_limits.count + 1 ELSE 1 END,
          window_start = EXCLUDED.window_start
        RETURNING count`);
      if (t - swept > SWEEP_EVERY_MS) {
        swept = t;
        await db.execute(sql`DELETE FROM rate_limits WHERE window_start < ${new Date(t - KEEP_MS)}`);
      }
      const count = Number((rows as unknown as { rows: { count: number }[] }).rows[0]?.count ?? 1);
      return { ok: count <= limit, retryAfterS };
    },
  };
}

function positiveInt(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

/** The limits, per minute (env overrides for deployments and benchmarks). */
export function rateLimits() {
  return {
    /** Sign-in callbacks per address: each costs one /api_neauth call. */
    signInPerAddress: positiveInt(process.env.RATE_LIMIT_SIGNIN_PER_MINUTE, 20),
    /** All sign-in callbacks of the deployment: what a client that varies its address meets. */
    signInTotal: positiveInt(process.env.RATE_LIMIT_SIGNIN_TOTAL_PER_MINUTE, 600),
    /** BFF calls per session: a board refresh is ~44, an export of 100,000 rows 10. */
    apiPerSession: positiveInt(process.env.RATE_LIMIT_API_PER_MINUTE, 1200),
  };
}

export const MINUTE_MS = 60_000;

let processLimiter: Promise<RateLimiter> | undefined;

/** The process's limiter over the app database. */
export function getRateLimiter(): Promise<RateLimiter> {
  return (processLimiter ??= import("@/lib/db").then(async ({ getDatabase }) => createRateLimiter(await getDatabase())));
}
