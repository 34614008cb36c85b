// Helpers of the upload journal's tests: a database of either kind (in-memory PGlite, or a
// throwaway database on the machine's PostgreSQL, so the shared `test` database's migration state
// is never touched), batches as the page sends them, and a stand-in for the CSV reader's re-check
// (lib/csv's is written on another branch; after the merge the real one runs in the app).
import { createHash, randomBytes } from "node:crypto";
import { gzipSync } from "node:zlib";
import pg from "pg";
import { openDatabase, type AppDatabase } from "@/lib/db";
import { TEST_PG_URL } from "@/lib/test/postgres";
import type { CsvProblem } from "@/lib/csv";
import type { CreateUploadRequest, StoreBatchRequest } from "../contract";
import type { CheckBatch, UploadOwner } from "./journal";

export const OWNER: UploadOwner = { companyNeId: "NE0000000001", picNeId: "11", personName: "山田 太郎" };
export const OTHER_COMPANY: UploadOwner = { companyNeId: "NE0000000002", picNeId: "21", personName: "佐藤 花子" };

export interface TestDatabase {
  database: AppDatabase;
  /** Opens another connection set to the same database: a second dashboard instance. */
  another(): Promise<AppDatabase>;
  close(): Promise<void>;
}

/** A database with the app's migrations applied: PGlite in memory, or a new PostgreSQL database. */
export async function openTestDatabase(mode: "pglite" | "postgres"): Promise<TestDatabase> {
  if (mode === "pglite") {
    const database = await openDatabase({ dataDir: "memory://" });
    return {
      database,
      another: () => Promise.reject(new Error("PGlite belongs to one process")),
      close: () => database.close(),
    };
  }
  const name = `journal_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: TEST_PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(TEST_PG_URL);
  url.pathname = `/${name}`;
  const opened: AppDatabase[] = [];
  const open = async () => {
    const database = await openDatabase({ databaseUrl: url.toString() });
    opened.push(database);
    return database;
  };
  const database = await open();
  return {
    database,
    another: open,
    async close() {
      for (const d of opened) await d.close();
      // Not WITH (FORCE): that kills connections the pools are still closing (uncaught errors).
      for (let attempt = 0; ; attempt++) {
        try {
          await admin.query(`DROP DATABASE IF EXISTS ${name}`);
          break;
        } catch (err) {
          if (attempt >= 50) throw err;
          await new Promise((r) => setTimeout(r, 100));
        }
      }
      await admin.end();
    },
  };
}

export const sha256Hex = (data: string | Uint8Array) => createHash("sha256").update(data).digest("hex");

/** A batch of `text` (header + rows) as the page stores it: gzip, base64, sha256 of the text. */
export function batchOf(text: string, firstLine = 2, options: { rows?: number } = {}): StoreBatchRequest {
  const rows = options.rows ?? text.split(/\r?\n/).filter((l) => l !== "").length - 1;
  return {
    firstLine,
    lastLine: firstLine + Math.max(rows, 1) - 1,
    rows,
    sha256: sha256Hex(text),
    gzipBase64: gzipSync(Buffer.from(text, "utf8")).toString("base64"),
  };
}

/**
 * Stand-in for lib/csv's checkBatchText: rows are the non-empty lines after the header; a line
 * with `#ERROR` is an error, one with `#WARN` a warning.
 */
export const fakeCheckBatch: CheckBatch = (_kind, text) => {
  const lines = text.split(/\r?\n/);
  const problems: CsvProblem[] = [];
  lines.forEach((line, i) => {
    const severity = line.includes("#ERROR") ? "error" : line.includes("#WARN") ? "warning" : null;
    if (severity) problems.push({ line: i + 1, column: null, value: null, code: "fake", reason: { ja: "テスト", en: "test" }, severity });
  });
  return { rows: lines.slice(1).filter((l) => l !== "").length, problems };
};

export const WAREHOUSE_HEADER = "kyoten_mei,syohin_code,kasan_su,gensan_su,nyusyukko_riyu,kyoten_syohin_himoduke,kyoten_syohin_sakujyo";

/** A warehouse stock CSV adding `add` to each goods code at 基本拠点. */
export function stockCsv(goodsCodes: readonly string[], add: number): string {
  return [WAREHOUSE_HEADER, ...goodsCodes.map((g) => `基本拠点,${g},${add},,入荷,,`)].join("\r\n") + "\r\n";
}

export function createRequest(overrides: Partial<CreateUploadRequest> = {}): CreateUploadRequest {
  return {
    kind: "warehouse-stock",
    fileName: "在庫.csv",
    size: 100,
    sha256: sha256Hex(randomBytes(16)),
    encoding: "shift_jis",
    rows: 1,
    excludedLines: [],
    warningsConfirmed: false,
    batchCount: 1,
    goodsCodes: [],
    ...overrides,
  };
}

/** Polls `read` until `done` holds (never a fixed sleep): a generous limit, then fails. */
export async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, timeoutMs = 30_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
