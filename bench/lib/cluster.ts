// The two-instance cluster of scripts/cluster.mjs (nginx in front of two `next start` on one
// PostgreSQL database of their own), started and stopped by a story (e2e/cluster.spec.ts) or the
// load benchmark (bench/load.ts).
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/test";

export class Cluster {
  private constructor(
    readonly url: string,
    private readonly child: ChildProcess,
    readonly output: string[],
    /** The embedded sandbox the cluster started. */
    readonly sandbox: string,
    private readonly port: number,
  ) {}

  /** A fresh database, then `node scripts/cluster.mjs`, resolved once nginx serves. */
  static async start(port: number, extraEnv: Record<string, string> = {}): Promise<Cluster> {
    const database = `backyard_cluster_${port}`;
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${database}`);
    await admin.end();
    const url = new URL(ADMIN_URL);
    url.pathname = `/${database}`;
    const output: string[] = [];
    const child = spawn(process.execPath, [path.resolve("scripts/cluster.mjs")], {
      env: {
        ...process.env,
        CLUSTER_PORT: String(port),
        DATABASE_URL: url.toString(),
        SANDBOX_PORT: String(port + 1000),
        SANDBOX_ADMIN: "1",
        SANDBOX_DATA_DIR: path.resolve(`.data/e2e-cluster-sandbox-${port}`),
        NE_API_BASE_URL: "",
        NE_LOGIN_BASE_URL: "",
        LOG_LEVEL: "warn",
        // A story calls in a tight loop through a rollout: the per-session limit is not its subject.
        RATE_LIMIT_API_PER_MINUTE: "1000000",
        RATE_LIMIT_SIGNIN_PER_MINUTE: "1000000",
        RATE_LIMIT_SIGNIN_TOTAL_PER_MINUTE: "1000000",
        ...extraEnv,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const ready = new Promise<void>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        const text = chunk.toString("utf8");
        output.push(text);
        if (text.includes("[cluster] ready on")) resolve();
      };
      child.stdout!.on("data", onData);
      child.stderr!.on("data", (c: Buffer) => output.push(c.toString("utf8")));
      child.once("exit", (code) => reject(new Error(`cluster exited with ${code}:\n${output.join("").slice(-3000)}`)));
    });
    await ready;
    return new Cluster(`http://localhost:${port}`, child, output, `http://127.0.0.1:${port + 1000}`, port);
  }

  /** Each instance's server process, found by its port. */
  private instancePids(): number[] {
    return [this.port + 1, this.port + 2].map((p) => {
      const out = execFileSync("ss", ["-ltnpH", `sport = :${p}`], { encoding: "utf8" });
      const pid = Number(/pid=(\d+)/.exec(out)?.[1]);
      if (!pid) throw new Error(`no process listens on ${p}`);
      return pid;
    });
  }

  /** The resident memory (kB) of each instance's server process. */
  instanceRssKb(): number[] {
    return this.instancePids().map((pid) => {
      const status = readFileSync(`/proc/${pid}/status`, "utf8");
      return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    });
  }

  /** Inspector address of each instance process opened so far (they stay open until it exits). */
  private readonly inspectors = new Map<number, string>();

  /**
   * Each instance's JavaScript heap in use (kB) after a full garbage collection: what the process
   * still holds, unlike its resident memory, which V8 and the allocator give back to the system
   * slowly or never. The instance's inspector is opened with SIGUSR1 (Node's own signal for it; the
   * cluster's NODE_OPTIONS pick a free port for it) on loopback, and asked over the DevTools
   * protocol (bench/lib/heap-probe.mjs).
   */
  async heapAfterGcKb(): Promise<number[]> {
    const out: number[] = [];
    for (const pid of this.instancePids()) {
      let url = this.inspectors.get(pid);
      if (!url) {
        const seen = this.output.join("").length;
        process.kill(pid, "SIGUSR1");
        url = await new Promise<string>((resolve, reject) => {
          const started = Date.now();
          const check = () => {
            const found = /Debugger listening on (ws:\/\/\S+)/.exec(this.output.join("").slice(seen))?.[1];
            if (found) return resolve(found);
            if (Date.now() - started > 30_000) return reject(new Error(`instance ${pid} opened no inspector`));
            setTimeout(check, 100);
          };
          check();
        });
        this.inspectors.set(pid, url);
      }
      const answer = execFileSync(process.execPath, ["--experimental-websocket", "--no-warnings", path.resolve("bench/lib/heap-probe.mjs"), url], { encoding: "utf8", timeout: 60_000 });
      out.push((JSON.parse(answer) as { usedSize: number }).usedSize / 1024);
    }
    return out;
  }

  /** Restarts both instances one after the other (the script's SIGUSR2), resolved when done. */
  async rollout(): Promise<void> {
    const seen = this.output.length;
    this.child.kill("SIGUSR2");
    await new Promise<void>((resolve, reject) => {
      const check = () => {
        const text = this.output.slice(seen).join("");
        if (text.includes("rollout: instance 2 ready")) return resolve();
        if (text.includes("rollout failed")) return reject(new Error(text));
        setTimeout(check, 200);
      };
      check();
    });
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((r) => this.child.once("exit", r));
    this.child.kill("SIGTERM");
    await exited;
  }
}
