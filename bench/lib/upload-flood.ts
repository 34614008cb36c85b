// The upload attack of issue 31 (item 2) against a real dashboard, shared by its e2e story
// (e2e/uploads-bounds.spec.ts) and `npm run bench uploads`: a dashboard of its own
// (`next start` on the build under test, its process id known so that its resident memory can
// be read) against a sandbox of its own, signed-in sessions, and goods batches of 3000 rows of
// `P<n>,"<5,400 double quotes>"` (~50 kB gzipped, ~16 MB unzipped) stored many at once while
// /api/health is asked every 100 ms.
import { spawn, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { startServer, waitForHttp, type RunningServer } from "./server";
import { dashboardSession } from "./stack";

export interface UploadStack {
  app: string;
  /** The dashboard's process (its worker threads are in it). */
  pid: number;
  logFile: string;
  stop(): Promise<void>;
}

/** A dashboard (`next start` on the build in NEXT_DIST_DIR) and a sandbox, each of its own. */
export async function startUploadStack(options: { appPort: number; sandboxPort: number; env?: Record<string, string> }): Promise<UploadStack> {
  const root = process.cwd();
  const work = mkdtempSync(path.join(tmpdir(), "backyard-uploads-"));
  const app = `http://localhost:${options.appPort}`;
  const sandbox = `http://127.0.0.1:${options.sandboxPort}`;
  const logFile = path.join(work, "server.jsonl");
  const sandboxServer: RunningServer = await startServer(
    path.join(root, "node_modules", ".bin", "tsx"),
    [path.join(root, "sandbox", "main.ts")],
    sandbox,
    { SANDBOX_PORT: String(options.sandboxPort), SANDBOX_DATA_DIR: path.join(work, "sandbox"), SANDBOX_ORDERS: "200", SANDBOX_REDIRECT_URI: `${app}/auth/callback`, DATABASE_URL: "" },
    "/users/sign_in/",
  );
  const child: ChildProcess = spawn(process.execPath, [path.join(root, "node_modules", "next", "dist", "bin", "next"), "start"], {
    env: {
      ...process.env,
      PORT: String(options.appPort),
      AUTH_URL: app,
      AUTH_SECRET: "uploads-bounds-story-secret-0123456789abcdef",
      NE_API_BASE_URL: sandbox,
      NE_LOGIN_BASE_URL: sandbox,
      NE_CLIENT_ID: "sandbox-client-id",
      NE_CLIENT_SECRET: "sandbox-client-secret",
      DATABASE_URL: "",
      APP_DATA_DIR: path.join(work, "app"),
      RATE_LIMIT_SIGNIN_PER_MINUTE: "100000",
      RATE_LIMIT_SIGNIN_TOTAL_PER_MINUTE: "100000",
      NEXT_TELEMETRY_DISABLED: "1",
      LOG_LEVEL: "info",
      LOG_FILE: logFile,
      ...options.env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stopApp = async () => {
    child.kill("SIGTERM");
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
  };
  try {
    // Less than a test's 300 s beforeAll, so that a dashboard that never answers is stopped here.
    await waitForHttp(`${app}/login`, 240_000);
  } catch (err) {
    await stopApp();
    await sandboxServer.stop();
    throw err;
  }
  return {
    app,
    pid: child.pid as number,
    logFile,
    async stop() {
      await stopApp();
      await sandboxServer.stop();
      rmSync(work, { recursive: true, force: true });
    },
  };
}

export function signIn(app: string, count: number): Promise<string[]> {
  return Promise.all(Array.from({ length: count }, (_, i) => dashboardSession(app, i % 2 ? "manager@sandbox.test" : "staff@sandbox.test")));
}

/** Resident memory of a process, MB (Linux /proc). */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

const sha256 = (data: string | Uint8Array) => createHash("sha256").update(data).digest("hex");

/** The goods batch: 3000 rows of `<prefix>-<i>,"<5,400 double quotes>"` (codes unique, so it is checked whole). */
export function quotesBatchText(prefix: string): string {
  const quotes = '"'.repeat(5400);
  return `syohin_code,bikou\r\n${Array.from({ length: 3000 }, (_, i) => `${prefix}-${i},"${quotes}"`).join("\r\n")}`;
}

/** A PUT body as the page sends it, for `text` of `rows` rows from line 2. */
export function batchBody(text: string, rows: number): { firstLine: number; lastLine: number; rows: number; sha256: string; gzipBase64: string } {
  return { firstLine: 2, lastLine: rows + 1, rows, sha256: sha256(text), gzipBase64: gzipSync(Buffer.from(text)).toString("base64") };
}

export interface Answer {
  status: number;
  body: { error?: { code: string; message: string }; [key: string]: unknown };
  retryAfter: string | null;
}

/**
 * A kept-alive connection the server closed while it lay idle (its keep-alive timeout, while this
 * process was busy making batches) fails the next request on it before anything was sent: that
 * request is made again once on a new connection.
 */
async function fetchAgain(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (err) {
    const cause = (err as { cause?: { code?: string } }).cause;
    if (cause?.code !== "UND_ERR_SOCKET") throw err;
    return fetch(url, init);
  }
}

export async function call(app: string, cookie: string, method: string, pathname: string, body?: unknown): Promise<Answer> {
  const res = await fetchAgain(`${app}${pathname}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { "content-type": "application/json", origin: app }) },
    ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
  });
  const text = await res.text();
  let parsed: Answer["body"] = {};
  try {
    parsed = JSON.parse(text) as Answer["body"];
  } catch {
    parsed = { error: { code: "not-json", message: text.slice(0, 200) } };
  }
  return { status: res.status, body: parsed, retryAfter: res.headers.get("retry-after") };
}

/** A goods file of `batchCount` batches of 3000 rows (a fresh sha256 each time). */
export async function createGoodsFile(app: string, cookie: string, batchCount: number, rows = 3000 * batchCount): Promise<string> {
  const created = await call(app, cookie, "POST", "/api/uploads", {
    kind: "goods",
    fileName: "quotes.csv",
    size: 1,
    sha256: sha256(`${Date.now()}-${Math.random()}`),
    encoding: "utf-8",
    rows,
    excludedLines: [],
    warningsConfirmed: false,
    batchCount,
    goodsCodes: [],
  });
  if (created.status !== 201) throw new Error(`create answered ${created.status}: ${JSON.stringify(created.body)}`);
  return created.body.id as string;
}

export interface FloodOutcome {
  statuses: number[];
  codes: string[];
  rssBeforeMb: number;
  rssPeakMb: number;
  /** /api/health round trips while the batches were being stored, ms, and the asks that failed. */
  healthMs: number[];
  healthFailures: number;
  elapsedMs: number;
}

/**
 * `perSession` batches of each session PUT at once (each session's own file), resident memory
 * sampled every 50 ms and /api/health asked every 100 ms until every answer is in. A 429 or 503
 * is tried again after its Retry-After, as the page does.
 */
export async function flood(stack: UploadStack, cookies: readonly string[], perSession: number, body: (session: number, index: number) => string): Promise<FloodOutcome> {
  const files = await Promise.all(cookies.map((c) => createGoodsFile(stack.app, c, perSession)));
  const rssBeforeMb = rssMb(stack.pid);
  let rssPeakMb = rssBeforeMb;
  const sampler = setInterval(() => {
    rssPeakMb = Math.max(rssPeakMb, rssMb(stack.pid));
  }, 50);
  const healthMs: number[] = [];
  let healthFailures = 0;
  let done = false;
  const health = (async () => {
    while (!done) {
      const t = performance.now();
      try {
        const res = await fetchAgain(`${stack.app}/api/health`, {});
        await res.arrayBuffer();
        if (res.ok) healthMs.push(performance.now() - t);
        else healthFailures++;
      } catch {
        // A connection reset: what a server whose thread is held for seconds does to a kept-alive one.
        healthFailures++;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  const started = performance.now();
  const put = async (s: number, i: number): Promise<Answer> => {
    for (;;) {
      const answer = await call(stack.app, cookies[s] as string, "PUT", `/api/uploads/${files[s]}/batches/${i}`, body(s, i));
      if ((answer.status !== 429 && answer.status !== 503) || !answer.retryAfter) return answer;
      await new Promise((r) => setTimeout(r, Number(answer.retryAfter) * 1000));
    }
  };
  const answers = await Promise.all(cookies.flatMap((_, s) => Array.from({ length: perSession }, (_, i) => put(s, i))));
  const elapsedMs = performance.now() - started;
  done = true;
  await health;
  clearInterval(sampler);
  rssPeakMb = Math.max(rssPeakMb, rssMb(stack.pid));
  return { statuses: answers.map((a) => a.status), codes: answers.map((a) => a.body.error?.code ?? "stored"), rssBeforeMb, rssPeakMb, healthMs, healthFailures, elapsedMs };
}

/** The dashboard's "upload batch checked" log lines (check-pool.ts reports) since `from` bytes. */
export function checkLines(logFile: string, from = 0): { running: number; waiting: number; ms: number; waitedMs: number; outcome: string }[] {
  let text = "";
  try {
    text = readFileSync(logFile).subarray(from).toString("utf8");
  } catch {
    return [];
  }
  return text
    .split("\n")
    .filter((l) => l.includes('"upload batch checked"'))
    .map((l) => JSON.parse(l) as { running: number; waiting: number; ms: number; waitedMs: number; outcome: string });
}
