import "server-only";
// The dashboard's database: embedded PGlite under .data/app by default (a user's machine has no
// server), PostgreSQL when DATABASE_URL is set (several dashboard instances then share one token
// store). The same schema and migrations run on both; migrations run once per process on first use.
// The embedded database's folder is the running user's only, whatever the umask (0700, its files
// without group and other bits: lib/security/private-files.ts says how and why).
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import { appDataDir } from "@/lib/env";
import { privateDir, privateTree } from "@/lib/security/private-files";
import * as schema from "./schema";

export type AppDb = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface AppDatabase {
  db: AppDb;
  kind: "pglite" | "postgres";
  /**
   * Runs `fn` while holding a PostgreSQL advisory lock on `key` (session level, on a connection
   * of its own: see createAdvisoryLocks), so instances sharing a server serialize. PGlite lives in
   * one process, where the caller's in-process queue is already the whole story: `fn` runs directly.
   */
  withAdvisoryLock<T>(key: string, fn: () => Promise<T>): Promise<T>;
  /**
   * Runs `fn` only if the lock on `key` is free now (one try, no waiting): answers `{ ran: false }`
   * when another holder has it, in this process or (on PostgreSQL) another instance.
   */
  tryAdvisoryLock<T>(key: string, fn: () => Promise<T>): Promise<{ ran: true; value: T } | { ran: false }>;
  close(): Promise<void>;
}

/**
 * Session-level advisory locks, each held on a connection of its own from a pool kept for locks,
 * taken with pg_try_advisory_lock and retried with backoff. Not the query pool: a holder keeps its
 * connection across its upstream call, and one that kept a pooled connection while its own queries
 * needed another would deadlock whenever as many sessions call at once as the pool has connections.
 * One connection per held lock, because pg deprecates concurrent queries on one client (and session
 * locks on one connection are re-entrant, so they would not exclude each other there anyway).
 * Within a process the caller serializes holders of one key (the gateway's per-key queue does);
 * across processes they exclude.
 */
function createAdvisoryLocks(connectionString: string) {
  // At most this many locks held at once per instance: a further holder waits its turn for a
  // connection (its lock is taken before the company's slot, so such a wait is short-lived too).
  const pool = new pg.Pool({ connectionString, max: 20 });
  // An idle connection that drops is removed by the pool; nothing else to do about it.
  pool.on("error", () => undefined);

  interface Held {
    client: pg.PoolClient;
    /** Set when the connection fails while the lock is held. */
    error?: Error;
    onError: (err: Error) => void;
  }

  /** A connection holding the lock on `key` (with `once`: null when the first try is refused). */
  async function acquire(key: string, once?: false): Promise<Held>;
  async function acquire(key: string, once: true): Promise<Held | null>;
  async function acquire(key: string, once = false): Promise<Held | null> {
    for (let delay = 2; ; delay = Math.min(delay * 2, 100)) {
      const client = await pool.connect();
      // A checked-out client's error has no listener of the pool's: without one it would throw.
      const held: Held = {
        client,
        onError: (err) => {
          held.error = err;
        },
      };
      client.on("error", held.onError);
      let ok = false;
      try {
        const result = await client.query<{ ok: boolean }>("SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS ok", [key]);
        ok = result.rows[0]?.ok === true;
      } catch (err) {
        client.removeListener("error", held.onError);
        client.release(err instanceof Error ? err : true);
        throw err;
      }
      if (ok) return held;
      client.removeListener("error", held.onError);
      client.release();
      if (once) return null;
      await new Promise((resolve) => setTimeout(resolve, delay + Math.random() * delay));
    }
  }

  /** Unlocks and hands the connection back; one that failed or did not unlock is destroyed instead. */
  async function release(key: string, held: Held): Promise<void> {
    let unlocked = false;
    if (!held.error) {
      const result = await held.client.query<{ ok: boolean }>("SELECT pg_advisory_unlock(hashtextextended($1, 0)) AS ok", [key]).catch(() => null);
      unlocked = result?.rows[0]?.ok === true;
    }
    held.client.removeListener("error", held.onError);
    // Closing the connection releases whatever lock it may still hold on the server.
    held.client.release(unlocked ? undefined : (held.error ?? true));
  }

  return {
    async withLock<T>(key: string, fn: () => Promise<T>): Promise<T> {
      const held = await acquire(key);
      try {
        return await fn();
      } finally {
        await release(key, held);
      }
    },
    async tryWithLock<T>(key: string, fn: () => Promise<T>): Promise<{ ran: true; value: T } | { ran: false }> {
      const held = await acquire(key, true);
      if (!held) return { ran: false };
      try {
        return { ran: true, value: await fn() };
      } finally {
        await release(key, held);
      }
    },
    close: () => pool.end(),
  };
}

async function tryLocal<T>(held: Set<string>, key: string, fn: () => Promise<T>): Promise<{ ran: true; value: T } | { ran: false }> {
  if (held.has(key)) return { ran: false };
  held.add(key);
  try {
    return { ran: true, value: await fn() };
  } finally {
    held.delete(key);
  }
}

const MIGRATIONS = path.join(process.cwd(), "lib", "db", "migrations");
/** Fixed key of the advisory lock that serializes migrations across instances. */
const MIGRATION_LOCK = 0x4261636b; // "Back"

export async function openDatabase(options: { databaseUrl?: string; dataDir?: string } = {}): Promise<AppDatabase> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    const db = drizzlePg(pool, { schema }) as unknown as AppDb;
    const client = await pool.connect();
    try {
      await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS });
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => undefined);
      client.release();
    }
    const locks = createAdvisoryLocks(options.databaseUrl);
    return {
      db,
      kind: "postgres",
      withAdvisoryLock: (key, fn) => locks.withLock(key, fn),
      tryAdvisoryLock: (key, fn) => locks.tryWithLock(key, fn),
      close: async () => {
        await locks.close();
        await pool.end();
      },
    };
  }
  const dataDir = options.dataDir;
  const onDisk = !!dataDir && !dataDir.startsWith("memory://");
  // 0700 before PGlite writes anything in it; its files' modes once it has made them (and migrated).
  if (onDisk) privateDir(dataDir);
  const client = new PGlite(dataDir);
  /** Keys held by tryAdvisoryLock: one process owns an embedded database, so a set is the whole story. */
  const localHeld = new Set<string>();
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder: MIGRATIONS });
  if (onDisk) privateTree(dataDir);
  return {
    db: db as unknown as AppDb,
    kind: "pglite",
    withAdvisoryLock: (_key, fn) => fn(),
    tryAdvisoryLock: (key, fn) => tryLocal(localHeld, key, fn),
    close: () => client.close(),
  };
}

// On globalThis: instrumentation.ts (bundled apart from the routes) and the routes share it, and
// `next dev` evaluates a changed module again; a PGlite folder must be opened once per process.
const globalForDb = globalThis as typeof globalThis & { __backyardDb?: Promise<AppDatabase> };

/** The process-wide database, opened (and migrated) on first use. */
export function getDatabase(): Promise<AppDatabase> {
  // A failed open (a database not up yet) is not kept: the next use tries again.
  globalForDb.__backyardDb ??= openLocalOrShared().catch((err: unknown) => {
    globalForDb.__backyardDb = undefined;
    throw err;
  });
  return globalForDb.__backyardDb;
}

async function openLocalOrShared(): Promise<AppDatabase> {
  if (process.env.DATABASE_URL) return openDatabase({ databaseUrl: process.env.DATABASE_URL });
  // The data folder holds the generated AUTH_SECRET too: private as a whole, not only its db/.
  privateDir(appDataDir());
  return openDatabase({ dataDir: path.join(appDataDir(), "db") });
}
