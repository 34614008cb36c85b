// Seams between the sandbox server and the parts written separately: the upload queue
// (sandbox/uploads/index.ts) and the data generator (sandbox/generate/index.ts, see seed.ts).
import type { SandboxDb } from "./db";
import type { RegistryIndex } from "./registry";
import type { SandboxClock } from "./time";

export type UploadDataType = "csv" | "gz";

export interface EnqueueUploadArgs {
  db: SandboxDb;
  companyNeId: string;
  /** Operation path without trailing slash: `/api_v1_master_goods/upload` or `/api_v1_warehouse_stock/upload`. */
  path: string;
  dataType: UploadDataType;
  /** The `data` parameter's bytes as sent (CSV in Shift_JIS or UTF-8, or gzip). */
  data: Buffer;
  /** File name when the data came as a multipart file part. */
  fileName?: string;
  /** Sandbox time of the call (epoch ms; moves with the admin clock). */
  nowMs: number;
  /** The signed-in person, for audit fields (creator_*). */
  pic: { id: number; name: string };
}

/**
 * Queues an upload and answers its que id. Throw an `ApiError` (sandbox/errors.ts) to answer
 * `result=error` with that code (e.g. 003003 when the file is rejected up front).
 */
export type EnqueueUpload = (args: EnqueueUploadArgs) => Promise<string | number>;

/**
 * With `wait_flag=1` an upload call answers only once its job is processed (status 2 or -1),
 * or after `timeoutMs` with the job still queued.
 */
export type WaitForUpload = (args: { db: SandboxDb; companyNeId: string; queId: number; timeoutMs: number }) => Promise<void>;

export interface QueueWorkerArgs {
  db: SandboxDb;
  clock: SandboxClock;
  registry: RegistryIndex;
}

export interface QueueWorker {
  stop(): Promise<void>;
}

/** Starts processing queued uploads in the background; the server stops it on close. */
export type StartQueueWorker = (args: QueueWorkerArgs) => QueueWorker;
