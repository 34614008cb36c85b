// The batch checks' pool with its real worker threads (check-worker.ts, lib/csv): never more than
// `size` batches checked at once, the rest waiting in turn, a full queue answered busy, and a
// batch of 3000 rows of 5,400 double quotes checked within bounds. (How long the server's
// own thread is held meanwhile is measured by `npm run bench uploads`, not asserted here.)
import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { Worker } from "node:worker_threads";
import { createCheckPool, spawnCheckWorker, type CheckPool, type CheckReport } from "./check-pool";
import type { InspectRequest } from "./batch-inspect";

const sha = (text: string) => createHash("sha256").update(text).digest("hex");
const request = (text: string, rows: number, kind: InspectRequest["kind"] = "goods"): InspectRequest => ({
  kind,
  gz: gzipSync(Buffer.from(text)),
  rows,
  sha256: sha(text),
});
/** A goods batch of the largest kind: 3000 rows of `P<n>,"<5,400 double quotes>"`, ~16 MB unzipped, ~50 kB gzipped. */
const quotesBatch = (n: number) => `syohin_code,bikou\r\n${Array.from({ length: 3000 }, (_, i) => `P${n}-${i},"${'"'.repeat(5400)}"`).join("\r\n")}`;

let pool: CheckPool | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

describe("the batch check pool (worker threads)", () => {
  it("checks six of the issue's batches two at a time, the others waiting", async () => {
    const reports: CheckReport[] = [];
    pool = createCheckPool({ size: 2, queue: 32, onChecked: (r) => reports.push(r) });
    const batch = request(quotesBatch(0), 3000);
    expect(batch.gz.length).toBeLessThan(100_000);
    const seen: number[] = [];
    const watch = setInterval(() => seen.push(pool!.stats().running), 5);
    const results = await Promise.all(Array.from({ length: 6 }, () => pool!.inspect(batch)));
    clearInterval(watch);
    expect(results.every((r) => r.ok)).toBe(true);
    expect(results[0]).toMatchObject({ ok: true, rows: 3000, warnings: [] });
    expect(pool.stats()).toMatchObject({ running: 0, waiting: 0, mostRunning: 2 });
    expect(Math.max(...seen)).toBeLessThanOrEqual(2);
    expect(reports).toHaveLength(6);
    expect(Math.max(...reports.map((r) => r.running))).toBe(2);
    // The four after the first two waited for a thread.
    expect(reports.filter((r) => r.waitedMs > 0 && r.running === 2).length).toBeGreaterThanOrEqual(4);
  }, 120_000);

  it("answers busy past its queue, and refuses what the real check refuses, with short problems", async () => {
    pool = createCheckPool({ size: 1, queue: 2 });
    const small = request("syohin_code,syohin_name\r\nG-1,りんご", 1);
    // One checked, two waiting: the fourth finds the queue full.
    const first = [pool.inspect(small), pool.inspect(small), pool.inspect(small)];
    expect(await pool.inspect(small)).toMatchObject({ ok: false, failure: { status: 503, code: "uploads-busy", retryAfterS: 1 } });
    expect((await Promise.all(first)).every((r) => r.ok)).toBe(true);

    const longName = `syohin_code,syohin_name\r\n${Array.from({ length: 150 }, (_, i) => `G-${i},"${"名".repeat(300)}"`).join("\r\n")}`;
    const refused = await pool.inspect(request(longName, 150));
    expect(refused).toMatchObject({ ok: false, failure: { status: 422, code: "batch-problems" } });
    if (refused.ok) return;
    const problems = refused.failure.extra?.problems as { line: number; column: string; code: string; value: string; reason: { ja: string } }[];
    expect(problems).toHaveLength(100);
    expect(problems[0]).toMatchObject({ line: 2, column: "syohin_name", code: "too-long" });
    expect(problems[0]!.value.length).toBeLessThanOrEqual(201);
  }, 120_000);

  it("stops unzipping at what the claimed rows may hold", async () => {
    pool = createCheckPool({ size: 2, queue: 4 });
    const rows = Array.from({ length: 10 }, (_, i) => `基本拠点,A-${i},1,,,,`);
    const text = `kyoten_mei,syohin_code,kasan_su,gensan_su,nyusyukko_riyu,kyoten_syohin_himoduke,kyoten_syohin_sakujyo\r\n${rows.join("\r\n")}`;
    expect(await pool.inspect(request(text, 10, "warehouse-stock"))).toMatchObject({ ok: true, rows: 10 });
    const bomb = { ...request(text, 1, "warehouse-stock"), gz: gzipSync(Buffer.alloc(64 * 1024 * 1024, 0x41)) };
    expect(await pool.inspect(bomb)).toMatchObject({
      ok: false,
      failure: { status: 422, code: "batch-too-large", extra: { maxBytes: 8 * 1024 + 2050, rows: 1, maxRowBytes: 2048 } },
    });
  }, 60_000);

  it("a thread that dies answers its batch 500 check-failed; the next batch gets a new thread", async () => {
    let spawned = 0;
    // The first thread ends as one past its heap bound would; the others are real.
    const spawn = () => (spawned++ === 0 ? new Worker("setTimeout(() => process.exit(7), 50)", { eval: true }) : spawnCheckWorker());
    pool = createCheckPool({ size: 1, queue: 4, spawn });
    const small = request("syohin_code,syohin_name\r\nG-1,りんご", 1);
    expect(await pool.inspect(small)).toMatchObject({ ok: false, failure: { status: 500, code: "check-failed" } });
    expect(await pool.inspect(small)).toMatchObject({ ok: true, rows: 1 });
    expect(spawned).toBe(2);
  }, 60_000);
});
