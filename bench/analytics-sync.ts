// The analytics read model's sync (lib/analytics) against the sandbox 100 ms away:
//   - first sync of company 1's orders (BENCH_ANALYTICS_ORDERS generated over both companies,
//     default 117,650: company 1 gets 85 %, 100,002 slips, about 210,000 rows) with their rows,
//     goods, stock, warehouse stock and set goods: time and upstream calls, against the upstream
//     time alone (the sum of the calls' durations in the sandbox's call log, latency included:
//     what a sync that stored nothing would take, one call after another);
//   - incremental sync after 1,000 slips (and one row of each) changed in the sandbox: calls
//     (target ≤ 10) and time.
// The sandbox runs in this process on a PGlite data directory; each sync runs in a child process
// (`tsx --conditions=react-server`: the server-only modules), the app's database a PGlite data
// directory shared by the two runs.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { startSandbox } from "../sandbox/server";
import { formatJst } from "../sandbox/time";
import { SandboxCalls } from "./lib/call-log";
import type { Bench, BenchRow } from "./types";

const BENCH = "analytics-sync";
const ORDERS = Number(process.env.BENCH_ANALYTICS_ORDERS ?? 117_650);
const CHANGED = 1000;
const LATENCY_MS = 100;
const COMPANY = "NE0000000001";
const run = promisify(execFile);

interface ChildResult {
  status: string;
  ms: number;
  calls: number;
  fetched: Record<string, number> | null;
  error: string | null;
}

async function syncOnce(sandboxUrl: string, dataDir: string): Promise<ChildResult> {
  const child = path.join(process.cwd(), "bench", "lib", "analytics-sync-child.ts");
  const { stdout } = await run(process.execPath, ["--conditions=react-server", "--import", "tsx", child, sandboxUrl, dataDir], {
    cwd: process.cwd(),
    env: { ...process.env, LOG_LEVEL: "silent" },
    maxBuffer: 16 * 1024 * 1024,
    timeout: 60 * 60_000,
  });
  // The result is the line that starts with {"status" (the upstream log is silenced, but be sure).
  const line = stdout.split("\n").find((l) => l.startsWith('{"status"')) ?? "";
  if (!line) throw new Error(`the sync child printed no result: ${stdout.slice(-2000)}`);
  const result = JSON.parse(line) as ChildResult;
  if (result.status !== "done") throw new Error(`sync ${result.status}: ${result.error}`);
  return result;
}

export const analyticsSync: Bench = {
  name: BENCH,
  async run() {
    const sandboxDir = mkdtempSync(path.join(tmpdir(), "backyard-bench-analytics-sandbox-"));
    const appDir = mkdtempSync(path.join(tmpdir(), "backyard-bench-analytics-app-"));
    const t0 = performance.now();
    const sandbox = await startSandbox({ dataDir: sandboxDir, data: "generate", orders: ORDERS, admin: true, log: () => undefined, callLogCapacity: 10_000 });
    const generateMs = performance.now() - t0;
    const log = new SandboxCalls(sandbox.url);
    try {
      const [counts] = await sandbox.db.query<{ orders: string; rows: string }>(
        `SELECT (SELECT count(*) FROM ne_receive_order WHERE company_ne_id = $1) AS orders, (SELECT count(*) FROM ne_receive_order_row WHERE company_ne_id = $1) AS rows`,
        [COMPANY],
      );
      const orders = Number(counts!.orders);
      const orderRows = Number(counts!.rows);
      await log.setLatency(LATENCY_MS);

      // First sync.
      let from = await log.clear();
      const first = await syncOnce(sandbox.url, appDir);
      let calls = await log.between(from, Number.MAX_SAFE_INTEGER);
      const firstUpstreamMs = calls.reduce((sum, c) => sum + c.duration_ms, 0);
      const firstOverlaps = calls.filter((c) => c.overlap).length;

      // 1,000 slips change (the newest ones, as a day's work would), one row of each too.
      const now = formatJst(sandbox.clock.now() + 2000);
      await sandbox.db.query(
        `UPDATE ne_receive_order SET receive_order_total_amount = receive_order_total_amount + 1, receive_order_last_modified_date = $2, receive_order_last_modified_null_safe_date = $2
          WHERE company_ne_id = $1 AND receive_order_id IN (SELECT receive_order_id FROM ne_receive_order WHERE company_ne_id = $1 ORDER BY receive_order_id DESC LIMIT ${CHANGED})`,
        [COMPANY, now],
      );
      await sandbox.db.query(
        `UPDATE ne_receive_order_row SET receive_order_row_quantity = receive_order_row_quantity + 1, receive_order_row_last_modified_date = $2, receive_order_row_last_modified_null_safe_date = $2
          WHERE company_ne_id = $1 AND receive_order_row_no = 1 AND receive_order_row_receive_order_id IN (SELECT receive_order_id FROM ne_receive_order WHERE company_ne_id = $1 ORDER BY receive_order_id DESC LIMIT ${CHANGED})`,
        [COMPANY, now],
      );
      from = await log.clear();
      const incremental = await syncOnce(sandbox.url, appDir);
      calls = await log.between(from, Number.MAX_SAFE_INTEGER);
      const incrementalUpstreamMs = calls.reduce((sum, c) => sum + c.duration_ms, 0);

      process.stdout.write(
        `  analytics-sync: ${orders} slips / ${orderRows} rows of company 1 (generated in ${Math.round(generateMs / 1000)} s); ` +
          `first: ${JSON.stringify(first.fetched)}, ${first.calls} calls, ${firstOverlaps} refused as overlapping; incremental: ${JSON.stringify(incremental.fetched)}\n`,
      );
      const rows: BenchRow[] = [
        {
          bench: BENCH,
          name: `first sync of ${orders} orders + ${orderRows} rows, ${LATENCY_MS} ms away`,
          value: first.ms,
          unit: "ms",
          baseline: { name: "upstream time of its calls", value: firstUpstreamMs },
          ratio: first.ms / firstUpstreamMs,
          target: "report",
        },
        { bench: BENCH, name: "first sync: upstream calls", value: first.calls, unit: "calls", target: "report" },
        {
          bench: BENCH,
          name: `incremental sync after ${CHANGED} changed orders: upstream calls`,
          value: incremental.calls,
          unit: "calls",
          target: "<= 10",
          pass: incremental.calls <= 10 && incremental.fetched?.orders === CHANGED,
        },
        {
          bench: BENCH,
          name: `incremental sync after ${CHANGED} changed orders`,
          value: incremental.ms,
          unit: "ms",
          baseline: { name: "upstream time of its calls", value: incrementalUpstreamMs },
          ratio: incremental.ms / incrementalUpstreamMs,
          target: "report",
        },
      ];
      return rows;
    } finally {
      await sandbox.close();
      rmSync(sandboxDir, { recursive: true, force: true });
      rmSync(appDir, { recursive: true, force: true });
    }
  },
};
