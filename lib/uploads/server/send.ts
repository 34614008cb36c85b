import "server-only";
// Sending one stored batch upstream, at most once. The batch is claimed by one UPDATE that moves it
// from "stored" to "sending" (or from "unknown"/"failed" when a person asked to send it again): two
// tabs, two devices or two instances on one PostgreSQL cannot both win that row, so a batch is
// never sent twice by accident. The outcome of the call is then recorded, and what it means for the
// warehouse decides the state: see stateAfterError.
import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { AppDatabase } from "@/lib/db";
import { uploadBatches, uploadFiles } from "@/lib/db/schema";
import { UPLOAD_PATHS, type UploadKind } from "@/lib/csv";
import type { Gateway } from "@/lib/gateway/gateway";
import { LOCAL_CODES, isNeError, toPublicError, type PublicError } from "@/lib/ne/errors";
import type { BatchState, UploadBatch } from "../contract";
import { type Journal, type JournalFailure, type UploadOwner } from "./journal";
import { FIRST_CHECK_MS } from "./queue";

/** Who sends: the journal's owner and the session whose tokens the upstream call uses. */
export interface Uploader {
  owner: UploadOwner;
  sessionKey: string;
}

export interface SenderDeps {
  database: Pick<AppDatabase, "db">;
  journal: Journal;
  gateway: Pick<Gateway, "call">;
  /** Delay before the first queue check of a queued batch (ms). */
  firstCheckMs?: number;
}

/**
 * The answer to a send. `status` 200 with the batch whenever its state says what happened
 * (queued, failed, unknown); 401 or 503 with `error` when it is back to "stored" and the page
 * must act (sign in, retry later); 404/409 with `failure` when it was not sent by this call.
 */
export type SendResult =
  | { ok: true; status: 200; batch: UploadBatch }
  | { ok: false; status: 401 | 503; error: PublicError; batch: UploadBatch }
  | { ok: false; failure: JournalFailure };

/**
 * What a failed call means for the batch: "stored" when the API certainly did not take the upload
 * (safe to send again), "failed" when it read and refused it (a definite no: nothing was queued),
 * "unknown" when it may have been queued and the answer was lost (a person decides).
 */
export function stateAfterError(err: unknown): Extract<BatchState, "stored" | "failed" | "unknown"> {
  // Not an NeError: a bug somewhere after the request may have left; assume it did.
  if (!isNeError(err)) return "unknown";
  switch (err.kind) {
    // 003002: the main server was busy and answered before queuing anything (no wait_flag); 003001:
    // no server connection could be had. Nothing was queued.
    case "busy":
      return "stored";
    // 003004/003005: the API or the main function is in maintenance and took nothing.
    case "maintenance":
      return "stored";
    // 002003, 002004, redirect, or no stored session: the tokens were refused (or never sent), which
    // the API checks before it reads `data`. Nothing was queued; the person signs in and sends again.
    case "auth-expired":
      return "stored";
    // 002002 (a stale access token, after the gateway's one retry): refused at the token check too.
    case "stale-token":
      return "stored";
    // 004001: no permission for uploads; the API refused the call. Sending again will not help.
    case "forbidden":
      return "failed";
    // 0039xx/003003/005001 (parameters or file refused), or our encoder refused before sending:
    // a definite refusal with nothing queued.
    case "invalid-request":
      return "failed";
    case "upstream-failure":
      // A refused connection never carried the request.
      if (err.code === LOCAL_CODES.network && connectionRefused(err)) return "stored";
      // Timeout, reset, HTTP 5xx, malformed answer, 999999 (a system error may strike after the job
      // was queued), or a token save failing after an accepted call: the upload may be queued.
      return "unknown";
  }
}

function connectionRefused(err: Error): boolean {
  for (let e: unknown = err.cause; e; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (code === "ECONNREFUSED" || code === "ENOTFOUND" || code === "EAI_AGAIN") return true;
  }
  return false;
}

/** Why a batch that was not claimed could not be sent, from its current state. */
function notClaimed(state: BatchState, fileCancelled: boolean, batch: UploadBatch): JournalFailure {
  const extra = { batch };
  if (fileCancelled || state === "cancelled") return { status: 409, code: "batch-cancelled", message: "the upload was cancelled", extra };
  switch (state) {
    case "sending":
      return { status: 409, code: "batch-sending", message: "this batch is being sent (by another tab or device)", extra };
    case "queued":
    case "processing":
    case "done":
      return { status: 409, code: "batch-already-sent", message: "this batch was already sent", extra };
    case "unknown":
    case "failed":
      return { status: 409, code: "resend-required", message: "sending this batch again needs a person's confirmation (resend)", extra };
    default:
      return { status: 409, code: "batch-not-sendable", message: `the batch is ${state}`, extra };
  }
}

export function createSender({ database, journal, gateway, firstCheckMs = FIRST_CHECK_MS }: SenderDeps) {
  const { db } = database;

  async function sendBatch(uploader: Uploader, fileId: string, index: number, options: { resend?: boolean } = {}): Promise<SendResult> {
    const { owner } = uploader;
    const file = await journal.getFile(owner, fileId); // also sweeps batches left "sending"
    if (!file) return { ok: false, failure: { status: 404, code: "not-found", message: "no such upload" } };
    const current = file.batches.find((b) => b.index === index);
    if (!current) return { ok: false, failure: { status: 404, code: "no-such-batch", message: `batch ${index} is not stored` } };
    if (file.status === "storing") {
      return { ok: false, failure: { status: 409, code: "file-not-ready", message: "every batch must be stored before the first is sent", extra: { batch: current } } };
    }

    const from: BatchState[] = options.resend ? ["stored", "unknown", "failed"] : ["stored"];
    // The claim: one UPDATE, so of any number of concurrent sends exactly one gets the row.
    const [claimed] = await db
      .update(uploadBatches)
      .set({
        state: "sending",
        sendingStartedAt: sql`now()`,
        sendCount: sql`${uploadBatches.sendCount} + 1`,
        errorCode: null,
        errorMessage: null,
        queId: null,
        queStatusId: null,
        queMessage: null,
        nextCheckAt: null,
        checkCount: 0,
        finishedAt: null,
      })
      .where(
        and(
          eq(uploadBatches.fileId, fileId),
          eq(uploadBatches.index, index),
          inArray(uploadBatches.state, from),
          inArray(
            uploadBatches.fileId,
            db
              .select({ id: uploadFiles.id })
              .from(uploadFiles)
              .where(and(eq(uploadFiles.id, fileId), eq(uploadFiles.companyNeId, owner.companyNeId), isNull(uploadFiles.cancelledAt))),
          ),
        ),
      )
      .returning({ sendCount: uploadBatches.sendCount, gz: uploadBatches.gz });
    if (!claimed) {
      const now = await journal.getFile(owner, fileId);
      const batch = now?.batches.find((b) => b.index === index) ?? current;
      // A cancelled file may still show "failed" (a failure outranks the cancel): ask the row itself.
      const [row] = await db
        .select({ cancelledAt: uploadFiles.cancelledAt })
        .from(uploadFiles)
        .where(and(eq(uploadFiles.id, fileId), eq(uploadFiles.companyNeId, owner.companyNeId)));
      return { ok: false, failure: notClaimed(batch.state, Boolean(row?.cancelledAt), batch) };
    }
    await journal.touchFile(fileId);

    // No abort signal from the browser's request: a tab closed mid-call must not turn a call the
    // API may already hold into a lost answer. The client's own timeout still bounds it.
    let state: BatchState;
    let error: PublicError | null = null;
    let queId: string | null = null;
    try {
      const { envelope } = await gateway.call(uploader.sessionKey, UPLOAD_PATHS[file.kind as UploadKind], {
        params: { data_type: "gz" },
        data: claimed.gz,
      });
      queId = envelope.queId ?? null;
      if (queId) state = "queued";
      else {
        // A success without a que id cannot be followed; whether it was applied is unknown.
        state = "unknown";
        error = { code: LOCAL_CODES.badResponse, message: "the API accepted the upload without a que_id", retryable: false, kind: "upstream-failure" };
      }
    } catch (err) {
      state = stateAfterError(err);
      error = toPublicError(err);
    }

    // Guarded by this call's send_count: a later resend (after a sweep to "unknown") owns the row then.
    await db
      .update(uploadBatches)
      .set({
        state,
        errorCode: error?.code ?? null,
        errorMessage: error?.message ?? null,
        ...(state === "queued"
          ? { queId, queStatusId: "0", sentAt: sql`now()`, nextCheckAt: sql`now() + ${firstCheckMs} * interval '1 millisecond'`, checkCount: 0 }
          : {}),
      })
      .where(
        and(
          eq(uploadBatches.fileId, fileId),
          eq(uploadBatches.index, index),
          eq(uploadBatches.sendCount, claimed.sendCount),
          or(eq(uploadBatches.state, "sending"), eq(uploadBatches.state, "unknown")),
        ),
      );
    await journal.touchFile(fileId);
    const after = await journal.getFile(owner, fileId);
    const batch = after?.batches.find((b) => b.index === index) ?? current;
    if (state === "stored" && error) return { ok: false, status: error.kind === "auth-expired" ? 401 : 503, error, batch };
    return { ok: true, status: 200, batch };
  }

  return { sendBatch };
}

export type Sender = ReturnType<typeof createSender>;
