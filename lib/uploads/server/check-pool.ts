import "server-only";
// At most `size` batches checked at once by this instance, each in a worker thread of its own
// (check-worker.ts), the others waiting in turn (first come, first served) up to `queue` of them;
// past that the answer is 503 busy, which the page tries again. The server's thread only hands a
// batch's gzip over and gets counts and ≤ 100 short problems back, so it stays free for the other
// requests (and /api/health) however heavy the batches are.
//
// Hand-written rather than piscina: the worker's entry must be written `new Worker(new URL(
// "./check-worker.ts", import.meta.url))` for Next.js's bundler to build it with the app (a pool
// library is handed a file name, which the bundler never sees), and a fixed set of threads with
// one FIFO queue is all the journal needs.
import { Worker } from "node:worker_threads";
import type { InspectBatch } from "./journal";
import type { Inspection, InspectRequest } from "./batch-inspect";
import type { CheckTask } from "./check-worker";

export interface CheckPoolStats {
  /** Batches being checked now, and waiting for a thread. */
  running: number;
  waiting: number;
  /** The most checked at once since the pool was made. */
  mostRunning: number;
}

/** One finished check, for the log. */
export interface CheckReport {
  waitedMs: number;
  ms: number;
  /** Checks under way when this one started, itself included (never more than the pool's size). */
  running: number;
  waiting: number;
  outcome: string;
}

export interface CheckPool {
  inspect: InspectBatch;
  stats(): CheckPoolStats;
  close(): Promise<void>;
}

export interface CheckPoolOptions {
  size: number;
  queue: number;
  /** A new worker thread (tests may hand their own). */
  spawn?: () => Worker;
  /** An idle thread ends after this long (a new one starts with the next batch). */
  idleMs?: number;
  onChecked?: (report: CheckReport) => void;
}

/**
 * The worker's heap bound: room for the largest batch the limits allow (lib/csv/limits.ts) and
 * the check's bounded list of errors; a thread past it ends, its batch answered 500 check-failed,
 * and the next batch gets a new thread. Its young generation is kept small, so collected more
 * often: a flood of batches then grows the process less.
 */
const WORKER_HEAP_MB = 128;

export function spawnCheckWorker(): Worker {
  // In a build, Next.js's bundler makes the entry a JavaScript chunk and inlines NEXT_RUNTIME
  // ("nodejs"; it also rewrites import.meta.url to the source's path, so that cannot tell). From
  // the sources (vitest, tsx) the entry is TypeScript and needs tsx's require hook (its ESM hook
  // does not reach a worker's entry on Node 20).
  const fromSources = process.env.NEXT_RUNTIME !== "nodejs";
  return new Worker(new URL("./check-worker.ts", import.meta.url), {
    execArgv: fromSources ? ["--require", "tsx/cjs"] : [],
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, maxYoungGenerationSizeMb: 8 },
  });
}

interface Waiting {
  request: InspectRequest;
  queuedAt: number;
  resolve: (inspection: Inspection) => void;
}

interface Thread {
  worker: Worker;
  busy: boolean;
  idleTimer?: ReturnType<typeof setTimeout>;
  current?: { id: number; resolve: (inspection: Inspection) => void };
}

const failed = (status: number, code: string, message: string, retryAfterS?: number): Inspection => ({
  ok: false,
  failure: { status, code, message, ...(retryAfterS ? { retryAfterS } : {}) },
});

export function createCheckPool({ size, queue, spawn = spawnCheckWorker, idleMs = 30_000, onChecked }: CheckPoolOptions): CheckPool {
  const threads = new Set<Thread>();
  const waiting: Waiting[] = [];
  let running = 0;
  let mostRunning = 0;
  let nextId = 1;
  let closed = false;

  function retire(thread: Thread) {
    threads.delete(thread);
    if (thread.idleTimer) clearTimeout(thread.idleTimer);
    void thread.worker.terminate();
  }

  function startThread(): Thread {
    const thread: Thread = { worker: spawn(), busy: false };
    thread.worker.unref();
    const lost = (why: string) => {
      const current = thread.current;
      thread.current = undefined;
      threads.delete(thread);
      if (current) {
        running--;
        current.resolve(failed(500, "check-failed", `the batch could not be checked (${why}); try again`));
      }
      pump();
    };
    thread.worker.on("message", (message: { id: number; result?: Inspection; error?: string }) => {
      const current = thread.current;
      if (!current || current.id !== message.id) return;
      thread.current = undefined;
      thread.busy = false;
      running--;
      current.resolve(message.result ?? failed(500, "check-failed", `the batch could not be checked (${message.error ?? "no answer"}); try again`));
      if (!closed) thread.idleTimer = setTimeout(() => retire(thread), idleMs).unref();
      pump();
    });
    // A thread that ran out of its heap (or failed otherwise) is replaced by the next batch's.
    thread.worker.on("error", (err) => lost(err.message));
    thread.worker.on("exit", (code) => {
      if (threads.has(thread)) lost(`the checking thread stopped with ${code}`);
    });
    threads.add(thread);
    return thread;
  }

  function pump() {
    while (waiting.length > 0 && running < size && !closed) {
      const next = waiting.shift() as Waiting;
      let thread = [...threads].find((t) => !t.busy);
      if (!thread) thread = startThread();
      if (thread.idleTimer) clearTimeout(thread.idleTimer);
      thread.busy = true;
      running++;
      mostRunning = Math.max(mostRunning, running);
      const id = nextId++;
      const startedAt = Date.now();
      const atStart = { running, waiting: waiting.length };
      thread.current = {
        id,
        resolve: (inspection) => {
          onChecked?.({
            waitedMs: startedAt - next.queuedAt,
            ms: Date.now() - startedAt,
            ...atStart,
            outcome: inspection.ok ? "ok" : inspection.failure.code,
          });
          next.resolve(inspection);
        },
      };
      const task: CheckTask = { id, request: next.request };
      thread.worker.postMessage(task);
    }
  }

  return {
    inspect(request) {
      if (closed) return Promise.resolve(failed(503, "uploads-busy", "the server is stopping; try again", 1));
      if (waiting.length >= queue) {
        return Promise.resolve(failed(503, "uploads-busy", `${waiting.length} batches are waiting for their check; try again in a moment`, 1));
      }
      return new Promise<Inspection>((resolve) => {
        waiting.push({ request, queuedAt: Date.now(), resolve });
        pump();
      });
    },
    stats: () => ({ running, waiting: waiting.length, mostRunning }),
    async close() {
      closed = true;
      for (const w of waiting.splice(0)) w.resolve(failed(503, "uploads-busy", "the server is stopping; try again", 1));
      await Promise.all([...threads].map((t) => t.worker.terminate()));
      threads.clear();
    },
  };
}
