// The sandbox at scale: generating 100,000 orders, then an order search (3 conditions, 20 fields,
// limit 100) and its count over HTTP, each against a primary-key lookup measured in the same run.
// Targets: generation ≤ 60 s, search median ≤ 25 ms, count median ≤ 15 ms.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startSandbox } from "../sandbox/server";
import { login } from "../sandbox/test-support";
import { ORDER_FIELDS } from "./lib/order-fields";
import type { Bench, BenchRow } from "./types";

const ORDERS = Number(process.env.BENCH_SANDBOX_ORDERS ?? 100_000);
const RUNS = 200;

const FIELDS = ORDER_FIELDS.join(",");

async function median(runs: number, fn: () => Promise<void>): Promise<number> {
  for (let i = 0; i < 10; i++) await fn(); // warm-up: prepared statements, caches
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

export const sandboxQueries: Bench = {
  name: "sandbox-queries",
  async run() {
    const dir = mkdtempSync(path.join(tmpdir(), "backyard-bench-sandbox-"));
    const t0 = performance.now();
    const sandbox = await startSandbox({ dataDir: dir, data: "generate", orders: ORDERS, admin: true, log: () => undefined });
    const generateMs = performance.now() - t0;
    try {
      const { access_token } = await login(sandbox.url);
      const post = async (p: string, form: Record<string, string>) => {
        const res = await fetch(`${sandbox.url}${p}`, { method: "POST", body: new URLSearchParams({ access_token, ...form }) });
        const json = (await res.json()) as { result: string; count?: string; message?: string };
        if (json.result !== "success") throw new Error(`${p}: ${json.message ?? json.result}`);
        return json;
      };
      const conditions = {
        "receive_order_shop_id-eq": "1",
        "receive_order_order_status_id-in": "20,30,40",
        "receive_order_date-gte": "2000-01-01 00:00:00",
      };
      const total = Number((await post("/api_v1_receiveorder_base/count", {})).count);
      const hits = Number((await post("/api_v1_receiveorder_base/count", conditions)).count);
      let id = 0;
      const pk = await median(RUNS, async () => {
        id = (id % total) + 1;
        await post("/api_v1_receiveorder_base/search", { fields: FIELDS, "receive_order_id-eq": String(id) });
      });
      const search = await median(RUNS, async () => {
        await post("/api_v1_receiveorder_base/search", { fields: FIELDS, limit: "100", ...conditions });
      });
      const count = await median(RUNS, async () => {
        await post("/api_v1_receiveorder_base/count", conditions);
      });
      const base = { name: "pk lookup", value: pk };
      const rows: BenchRow[] = [
        { bench: "sandbox-queries", name: `generate ${ORDERS} orders (+ indexes)`, value: generateMs / 1000, unit: "s", target: "<= 60 s", pass: generateMs <= 60_000 },
        { bench: "sandbox-queries", name: `order pk lookup, 20 fields (company 1 has ${total})`, value: pk, unit: "ms" },
        { bench: "sandbox-queries", name: `order search, 3 conditions (${hits} hits), 20 fields, limit 100`, value: search, unit: "ms", baseline: base, ratio: search / pk, target: "median <= 25 ms", pass: search <= 25 },
        { bench: "sandbox-queries", name: "order count, same 3 conditions", value: count, unit: "ms", baseline: base, ratio: count / pk, target: "median <= 15 ms", pass: count <= 15 },
      ];
      return rows;
    } finally {
      await sandbox.close();
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
