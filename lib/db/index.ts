import "server-only";
// The dashboard's database: embedded PGlite under .data/app by default (a user's machine has no
// server), PostgreSQL when DATABASE_URL is set (several dashboard instances then share one token
// store). The same schema and migrations run on both; migrations run once per process on first use.
import path from "node:path";
import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import { appDataDir } from "@/lib/env";
import * as schema from "./schema";

export type AppDb = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface AppDatabase {
  db: AppDb;
  kind: "pglite" | "postgres";
  /**
   * Runs `fn` while holding a PostgreSQL advisory lock on `key` (session level, on one pooled
   * connection), so instances sharing a server serialize. PGlite lives in one process, where the
   * caller's in-process queue is already the whole story: `fn` runs directly.
   */
  withAdvisoryLock<T>(key: string, fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
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
    return {
      db,
      kind: "postgres",
      async withAdvisoryLock(key, fn) {
        const lockClient = await pool.connect();
        try {
          await lockClient.query("SELECT pg_advisory_lock(hashtextextended($1, 0))", [key]);
          return await fn();
        } finally {
          await lockClient.query("SELECT pg_advisory_unlock(hashtextextended($1, 0))", [key]).catch(() => undefined);
          lockClient.release();
        }
      },
      close: () => pool.end(),
    };
  }
  const dataDir = options.dataDir;
  if (dataDir && !dataDir.startsWith("memory://")) mkdirSync(dataDir, { recursive: true });
  const client = new PGlite(dataDir);
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder: MIGRATIONS });
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
  globalForDb.__backyardDb ??= openDatabase({
    databaseUrl: process.env.DATABASE_URL || undefined,
    dataDir: process.env.DATABASE_URL ? undefined : path.join(appDataDir(), "db"),
  });
  return globalForDb.__backyardDb;
}
