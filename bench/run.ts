// `npm run bench`: runs every benchmark (or those named on the command line), prints one table
// and writes the rows as JSON to bench/results/<timestamp>.json.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { analyticsStock } from "./analytics-stock";
import { analyticsSync } from "./analytics-sync";
import { analyticsViews } from "./analytics-views";
import { bffOverhead } from "./bff-overhead";
import { bundleBudget } from "./bundle-budget";
import { csvValidate } from "./csv-validate";
import { distance } from "./distance";
import { load } from "./load";
import { ordersFirstRow } from "./orders-first-row";
import { sandboxQueries } from "./sandbox-queries";
import { stocktake } from "./stocktake";
import { stocktakeBrowser } from "./stocktake-browser";
import { uploads } from "./uploads";
import { uploadsBrowser } from "./uploads-browser";
import type { Bench, BenchRow } from "./types";

const benches: Bench[] = [sandboxQueries, bundleBudget, bffOverhead, ordersFirstRow, csvValidate, stocktake, stocktakeBrowser, uploadsBrowser, distance, load, uploads, analyticsSync, analyticsViews, analyticsStock];

function table(rows: BenchRow[]): string {
  const head = ["bench", "measure", "value", "baseline", "ratio", "target", "ok"];
  const body = rows.map((r) => [
    r.bench,
    r.name,
    `${round(r.value)} ${r.unit}`,
    r.baseline ? `${r.baseline.name} ${round(r.baseline.value)}` : "",
    r.ratio === undefined ? "" : round(r.ratio, 3).toString(),
    r.target ?? "",
    r.pass === undefined ? "" : r.pass ? "yes" : "NO",
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join("  ");
  return [line(head), line(widths.map((w) => "-".repeat(w))), ...body.map(line)].join("\n");
}

function round(n: number, digits = 1): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

async function main() {
  const wanted = process.argv.slice(2);
  const selected = wanted.length ? benches.filter((b) => wanted.includes(b.name)) : benches;
  const rows: BenchRow[] = [];
  for (const bench of selected) {
    process.stdout.write(`running ${bench.name}...\n`);
    rows.push(...(await bench.run()));
  }
  process.stdout.write(`\n${table(rows)}\n`);
  const dir = path.join(process.cwd(), "bench", "results");
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
  writeFileSync(file, JSON.stringify({ at: new Date().toISOString(), rows }, null, 2) + "\n");
  process.stdout.write(`\nwrote ${path.relative(process.cwd(), file)}\n`);
  const failed = rows.filter((r) => r.pass === false).length;
  process.stdout.write(`${rows.length - failed} within target, ${failed} over target\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
