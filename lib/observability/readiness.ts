import "server-only";
// What GET /api/ready checks: the database answers and holds every migration this build ships,
// and the upstream API answers HTTP at all (any status: it is reachable). Each check has its own
// time limit, and the upstream's result is kept a few seconds, so a probe every second costs the
// API one request per interval at most. Nothing secret is said: no URL, no connection string, no
// driver message, only which check failed and a fixed reason.
import { readFileSync } from "node:fs";
import http from "node:http";
import https from "node:https";
import path from "node:path";
import { sql } from "drizzle-orm";
import { getDatabase } from "@/lib/db";

export interface CheckResult {
  ok: boolean;
  ms: number;
  /** A fixed reason when not ok ("unreachable", "timeout", "migrations-pending"). */
  reason?: string;
}

export interface Readiness {
  ready: boolean;
  checks: { database: CheckResult & { migrations?: string }; upstream: CheckResult };
}

const CHECK_TIMEOUT_MS = 3000;
const UPSTREAM_KEEP_MS = 5000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("timeout")), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** How many migrations this build ships (drizzle's journal). */
export function shippedMigrations(root = process.cwd()): number {
  const journal = JSON.parse(readFileSync(path.join(root, "lib", "db", "migrations", "meta", "_journal.json"), "utf8")) as { entries: unknown[] };
  return journal.entries.length;
}

export async function checkDatabase(timeoutMs = CHECK_TIMEOUT_MS): Promise<Readiness["checks"]["database"]> {
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  try {
    const applied = await withTimeout(
      (async () => {
        const { db } = await getDatabase();
        const result = await db.execute(sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`);
        return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
      })(),
      timeoutMs,
    );
    const shipped = shippedMigrations();
    const migrations = `${applied}/${shipped}`;
    return applied >= shipped ? { ok: true, ms: ms(), migrations } : { ok: false, ms: ms(), migrations, reason: "migrations-pending" };
  } catch (err) {
    return { ok: false, ms: ms(), reason: err instanceof Error && err.message === "timeout" ? "timeout" : "unreachable" };
  }
}

/** Any HTTP answer from `baseUrl` within the time limit. */
export function checkUpstream(baseUrl: string, timeoutMs = CHECK_TIMEOUT_MS): Promise<CheckResult> {
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    let url: URL;
    try {
      url = new URL(baseUrl);
    } catch {
      resolve({ ok: false, ms: 0, reason: "unreachable" });
      return;
    }
    const lib = url.protocol === "https:" ? https : http;
    const req = lib.request(url, { method: "GET", timeout: timeoutMs, agent: false, headers: { accept: "*/*" } }, (res) => {
      res.resume();
      resolve({ ok: true, ms: ms() });
    });
    req.on("timeout", () => {
      req.destroy();
      resolve({ ok: false, ms: ms(), reason: "timeout" });
    });
    req.on("error", () => resolve({ ok: false, ms: ms(), reason: "unreachable" }));
    req.end();
  });
}

let upstreamKept: { at: number; result: Promise<CheckResult>; url: string } | null = null;

export async function readiness(apiBaseUrl: string, now = Date.now()): Promise<Readiness> {
  if (!upstreamKept || upstreamKept.url !== apiBaseUrl || now - upstreamKept.at > UPSTREAM_KEEP_MS) {
    upstreamKept = { at: now, url: apiBaseUrl, result: checkUpstream(apiBaseUrl) };
  }
  const [database, upstream] = await Promise.all([checkDatabase(), upstreamKept.result]);
  return { ready: database.ok && upstream.ok, checks: { database, upstream } };
}
