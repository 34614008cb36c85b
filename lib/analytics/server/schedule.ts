import "server-only";
// When the analytics copies are synced and deleted. A tick (every minute, per process, started
// from instrumentation.ts) finds the companies with a live sign-in (a token store session within
// its idle timeout and lifetime), records that a sign-in was seen, and syncs each company whose
// copy is older than ANALYTICS_SYNC_MINUTES (or whose refresh was asked for) with the calls of its
// most recently active session; then it deletes the copies of companies with no sign-in seen for
// ANALYTICS_RETENTION_DAYS. Which instance syncs a company is decided by the sync's own lock.
// A copy deleted on request (the settings page) is not built again by the schedule: its company
// row stays with `deleted_on_request_at`, and only a refresh asked by someone of the company (the
// analytics pages' button, `requestSync`) clears it and builds the copy anew.
//
// The tick runs in instrumentation.ts's module graph, which must not build the routes' gateway
// (lib/auth/session-maintenance.ts says why). It uses the routes' gateway when the routes have
// built it (`builtNeServer`): a person signed in has loaded a page, so it exists whenever there is
// something to sync; before that, the tick only keeps the retention.
import { and, desc, eq, gt, inArray, isNotNull, isNull, lt, or } from "drizzle-orm";
import type { AppDatabase } from "@/lib/db";
import { analyticsCompanies, tokenSessions } from "@/lib/db/schema";
import { analyticsEnv } from "@/lib/env";
import { sessionLimits, type SessionLimits } from "@/lib/gateway/session-policy";
import { deleteAbandonedCopies, deleteCompanyCopy } from "./retention";
import { syncCompany, touchCompany, type SyncCall, type SyncDeps, type SyncOutcome } from "./sync";

type Db = AppDatabase["db"];

/** A sync whose heartbeat is older than this died with its process. */
export const STALE_HEARTBEAT_MS = 5 * 60_000;
export const TICK_EVERY_MS = 60_000;

export interface SyncStatus {
  /** When the copy was last complete (the start of the last sync that finished), or null. */
  asOf: Date | null;
  /** A sync of the company runs now (in any instance). */
  running: boolean;
  /** Why the last sync failed (null: it did not). */
  lastError: string | null;
  /** When it failed (a refresh compares it with the time it was asked). */
  lastErrorAt: Date | null;
  /** A refresh was asked for and has not run yet. */
  requested: boolean;
}

export async function syncStatus(db: Db, company: string, now = Date.now()): Promise<SyncStatus> {
  const [row] = await db.select().from(analyticsCompanies).where(eq(analyticsCompanies.companyNeId, company));
  if (!row) return { asOf: null, running: false, lastError: null, lastErrorAt: null, requested: false };
  return {
    asOf: row.asOf,
    running: !!row.heartbeatAt && now - row.heartbeatAt.getTime() < STALE_HEARTBEAT_MS,
    lastError: row.lastError,
    lastErrorAt: row.lastErrorAt,
    requested: !!row.requestedAt,
  };
}

/** The most recently active live session of each company (its key syncs the company). */
export async function liveCompanySessions(db: Db, now: number, limits: SessionLimits = sessionLimits()): Promise<{ company: string; sessionKey: string }[]> {
  const rows = await db
    .selectDistinctOn([tokenSessions.companyNeId], { company: tokenSessions.companyNeId, sessionKey: tokenSessions.id })
    .from(tokenSessions)
    .where(and(gt(tokenSessions.lastSeenAt, new Date(now - limits.idleMs)), gt(tokenSessions.createdAt, new Date(now - limits.absoluteMs))))
    .orderBy(tokenSessions.companyNeId, desc(tokenSessions.lastSeenAt));
  return rows;
}

/** Marks the company's copy as wanted now (a copy deleted on request is wanted again); the schedule (or the caller) runs it. */
export async function markRequested(db: Db, company: string, now = Date.now()): Promise<void> {
  const at = new Date(now);
  await touchCompany(db, company, at, { requestedAt: at, lastSignInSeenAt: at, deletedOnRequestAt: null });
}

/**
 * The settings page's "Delete now": the company's copy is deleted at once, under the sync's lock
 * (a sync running now would write rows back after the delete: answers false then, nothing
 * deleted). Its company row stays, marked deleted on request, so the schedule does not build the
 * copy again; a refresh asked by someone of the company (`requestSync`) does.
 */
export async function deleteCopyOnRequest(database: Pick<AppDatabase, "db" | "tryAdvisoryLock">, company: string, now = Date.now()): Promise<boolean> {
  const done = await database.tryAdvisoryLock(`analytics-sync:${company}`, () =>
    database.db.transaction(async (tx) => {
      await deleteCompanyCopy(tx, company);
      const at = new Date(now);
      await touchCompany(tx, company, at, { lastSignInSeenAt: at, deletedOnRequestAt: at });
    }),
  );
  return done.ran;
}

/**
 * Companies whose copy is due: asked for; or, on the schedule (`everyMs` not null), never synced
 * or older than `everyMs`, unless their copy was deleted on request (built again only when asked).
 */
async function dueCompanies(db: Db, companies: string[], now: number, everyMs: number | null): Promise<Set<string>> {
  if (companies.length === 0) return new Set();
  const rows = await db
    .select({ company: analyticsCompanies.companyNeId })
    .from(analyticsCompanies)
    .where(
      and(
        inArray(analyticsCompanies.companyNeId, companies),
        everyMs === null
          ? isNotNull(analyticsCompanies.requestedAt)
          : or(
              isNotNull(analyticsCompanies.requestedAt),
              and(isNull(analyticsCompanies.deletedOnRequestAt), or(isNull(analyticsCompanies.syncFinishedAt), lt(analyticsCompanies.syncFinishedAt, new Date(now - everyMs)))),
            ),
      ),
    );
  return new Set(rows.map((r) => r.company));
}

export interface TickDeps {
  database: Pick<AppDatabase, "db" | "tryAdvisoryLock">;
  /** The gateway's call, or null when the routes have not built the gateway yet (no sync this tick). */
  call: SyncCall | null;
  now?: () => number;
  /** Null: no scheduled sync, only requested ones. */
  syncEveryMs?: number | null;
  retentionMs?: number;
  limits?: SessionLimits;
  /** Options passed to each sync (tests: page size). */
  sync?: Partial<SyncDeps>;
}

export interface TickResult {
  synced: Record<string, SyncOutcome["status"]>;
  deleted: string[];
}

/** One turn of the schedule: sign-ins seen, due companies synced one after the other, abandoned copies deleted. */
export async function scheduleTick(deps: TickDeps): Promise<TickResult> {
  const now = deps.now ?? Date.now;
  const env = analyticsEnv();
  const everyMs = deps.syncEveryMs !== undefined ? deps.syncEveryMs : env.syncEveryMs;
  const retentionMs = deps.retentionMs ?? env.retentionMs;
  const { db } = deps.database;
  const live = await liveCompanySessions(db, now(), deps.limits);
  for (const { company } of live) await touchCompany(db, company, new Date(now()), { lastSignInSeenAt: new Date(now()) });
  const synced: Record<string, SyncOutcome["status"]> = {};
  if (deps.call) {
    const due = await dueCompanies(
      db,
      live.map((l) => l.company),
      now(),
      everyMs,
    );
    for (const { company, sessionKey } of live) {
      if (!due.has(company)) continue;
      const outcome = await syncCompany(company, sessionKey, { ...deps.sync, database: deps.database, call: deps.call, now });
      synced[company] = outcome.status;
    }
  }
  const deleted = await deleteAbandonedCopies(db, new Date(now() - retentionMs));
  return { synced, deleted };
}

interface ScheduleState {
  timer: ReturnType<typeof setInterval> | undefined;
  running: boolean;
}

const schedule = ((globalThis as typeof globalThis & { __backyardAnalyticsSchedule?: ScheduleState }).__backyardAnalyticsSchedule ??= {
  timer: undefined,
  running: false,
});

/** The routes' gateway call when the routes have built it (lib/gateway/server.ts keeps it on globalThis). */
async function routesGatewayCall(): Promise<SyncCall | null> {
  const built = (globalThis as typeof globalThis & { __backyardNe?: Promise<{ gateway: { call: SyncCall } }> }).__backyardNe;
  if (!built) return null;
  const server = await built.catch(() => null);
  return server ? (key, path, request, options) => server.gateway.call(key, path, request, options) : null;
}

async function tick(): Promise<void> {
  if (schedule.running) return;
  schedule.running = true;
  try {
    const { getDatabase } = await import("@/lib/db");
    const database = await getDatabase();
    await scheduleTick({ database, call: await routesGatewayCall() });
  } catch (err) {
    console.error(`[analytics] schedule tick failed: ${err instanceof Error ? err.message : "error"}`);
  } finally {
    schedule.running = false;
  }
}

/** Starts the minute tick once per process (instrumentation.ts); the timer keeps no process alive. */
export function startAnalyticsSchedule(everyMs = TICK_EVERY_MS): void {
  if (schedule.timer) return;
  schedule.timer = setInterval(() => void tick(), everyMs);
  schedule.timer.unref();
}

/**
 * The refresh button: the company's copy is wanted now. With the session key of the person who
 * asked, the sync starts at once in the background (not awaited: the status says when it is done);
 * a sync already running (here or elsewhere) is left to finish.
 */
export async function requestSync(
  company: string,
  sessionKey: string,
  deps: { database: Pick<AppDatabase, "db" | "tryAdvisoryLock">; call: SyncCall; now?: () => number },
): Promise<{ started: boolean; requestedAt: Date }> {
  const requestedAt = new Date((deps.now ?? Date.now)());
  await markRequested(deps.database.db, company, requestedAt.getTime());
  const status = await syncStatus(deps.database.db, company, requestedAt.getTime());
  if (status.running) return { started: false, requestedAt };
  void syncCompany(company, sessionKey, { database: deps.database, call: deps.call }).catch((err: unknown) => {
    console.error(`[analytics] requested sync failed: ${err instanceof Error ? err.message : "error"}`);
  });
  return { started: true, requestedAt };
}
