// What the BFF costs the people using it: the same order search sent directly to the sandbox and
// through the BFF (/api/ne/..., session cookie, validation, token store, gateway, Next's
// compression), 32 signed-in sessions at concurrency 32, with the sandbox answering 50 ms later
// as a remote API would (its /__sandbox/latency control). Targets, the sandbox on a core of its
// own: BFF/direct p50 ≤ 1.05, BFF/direct throughput ≥ 0.90. The 32 sessions are people of the
// sandbox's two companies, 16 each, and the company's slots (NE_MAX_CALLS_PER_COMPANY) are at
// their most, 20, for these rows: so the BFF sends as many calls at once as the direct path does
// (the sandbox answers more the more calls it holds), and what is measured is the BFF's cost, not
// the API's rule against bursts. With the 3 slots it ships with, people wait for that rule: that
// wait is reported after them, without a target, on a second start of the stack.
//
// The BFF's requests carry `accept-encoding: gzip`, as every browser's do: its answers are then
// compressed by Next, and that cost is part of what is measured. The direct calls ask for no
// encoding (the API is called so by the server, never by a browser).
//
// Method: every path is warmed up, then measured in interleaved rounds (direct, BFF, direct
// again); a round's BFF run is compared with the mean of its two direct runs, and the median of
// the rounds' ratios is reported, so the drift of a shared 2-core machine hits a path and its
// baseline alike. The load client runs in a worker thread with a small heap
// (bench/lib/load-worker.mjs). A remote API's CPU is not the dashboard's, but on 2 cores the
// sandbox needs one of them even 50 ms away: the target is measured with the sandbox on a core of
// its own (taskset), then reported again, without a target, with every process on every core.
// In those rounds the BFF is also called without compression (no target), to tell what gzip costs.
// Also without a target: the same rounds at 0 ms, where the BFF's own cost is not hidden by the
// distance, with the dashboard server's CPU per request.
//
// And the bytes on the wire of one export page (10,000 order slips with the fields an export of
// /orders fetches by default), through the BFF without compression (as the answers went out
// before Next compressed them) and with gzip: compressed < 0.25 × plain.
import { execFileSync } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import http from "node:http";
import { availableParallelism } from "node:os";
import { gunzipSync } from "node:zlib";
import { buildIfNeeded } from "../scripts/build-if-needed.mjs";
import { runLoad, type LoadJob, type LoadStats } from "./lib/load";
import { ORDER_FIELDS } from "./lib/order-fields";
import { dashboardSession, startStack, type Stack } from "./lib/stack";
import type { Bench, BenchRow } from "./types";

const CONCURRENCY = 32;
const APP_PORT = 3610;
const SANDBOX_PORT = 4610;
const DIST = ".next-bench";
const LATENCY_MS = 50;
const ROUNDS = Number(process.env.BENCH_BFF_ROUNDS ?? 5);
const REQUESTS = Number(process.env.BENCH_BFF_REQUESTS ?? 5000);
// Next.js reaches its steady state (JIT tiers, heap sizing) only after some thousands of requests
// of a kind: with fewer, the first rounds still ran well above the last ones' CPU per request.
const WARMUP = Number(process.env.BENCH_BFF_WARMUP ?? 3000);
const NEAR_ROUNDS = Number(process.env.BENCH_BFF_NEAR_ROUNDS ?? 3);
const NEAR_REQUESTS = Number(process.env.BENCH_BFF_NEAR_REQUESTS ?? 3000);
// The sandbox's pace moves over its first thousands of delayed answers: each layout is warmed up.
const FAR_WARMUP = Number(process.env.BENCH_BFF_FAR_WARMUP ?? 1500);
const CAPPED_ROUNDS = Number(process.env.BENCH_BFF_CAPPED_ROUNDS ?? 3);
const CAPPED_REQUESTS = Number(process.env.BENCH_BFF_CAPPED_REQUESTS ?? 1500);
const EXPORT_ROWS = 10_000;
// The first company holds 85% of the sandbox's orders: enough for one full export page.
const SANDBOX_ORDERS = 12_000;

const SEARCH = {
  fields: [...ORDER_FIELDS],
  conditions: [
    { field: "receive_order_order_status_id", op: "in" as const, value: ["20", "30", "40", "50"] },
    { field: "receive_order_total_amount", op: "gte" as const, value: "1000" },
    { field: "receive_order_date", op: "gte" as const, value: "2000-01-01 00:00:00" },
  ],
  limit: 100,
};

/**
 * What an export of /orders fetches with its default choices: the grid's default columns
 * (components/orders/orders-grid.tsx) and the fields that name two of them in the file.
 */
const EXPORT_FIELDS = [
  "receive_order_id", "receive_order_date", "receive_order_shop_id", "receive_order_shop_cut_form_id",
  "receive_order_order_status_id", "receive_order_gruoping_tag", "receive_order_purchaser_name",
  "receive_order_total_amount", "receive_order_payment_method_id", "receive_order_delivery_id",
  "receive_order_cancel_type_id", "receive_order_delivery_name", "receive_order_cancel_type_name",
];

function directForm(accessToken: string): URLSearchParams {
  const form = new URLSearchParams({ access_token: accessToken, fields: SEARCH.fields.join(","), limit: String(SEARCH.limit) });
  for (const c of SEARCH.conditions) form.set(`${c.field}-${c.op}`, Array.isArray(c.value) ? c.value.join(",") : c.value);
  return form;
}

/**
 * The stack's processes (those started with our SANDBOX_PORT: the dashboard's server, the
 * sandbox, their launchers), this one (the load client) left out. `dashboard`: Next's server
 * (`next start`, which renames itself next-server).
 */
function stackProcesses(): { pid: number; dashboard: boolean }[] {
  const found: { pid: number; dashboard: boolean }[] = [];
  for (const pid of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      const environ = readFileSync(`/proc/${pid}/environ`, "latin1");
      if (!environ.includes(`SANDBOX_PORT=${SANDBOX_PORT}\0`) || Number(pid) === process.pid) continue;
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, "latin1");
      found.push({ pid: Number(pid), dashboard: cmdline.startsWith("next-server") || /\/next\0start\0/.test(cmdline) });
    } catch {
      // gone, or not ours to read
    }
  }
  if (!found.some((p) => p.dashboard)) throw new Error("found no dashboard server process (next start) of this stack");
  if (!found.some((p) => !p.dashboard)) throw new Error("found no sandbox process of this stack");
  return found;
}

/** CPU seconds used so far: the dashboard's server, the stack's other processes, this one, the whole machine. */
function cpuSeconds(): { next: number; sandbox: number; client: number; machine: number; front: number } {
  const ticks = { next: 0, sandbox: 0 };
  for (const { pid, dashboard } of stackProcesses()) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "latin1");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks[dashboard ? "next" : "sandbox"] += Number(fields[11]) + Number(fields[12]); // utime + stime
    } catch {
      // gone since it was listed
    }
  }
  const own = process.cpuUsage();
  // user nice system idle iowait irq softirq steal: all but idle and iowait are work
  const busy = (line: string) => {
    const cpu = line.trim().split(/\s+/).slice(1).map(Number);
    return (cpu[0]! + cpu[1]! + cpu[2]! + cpu[5]! + cpu[6]! + cpu[7]!) / 100;
  };
  const lines = readFileSync("/proc/stat", "latin1").split("\n");
  // The front: every core but core 0, where "apart" puts the dashboard's server and the client.
  const front = lines.filter((l) => /^cpu\d+ /.test(l) && !l.startsWith("cpu0 ")).reduce((n, l) => n + busy(l), 0);
  return { next: ticks.next / 100, sandbox: ticks.sandbox / 100, client: (own.user + own.system) / 1e6, machine: busy(lines[0]!), front };
}

// Read once, before any placement: availableParallelism() answers this process's own affinity.
const CORES = availableParallelism();
const allCores = () => `0-${CORES - 1}`;

/**
 * Where the stack runs. "shared": every process on every core (as the stack starts). "apart": the
 * sandbox (and the launchers) on core 0, the dashboard's server and this process (the load client)
 * on the other cores, as a remote API keeps a machine of its own. Every thread is moved (taskset
 * -a), and threads started later inherit it.
 */
function placeStack(layout: "shared" | "apart"): void {
  const cores = CORES;
  if (layout === "apart" && cores < 2) throw new Error("the sandbox needs a core of its own: this machine has one");
  const front = layout === "shared" ? allCores() : `1-${cores - 1}`;
  for (const { pid, dashboard } of stackProcesses()) place(pid, dashboard || layout === "shared" ? front : "0");
  place(process.pid, front);
}

/** Moves every thread of `pid` to the cores of `list` ("0", "1-3"). */
function place(pid: number, list: string): void {
  execFileSync("taskset", ["-a", "-p", "-c", list, String(pid)], { stdio: "ignore" });
}

interface LoadResult extends LoadStats {
  /** The dashboard server's CPU milliseconds per request. */
  nextCpuMs: number;
  /** The sandbox's (the API's) CPU milliseconds per request. */
  sandboxCpuMs: number;
  /** Cores' worth of CPU that processes outside the stack and the client used during the run. */
  otherCores: number;
  /** How busy the cores but core 0 were (0 to 1): the dashboard's and the client's side when apart. */
  frontBusy: number;
}

/** Two runs of one path as one: the mean of each reading (errors added up). */
function meanOf(a: LoadResult, b: LoadResult): LoadResult {
  const mean = (get: (x: LoadResult) => number) => (get(a) + get(b)) / 2;
  return {
    p50: mean((x) => x.p50),
    p95: mean((x) => x.p95),
    p99: mean((x) => x.p99),
    rps: mean((x) => x.rps),
    errors: a.errors + b.errors,
    nextCpuMs: mean((x) => x.nextCpuMs),
    sandboxCpuMs: mean((x) => x.sandboxCpuMs),
    otherCores: Math.max(a.otherCores, b.otherCores),
    frontBusy: mean((x) => x.frontBusy),
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** One POST over a fresh connection: the bytes that came in on its socket (headers and framing too), and the body as sent. */
function onTheWire(url: string, headers: Record<string, string>, body: string): Promise<{ status: number; encoding: string; wire: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: "POST", agent: false, headers: { ...headers, connection: "close", "content-length": String(Buffer.byteLength(body)) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, encoding: String(res.headers["content-encoding"] ?? "identity"), wire: res.socket.bytesRead, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}

/**
 * A token pair of the sandbox's own (its admin control), for the direct calls: the sign-in form
 * only redirects to the dashboard's registered callback.
 */
async function sandboxToken(sandbox: string, loginCode: string): Promise<string> {
  const issued = await fetch(`${sandbox}/__sandbox/tokens`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ login_code: loginCode }) });
  if (issued.status !== 201) throw new Error(`POST /__sandbox/tokens answered ${issued.status}`);
  return ((await issued.json()) as { access_token: string }).access_token;
}

/** The export page's rows, read back from an answer as it came (gzip or not): what it holds must be the page. */
function exportRows(answer: { status: number; encoding: string; body: Buffer }): number {
  const text = (answer.encoding === "gzip" ? gunzipSync(answer.body) : answer.body).toString("utf8");
  if (answer.status !== 200) throw new Error(`the export page answered ${answer.status}: ${text.slice(0, 200)}`);
  return (JSON.parse(text) as { rows: unknown[] }).rows.length;
}

type Round = { direct: LoadResult; bff: LoadResult; bffPlain?: LoadResult };

/** The 32 people of one stack, signed in, and what they send: directly with their tokens, through the BFF with their session. */
async function people(stack: Stack) {
  const { app, sandbox } = stack;
  // Two people of the first company and one of the second, each company half the sessions.
  const logins = ["staff@sandbox.test", "operator@another.test", "manager@sandbox.test", "operator@another.test"];
  const cookies: string[] = [];
  const tokens: string[] = [];
  for (let i = 0; i < CONCURRENCY; i++) {
    cookies.push(await dashboardSession(app, logins[i % logins.length]!));
    tokens.push(await sandboxToken(sandbox, logins[i % logins.length]!));
  }
  const bffUrl = `${app}/api/ne/api_v1_receiveorder_base/search`;
  const bffHeaders = (cookie: string, encoding: string) => ({ "content-type": "application/json", origin: app, cookie, "accept-encoding": encoding });
  // A good BFF answer under load is a compressed one (it starts with gzip's magic bytes): the load
  // client does not inflate it, so each session's answer is read through once here.
  for (const cookie of cookies) {
    const answer = await onTheWire(bffUrl, bffHeaders(cookie, "gzip"), JSON.stringify(SEARCH));
    if (answer.status !== 200 || answer.encoding !== "gzip" || exportRows(answer) !== SEARCH.limit) throw new Error(`the BFF's search answered ${answer.status} (${answer.encoding})`);
  }
  const jobs: Record<"direct" | "bff" | "bffPlain", Omit<LoadJob, "total" | "concurrency">> = {
    direct: {
      requests: tokens.map((t) => ({ url: `${sandbox}/api_v1_receiveorder_base/search`, headers: { "content-type": "application/x-www-form-urlencoded" }, body: directForm(t).toString() })),
      expect: { status: 200, headIncludes: '"result":"success"' },
    },
    bff: {
      requests: cookies.map((cookie) => ({ url: bffUrl, headers: bffHeaders(cookie, "gzip"), body: JSON.stringify(SEARCH) })),
      expect: { status: 200, headIncludes: "\x1f\x8b" },
    },
    bffPlain: {
      requests: cookies.map((cookie) => ({ url: bffUrl, headers: bffHeaders(cookie, "identity"), body: JSON.stringify(SEARCH) })),
      expect: { status: 200, headIncludes: '{"rows":' },
    },
  };
  const measureOne = async (name: keyof typeof jobs, total: number): Promise<LoadResult> => {
    const before = cpuSeconds();
    const started = performance.now();
    const stats = await runLoad({ ...jobs[name], total, concurrency: CONCURRENCY });
    const seconds = (performance.now() - started) / 1000;
    const after = cpuSeconds();
    const own = after.next + after.sandbox + after.client - before.next - before.sandbox - before.client;
    return { ...stats, nextCpuMs: ((after.next - before.next) * 1000) / total, sandboxCpuMs: ((after.sandbox - before.sandbox) * 1000) / total, otherCores: Math.max(0, (after.machine - before.machine - own) / seconds), frontBusy: (after.front - before.front) / seconds / (CORES - 1) };
  };
  /**
   * Interleaved rounds: direct, BFF, direct again; the BFF's run is compared with the mean of the
   * round's two direct runs, whatever the sandbox's pace did meanwhile. Each path warmed up first.
   * `plain`: the BFF without compression in each round too, to tell what compression costs.
   */
  const measure = async (label: string, warmup: number, rounds: number, requests: number, plain = false): Promise<Round[]> => {
    for (const name of plain ? (["direct", "bff", "bffPlain"] as const) : (["direct", "bff"] as const)) await measureOne(name, warmup);
    const perRound = Math.ceil(requests / rounds);
    const out: Round[] = [];
    for (let r = 0; r < rounds; r++) {
      const first = await measureOne("direct", perRound);
      const bff = await measureOne("bff", perRound);
      const bffPlain = plain ? await measureOne("bffPlain", perRound) : undefined;
      const last = await measureOne("direct", perRound);
      out.push({ direct: meanOf(first, last), bff, ...(bffPlain ? { bffPlain } : {}) });
      process.stdout.write(
        `  ${label} round ${r + 1}/${rounds}: direct ${first.rps.toFixed(1)} then ${last.rps.toFixed(1)} req/s, p50 ${first.p50.toFixed(1)} then ${last.p50.toFixed(1)} ms, sandbox ${first.sandboxCpuMs.toFixed(2)} ms CPU/request; bff ${bff.rps.toFixed(1)} req/s p50 ${bff.p50.toFixed(1)} ms (Next.js ${bff.nextCpuMs.toFixed(2)} ms CPU/request, sandbox ${bff.sandboxCpuMs.toFixed(2)}, cores 1-${CORES - 1} ${(bff.frontBusy * 100).toFixed(0)}% busy)${bffPlain ? `, uncompressed ${bffPlain.rps.toFixed(1)} req/s p50 ${bffPlain.p50.toFixed(1)} ms (${bffPlain.nextCpuMs.toFixed(2)} ms)` : ""}; other processes ${bff.otherCores.toFixed(2)} cores\n`,
      );
    }
    return out;
  };
  return { bffUrl, bffHeaders, cookies, measure };
}

/** The BFF against direct over a set of rounds: p50 and throughput, their ratios the median of the rounds'. */
function report(set: Round[], where: string, targets: boolean, bffPath: "bff" | "bffPlain" = "bff"): BenchRow[] {
  const bffOf = (x: Round) => x[bffPath]!;
  const errors = set.reduce((n, x) => n + bffOf(x).errors + x.direct.errors, 0);
  const p50 = median(set.map((x) => bffOf(x).p50 / x.direct.p50));
  const rps = median(set.map((x) => bffOf(x).rps / x.direct.rps));
  const of = (path: "direct" | "bff", get: (x: LoadResult) => number) => median(set.map((x) => get(path === "bff" ? bffOf(x) : x.direct)));
  const label = bffPath === "bff" ? "bff" : "bff uncompressed (accept-encoding: identity)";
  return [
    {
      bench: "bff-overhead",
      name: `${label} p50, ${where} (c=${CONCURRENCY}; p95 ${of("bff", (x) => x.p95).toFixed(1)} ms, direct ${of("direct", (x) => x.p95).toFixed(1)}; ${errors} errors)`,
      value: of("bff", (x) => x.p50),
      unit: "ms",
      baseline: { name: "direct", value: of("direct", (x) => x.p50) },
      ratio: p50,
      ...(targets ? { target: "ratio <= 1.05", pass: p50 <= 1.05 && errors === 0 } : {}),
    },
    {
      bench: "bff-overhead",
      name: `${label} throughput, ${where} (CPU/request: Next.js ${of("bff", (x) => x.nextCpuMs).toFixed(2)} ms, sandbox ${of("bff", (x) => x.sandboxCpuMs).toFixed(2)} ms, direct's ${of("direct", (x) => x.sandboxCpuMs).toFixed(2)}; cores 1-${CORES - 1} ${(of("bff", (x) => x.frontBusy) * 100).toFixed(0)}% busy)`,
      value: of("bff", (x) => x.rps),
      unit: "req/s",
      baseline: { name: "direct", value: of("direct", (x) => x.rps) },
      ratio: rps,
      ...(targets ? { target: "ratio >= 0.90", pass: rps >= 0.9 } : {}),
    },
  ];
}

async function setLatency(sandbox: string, ms: number): Promise<void> {
  const res = await fetch(`${sandbox}/__sandbox/latency`, ms ? { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ ms }) } : { method: "DELETE" });
  if (!res.ok) throw new Error(`sandbox latency control answered ${res.status}`);
}

export const bffOverhead: Bench = {
  name: "bff-overhead",
  async run() {
    const root = process.cwd();
    const env: Record<string, string> = { NEXT_DIST_DIR: DIST, NEXT_TELEMETRY_DISABLED: "1", SANDBOX_ADMIN: "1", SANDBOX_ORDERS: String(SANDBOX_ORDERS) };
    buildIfNeeded(root, { ...process.env, ...env });
    // Restartable stacks start `next start` on the build just made, never building again.
    const start = (extra: Record<string, string>) => startStack({ name: "bff", appPort: APP_PORT, sandboxPort: SANDBOX_PORT, env: { ...env, ...extra }, restartable: true });
    const rows: BenchRow[] = [];
    const other: number[] = [];
    const otherOf = (set: Round[]) => set.flatMap((x) => [x.direct.otherCores, x.bff.otherCores, ...(x.bffPlain ? [x.bffPlain.otherCores] : [])]);
    let stack: Stack | undefined;
    let placedApart = false;
    const apartFor = async (s: Stack) => {
      placedApart = true;
      placeStack("apart");
      await setLatency(s.sandbox, LATENCY_MS);
    };
    try {
      // The BFF's own cost: the company's slots (NE_MAX_CALLS_PER_COMPANY, the API's rule against
      // bursts of parallel calls) at their most, 20, above the 16 people of each company.
      stack = await start({ NE_MAX_CALLS_PER_COMPANY: "20" });
      const { bffUrl, bffHeaders, cookies, measure } = await people(stack);

      // The export page, once plain and once gzip, before any load (the sandbox still near), as
      // an export sends it (background priority).
      const exportBody = JSON.stringify({ fields: EXPORT_FIELDS, conditions: [], offset: 0, limit: EXPORT_ROWS });
      const exportHeaders = (encoding: string) => ({ ...bffHeaders(cookies[0]!, encoding), "x-backyard-priority": "background" });
      const plain = await onTheWire(bffUrl, exportHeaders("identity"), exportBody);
      const gzip = await onTheWire(bffUrl, exportHeaders("gzip"), exportBody);
      for (const answer of [plain, gzip]) {
        const count = exportRows(answer);
        if (count !== EXPORT_ROWS) throw new Error(`the export page holds ${count} rows, not ${EXPORT_ROWS} (a sandbox generated with fewer orders than SANDBOX_ORDERS=${SANDBOX_ORDERS}? remove .data/bench-bff-sandbox)`);
      }
      if (gzip.encoding !== "gzip") throw new Error(`the BFF answered the export page with content-encoding ${gzip.encoding} when asked for gzip`);
      rows.push(
        { bench: "bff-overhead", name: `export page (${EXPORT_ROWS.toLocaleString("en")} orders, ${EXPORT_FIELDS.length} fields) on the wire, uncompressed (accept-encoding: identity)`, value: plain.wire / 1024, unit: "kB" },
        {
          bench: "bff-overhead",
          name: "export page on the wire, gzip (accept-encoding: gzip, as browsers send)",
          value: gzip.wire / 1024,
          unit: "kB",
          baseline: { name: "uncompressed", value: plain.wire / 1024 },
          ratio: gzip.wire / plain.wire,
          target: "ratio < 0.25",
          pass: gzip.wire / plain.wire < 0.25,
        },
      );

      const near = await measure("0 ms", WARMUP, NEAR_ROUNDS, NEAR_REQUESTS);
      await apartFor(stack);
      const apart = await measure(`${LATENCY_MS} ms apart`, FAR_WARMUP, ROUNDS, REQUESTS, true);
      placeStack("shared");
      const shared = await measure(`${LATENCY_MS} ms shared`, FAR_WARMUP, ROUNDS, REQUESTS);
      rows.push(
        ...report(apart, `the API ${LATENCY_MS} ms away on a core of its own`, true),
        ...report(apart, `the API ${LATENCY_MS} ms away on a core of its own`, false, "bffPlain"),
        ...report(shared, `the API ${LATENCY_MS} ms away, every process on every core`, false),
        ...report(near, "the API 0 ms away, every process on every core", false),
      );
      other.push(...otherOf(near), ...otherOf(apart), ...otherOf(shared));
      await stack.stop();
      stack = undefined;

      // What the same 32 people of two companies feel with the slots as they ship (3 each): most
      // of them wait for a slot. A reading, no target.
      stack = await start({});
      const shipped = await people(stack);
      await apartFor(stack);
      const capped = await shipped.measure(`${LATENCY_MS} ms apart, 3 slots`, FAR_WARMUP, CAPPED_ROUNDS, CAPPED_REQUESTS);
      rows.push(...report(capped, `the API ${LATENCY_MS} ms away on a core of its own, the companies' slots as shipped (3 each)`, false));
      other.push(...otherOf(capped));

      // Not a target: a reading of the run's conditions. Other work on the cores (a build, a test
      // run) takes CPU from the sandbox and the BFF unevenly, and no ratio taken meanwhile holds.
      rows.push({ bench: "bff-overhead", name: `other processes' CPU during the rounds (median; most ${Math.max(...other).toFixed(2)})`, value: median(other), unit: "cores" });
      return rows;
    } finally {
      await stack?.stop();
      // This process goes on to other benchmarks: every core again.
      if (placedApart) place(process.pid, allCores());
    }
  },
};
