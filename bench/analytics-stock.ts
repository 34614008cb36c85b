// The reorder list and the sellable sets over one company's read model of 13 months of 100,000
// slips (about 250,000 rows), 5,000 goods and 500 sets, in PGlite: the median of 7 runs of each
// query (all warehouses and one), against a plain count over the same order rows in the same run.
// Target: each ≤ 300 ms. The queries are server-only modules, so the work runs in a child process
// with the `react-server` condition (bench/lib/analytics-stock-worker.ts).
import { spawnSync } from "node:child_process";
import path from "node:path";
import type { Bench, BenchRow } from "./types";

const BENCH = "analytics-stock";
const TARGET_MS = 300;

interface Measured {
  orders: number;
  rowCount: number;
  fillMs: number;
  summaryMs: number;
  baseline: number;
  reorderAll: number;
  reorderOne: number;
  setsAll: number;
  setsOne: number;
  reorderRows: number;
  setRows: number;
}

export const analyticsStock: Bench = {
  name: BENCH,
  async run(): Promise<BenchRow[]> {
    const worker = path.join(process.cwd(), "bench", "lib", "analytics-stock-worker.ts");
    const child = spawnSync(process.execPath, ["--conditions=react-server", "--import", "tsx", worker], { encoding: "utf8", maxBuffer: 1 << 20 });
    if (child.status !== 0) throw new Error(`${BENCH}: the worker failed\n${child.stderr}`);
    const m = JSON.parse(child.stdout.trim().split("\n").pop()!) as Measured;
    const baseline = { name: `count(*) of ${m.rowCount} order rows`, value: m.baseline };
    const timed = (name: string, value: number, rows: number): BenchRow => ({
      bench: BENCH,
      name: `${name} (${rows} rows answered)`,
      value,
      unit: "ms",
      baseline,
      ratio: value / m.baseline,
      target: `≤ ${TARGET_MS} ms`,
      pass: value <= TARGET_MS,
    });
    return [
      { bench: BENCH, name: `fill ${m.orders} slips, ${m.rowCount} rows`, value: m.fillMs, unit: "ms" },
      { bench: BENCH, name: `build the daily summaries of ${m.orders} slips (every day recomputed)`, value: m.summaryMs, unit: "ms" },
      timed("reorder list, all warehouses", m.reorderAll, m.reorderRows),
      timed("reorder list, one warehouse", m.reorderOne, m.reorderRows),
      timed("sellable sets, all warehouses", m.setsAll, m.setRows),
      timed("sellable sets, one warehouse", m.setsOne, m.setRows),
    ];
  },
};
