// Closed-loop load for the benchmarks: `concurrency` workers, each one person with a request of
// their own (their session, their tokens) and one request in flight at a time, until `total`
// requests are answered. Runs in a worker thread (./load-worker.mjs); fresh sockets every run.
import path from "node:path";
import { Worker } from "node:worker_threads";

export interface LoadRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

export interface LoadJob {
  /** One per worker (worker i sends requests[i % length]). */
  requests: LoadRequest[];
  total: number;
  concurrency: number;
  /** Also answer every request's latency (ms, sorted): to merge the percentiles of several runs. */
  returnLatencies?: boolean;
  /** A good answer has this status and holds this text in its first 64 bytes. */
  expect: { status: number; headIncludes: string };
}

export interface LoadStats {
  p50: number;
  p95: number;
  p99: number;
  rps: number;
  errors: number;
  latencies?: number[];
}

export function runLoad(job: LoadJob): Promise<LoadStats> {
  return new Promise((resolve, reject) => {
    // From the project root (benchmarks and tests run there): no import.meta, so Playwright's
    // CommonJS transform can load this module too (the bounded load story in e2e/cluster.spec.ts).
    const worker = new Worker(path.resolve("bench/lib/load-worker.mjs"), { workerData: job });
    worker.once("message", (stats: LoadStats) => resolve(stats));
    worker.once("error", reject);
    worker.once("exit", (code) => {
      if (code !== 0) reject(new Error(`load worker exited with ${code}`));
    });
  });
}
