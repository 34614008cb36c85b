// `npm run bench load`: 200 signed-in sessions × 50 grid requests each, through nginx and both
// instances of scripts/cluster.mjs on one PostgreSQL, while access tokens expire every 3 seconds
// (the sandbox's TTL), so sessions rotate again and again mid-run. Targets: 0 errors and 0 lost
// rotations (after the run, every session's stored pair is still the sandbox's newest: a call that
// must rotate with it succeeds). Reported beside them: the rotations made, p50 and p99, the
// throughput, and each instance's resident memory before the run, after it, and after 20 s idle.
import pg from "pg";
import { Cluster } from "./lib/cluster";
import { clusterLoad } from "./lib/cluster-load";
import type { Bench, BenchRow } from "./types";

const SESSIONS = Number(process.env.BENCH_LOAD_SESSIONS ?? 200);
const REQUESTS = Number(process.env.BENCH_LOAD_REQUESTS ?? 50);
const PORT = 3800;
const ACCESS_TTL_S = 3;
const IDLE_MS = 20_000;

export const load: Bench = {
  name: "load",
  async run() {
    const cluster = await Cluster.start(PORT, { SANDBOX_ACCESS_TTL_S: String(ACCESS_TTL_S), NEXT_DIST_DIR: process.env.NEXT_DIST_DIR || ".next-load" });
    const rows: BenchRow[] = [];
    const row = (name: string, value: number, unit: string, extra: Partial<BenchRow> = {}) => rows.push({ bench: "load", name, value, unit, ...extra });
    try {
      // A warm-up of the same shape (JIT, pools, caches), then the measured run.
      await clusterLoad({ url: cluster.url, sandbox: cluster.sandbox, sessions: 20, requestsPerSession: 10, accessTtlS: ACCESS_TTL_S });
      const before = cluster.instanceRssKb();
      const result = await clusterLoad({ url: cluster.url, sandbox: cluster.sandbox, sessions: SESSIONS, requestsPerSession: REQUESTS, accessTtlS: ACCESS_TTL_S });
      const after = cluster.instanceRssKb();
      await new Promise((r) => setTimeout(r, IDLE_MS));
      const idle = cluster.instanceRssKb();
      row(`requests (${SESSIONS} sessions × ${REQUESTS})`, result.requests, "req");
      row("errors", result.errors, "req", { target: "0", pass: result.errors === 0 });
      row(`lost rotations (of ${result.checked} sessions checked)`, result.lostRotations, "sessions", { target: "0", pass: result.lostRotations === 0 && result.checked === SESSIONS });
      row(`rotations during the run (access TTL ${ACCESS_TTL_S} s)`, result.rotations, "pairs", { target: "> 0", pass: result.rotations > 0 });
      row("p50", result.p50, "ms");
      row("p99", result.p99, "ms");
      row("throughput", result.rps, "req/s");
      before.forEach((kb, i) => {
        row(`instance ${i + 1} RSS before`, kb / 1024, "MB");
        row(`instance ${i + 1} RSS after`, after[i]! / 1024, "MB", { baseline: { name: "before", value: kb / 1024 }, ratio: after[i]! / kb });
        row(`instance ${i + 1} RSS after ${IDLE_MS / 1000} s idle`, idle[i]! / 1024, "MB", { baseline: { name: "before", value: kb / 1024 }, ratio: idle[i]! / kb });
      });
    } finally {
      await cluster.stop();
      await dropDatabase(PORT);
    }
    return rows;
  },
};

async function dropDatabase(port: number): Promise<void> {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/test" });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS backyard_cluster_${port} WITH (FORCE)`).catch(() => undefined);
  await admin.end();
}
