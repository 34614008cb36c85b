// The upload queue (seam: sandbox/hooks.ts). `enqueueUpload` stores the file and a que row with
// status 0 and answers the que id; `startQueueWorker` processes the jobs in the background:
// 0 → 1 → 2, or -1 with que_message naming the line, column and reason (see worker.ts). The
// checks and changes of each upload are in goods.ts and warehouse-stock.ts.
import { NE_CODES } from "../../lib/ne/codes";
import { ApiError } from "../errors";
import type { EnqueueUpload, StartQueueWorker, WaitForUpload } from "../hooks";
import { loadRows } from "../loader";
import { formatJst } from "../time";
import { COMPANY_COLUMN } from "../schema";
import { MAX_CSV_BYTES } from "./decode";
import { col, table } from "./stock";
import { createQueueWorker, GOODS_UPLOAD_PATH, queueEvents, WAREHOUSE_STOCK_UPLOAD_PATH } from "./worker";

export { createQueueWorker, processNextJob } from "./worker";

const METHOD_NAMES: Record<string, string> = {
  [GOODS_UPLOAD_PATH]: "商品マスタ一括登録",
  [WAREHOUSE_STOCK_UPLOAD_PATH]: "倉庫在庫一括更新",
};

/** Stores the payload and a que row with status 0 (waiting), then wakes the worker. */
export const enqueueUpload: EnqueueUpload = async ({ db, companyNeId, path, dataType, data, fileName, nowMs, pic }) => {
  if (!(path in METHOD_NAMES)) throw new ApiError(NE_CODES.uploadRejected, `このパスはアップロードに対応していません (not an upload): ${path}`);
  if (data.length > MAX_CSV_BYTES) {
    throw new ApiError(NE_CODES.uploadRejected, `data が大きすぎます（上限 ${MAX_CSV_BYTES / 1024 / 1024}MB） (data is larger than ${MAX_CSV_BYTES / 1024 / 1024} MB)`);
  }
  const queId = await db.transaction(async (tx) => {
    const [row] = await tx.query<{ id: string }>(`SELECT nextval('sb_que_id_seq')::text AS id`);
    const id = Number(row?.id);
    await tx.query(
      `INSERT INTO sb_que_payloads (que_id, company_ne_id, path, data_type, data, file_name, created_ms) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [id, companyNeId, path, dataType, data, fileName ?? null, nowMs],
    );
    const now = formatJst(nowMs);
    await loadRows(tx, "systemQue", companyNeId, [
      {
        que_id: id,
        que_method_name: METHOD_NAMES[path] ?? path,
        que_shop_id: null,
        que_upload_name: path,
        que_client_file_name: fileName ?? null,
        que_file_name: `${id}.${dataType}`,
        que_status_id: 0,
        que_message: null,
        que_deleted_flag: "0",
        que_creation_date: now,
        que_last_modified_date: null,
        que_last_modified_null_safe_date: now,
        que_creator_id: pic.id,
        que_creator_name: pic.name,
        que_last_modified_by_id: null,
        que_last_modified_by_null_safe_id: pic.id,
        que_last_modified_by_name: null,
        que_last_modified_by_null_safe_name: pic.name,
      },
    ]);
    return id;
  });
  queueEvents.emit("queued");
  return queId;
};

/** Starts the background worker of this sandbox's database. */
export const startQueueWorker: StartQueueWorker = (args) => createQueueWorker(args);

/** How often a waiting call looks at the job's row: a worker of another process sends no event. */
const WAIT_POLL_MS = 250;

/** `wait_flag=1`: resolves once the job is processed (2 or -1), or after `timeoutMs` regardless. */
export const waitForUpload: WaitForUpload = ({ db, companyNeId, queId, timeoutMs }) =>
  new Promise<void>((resolve) => {
    let settled = false;
    const done = () => {
      if (settled) return;
      settled = true;
      queueEvents.off("finished", onFinished);
      clearInterval(poll);
      clearTimeout(limit);
      resolve();
    };
    const onFinished = (finished: number) => {
      if (finished === queId) done();
    };
    const check = async () => {
      const rows = await db.query<{ status: string }>(
        `SELECT ${col("que_status_id")}::text AS status FROM ${table("systemQue")} WHERE ${COMPANY_COLUMN} = $1 AND ${col("que_id")} = $2::numeric`,
        [companyNeId, queId],
      );
      const status = rows[0]?.status;
      if (status === undefined || status === "2" || status === "-1") done();
    };
    queueEvents.on("finished", onFinished);
    const poll = setInterval(() => void check().catch(() => undefined), WAIT_POLL_MS);
    const limit = setTimeout(done, timeoutMs);
    void check().catch(() => undefined);
  });
