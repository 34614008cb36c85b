import "server-only";
// The upload journal: every file an operator drops and its checked batches are kept here, gzip and
// all, before the first batch is sent, so nothing is lost, changed or applied twice. Every query is
// scoped to the owner's company: another company's rows are never read, whatever id is asked for.
// A file's status is derived from its batches in SQL (fileStatusSql), one rule for reads and filters.
import { and, count, desc, eq, exists, inArray, lt, sql, type SQL } from "drizzle-orm";
import type { AppDatabase } from "@/lib/db";
import { uploadBatches, uploadFiles } from "@/lib/db/schema";
import { checkBatchText, MAX_BATCH_TEXT_BYTES, type UploadKind } from "@/lib/csv";
import {
  type BatchState,
  type CreateUploadRequest,
  type FileStatus,
  MAX_DOCUMENT_TEXT_BYTES,
  type StoreBatchRequest,
  type StoreDocumentRequest,
  type UploadDocument,
  type UploadBatch,
  type UploadFile,
  type UploadList,
  type UploadListQuery,
  type UploadPurpose,
} from "../contract";
import { gunzipSync } from "node:zlib";
import { createHash } from "node:crypto";
import { lineMapFits, queProblems, type LineMap } from "../line-map";
import { inspectBatch, type CheckBatch, type InspectRequest, type Inspection } from "./batch-inspect";

export type { CheckBatch } from "./batch-inspect";

/** The person a journal call acts for: company and pic from the session's stored token row. */
export interface UploadOwner {
  companyNeId: string;
  picNeId: string;
  personName: string;
}

/**
 * Unzips, verifies and checks a batch (batch-inspect.ts): in worker threads, a few at once, in the
 * app (check-pool.ts); in this thread with `checkBatch` when not given (tests).
 */
export type InspectBatch = (request: InspectRequest) => Promise<Inspection>;

/** Why a call was refused: the route turns it into `{error:{...}, ...extra}` with `status`. */
export interface JournalFailure {
  status: number;
  code: string;
  message: string;
  extra?: Record<string, unknown>;
  /** A refusal for now (the checks are busy): the answer's Retry-After. */
  retryAfterS?: number;
}

export type JournalResult<T> = { ok: true; value: T; status: number } | { ok: false; failure: JournalFailure };

export interface JournalDeps {
  database: Pick<AppDatabase, "db">;
  /** The server's re-check of a stored batch; the CSV reader's own by default. */
  checkBatch?: CheckBatch;
  /** How a batch is unzipped and checked; in this thread with `checkBatch` by default. */
  inspect?: InspectBatch;
  /**
   * A batch "sending" for longer than this is reported "unknown": the process that sent it stopped
   * before recording the answer (the upstream timeout plus a margin).
   */
  staleSendingMs: number;
}

export interface Journal {
  createFile(owner: UploadOwner, request: CreateUploadRequest): Promise<JournalResult<UploadFile>>;
  getFile(owner: UploadOwner, fileId: string): Promise<UploadFile | null>;
  storeBatch(owner: UploadOwner, fileId: string, index: number, request: StoreBatchRequest): Promise<JournalResult<UploadBatch>>;
  cancel(owner: UploadOwner, fileId: string): Promise<JournalResult<UploadFile>>;
  list(owner: UploadOwner, query: UploadListQuery): Promise<UploadList>;
  /** A stored batch's CSV text and line map (for checking it again before a resend). */
  batchText(owner: UploadOwner, fileId: string, index: number): Promise<{ text: string; lineMap: LineMap | null } | null>;
  /**
   * Keeps a file's plan or report CSV (gzip, verified against its sha256 and the size bound). A
   * plan is kept before the first batch is sent and never replaced; a report once, after the
   * file is done. 409 otherwise.
   */
  storeDocument(owner: UploadOwner, fileId: string, which: UploadDocument, request: StoreDocumentRequest): Promise<JournalResult<{ stored: boolean }>>;
  /** A file's plan or report CSV text; null when the file or the document is not there. */
  readDocument(owner: UploadOwner, fileId: string, which: UploadDocument): Promise<string | null>;
  /** Marks batches left "sending" past the limit as "unknown" (also done by every read). */
  sweepStale(owner: UploadOwner): Promise<void>;
  /** Recounts a file's sent rows and moves its updated_at: after any batch changes state. */
  touchFile(fileId: string): Promise<void>;
}

const fail = (status: number, code: string, message: string, extra?: Record<string, unknown>): { ok: false; failure: JournalFailure } => ({
  ok: false,
  failure: { status, code, message, ...(extra ? { extra } : {}) },
});

/** States in which the upstream has accepted a batch (a que id exists). */
export const ACCEPTED_STATES: readonly BatchState[] = ["queued", "processing", "done"];

/**
 * The file's status from its batches. Order matters: what needs a person ("unknown") comes before
 * what only needs waiting, and a failure outranks a cancel (the operator must still see it).
 */
export const fileStatusSql: SQL<FileStatus> = sql<FileStatus>`(
  SELECT CASE
    WHEN ${uploadFiles.cancelledAt} IS NULL AND count(*) < ${uploadFiles.batchCount} THEN 'storing'
    WHEN count(*) FILTER (WHERE b.state = 'sending') > 0 THEN 'sending'
    WHEN count(*) FILTER (WHERE b.state = 'unknown') > 0 THEN 'attention'
    WHEN count(*) FILTER (WHERE b.state IN ('queued', 'processing')) > 0 THEN 'waiting'
    WHEN count(*) FILTER (WHERE b.state = 'failed') > 0 THEN 'failed'
    WHEN ${uploadFiles.cancelledAt} IS NOT NULL THEN 'cancelled'
    WHEN count(*) FILTER (WHERE b.state = 'done') = count(*) THEN 'done'
    WHEN count(*) FILTER (WHERE b.state = 'stored') = count(*) THEN 'ready'
    ELSE 'paused'
  END FROM upload_batches b WHERE b.file_id = ${uploadFiles.id})`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A file's columns but its (possibly long) excluded lines and goods codes: for lists. */
const fileSummaryColumns = {
  id: uploadFiles.id,
  kind: uploadFiles.kind,
  fileName: uploadFiles.fileName,
  size: uploadFiles.size,
  sha256: uploadFiles.sha256,
  encoding: uploadFiles.encoding,
  rows: uploadFiles.rows,
  sentRows: uploadFiles.sentRows,
  batchCount: uploadFiles.batchCount,
  personName: uploadFiles.personName,
  createdAt: uploadFiles.createdAt,
  updatedAt: uploadFiles.updatedAt,
  purpose: uploadFiles.purpose,
  undoOf: uploadFiles.undoOf,
  excludedCount: sql<number>`jsonb_array_length(${uploadFiles.excludedLines})::int`,
  hasPlan: sql<boolean>`(${uploadFiles.planGz} IS NOT NULL)`,
  hasReport: sql<boolean>`(${uploadFiles.reportGz} IS NOT NULL)`,
};
type FileSummaryRow = Pick<typeof uploadFiles.$inferSelect, "id" | "kind" | "fileName" | "size" | "sha256" | "encoding" | "rows" | "sentRows" | "batchCount" | "personName" | "createdAt" | "updatedAt" | "purpose" | "undoOf"> & {
  excludedCount: number;
  hasPlan: boolean;
  hasReport: boolean;
};
type BatchRow = Omit<typeof uploadBatches.$inferSelect, "gz">;

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

export function toUploadBatch(row: BatchRow): UploadBatch {
  return {
    index: row.index,
    firstLine: row.firstLine,
    lastLine: row.lastLine,
    rows: row.rows,
    sha256: row.sha256,
    state: row.state as BatchState,
    queId: row.queId,
    queStatusId: row.queStatusId,
    queMessage: row.queMessage,
    queProblems: row.state === "failed" ? queProblems(row.queMessage, row.lineMap ?? null) : [],
    error: row.errorCode ? { code: row.errorCode, message: row.errorMessage ?? "" } : null,
    sendCount: row.sendCount,
    storedAt: row.storedAt.toISOString(),
    sentAt: iso(row.sentAt),
    finishedAt: iso(row.finishedAt),
  };
}

function toFileSummary(row: FileSummaryRow, status: FileStatus): Omit<UploadFile, "batches" | "excludedLines" | "goodsCodes"> {
  return {
    id: row.id,
    kind: row.kind as UploadKind,
    fileName: row.fileName,
    size: row.size,
    sha256: row.sha256,
    encoding: row.encoding as UploadFile["encoding"],
    rows: row.rows,
    sentRows: row.sentRows,
    batchCount: row.batchCount,
    sendRows: row.rows - row.excludedCount,
    purpose: row.purpose as UploadPurpose,
    undoOf: row.undoOf,
    hasPlan: row.hasPlan,
    hasReport: row.hasReport,
    status,
    personName: row.personName,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Every column of a batch but its gzip (reads that only show the batch never load it). */
const batchColumns = {
  fileId: uploadBatches.fileId,
  index: uploadBatches.index,
  firstLine: uploadBatches.firstLine,
  lastLine: uploadBatches.lastLine,
  rows: uploadBatches.rows,
  lineMap: uploadBatches.lineMap,
  sha256: uploadBatches.sha256,
  state: uploadBatches.state,
  queId: uploadBatches.queId,
  queStatusId: uploadBatches.queStatusId,
  queMessage: uploadBatches.queMessage,
  errorCode: uploadBatches.errorCode,
  errorMessage: uploadBatches.errorMessage,
  sendCount: uploadBatches.sendCount,
  sendingStartedAt: uploadBatches.sendingStartedAt,
  nextCheckAt: uploadBatches.nextCheckAt,
  checkCount: uploadBatches.checkCount,
  storedAt: uploadBatches.storedAt,
  sentAt: uploadBatches.sentAt,
  finishedAt: uploadBatches.finishedAt,
};

/** `%`, `_` and `\` taken literally in a LIKE pattern. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export function createJournal({ database, checkBatch = (kind, text) => checkBatchText(kind, text), inspect, staleSendingMs }: JournalDeps): Journal {
  const inspectBatchOf: InspectBatch = inspect ?? ((request) => inspectBatch(request, checkBatch));
  const { db } = database;
  const ownedFile = (owner: UploadOwner, fileId: string) => and(eq(uploadFiles.id, fileId), eq(uploadFiles.companyNeId, owner.companyNeId));
  const companyFileIds = (owner: UploadOwner) =>
    db.select({ id: uploadFiles.id }).from(uploadFiles).where(eq(uploadFiles.companyNeId, owner.companyNeId));

  async function sweepStale(owner: UploadOwner): Promise<void> {
    // The cut-off uses the database's clock, the same one that wrote sending_started_at.
    await db
      .update(uploadBatches)
      .set({
        state: "unknown",
        errorCode: "no-answer",
        errorMessage: "the upload was sent but its answer was never recorded (the server stopped): it may have been applied; check the upload queue before sending it again",
      })
      .where(
        and(
          eq(uploadBatches.state, "sending"),
          lt(uploadBatches.sendingStartedAt, sql`now() - ${staleSendingMs} * interval '1 millisecond'`),
          inArray(uploadBatches.fileId, companyFileIds(owner)),
        ),
      );
  }

  async function touchFile(fileId: string): Promise<void> {
    await db
      .update(uploadFiles)
      .set({
        updatedAt: sql`now()`,
        sentRows: sql`(SELECT coalesce(sum(b.rows), 0)::int FROM upload_batches b WHERE b.file_id = ${uploadFiles.id} AND b.state IN ('queued', 'processing', 'done'))`,
      })
      .where(eq(uploadFiles.id, fileId));
  }

  async function readFile(owner: UploadOwner, fileId: string): Promise<UploadFile | null> {
    if (!UUID.test(fileId)) return null;
    const [found] = await db
      .select({ file: fileSummaryColumns, excludedLines: uploadFiles.excludedLines, goodsCodes: uploadFiles.goodsCodes, status: fileStatusSql })
      .from(uploadFiles)
      .where(ownedFile(owner, fileId))
      .limit(1);
    if (!found) return null;
    const batches = await db.select(batchColumns).from(uploadBatches).where(eq(uploadBatches.fileId, fileId)).orderBy(uploadBatches.index);
    return {
      ...toFileSummary(found.file, found.status),
      excludedLines: found.excludedLines,
      goodsCodes: found.goodsCodes,
      batches: batches.map(toUploadBatch),
    };
  }

  async function getFile(owner: UploadOwner, fileId: string): Promise<UploadFile | null> {
    if (!UUID.test(fileId)) return null;
    await sweepStale(owner);
    return readFile(owner, fileId);
  }

  async function readBatch(fileId: string, index: number): Promise<BatchRow | undefined> {
    const [row] = await db
      .select(batchColumns)
      .from(uploadBatches)
      .where(and(eq(uploadBatches.fileId, fileId), eq(uploadBatches.index, index)))
      .limit(1);
    return row;
  }

  /** Unzips a stored gzip this journal wrote (bounded: it never holds more than `max` bytes of text). */
  const unzip = (gz: Uint8Array, max: number): string => gunzipSync(gz, { maxOutputLength: max }).toString("utf8");

  return {
    sweepStale,
    touchFile,
    getFile,

    async batchText(owner, fileId, index) {
      if (!UUID.test(fileId)) return null;
      const [row] = await db
        .select({ gz: uploadBatches.gz, lineMap: uploadBatches.lineMap })
        .from(uploadBatches)
        .innerJoin(uploadFiles, eq(uploadFiles.id, uploadBatches.fileId))
        .where(and(ownedFile(owner, fileId), eq(uploadBatches.index, index)))
        .limit(1);
      if (!row) return null;
      return { text: unzip(row.gz, MAX_BATCH_TEXT_BYTES), lineMap: row.lineMap ?? null };
    },

    async storeDocument(owner, fileId, which, request) {
      if (!UUID.test(fileId)) return fail(404, "not-found", "no such upload");
      const gz = Buffer.from(request.gzipBase64, "base64");
      let text: string;
      try {
        text = unzip(gz, MAX_DOCUMENT_TEXT_BYTES);
      } catch {
        return fail(422, "bad-gzip", `the ${which} is not a gzip of at most ${MAX_DOCUMENT_TEXT_BYTES} bytes`);
      }
      if (createHash("sha256").update(text, "utf8").digest("hex") !== request.sha256) return fail(422, "sha256-mismatch", `the ${which}'s sha256 does not match its text`);
      const column = which === "plan" ? uploadFiles.planGz : uploadFiles.reportGz;
      return db.transaction(async (tx) => {
        const [file] = await tx
          .select({ id: uploadFiles.id, doc: column, status: fileStatusSql })
          .from(uploadFiles)
          .where(ownedFile(owner, fileId))
          .for("update");
        if (!file) return fail(404, "not-found", "no such upload");
        if (file.doc) {
          // The same document again (a retried PUT) is answered as stored; another never replaces it.
          const same = createHash("sha256").update(unzip(file.doc, MAX_DOCUMENT_TEXT_BYTES), "utf8").digest("hex") === request.sha256;
          return same ? { ok: true as const, value: { stored: false }, status: 200 } : fail(409, `${which}-exists`, `the upload has its ${which} already`);
        }
        if (which === "plan") {
          const [sent] = await tx
            .select({ n: count() })
            .from(uploadBatches)
            .where(and(eq(uploadBatches.fileId, fileId), sql`${uploadBatches.state} NOT IN ('stored', 'cancelled')`));
          if ((sent?.n ?? 0) > 0) return fail(409, "plan-after-send", "a plan is kept before the first batch is sent");
        } else if (file.status !== "done" && file.status !== "failed" && file.status !== "attention") {
          return fail(409, "file-not-finished", "a report is kept once the upload has an outcome");
        }
        await tx
          .update(uploadFiles)
          .set(which === "plan" ? { planGz: gz, updatedAt: sql`now()` } : { reportGz: gz, updatedAt: sql`now()` })
          .where(eq(uploadFiles.id, fileId));
        return { ok: true as const, value: { stored: true }, status: 201 };
      });
    },

    async readDocument(owner, fileId, which) {
      if (!UUID.test(fileId)) return null;
      const column = which === "plan" ? uploadFiles.planGz : uploadFiles.reportGz;
      const [row] = await db.select({ doc: column }).from(uploadFiles).where(ownedFile(owner, fileId)).limit(1);
      return row?.doc ? unzip(row.doc, MAX_DOCUMENT_TEXT_BYTES) : null;
    },

    async createFile(owner, request) {
      // The same bytes sent before (a batch went beyond "stored"): a second run would apply every
      // stock change twice, so it takes the operator's explicit confirmation.
      const previous = await db
        .select({ id: uploadFiles.id, fileName: uploadFiles.fileName, personName: uploadFiles.personName, createdAt: uploadFiles.createdAt, status: fileStatusSql })
        .from(uploadFiles)
        .where(
          and(
            eq(uploadFiles.companyNeId, owner.companyNeId),
            eq(uploadFiles.sha256, request.sha256),
            exists(
              db
                .select({ one: sql`1` })
                .from(uploadBatches)
                .where(and(eq(uploadBatches.fileId, uploadFiles.id), sql`${uploadBatches.state} NOT IN ('stored', 'cancelled')`)),
            ),
          ),
        )
        .orderBy(desc(uploadFiles.createdAt))
        .limit(20);
      if (previous.length > 0 && request.confirmDuplicate !== true) {
        return fail(409, "duplicate-file", `this file was sent before (${previous.length} time${previous.length > 1 ? "s" : ""}); confirm to send it again`, {
          previous: previous.map((p) => ({ ...p, createdAt: p.createdAt.toISOString() })),
        });
      }
      if (request.undoOf) {
        const [undone] = await db.select({ id: uploadFiles.id }).from(uploadFiles).where(ownedFile(owner, request.undoOf)).limit(1);
        if (!undone) return fail(404, "no-such-upload", "the upload to undo is not one of this company's");
      }
      const [row] = await db
        .insert(uploadFiles)
        .values({
          companyNeId: owner.companyNeId,
          picNeId: owner.picNeId,
          personName: owner.personName,
          kind: request.kind,
          fileName: request.fileName,
          size: request.size,
          sha256: request.sha256,
          encoding: request.encoding,
          rows: request.rows,
          excludedLines: request.excludedLines,
          goodsCodes: request.goodsCodes,
          warningsConfirmed: request.warningsConfirmed,
          batchCount: request.batchCount,
          purpose: request.purpose ?? "file",
          undoOf: request.undoOf ?? null,
        })
        .returning({ id: uploadFiles.id });
      const file = row ? await readFile(owner, row.id) : null;
      if (!file) throw new Error("upload journal: a created file could not be read back");
      return { ok: true, value: file, status: 201 };
    },

    async storeBatch(owner, fileId, index, request) {
      if (!UUID.test(fileId)) return fail(404, "not-found", "no such upload");
      const [file] = await db.select().from(uploadFiles).where(ownedFile(owner, fileId)).limit(1);
      if (!file) return fail(404, "not-found", "no such upload");
      if (index >= file.batchCount) return fail(404, "no-such-batch", `the file has ${file.batchCount} batches (0 to ${file.batchCount - 1})`);
      if (request.lastLine < request.firstLine) return fail(400, "invalid-request", "lastLine is before firstLine");
      if (request.rows > request.lastLine - request.firstLine + 1) return fail(400, "invalid-request", "more rows than lines from firstLine to lastLine");
      if (request.lineMap && !lineMapFits(request.lineMap, request.rows, request.firstLine, request.lastLine)) {
        return fail(400, "invalid-request", "lineMap does not describe the batch's rows between firstLine and lastLine");
      }

      const same = (row: BatchRow) =>
        row.sha256 === request.sha256 && row.firstLine === request.firstLine && row.lastLine === request.lastLine && row.rows === request.rows;
      const existing = await readBatch(fileId, index);
      if (existing) {
        // A retried PUT of the same batch is answered as it was; another batch in its place never is.
        if (same(existing)) return { ok: true, value: toUploadBatch(existing), status: 200 };
        return fail(409, "batch-conflict", `batch ${index} is already stored with other content`);
      }
      if (file.cancelledAt) return fail(409, "file-cancelled", "the upload was cancelled");

      const gz = Buffer.from(request.gzipBase64, "base64");
      // Unzipped only up to what its rows may hold, checked, and answered with counts and at most
      // 100 short problems (batch-inspect.ts): a batch's cost is bounded by what it can hold.
      const check = await inspectBatchOf({ kind: file.kind as UploadKind, gz, rows: request.rows, sha256: request.sha256 });
      if (!check.ok) return { ok: false, failure: check.failure };
      if (check.warnings.length > 0 && !file.warningsConfirmed) {
        return fail(422, "warnings-not-confirmed", "the batch has warnings the operator did not confirm", { problems: check.warnings });
      }
      if (check.rows !== request.rows) {
        return fail(422, "rows-mismatch", `the batch holds ${check.rows} rows, not ${request.rows}`);
      }

      // The file row is locked so that a cancel cannot slip between its check and the insert.
      const stored = await db.transaction(async (tx) => {
        const [locked] = await tx.select({ cancelledAt: uploadFiles.cancelledAt }).from(uploadFiles).where(eq(uploadFiles.id, fileId)).for("update");
        if (!locked || locked.cancelledAt) return "cancelled" as const;
        const inserted = await tx
          .insert(uploadBatches)
          .values({ fileId, index, firstLine: request.firstLine, lastLine: request.lastLine, rows: request.rows, lineMap: request.lineMap ?? null, sha256: request.sha256, gz })
          .onConflictDoNothing()
          .returning(batchColumns);
        if (inserted[0]) await tx.update(uploadFiles).set({ updatedAt: sql`now()` }).where(eq(uploadFiles.id, fileId));
        return inserted[0];
      });
      if (stored === "cancelled") return fail(409, "file-cancelled", "the upload was cancelled");
      if (stored) return { ok: true, value: toUploadBatch(stored), status: 201 };
      // Two PUTs of one index at once: the other one stored first.
      const winner = await readBatch(fileId, index);
      if (winner && same(winner)) return { ok: true, value: toUploadBatch(winner), status: 200 };
      return fail(409, "batch-conflict", `batch ${index} is already stored with other content`);
    },

    async cancel(owner, fileId) {
      if (!UUID.test(fileId)) return fail(404, "not-found", "no such upload");
      const outcome = await db.transaction(async (tx) => {
        const [file] = await tx
          .select({ cancelledAt: uploadFiles.cancelledAt, batchCount: uploadFiles.batchCount })
          .from(uploadFiles)
          .where(ownedFile(owner, fileId))
          .for("update");
        if (!file) return "not-found" as const;
        if (file.cancelledAt) return "cancelled" as const;
        const [{ n, resendable } = { n: 0, resendable: 0 }] = await tx
          .select({ n: count(), resendable: sql<number>`count(*) FILTER (WHERE ${uploadBatches.state} IN ('failed', 'unknown'))::int` })
          .from(uploadBatches)
          .where(eq(uploadBatches.fileId, fileId));
        // Only stored batches are stopped; one being sent finishes as it will (its call is out).
        const stopped = await tx
          .update(uploadBatches)
          .set({ state: "cancelled" })
          .where(and(eq(uploadBatches.fileId, fileId), eq(uploadBatches.state, "stored")))
          .returning({ index: uploadBatches.index });
        // A cancel also closes failed and unknown batches to a resend; with none of those, nothing is left to stop.
        if (stopped.length === 0 && n >= file.batchCount && resendable === 0) return "nothing" as const;
        await tx.update(uploadFiles).set({ cancelledAt: sql`now()`, updatedAt: sql`now()` }).where(eq(uploadFiles.id, fileId));
        return "cancelled" as const;
      });
      if (outcome === "not-found") return fail(404, "not-found", "no such upload");
      if (outcome === "nothing") return fail(409, "nothing-to-cancel", "every batch of this upload was sent and none is left to send");
      const file = await readFile(owner, fileId);
      if (!file) return fail(404, "not-found", "no such upload");
      return { ok: true, value: file, status: 200 };
    },

    async list(owner, query) {
      await sweepStale(owner);
      const filters: (SQL | undefined)[] = [eq(uploadFiles.companyNeId, owner.companyNeId)];
      if (query.kind) filters.push(eq(uploadFiles.kind, query.kind));
      if (query.status) filters.push(sql`${fileStatusSql} = ${query.status}`);
      if (query.q) filters.push(sql`${uploadFiles.fileName} ILIKE ${`%${likeLiteral(query.q)}%`}`);
      const where = and(...filters);
      const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(uploadFiles).where(where);
      const rows = await db
        .select({ file: fileSummaryColumns, status: fileStatusSql })
        .from(uploadFiles)
        .where(where)
        .orderBy(desc(uploadFiles.createdAt), desc(uploadFiles.id))
        .offset(query.offset)
        .limit(query.limit);
      return { files: rows.map((r) => toFileSummary(r.file, r.status)), total };
    },
  };
}
