// A worker thread of check-pool.ts: unzips and checks one batch at a time (batch-inspect.ts with
// lib/csv's checkBatchText), so that the CPU and memory of a batch's check never hold up the
// server's own thread (its other requests, /api/health). No server-only import: a worker thread
// is plain Node.js, not a React server.
import { parentPort } from "node:worker_threads";
import { checkBatchText } from "@/lib/csv";
import { inspectBatch, MAX_PROBLEMS, type InspectRequest } from "./batch-inspect";

export interface CheckTask {
  id: number;
  request: InspectRequest;
}

const port = parentPort;
if (!port) throw new Error("check-worker.ts runs as a worker thread");

port.on("message", (task: CheckTask) => {
  // The server lists 100 errors at most: the rows after the 100th error are not checked.
  inspectBatch(task.request, (kind, text) => checkBatchText(kind, text, MAX_PROBLEMS)).then(
    (result) => port.postMessage({ id: task.id, result }),
    (err: unknown) => port.postMessage({ id: task.id, error: err instanceof Error ? err.message : String(err) }),
  );
});
