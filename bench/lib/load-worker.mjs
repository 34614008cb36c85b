// The benchmarks' load generator, run in a worker thread of its own: a small V8 heap, so the
// garbage of 100 kB answers is collected cheaply (in the benchmark's main thread, which holds the
// sandbox's and the registry's modules, each answer's buffers drove full mark-compacts of that
// heap: a millisecond of client CPU per request, taken from the servers on the same cores).
// POSTs over node:http keep-alive sockets and reads every answer to the end without keeping it.
import http from "node:http";
import { parentPort, workerData } from "node:worker_threads";

/** @type {import("./load").LoadJob} */
const job = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: job.concurrency });

/** @returns {Promise<boolean>} whether the answer is a good one */
function send(request) {
  return new Promise((resolve) => {
    const req = http.request(request.url, { method: "POST", agent, headers: { ...request.headers, "content-length": String(Buffer.byteLength(request.body)) } }, (res) => {
      /** @type {Buffer | undefined} */
      let head;
      res.on("data", (chunk) => {
        head ??= chunk;
      });
      res.on("end", () => {
        const start = head ? head.subarray(0, 64).toString("latin1") : "";
        resolve(res.statusCode === job.expect.status && start.includes(job.expect.headIncludes));
      });
      res.on("error", () => resolve(false));
    });
    req.on("error", () => resolve(false));
    req.end(request.body);
  });
}

const latencies = [];
let next = 0;
let errors = 0;
const started = performance.now();
await Promise.all(
  Array.from({ length: job.concurrency }, async (_, worker) => {
    const request = job.requests[worker % job.requests.length];
    while (next < job.total) {
      next++;
      const t0 = performance.now();
      const ok = await send(request);
      latencies.push(performance.now() - t0);
      if (!ok) errors++;
    }
  }),
);
const seconds = (performance.now() - started) / 1000;
agent.destroy();
latencies.sort((a, b) => a - b);
const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
parentPort.postMessage({ p50: at(0.5), p95: at(0.95), p99: at(0.99), rps: job.total / seconds, errors, ...(job.returnLatencies ? { latencies } : {}) });
