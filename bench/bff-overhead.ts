// The cost of the BFF: the same order search sent directly to the sandbox, through the BFF
// (/api/ne/..., session cookie, validation, token store, gateway) and through a do-nothing
// Next.js rewrite, each at concurrency 32 in one run. Targets: BFF/direct p50 latency ≤ 1.10,
// BFF/direct throughput ≥ 0.90. 32 signed-in sessions, as 32 people at once would be.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { buildIfNeeded } from "../scripts/build-if-needed.mjs";
import { login } from "../sandbox/test-support";
import { ORDER_FIELDS } from "./lib/order-fields";
import { dashboardSession, startStack, type Stack } from "./lib/stack";
import type { Bench, BenchRow } from "./types";

const CONCURRENCY = 32;
const REQUESTS = Number(process.env.BENCH_BFF_REQUESTS ?? 3000);
const WARMUP = 300;
const APP_PORT = 3610;
const SANDBOX_PORT = 4610;
const DIST = ".next-bench";

const SEARCH = {
  fields: [...ORDER_FIELDS],
  conditions: [
    { field: "receive_order_order_status_id", op: "in" as const, value: ["20", "30", "40", "50"] },
    { field: "receive_order_total_amount", op: "gte" as const, value: "1000" },
    { field: "receive_order_date", op: "gte" as const, value: "2000-01-01 00:00:00" },
  ],
  limit: 100,
};

function directForm(accessToken: string): URLSearchParams {
  const form = new URLSearchParams({ access_token: accessToken, fields: SEARCH.fields.join(","), limit: String(SEARCH.limit) });
  for (const c of SEARCH.conditions) form.set(`${c.field}-${c.op}`, Array.isArray(c.value) ? c.value.join(",") : c.value);
  return form;
}


/** CPU seconds used so far by the stack's processes (those started with our SANDBOX_PORT) and this one. */
function stackCpuSeconds(): { stack: number; client: number } {
  let ticks = 0;
  for (const pid of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      const environ = readFileSync(`/proc/${pid}/environ`, "latin1");
      if (!environ.includes(`SANDBOX_PORT=${SANDBOX_PORT}\0`) || Number(pid) === process.pid) continue;
      const stat = readFileSync(`/proc/${pid}/stat`, "latin1");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]); // utime + stime
    } catch {
      // gone, or not ours to read
    }
  }
  const own = process.cpuUsage();
  return { stack: ticks / 100, client: (own.user + own.system) / 1e6 };
}

interface LoadResult {
  p50: number;
  p95: number;
  rps: number;
  errors: number;
  /** CPU milliseconds per request: the servers (sandbox, and Next when in the path) and the load client. */
  serverCpuMs?: number;
  clientCpuMs?: number;
}

/**
 * `total` requests, `concurrency` at a time; `send(worker)` resolves true on a good answer. Each
 * worker is one person with a session of their own, one request in flight at a time.
 */
async function load(total: number, concurrency: number, send: (worker: number) => Promise<boolean>): Promise<LoadResult> {
  const latencies: number[] = [];
  let next = 0;
  let errors = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      while (next < total) {
        next++;
        const t0 = performance.now();
        const ok = await send(worker).catch(() => false);
        latencies.push(performance.now() - t0);
        if (!ok) errors++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { p50: at(0.5), p95: at(0.95), rps: total / seconds, errors };
}

export const bffOverhead: Bench = {
  name: "bff-overhead",
  async run() {
    const root = process.cwd();
    const env: Record<string, string> = {
      NEXT_DIST_DIR: DIST,
      BENCH_REWRITE_TARGET: `http://127.0.0.1:${SANDBOX_PORT}`,
      NEXT_TELEMETRY_DISABLED: "1",
    };
    const manifest = path.join(root, DIST, "routes-manifest.json");
    const hasRewrite = existsSync(manifest) && readFileSync(manifest, "utf8").includes("__bench/rewrite");
    buildIfNeeded(root, { ...process.env, ...env, FORCE_BUILD: hasRewrite ? "" : "1" });

    let stack: Stack | undefined;
    try {
      stack = await startStack({ name: "bff", appPort: APP_PORT, sandboxPort: SANDBOX_PORT, env });
      const { app, sandbox: sandboxUrl } = stack;
      const logins = ["staff@sandbox.test", "manager@sandbox.test"];
      const cookies: string[] = [];
      const tokens: string[] = [];
      for (let i = 0; i < CONCURRENCY; i++) {
        cookies.push(await dashboardSession(app, logins[i % 2]!));
        tokens.push((await login(sandboxUrl, logins[i % 2]!)).access_token);
      }
      const bffBody = JSON.stringify(SEARCH);
      const targets: Record<string, (i: number) => Promise<boolean>> = {
        direct: async (i) => {
          const res = await fetch(`${sandboxUrl}/api_v1_receiveorder_base/search`, { method: "POST", body: directForm(tokens[i]!) });
          const json = (await res.json()) as { result: string };
          return json.result === "success";
        },
        rewrite: async (i) => {
          const res = await fetch(`${app}/__bench/rewrite/api_v1_receiveorder_base/search`, { method: "POST", body: directForm(tokens[i]!) });
          const json = (await res.json()) as { result: string };
          return json.result === "success";
        },
        bff: async (i) => {
          const res = await fetch(`${app}/api/ne/api_v1_receiveorder_base/search`, {
            method: "POST",
            body: bffBody,
            headers: { "content-type": "application/json", origin: app, cookie: cookies[i]! },
          });
          await res.arrayBuffer();
          return res.status === 200;
        },
      };
      const results: Record<string, LoadResult> = {};
      // Interleaved rounds, so drift of a noisy machine hits every target alike.
      for (const name of Object.keys(targets)) await load(WARMUP, CONCURRENCY, targets[name]!);
      const rounds = 3;
      const parts: Record<string, LoadResult[]> = { direct: [], rewrite: [], bff: [] };
      const perRound = Math.ceil(REQUESTS / rounds);
      for (let r = 0; r < rounds; r++) {
        for (const name of Object.keys(targets)) {
          const before = stackCpuSeconds();
          const result = await load(perRound, CONCURRENCY, targets[name]!);
          const after = stackCpuSeconds();
          result.serverCpuMs = ((after.stack - before.stack) * 1000) / perRound;
          result.clientCpuMs = ((after.client - before.client) * 1000) / perRound;
          parts[name]!.push(result);
        }
      }
      const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
      for (const [name, list] of Object.entries(parts)) {
        results[name] = {
          p50: median(list.map((x) => x.p50)),
          p95: median(list.map((x) => x.p95)),
          rps: median(list.map((x) => x.rps)),
          errors: list.reduce((n, x) => n + x.errors, 0),
          serverCpuMs: median(list.map((x) => x.serverCpuMs ?? 0)),
          clientCpuMs: median(list.map((x) => x.clientCpuMs ?? 0)),
        };
      }

      const d = results.direct!;
      const rows: BenchRow[] = [];
      for (const name of ["direct", "rewrite", "bff"]) {
        const r = results[name]!;
        const isBff = name === "bff";
        rows.push({
          bench: "bff-overhead",
          name: `${name} p50 (c=${CONCURRENCY}, p95 ${r.p95.toFixed(1)} ms, ${r.errors} errors)`,
          value: r.p50,
          unit: "ms",
          baseline: { name: "direct", value: d.p50 },
          ratio: r.p50 / d.p50,
          ...(isBff ? { target: "ratio <= 1.10", pass: r.p50 / d.p50 <= 1.1 && r.errors === 0 } : {}),
        });
        rows.push({
          bench: "bff-overhead",
          name: `${name} throughput`,
          value: r.rps,
          unit: "req/s",
          baseline: { name: "direct", value: d.rps },
          ratio: r.rps / d.rps,
          ...(isBff ? { target: "ratio >= 0.90", pass: r.rps / d.rps >= 0.9 } : {}),
        });
        rows.push({
          bench: "bff-overhead",
          name: `${name} server CPU per request (client ${r.clientCpuMs!.toFixed(2)} ms)`,
          value: r.serverCpuMs!,
          unit: "ms",
          baseline: { name: "direct", value: d.serverCpuMs! },
          ratio: r.serverCpuMs! / d.serverCpuMs!,
        });
      }
      return rows;
    } finally {
      await stack?.stop();
    }
  },
};
