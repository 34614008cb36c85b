// `npm run bench load`: 200 signed-in sessions × 50 grid requests each, through nginx and both
// instances of scripts/cluster.mjs on one PostgreSQL, while access tokens expire every 3 seconds
// (the sandbox's TTL), so sessions rotate again and again mid-run. Targets: 0 errors and 0 lost
// rotations (after the run, every session's stored pair is still the sandbox's newest: a call that
// must rotate with it succeeds). Reported beside them: the rotations made, p50 and p99 as the
// load's clients saw them, and from the instances' own request log (LOG_LEVEL=info, as in
// production) the same percentiles split into the upstream calls' time and the time the dashboard
// added (a request's duration less its upstream calls'): the baseline measured in the same run.
//
// The sandbox keeps its data in the same PostgreSQL (a schema of its own), not in embedded
// PGlite: PGlite runs its SQL in WebAssembly on the sandbox's one thread, which at a few hundred
// calls a second became the run's bottleneck (the answers queued in the sandbox for seconds while
// its handlers took 6 ms): the upstream, not the dashboard, then made the p99.
//
// Memory: each instance's resident memory before the run, after it, after a second identical run
// and after 20 s idle; and its JavaScript heap after a full garbage collection (what the process
// still holds: resident memory is given back to the system slowly or never) before, after the run
// and after the second run, which must leave it where the first did: growth that piles up run
// after run would be a leak.
import { readFileSync, rmSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { Cluster } from "./lib/cluster";
import { clusterLoad } from "./lib/cluster-load";
import type { Bench, BenchRow } from "./types";

const SESSIONS = Number(process.env.BENCH_LOAD_SESSIONS ?? 200);
const REQUESTS = Number(process.env.BENCH_LOAD_REQUESTS ?? 50);
const PORT = 3800;
const ACCESS_TTL_S = 3;
const IDLE_MS = 20_000;
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/test";
const SANDBOX_SCHEMA = `backyard_load_sandbox_${PORT}`;

export const load: Bench = {
  name: "load",
  async run() {
    const logFile = path.resolve(`.data/bench-load-${PORT}.jsonl`);
    rmSync(logFile, { force: true });
    await dropLeftovers();
    const cluster = await Cluster.start(PORT, {
      SANDBOX_ACCESS_TTL_S: String(ACCESS_TTL_S),
      SANDBOX_DATABASE_URL: ADMIN_URL,
      SANDBOX_DATABASE_SCHEMA: SANDBOX_SCHEMA,
      NEXT_DIST_DIR: process.env.NEXT_DIST_DIR || ".next-load",
      LOG_LEVEL: "info",
      LOG_FILE: logFile,
      // Where SIGUSR1 opens an instance's inspector: a free loopback port (Cluster.heapAfterGcKb).
      NODE_OPTIONS: "--inspect-port=127.0.0.1:0",
    });
    const rows: BenchRow[] = [];
    const row = (name: string, value: number, unit: string, extra: Partial<BenchRow> = {}) => rows.push({ bench: "load", name, value, unit, ...extra });
    try {
      const run = () => clusterLoad({ url: cluster.url, sandbox: cluster.sandbox, sessions: SESSIONS, requestsPerSession: REQUESTS, accessTtlS: ACCESS_TTL_S });
      // A warm-up of the same shape (JIT, pools, caches), then the measured run.
      await clusterLoad({ url: cluster.url, sandbox: cluster.sandbox, sessions: 20, requestsPerSession: 10, accessTtlS: ACCESS_TTL_S });
      const before = cluster.instanceRssKb();
      const heapBefore = await cluster.heapAfterGcKb();
      const logFrom = readFileSync(logFile, "utf8").length;
      const result = await run();
      const after = cluster.instanceRssKb();
      const heapAfter = await cluster.heapAfterGcKb();
      const split = splitFromLog(readFileSync(logFile, "utf8").slice(logFrom));
      const again = await run();
      const afterAgain = cluster.instanceRssKb();
      const heapAgain = await cluster.heapAfterGcKb();
      await new Promise((r) => setTimeout(r, IDLE_MS));
      const idle = cluster.instanceRssKb();
      row(`requests (${SESSIONS} sessions × ${REQUESTS})`, result.requests, "req");
      row("errors", result.errors, "req", { target: "0", pass: result.errors === 0 });
      row(`lost rotations (of ${result.checked} sessions checked)`, result.lostRotations, "sessions", { target: "0", pass: result.lostRotations === 0 && result.checked === SESSIONS });
      row(`rotations during the run (access TTL ${ACCESS_TTL_S} s)`, result.rotations, "pairs", { target: "> 0", pass: result.rotations > 0 });
      row("p50 (clients)", result.p50, "ms");
      row("p99 (clients)", result.p99, "ms");
      row("throughput", result.rps, "req/s");
      row(`p50 in the instances (of ${split.requests} logged searches)`, split.request.p50, "ms");
      row("p99 in the instances", split.request.p99, "ms");
      row("p50 upstream calls", split.upstream.p50, "ms");
      row("p99 upstream calls", split.upstream.p99, "ms");
      row("p50 added by the dashboard", split.added.p50, "ms", { baseline: { name: "upstream p50", value: split.upstream.p50 }, ratio: split.added.p50 / split.upstream.p50 });
      row("p99 added by the dashboard", split.added.p99, "ms", { baseline: { name: "upstream p99", value: split.upstream.p99 }, ratio: split.added.p99 / split.upstream.p99 });
      row("second run: errors", again.errors, "req", { target: "0", pass: again.errors === 0 });
      row("second run: lost rotations", again.lostRotations, "sessions", { target: "0", pass: again.lostRotations === 0 && again.checked === SESSIONS });
      row("second run: p50 (clients)", again.p50, "ms");
      row("second run: p99 (clients)", again.p99, "ms");
      before.forEach((kb, i) => {
        const mb = (k: number) => k / 1024;
        const base = { baseline: { name: "before", value: mb(kb) } };
        row(`instance ${i + 1} RSS before`, mb(kb), "MB");
        row(`instance ${i + 1} RSS after`, mb(after[i]!), "MB", { ...base, ratio: after[i]! / kb });
        row(`instance ${i + 1} RSS after a second run`, mb(afterAgain[i]!), "MB", { baseline: { name: "after the first", value: mb(after[i]!) }, ratio: afterAgain[i]! / after[i]! });
        row(`instance ${i + 1} RSS after ${IDLE_MS / 1000} s idle`, mb(idle[i]!), "MB", { ...base, ratio: idle[i]! / kb });
        row(`instance ${i + 1} heap after GC before`, mb(heapBefore[i]!), "MB");
        row(`instance ${i + 1} heap after GC after the run`, mb(heapAfter[i]!), "MB", { baseline: { name: "before", value: mb(heapBefore[i]!) }, ratio: heapAfter[i]! / heapBefore[i]! });
        // What a run leaves behind must not pile up: a second run keeps the heap where the first left it.
        const kept = heapAgain[i]! / heapAfter[i]!;
        row(`instance ${i + 1} heap after GC after a second run`, mb(heapAgain[i]!), "MB", { baseline: { name: "after the first", value: mb(heapAfter[i]!) }, ratio: kept, target: "≤ 1.10", pass: kept <= 1.1 });
      });
    } finally {
      await cluster.stop();
      await dropLeftovers();
    }
    return rows;
  },
};

interface Percentiles {
  p50: number;
  p99: number;
}

/** The searches' durations in the instances' request log, their upstream calls', and the difference per request. */
export function splitFromLog(text: string): { requests: number; request: Percentiles; upstream: Percentiles; added: Percentiles } {
  const upstreamOf = new Map<string, number>();
  const requests: { id: string; ms: number }[] = [];
  for (const line of text.split("\n")) {
    if (!line.includes("receiveorder_base/search")) continue;
    let entry: { msg?: string; requestId?: string; durationMs?: number; route?: string };
    try {
      entry = JSON.parse(line) as typeof entry;
    } catch {
      continue; // a line cut by the read
    }
    if (!entry.requestId || typeof entry.durationMs !== "number") continue;
    if (entry.msg === "upstream") upstreamOf.set(entry.requestId, (upstreamOf.get(entry.requestId) ?? 0) + entry.durationMs);
    else if (entry.msg === "request") requests.push({ id: entry.requestId, ms: entry.durationMs });
  }
  const joined = requests.filter((r) => upstreamOf.has(r.id));
  const pct = (values: number[]): Percentiles => {
    const sorted = [...values].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
    return { p50: at(0.5), p99: at(0.99) };
  };
  return {
    requests: joined.length,
    request: pct(joined.map((r) => r.ms)),
    upstream: pct(joined.map((r) => upstreamOf.get(r.id)!)),
    added: pct(joined.map((r) => r.ms - upstreamOf.get(r.id)!)),
  };
}

/** What a run leaves in the PostgreSQL server: the cluster's database and the sandbox's schema. */
async function dropLeftovers(): Promise<void> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS backyard_cluster_${PORT} WITH (FORCE)`).catch(() => undefined);
  await admin.query(`DROP SCHEMA IF EXISTS ${SANDBOX_SCHEMA} CASCADE`).catch(() => undefined);
  await admin.end();
}
