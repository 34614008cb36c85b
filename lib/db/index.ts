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
   * Runs `fn` while holding a PostgreSQL advisory lock on `key` (session level, on the
   * instance's lock connection: see createAdvisoryLocks), so instances sharing a server serialize. PGlite lives in one process, where the
   * caller's in-process queue is already the whole story: `fn` runs directly.
   */
  withAdvisoryLock<T>(key: string, fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * Session-level advisory locks held on one connection of their own, taken with
 * pg_try_advisory_lock and retried with backoff. Holding a lock costs no pooled connection: a
 * holder that kept a pooled connection across its upstream call while its own queries needed
 * another deadlocked once as many sessions called at once as the pool had connections.
 * Session-level locks are re-entrant on one connection, so within a process the caller must
 * serialize holders of one key (the gateway's per-key queue does); across processes they exclude.
 */
function createAdvisoryLocks(connectionString: string) {
  let connection: Promise<pg.Client> | null = null;
  const connect = (): Promise<pg.Client> => {
    connection ??= (async () => {
      const client = new pg.Client({ connectionString });
      // A dropped connection releases its locks on the server; the next call connects again.
      client.on("error", () => {
        connection = null;
      });
      client.on("end", () => {
        connection = null;
      });
      await client.connect();
      return client;
    })().catch((err: unknown) => {
      connection = null;
      throw err;
    });
    return connection;
  };
  return {
    async acquire(key: string): Promise<void> {
      for (let delay = 2; ; delay = Math.min(delay * 2, 100)) {
        const client = await connect();
        const result = await client.query<{ ok: boolean }>("SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS ok", [key]);
        if (result.rows[0]?.ok) return;
        await new Promise((resolve) => setTimeout(resolve, delay + Math.random() * delay));
      }
    },
    async release(key: string): Promise<void> {
      const client = await connection?.catch(() => null);
      await client?.query("SELECT pg_advisory_unlock(hashtextextended($1, 0))", [key]).catch(() => undefined);
    },
    async close(): Promise<void> {
      const client = await connection?.catch(() => null);
      connection = null;
      await client?.end().catch(() => undefined);
    },
  };
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
      async withAdvisoryLock(key, fn) {
        await locks.acquire(key);
        try {
          return await fn();
        } finally {
          await locks.release(key);
        }
      },
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
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder: MIGRATIONS });
  if (onDisk) privateTree(dataDir);
  return {
    db: db as unknown as AppDb,
    kind: "pglite",
    withAdvisoryLock: (_key, fn) => fn(),
    close: () => client.close(),
  };
}

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
