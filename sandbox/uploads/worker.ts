// The upload queue worker: takes waiting jobs (que_status_id 0) in que_id order, marks each
// processing (1), decodes and checks the file and applies it in one transaction together with
// status 2 (done); any problem rolls everything back and marks the job -1 (failed) with
// que_message naming the line, column and reason.
import { EventEmitter } from "node:events";
import type { SandboxDb } from "../db";
import type { QueueWorker, QueueWorkerArgs, UploadDataType } from "../hooks";
import type { RegistryIndex } from "../registry";
import { COMPANY_COLUMN } from "../schema";
import { formatJst, type SandboxClock } from "../time";
import { decodeUpload } from "./decode";
import { UploadError, UploadErrors } from "./errors";
import { applyGoodsUpload } from "./goods";
import { col, table, type Actor } from "./stock";
import { applyWarehouseStockUpload, type UploadSummary } from "./warehouse-stock";

export const GOODS_UPLOAD_PATH = "/api_v1_master_goods/upload";
export const WAREHOUSE_STOCK_UPLOAD_PATH = "/api_v1_warehouse_stock/upload";

/**
 * Wakes the workers of this process when a job is queued (`queued`; they also poll), and tells
 * waiting upload calls when a job is processed (`finished`, with its que id).
 */
export const queueEvents = new EventEmitter();
queueEvents.setMaxListeners(0);

export interface Job {
  queId: number;
  companyNeId: string;
  path: string;
  dataType: UploadDataType;
  data: Buffer;
  creatorId: number;
  creatorName: string;
}

export interface ProcessHooks {
  /** Called after the job is marked processing (status 1), before the file is applied. */
  onProcessing?: (job: Job) => Promise<void> | void;
  log?: (line: string) => void;
}

export type JobOutcome = { queId: number; status: 2; summary: UploadSummary } | { queId: number; status: -1; message: string };

async function setStatus(db: SandboxDb, job: Job, status: number, message: string | null, nowMs: number, fromStatus?: number): Promise<boolean> {
  const rows = await db.query<{ id: string }>(
    `UPDATE ${table("systemQue")} SET ${col("que_status_id")} = $3::numeric, ${col("que_message")} = $4::text,
       ${col("que_last_modified_date")} = $5::timestamp, ${col("que_last_modified_null_safe_date")} = $5::timestamp,
       ${col("que_last_modified_by_id")} = $6::numeric, ${col("que_last_modified_by_null_safe_id")} = $6::numeric,
       ${col("que_last_modified_by_name")} = $7::text, ${col("que_last_modified_by_null_safe_name")} = $7::text
     WHERE ${COMPANY_COLUMN} = $1 AND ${col("que_id")} = $2::numeric${fromStatus === undefined ? "" : ` AND ${col("que_status_id")} = ${fromStatus}`}
     RETURNING ${col("que_id")}::text AS id`,
    [job.companyNeId, job.queId, status, message, formatJst(nowMs), job.creatorId, job.creatorName],
  );
  return rows.length > 0;
}

async function nextJob(db: SandboxDb): Promise<Job | undefined> {
  const rows = await db.query<{ que_id: string; company: string; path: string; data_type: string; data: Uint8Array; cid: string | null; cname: string | null }>(
    `SELECT p.que_id::text AS que_id, p.company_ne_id AS company, p.path, p.data_type, p.data,
            q.${col("que_creator_id")}::text AS cid, q.${col("que_creator_name")} AS cname
     FROM ${table("systemQue")} q
     JOIN sb_que_payloads p ON p.que_id = q.${col("que_id")} AND p.company_ne_id = q.${COMPANY_COLUMN}
     WHERE q.${col("que_status_id")} = 0
     ORDER BY q.${col("que_id")}
     LIMIT 1`,
  );
  const r = rows[0];
  if (!r) return undefined;
  return {
    queId: Number(r.que_id),
    companyNeId: r.company,
    path: r.path,
    dataType: r.data_type === "gz" ? "gz" : "csv",
    data: Buffer.from(r.data),
    creatorId: Number(r.cid ?? 0),
    creatorName: r.cname ?? "",
  };
}

/** Decodes, checks and applies one job's file inside `db` (a transaction). */
export async function applyUpload(db: SandboxDb, registry: RegistryIndex, job: Job, actor: Actor): Promise<UploadSummary> {
  const decoded = decodeUpload(job.dataType, job.data);
  if (job.path === GOODS_UPLOAD_PATH) return applyGoodsUpload(db, registry, job.companyNeId, decoded.text, actor);
  if (job.path === WAREHOUSE_STOCK_UPLOAD_PATH) return applyWarehouseStockUpload(db, registry, job.companyNeId, decoded.text, actor);
  throw new UploadError({ ja: `このアップロードには対応していません: ${job.path}`, en: `unsupported upload: ${job.path}` });
}

/** Processes the oldest waiting job, if any; answers what happened (undefined: nothing waiting). */
export async function processNextJob(db: SandboxDb, clock: SandboxClock, registry: RegistryIndex, hooks: ProcessHooks = {}): Promise<JobOutcome | undefined> {
  const job = await nextJob(db);
  if (!job) return undefined;
  if (!(await setStatus(db, job, 1, null, clock.now(), 0))) return processNextJob(db, clock, registry, hooks); // taken by another worker
  await hooks.onProcessing?.(job);
  const actor: Actor = { id: job.creatorId, name: job.creatorName, now: formatJst(clock.now()) };
  try {
    const summary = await db.transaction(async (tx) => {
      const result = await applyUpload(tx, registry, job, actor);
      await setStatus(tx, job, 2, null, clock.now());
      return result;
    });
    queueEvents.emit("finished", job.queId);
    return { queId: job.queId, status: 2, summary };
  } catch (error) {
    let message: string;
    if (error instanceof UploadError || error instanceof UploadErrors) {
      message = error.message;
    } else {
      message = "システムエラーのため処理できませんでした (system error)";
      hooks.log?.(`sandbox: upload ${job.queId}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    }
    await setStatus(db, job, -1, message, clock.now());
    queueEvents.emit("finished", job.queId);
    return { queId: job.queId, status: -1, message };
  }
}

export interface WorkerOptions extends ProcessHooks {
  /** How often waiting jobs are looked for besides the wake-ups (ms). */
  pollMs?: number;
}

export function createQueueWorker({ db, clock, registry }: QueueWorkerArgs, options: WorkerOptions = {}): QueueWorker {
  const log = options.log ?? ((line: string) => console.error(line));
  let stopped = false;
  let again = false;
  let running: Promise<void> | null = null;
  let ready: Promise<void> = Promise.resolve();

  const drain = async () => {
    await ready;
    while (!stopped) {
      const outcome = await processNextJob(db, clock, registry, { ...options, log });
      if (!outcome) break;
    }
  };
  const kick = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = drain()
      .catch((error: unknown) => {
        if (!stopped) log(`sandbox: upload worker: ${error instanceof Error ? error.message : String(error)}`);
      })
      .finally(() => {
        running = null;
        if (again && !stopped) {
          again = false;
          kick();
        }
      });
  };
  // Jobs left processing by a stopped process start again (their changes were rolled back).
  ready = db
    .query(`UPDATE ${table("systemQue")} SET ${col("que_status_id")} = 0 WHERE ${col("que_status_id")} = 1`)
    .then(() => undefined)
    .catch(() => undefined);
  queueEvents.on("queued", kick);
  const timer = setInterval(kick, options.pollMs ?? 500);
  timer.unref();
  kick();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      queueEvents.off("queued", kick);
      await running;
    },
  };
}
