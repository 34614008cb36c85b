// The sandbox's SQL seam: one tiny interface over PGlite (embedded, the default) and PostgreSQL
// (node-postgres, when SANDBOX_DATABASE_URL is set). Everything else in sandbox/ talks to this only.
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite, type Transaction } from "@electric-sql/pglite";
import pg from "pg";

export type SqlParam = string | number | boolean | null | Uint8Array | readonly (string | number | null)[];

export interface QueryOptions {
  /** Reuse a server-side prepared statement for this SQL text (node-postgres only; PGlite ignores it). */
  prepare?: boolean;
}

export interface SandboxDb {
  readonly dialect: "pglite" | "pg";
  /** Runs one parameterized statement ($1, $2, ...) and answers its rows. */
  query<T extends object = Record<string, unknown>>(sql: string, params?: readonly SqlParam[], options?: QueryOptions): Promise<T[]>;
  /** Runs one or more statements without parameters (DDL, scripts). */
  exec(sql: string): Promise<void>;
  /** Runs fn inside BEGIN/COMMIT (ROLLBACK when it throws); the tx handle is a SandboxDb bound to the transaction. */
  transaction<R>(fn: (tx: SandboxDb) => Promise<R>): Promise<R>;
  close(): Promise<void>;
  /**
   * Bulk-loads CSV text with `COPY <target> FROM ... WITH (FORMAT csv)` where the driver can
   * (PGlite); undefined elsewhere, and callers fall back to INSERT.
   */
  copyCsv?(target: string, csv: string): Promise<void>;
}

export interface OpenDbOptions {
  /** PostgreSQL connection string; when set, PGlite is not used. */
  databaseUrl?: string;
  /** PostgreSQL schema holding the sandbox tables (created when missing). Default `sandbox`. */
  schema?: string;
  /** PGlite data directory; `memory` (or undefined) keeps everything in memory. */
  dataDir?: string;
}

export async function openDb(options: OpenDbOptions): Promise<SandboxDb> {
  if (options.databaseUrl) return openPg(options.databaseUrl, options.schema ?? "sandbox");
  return openPglite(options.dataDir);
}

// ---------------------------------------------------------------------------------------------
// PGlite

type PgliteLike = Pick<PGlite, "query" | "exec"> | Transaction;

class PgliteDb implements SandboxDb {
  readonly dialect = "pglite" as const;
  constructor(
    private readonly handle: PgliteLike,
    private readonly root: PGlite | null,
    private readonly release: () => void = () => undefined,
  ) {}

  async query<T extends object>(sql: string, params: readonly SqlParam[] = []): Promise<T[]> {
    const result = await this.handle.query<T>(sql, params as unknown[]);
    return result.rows;
  }

  async exec(sql: string): Promise<void> {
    await this.handle.exec(sql);
  }

  async copyCsv(target: string, csv: string): Promise<void> {
    await this.handle.query(`COPY ${target} FROM '/dev/blob' WITH (FORMAT csv)`, [], { blob: new Blob([csv]) });
  }

  async transaction<R>(fn: (tx: SandboxDb) => Promise<R>): Promise<R> {
    if (!this.root) return fn(this); // already inside one: PGlite has no nested transactions
    return this.root.transaction((tx) => fn(new PgliteDb(tx, null)));
  }

  async close(): Promise<void> {
    if (this.root && !this.root.closed) {
      await this.root.close();
      this.release();
    }
  }
}

const LOCK_FILE = ".sandbox.pid";

/** The pid of another live process holding a PGlite directory, if any. */
export function pgliteDirHolder(dir: string): number | undefined {
  let pid: number;
  try {
    pid = Number(readFileSync(path.join(dir, LOCK_FILE), "utf8").trim());
  } catch {
    return undefined;
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: alive but not ours; ESRCH: a stale lock of a process that is gone.
    return (error as NodeJS.ErrnoException).code === "EPERM" ? pid : undefined;
  }
}

export async function openPglite(dataDir?: string): Promise<SandboxDb> {
  if (!dataDir || dataDir === "memory") {
    const db = new PGlite();
    await db.waitReady;
    return new PgliteDb(db, db);
  }
  // PGlite has no server process guarding its files: two processes on one directory corrupt it.
  const dir = path.resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const holder = pgliteDirHolder(dir);
  if (holder !== undefined) throw new Error(`sandbox: ${dir} is in use by process ${holder} (stop it, or set SANDBOX_DATA_DIR)`);
  const lock = path.join(dir, LOCK_FILE);
  writeFileSync(lock, String(process.pid));
  const release = () => rmSync(lock, { force: true });
  try {
    const db = new PGlite(dir);
    await db.waitReady;
    return new PgliteDb(db, db, release);
  } catch (error) {
    release();
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL (node-postgres)

function statementName(sql: string): string {
  return `sb_${createHash("sha1").update(sql).digest("hex").slice(0, 20)}`;
}

type PgQueryable = pg.Pool | pg.PoolClient;

class PgDb implements SandboxDb {
  readonly dialect = "pg" as const;
  constructor(
    private readonly handle: PgQueryable,
    private readonly pool: pg.Pool | null,
  ) {}

  async query<T extends object>(sql: string, params: readonly SqlParam[] = [], options?: QueryOptions): Promise<T[]> {
    const config: pg.QueryConfig = { text: sql, values: params as unknown[] };
    if (options?.prepare) config.name = statementName(sql);
    const result = await this.handle.query(config);
    return result.rows as T[];
  }

  async exec(sql: string): Promise<void> {
    await this.handle.query(sql);
  }

  async transaction<R>(fn: (tx: SandboxDb) => Promise<R>): Promise<R> {
    if (!this.pool) return fn(this);
    const client = await this.pool.connect();
    try {
      await client.query("BEGIN");
      const result = await fn(new PgDb(client, null));
      await client.query("COMMIT");
      return result;
    } catch (error) {
      await client.query("ROLLBACK").catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  async close(): Promise<void> {
    if (this.pool) await this.pool.end();
  }
}

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

export async function openPg(databaseUrl: string, schema: string): Promise<SandboxDb> {
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`invalid sandbox schema name: ${schema}`);
  const bootstrap = new pg.Client({ connectionString: databaseUrl });
  await bootstrap.connect();
  try {
    await bootstrap.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdent(schema)}`);
  } finally {
    await bootstrap.end();
  }
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 10,
    options: `-c search_path=${schema} -c timezone=UTC`,
  });
  // An idle client that loses its server must not crash the process.
  pool.on("error", () => undefined);
  return new PgDb(pool, pool);
}

/** Drops a PostgreSQL schema (tests use a throwaway schema each). */
export async function dropPgSchema(databaseUrl: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${quoteIdent(schema)} CASCADE`);
  } finally {
    await client.end();
  }
}
