// The upload journal's HTTP contract between the /uploads page and its route handlers
// (app/api/uploads/**). Browser-safe: zod schemas both sides parse with.
//
//   POST   /api/uploads                               create a file's journal entry → UploadFile (201)
//                                                     409 {error:{code:"duplicate-file"}, previous} when its
//                                                     sha256 was sent before and confirmDuplicate is not true
//   PUT    /api/uploads/:id/batches/:index            store one checked batch (gzip, base64) → UploadBatch
//   POST   /api/uploads/:id/batches/:index/send       send one stored batch upstream, at most once → UploadBatch
//   GET    /api/uploads/:id/batches/:index            a stored batch's text and line map → {text, lineMap}
//   PUT    /api/uploads/:id/plan | /report            keep the plan (before the first send) or the report
//                                                     (once the queue is done) CSV, gzip base64 → {stored}
//   GET    /api/uploads/:id/plan | /report            the plan's or report's CSV (text/csv, UTF-8)
//   POST   /api/uploads/:id/cancel                    stop: batches not yet sent become "cancelled" → UploadFile
//   GET    /api/uploads/:id                           the file and its batches; pending queue states refreshed
//                                                     from /api_v1_system_que/search (with backoff) → UploadFile
//   GET    /api/uploads?kind=&status=&q=&offset=&limit=  the company's past uploads → UploadList
//
// Errors have the BFF's shape `{error:{code, message, retryable, kind}}`. Mutations need the page's
// Origin; everything needs a session; every journal row belongs to one company (the session's).
import { z } from "zod";

export const uploadKindSchema = z.enum(["warehouse-stock", "goods"]);
/** file: a dropped file or paste. stocktake: the differences of a counted stock. undo: the inverse of another upload. */
export const uploadPurposeSchema = z.enum(["file", "stocktake", "undo"]);
export type UploadPurpose = z.infer<typeof uploadPurposeSchema>;
export const csvEncodingSchema = z.enum(["utf-8", "utf-8-bom", "shift_jis", "paste"]);
const sha256Schema = z.string().regex(/^[0-9a-f]{64}$/, "a sha256 in lower-case hex");

/** Most batches one file may have: 100,000 rows / 3000 and room to spare. */
export const MAX_BATCHES = 400;
/** Largest stored batch body (base64 of the gzip of ≤ 3000 rows). */
export const MAX_BATCH_BODY_BYTES = 8 * 1024 * 1024;

export const createUploadSchema = z
  .object({
    kind: uploadKindSchema,
    fileName: z.string().min(1).max(255),
    /** The dropped file's size in bytes (of the paste's UTF-8 text for a paste). */
    size: z.number().int().min(0).max(64 * 1024 * 1024),
    /** sha256 of the file's bytes as dropped: the same file again is recognised by it. */
    sha256: sha256Schema,
    encoding: csvEncodingSchema,
    /** Data rows in the file (header excluded). */
    rows: z.number().int().min(0).max(1_000_000),
    /** File lines of the records the operator chose to leave out (rows in error). */
    excludedLines: z.array(z.number().int().min(2)).max(1_000_000),
    /** Warnings (e.g. stock below 0) the operator confirmed. */
    warningsConfirmed: z.boolean(),
    batchCount: z.number().int().min(1).max(MAX_BATCHES),
    /** Goods codes the file touches (for the stock grid link of a finished warehouse upload), ≤ 1000. */
    goodsCodes: z.array(z.string().min(1).max(50)).max(1000),
    /** Sends even though a file with the same sha256 was sent before (the operator said so). */
    confirmDuplicate: z.boolean().optional(),
    /** What the file is: a dropped file, a stocktake's differences, or the undo of `undoOf`. */
    purpose: uploadPurposeSchema.optional(),
    undoOf: z.uuid().optional(),
  })
  .strict()
  .refine((r) => (r.purpose === "undo") === (r.undoOf !== undefined), { message: "undoOf is given exactly when the purpose is undo", path: ["undoOf"] });
export type CreateUploadRequest = z.infer<typeof createUploadSchema>;

export const storeBatchSchema = z
  .object({
    firstLine: z.number().int().min(2),
    lastLine: z.number().int().min(2),
    rows: z.number().int().min(1).max(3000),
    /**
     * Where the batch's records start, in the batch text and in the file: runs of [batch line,
     * file line, records] (lib/uploads/line-map.ts), so the queue's message names the file's lines.
     */
    lineMap: z.array(z.tuple([z.number().int().min(2), z.number().int().min(2), z.number().int().min(1).max(3000)])).min(1).max(3000).optional(),
    /** sha256 of the batch's UTF-8 CSV text (before gzip). */
    sha256: sha256Schema,
    /** gzip of the batch's UTF-8 CSV text (header + rows), base64. */
    gzipBase64: z.base64().max(MAX_BATCH_BODY_BYTES),
  })
  .strict();
export type StoreBatchRequest = z.infer<typeof storeBatchSchema>;

/** A file's plan (what it changes, from the stock or goods read before sending) or its report (the plan with what was read back). */
export type UploadDocument = "plan" | "report";
/** Largest plan or report text (a 100,000-row stocktake's plan is about 10 MB). */
export const MAX_DOCUMENT_TEXT_BYTES = 64 * 1024 * 1024;
export const MAX_DOCUMENT_BODY_BYTES = 24 * 1024 * 1024;

export const storeDocumentSchema = z
  .object({
    /** sha256 of the document's UTF-8 CSV text (before gzip). */
    sha256: sha256Schema,
    gzipBase64: z.base64().max(MAX_DOCUMENT_BODY_BYTES),
  })
  .strict();
export type StoreDocumentRequest = z.infer<typeof storeDocumentSchema>;

export const batchTextSchema = z.object({
  text: z.string(),
  lineMap: z.array(z.tuple([z.number().int(), z.number().int(), z.number().int()])).nullable(),
});
export type BatchText = z.infer<typeof batchTextSchema>;

export const sendBatchSchema = z
  .object({
    /** Required to send again a batch whose state is "unknown" or "failed": a person said so. */
    resend: z.boolean().optional(),
  })
  .strict();
export type SendBatchRequest = z.infer<typeof sendBatchSchema>;

/**
 * stored: checked and kept server-side, not sent. sending: the upstream call is under way.
 * unknown: the call started and its answer was lost (server stopped, timeout): may have been
 * applied; sent again only when a person says so. queued/processing/done/failed: the queue's
 * states (0, 1, 2, -1), or failed when the upstream refused the call. cancelled: never sent.
 */
export const batchStateSchema = z.enum(["stored", "sending", "unknown", "queued", "processing", "done", "failed", "cancelled"]);
export type BatchState = z.infer<typeof batchStateSchema>;

export const uploadBatchSchema = z.object({
  index: z.number().int(),
  firstLine: z.number().int(),
  lastLine: z.number().int(),
  rows: z.number().int(),
  sha256: z.string(),
  state: batchStateSchema,
  queId: z.string().nullable(),
  queStatusId: z.string().nullable(),
  queMessage: z.string().nullable(),
  /** The queue's message of a failed batch, one problem a line, its lines the file's (lib/uploads/line-map.ts). */
  queProblems: z.array(z.object({ line: z.number().int().nullable(), batchLine: z.number().int().nullable(), column: z.string().nullable(), ja: z.string(), en: z.string().nullable() })),
  /** Why the upstream refused the call (code and message), when it did. */
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  sendCount: z.number().int(),
  storedAt: z.string(),
  sentAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type UploadBatch = z.infer<typeof uploadBatchSchema>;

/**
 * storing: batches still arriving. ready: all stored, none sent. sending: a batch is being sent.
 * waiting: in the queue. paused: some batches sent, the rest stored and nothing sending (the
 * sending was interrupted: a person resumes it).
 */
export const fileStatusSchema = z.enum(["storing", "ready", "sending", "paused", "waiting", "done", "failed", "attention", "cancelled"]);
export type FileStatus = z.infer<typeof fileStatusSchema>;

export const uploadFileSchema = z.object({
  id: z.string(),
  kind: uploadKindSchema,
  fileName: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  encoding: csvEncodingSchema,
  rows: z.number().int(),
  sentRows: z.number().int(),
  excludedLines: z.array(z.number().int()),
  batchCount: z.number().int(),
  goodsCodes: z.array(z.string()),
  /** Rows meant to be sent: the file's rows less those left out. */
  sendRows: z.number().int(),
  purpose: uploadPurposeSchema,
  undoOf: z.string().nullable(),
  hasPlan: z.boolean(),
  hasReport: z.boolean(),
  status: fileStatusSchema,
  personName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  batches: z.array(uploadBatchSchema),
});
export type UploadFile = z.infer<typeof uploadFileSchema>;

export const uploadListQuerySchema = z.object({
  kind: uploadKindSchema.optional(),
  status: fileStatusSchema.optional(),
  q: z.string().max(255).optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type UploadListQuery = z.infer<typeof uploadListQuerySchema>;

export const uploadListSchema = z.object({
  files: z.array(uploadFileSchema.omit({ batches: true, excludedLines: true, goodsCodes: true })),
  total: z.number().int(),
});
export type UploadList = z.infer<typeof uploadListSchema>;

export const duplicateFileErrorSchema = z.object({
  error: z.object({ code: z.literal("duplicate-file"), message: z.string(), retryable: z.boolean(), kind: z.string() }),
  previous: z.array(z.object({ id: z.string(), fileName: z.string(), personName: z.string(), createdAt: z.string(), status: fileStatusSchema })),
});
