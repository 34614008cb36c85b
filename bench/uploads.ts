// `npm run bench uploads`: the upload attack of issue 31 (item 2) against a real dashboard
// (bench/lib/upload-flood.ts, the default upload settings): sixteen of the goods batches
// (3000 rows of `P<n>,"<5,400 double quotes>"`, ~50 kB gzipped, ~16 MB unzipped) stored at once
// by eight sessions, two each. Measured: the dashboard's resident memory growth (target < 300 MB)
// and /api/health's round trip during the flood against the same run's idle baseline (target: the
// slowest < 1 s), the most batches checked at once and each check's time from the dashboard's
// log; beside them one such batch checked in this process's own thread (the direct call: what a
// check costs with no pool around it, and what held the server's thread before the fix).
import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import { buildIfNeeded } from "../scripts/build-if-needed.mjs";
import { checkBatchText } from "../lib/csv";
import { inspectBatch } from "../lib/uploads/server/batch-inspect";
import { batchBody, call, checkLines, createGoodsFile, flood, quotesBatchText, signIn, startUploadStack } from "./lib/upload-flood";
import type { Bench, BenchRow } from "./types";

const APP_PORT = 3870;
const SANDBOX_PORT = 4870;

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

async function idleHealth(app: string, n: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await (await fetch(`${app}/api/health`)).arrayBuffer();
    out.push(performance.now() - t);
    await new Promise((r) => setTimeout(r, 100));
  }
  return out;
}

export const uploads: Bench = {
  name: "uploads",
  async run() {
    buildIfNeeded(process.cwd());
    const rows: BenchRow[] = [];
    const bench = "uploads";

    // The direct call: one batch unzipped and checked in this thread.
    const text = quotesBatchText("D");
    const gz = gzipSync(Buffer.from(text));
    const sha256 = createHash("sha256").update(text).digest("hex");
    const t = performance.now();
    const direct = await inspectBatch({ kind: "goods", gz, rows: 3000, sha256 }, checkBatchText);
    const directMs = performance.now() - t;
    if (!direct.ok) throw new Error(`the direct check refused the batch: ${direct.failure.code}`);

    const stack = await startUploadStack({ appPort: APP_PORT, sandboxPort: SANDBOX_PORT });
    try {
      const bodies = new Map<string, string>();
      const bodyOf = (s: number, i: number) => {
        const key = `${s}-${i}`;
        if (!bodies.has(key)) bodies.set(key, JSON.stringify(batchBody(quotesBatchText(`P${s}x${i}`), 3000)));
        return bodies.get(key) as string;
      };
      for (let s = 0; s < 8; s++) for (let i = 0; i < 2; i++) bodyOf(s, i);
      // Making them held this process for seconds: let the closes of idle connections be seen.
      await new Promise((r) => setTimeout(r, 200));
      const cookies = await signIn(stack.app, 8);
      const warm = await createGoodsFile(stack.app, cookies[0] as string, 1, 1);
      await call(stack.app, cookies[0] as string, "PUT", `/api/uploads/${warm}/batches/0`, batchBody("syohin_code,bikou\r\nW-1,x", 1));
      const idle = await idleHealth(stack.app, 30);
      const outcome = await flood(stack, cookies, 2, bodyOf);
      const stored = outcome.statuses.filter((s) => s === 201).length;
      if (stored !== 16) throw new Error(`only ${stored} of 16 batches stored: ${outcome.codes.join(", ")}`);
      // The log is written in batches: wait for every check's line.
      let lines = checkLines(stack.logFile);
      for (let i = 0; i < 100 && lines.length < 17; i++) {
        await new Promise((r) => setTimeout(r, 100));
        lines = checkLines(stack.logFile);
      }
      const flooded = lines.slice(1);
      const growth = outcome.rssPeakMb - outcome.rssBeforeMb;
      const idleP50 = percentile(idle, 50);
      const healthMax = Math.max(...outcome.healthMs);
      const healthP99 = percentile(outcome.healthMs, 99);
      rows.push(
        { bench, name: "memory growth, 16 batches at once (MB)", value: growth, unit: "MB", ratio: growth / 300, target: "< 300 MB", pass: growth < 300 },
        {
          bench,
          name: "/api/health slowest during the flood",
          value: healthMax,
          unit: "ms",
          baseline: { name: "idle p50", value: idleP50 },
          ratio: healthMax / idleP50,
          target: "< 1000 ms",
          pass: healthMax < 1000,
        },
        { bench, name: "/api/health p99 during the flood", value: healthP99, unit: "ms", baseline: { name: "idle p50", value: idleP50 }, ratio: healthP99 / idleP50 },
        { bench, name: "/api/health asks failed during the flood", value: outcome.healthFailures, unit: "", target: "0", pass: outcome.healthFailures === 0 },
        { bench, name: "16 batches stored, first PUT to last answer", value: outcome.elapsedMs, unit: "ms" },
        {
          bench,
          name: "batch check (worker thread), median",
          value: percentile(flooded.map((l) => l.ms), 50),
          unit: "ms",
          baseline: { name: "direct call in one thread", value: directMs },
          ratio: percentile(flooded.map((l) => l.ms), 50) / directMs,
        },
        { bench, name: "most batches checked at once", value: Math.max(...flooded.map((l) => l.running)), unit: "", target: "<= 2 (UPLOADS_CHECKS_AT_ONCE)", pass: Math.max(...flooded.map((l) => l.running)) <= 2 },
      );
    } finally {
      await stack.stop();
    }
    return rows;
  },
};
