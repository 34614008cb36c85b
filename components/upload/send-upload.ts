// Sending one file through the journal: create its entry, store every batch, send the stored
// batches one after another, then follow the queue until every batch has an outcome. The steps
// report to a reducer (sendReducer) and read the journal through an injected JournalApi, so the
// whole loop runs in unit tests against a fake journal.
//
// What keeps an upload from being lost, changed or applied twice: every batch is stored before
// any is sent (a reload continues from the journal); a send whose answer was lost is never retried
// by itself (the journal marks it "unknown", and only a person sends it again); a send turned away
// before it reached the queue (busy, our own rate limit: the batch is still "stored") is tried
// again after a wait, which the journal's one-row claim makes safe; the API in maintenance
// (003004/003005: nothing was queued, the batch is still "stored") is waited out, the batch sent
// again after 15 s, 30 s, then every minute for as long as the page is open, or at once when the
// person asks; the loop stops at the first failed or unknown batch; cancelling is checked between
// batches only.
import type { NeErrorKind } from "@/lib/ne/errors";
import { isBffError, type BffError } from "@/lib/query/bff-error";
import { maintenanceSendDelay } from "@/lib/query/maintenance";
import type { BatchState, CreateUploadRequest, UploadBatch, UploadFile } from "@/lib/uploads/contract";
import type { DuplicatePrevious, JournalApi } from "./journal-api";
import type { PreparedBatch } from "./worker-protocol";

export type SendPhase = "idle" | "waiting-turn" | "creating" | "duplicate" | "storing" | "sending" | "cancelling" | "following";

export interface SendError {
  code: string;
  kind: NeErrorKind;
  message: string;
  retryable: boolean;
  /** How long the BFF asked to wait (429 Retry-After), in ms. */
  retryAfterMs?: number;
}

export interface SendState {
  phase: SendPhase;
  /** The journal entry as last seen (null until created). */
  file: UploadFile | null;
  /** The batch being stored or sent. */
  current: number | null;
  /** Earlier uploads of the same bytes, while the operator decides (phase "duplicate"). */
  previous: DuplicatePrevious[];
  error: SendError | null;
  /** The current batch was turned away (busy, rate limit) and is sent again after this wait. */
  retrying: { error: SendError; waitMs: number } | null;
  cancelRequested: boolean;
}

export const initialSendState: SendState = { phase: "idle", file: null, current: null, previous: [], error: null, retrying: null, cancelRequested: false };

export type SendEvent =
  | { type: "phase"; phase: SendPhase; current?: number | null }
  | { type: "file"; file: UploadFile }
  | { type: "batch"; batch: UploadBatch }
  | { type: "duplicate"; previous: DuplicatePrevious[] }
  | { type: "error"; error: SendError }
  | { type: "retrying"; error: SendError; waitMs: number }
  | { type: "cancel-requested" };

function withBatch(file: UploadFile, batch: UploadBatch): UploadFile {
  const batches = file.batches.filter((b) => b.index !== batch.index);
  batches.push(batch);
  batches.sort((a, b) => a.index - b.index);
  return { ...file, batches };
}

export function sendReducer(state: SendState, event: SendEvent): SendState {
  switch (event.type) {
    case "phase":
      return {
        ...state,
        phase: event.phase,
        current: event.current ?? null,
        // A new step clears the last failure; finishing keeps it on screen.
        error: event.phase === "idle" ? state.error : null,
        retrying: null,
        previous: event.phase === "duplicate" ? state.previous : [],
        cancelRequested: event.phase === "idle" ? false : state.cancelRequested,
      };
    case "file":
      return { ...state, file: event.file };
    case "batch":
      return state.file ? { ...state, file: withBatch(state.file, event.batch), retrying: null } : { ...state, retrying: null };
    case "duplicate":
      return { ...state, phase: "duplicate", current: null, previous: event.previous };
    case "error":
      return { ...state, error: event.error };
    case "retrying":
      return { ...state, retrying: { error: event.error, waitMs: event.waitMs } };
    case "cancel-requested":
      return { ...state, cancelRequested: true };
  }
}

/** Batches still in the upstream queue (or on their way to it). */
const PENDING: readonly BatchState[] = ["sending", "queued", "processing"];

export function isPending(file: UploadFile): boolean {
  return file.batches.some((b) => PENDING.includes(b.state));
}

/** The next batch to send: the first still only stored. */
export function nextStored(file: UploadFile): UploadBatch | undefined {
  return file.batches.find((b) => b.state === "stored");
}

/** Rows handed to the upstream and not refused (batches sent, failed ones left out). */
export function rowsSent(file: UploadFile): number {
  return file.batches.reduce((sum, b) => sum + (b.sentAt && b.state !== "failed" && b.state !== "cancelled" ? b.rows : 0), 0);
}

/** Following the queue: 1 s, 2 s, 4 s, 8 s, then every 10 s. */
export const FIRST_POLL_MS = 1000;
export function nextPollDelay(ms: number): number {
  return Math.min(ms * 2, 10_000);
}

/** How long to keep following a queue before handing over to the journal list (the batches stay followed there). */
export const MAX_FOLLOW_MS = 30 * 60_000;

export interface SendContext {
  api: JournalApi;
  dispatch: (event: SendEvent) => void;
  /** Read between batches: true once the operator asked to stop. */
  cancelRequested: () => boolean;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** The page is gone: stop following (never stops a send under way). */
  signal?: AbortSignal;
  /**
   * A signal for the wait before a batch is sent again, aborted when the person asks to send now
   * (or to stop): the wait ends early. Called once per wait.
   */
  wake?: () => AbortSignal;
}

export function toSendError(error: unknown): SendError {
  if (isBffError(error)) {
    const base = { code: error.code, kind: error.kind, message: error.message, retryable: error.retryable };
    return error.retryAfterMs ? { ...base, retryAfterMs: error.retryAfterMs } : base;
  }
  return { code: "internal", kind: "upstream-failure", message: error instanceof Error ? error.message : String(error), retryable: true };
}

/** A PUT stores the same bytes again harmlessly: retried twice on a retryable failure. */
async function storeWithRetry(ctx: SendContext, file: UploadFile, batch: PreparedBatch): Promise<UploadBatch> {
  const body = { firstLine: batch.firstLine, lastLine: batch.lastLine, rows: batch.rows, lineMap: batch.lineMap, sha256: batch.sha256, gzipBase64: batch.gzipBase64 };
  for (let attempt = 0; ; attempt++) {
    try {
      return await ctx.api.storeBatch(file.id, batch.index, body);
    } catch (error) {
      if (attempt >= 2 || !isBffError(error) || !error.retryable || error.kind === "auth-expired") throw error;
      await ctx.sleep(Math.max(1000 * (attempt + 1), error.retryAfterMs ?? 0), ctx.signal);
    }
  }
}

async function cancelRest(ctx: SendContext, file: UploadFile): Promise<UploadFile> {
  ctx.dispatch({ type: "phase", phase: "cancelling" });
  const cancelled = await ctx.api.cancel(file.id);
  ctx.dispatch({ type: "file", file: cancelled });
  return cancelled;
}

/** Stores the batches the journal does not hold yet, unless the operator stops it. */
async function storeBatches(ctx: SendContext, created: UploadFile, batches: readonly PreparedBatch[]): Promise<{ file: UploadFile; cancelled: boolean }> {
  let file = created;
  for (const batch of batches) {
    if (file.batches.some((b) => b.index === batch.index)) continue;
    if (ctx.cancelRequested()) return { file: await cancelRest(ctx, file), cancelled: true };
    ctx.dispatch({ type: "phase", phase: "storing", current: batch.index });
    const stored = await storeWithRetry(ctx, file, batch);
    file = withBatch(file, stored);
    ctx.dispatch({ type: "batch", batch: stored });
  }
  return { file, cancelled: false };
}

/** Waits before sending again a batch that was turned away: 1, 2, 4, 8 s (longer when a 429 asks). */
export const SEND_RETRY_DELAYS_MS: readonly number[] = [1000, 2000, 4000, 8000];

/**
 * A send the journal answered with the batch still "stored": the API was busy (003002, which
 * answers before queuing anything; 003001, no server connection) or in maintenance (003004/003005),
 * a stale token survived the gateway's retry, the API could not be reached, or our own rate limit
 * (429) stopped it before the journal. Nothing reached the
 * queue, and a send without `resend` only ever claims a "stored" batch, so trying again can never
 * apply it twice. An expired sign-in is not retried (the person signs in first).
 */
export function turnedAway(error: unknown): error is BffError {
  return isBffError(error) && (error.status === 503 || error.status === 429) && error.kind !== "auth-expired";
}

/** The signal that ends a wait early: the page going away, or the person asking (`wake`). */
function waitSignal(ctx: SendContext): AbortSignal | undefined {
  const woken = ctx.wake?.();
  if (!woken) return ctx.signal;
  return ctx.signal ? AbortSignal.any([ctx.signal, woken]) : woken;
}

/**
 * One batch sent, tried again while it is turned away; null when the operator stopped meanwhile.
 * Busy or our 429: 4 more tries (SEND_RETRY_DELAYS_MS), then the failure is shown with Retry.
 * Maintenance: no limit, the waits of maintenanceSendDelay; the batch stays "stored" throughout.
 */
async function sendWithRetry(ctx: SendContext, fileId: string, index: number): Promise<UploadBatch | null> {
  let busyTries = 0;
  let maintenanceWaits = 0;
  for (;;) {
    try {
      return await ctx.api.sendBatch(fileId, index, false);
    } catch (error) {
      if (!turnedAway(error) || ctx.signal?.aborted) throw error;
      let waitMs: number;
      if (error.kind === "maintenance") {
        waitMs = maintenanceSendDelay(maintenanceWaits++);
      } else {
        const delay = SEND_RETRY_DELAYS_MS[busyTries++];
        if (delay === undefined) throw error;
        waitMs = Math.max(delay, error.retryAfterMs ?? 0);
      }
      ctx.dispatch({ type: "retrying", error: toSendError(error), waitMs });
      await ctx.sleep(waitMs, waitSignal(ctx));
      if (ctx.signal?.aborted) throw error;
      if (ctx.cancelRequested()) return null;
    }
  }
}

/** Sends the stored batches in order; stops at a failed or unknown one, or when asked to. */
async function sendStored(ctx: SendContext, start: UploadFile): Promise<UploadFile> {
  let file = start;
  for (let next = nextStored(file); next; next = nextStored(file)) {
    if (ctx.cancelRequested()) return cancelRest(ctx, file);
    ctx.dispatch({ type: "phase", phase: "sending", current: next.index });
    let sent: UploadBatch | null;
    try {
      sent = await sendWithRetry(ctx, file.id, next.index);
    } catch (error) {
      // What the journal now says of that batch (e.g. another tab sent it, or "unknown").
      ctx.dispatch({ type: "error", error: toSendError(error) });
      const latest = await ctx.api.get(file.id).catch(() => null);
      if (latest) ctx.dispatch({ type: "file", file: latest });
      throw new StopSending();
    }
    if (!sent) return cancelRest(ctx, file);
    file = withBatch(file, sent);
    ctx.dispatch({ type: "batch", batch: sent });
    if (sent.state === "failed" || sent.state === "unknown") break;
  }
  return file;
}

class StopSending extends Error {}

/**
 * Polls the journal (which asks the queue) until no batch is pending, with a growing delay. Reads
 * the file at least once, so its status is the journal's (the send answers carry batches only).
 */
export async function followQueue(ctx: SendContext, start: UploadFile): Promise<UploadFile> {
  let file = start;
  if (!isPending(file)) {
    file = await ctx.api.get(file.id, ctx.signal);
    ctx.dispatch({ type: "file", file });
    return file;
  }
  let delay = FIRST_POLL_MS;
  let waited = 0;
  let asked = 0; // a wait the BFF asked for (429), on top of the backoff
  while (isPending(file) && waited < MAX_FOLLOW_MS && !ctx.signal?.aborted) {
    ctx.dispatch({ type: "phase", phase: "following" });
    const wait = Math.max(delay, asked);
    await ctx.sleep(wait, ctx.signal);
    waited += wait;
    asked = 0;
    if (ctx.signal?.aborted) break;
    try {
      file = await ctx.api.get(file.id, ctx.signal);
      ctx.dispatch({ type: "file", file });
    } catch (error) {
      const failure = toSendError(error);
      // A hiccup while following changes nothing sent: keep following; anything else is shown.
      if (!failure.retryable || failure.kind === "auth-expired") throw error;
      asked = failure.retryAfterMs ?? 0;
    }
    delay = nextPollDelay(delay);
  }
  return file;
}

/** Runs a task to its end; it rests "idle", or "duplicate" while the operator decides. */
async function guarded(ctx: SendContext, task: () => Promise<"duplicate" | void>): Promise<void> {
  let end: SendPhase = "idle";
  try {
    end = (await task()) ?? "idle";
  } catch (error) {
    if (!(error instanceof StopSending)) ctx.dispatch({ type: "error", error: toSendError(error) });
  } finally {
    ctx.dispatch({ type: "phase", phase: end });
  }
}

export interface SendPlan {
  request: Omit<CreateUploadRequest, "confirmDuplicate">;
  batches: readonly PreparedBatch[];
  /** The plan CSV: what the upload changes, kept by the journal before any batch is sent. */
  planText?: string;
}

/**
 * A dropped file from where it stands: create its entry (unless `file` exists), store what is not
 * stored, send, follow. Run again after a failure, it continues where the journal says it stopped.
 */
export function sendFile(ctx: SendContext, plan: SendPlan, existing: UploadFile | null, confirmDuplicate = false): Promise<void> {
  return guarded(ctx, async () => {
    // Stopped while it waited for its turn: nothing was created, nothing to undo.
    if (!existing && ctx.cancelRequested()) return;
    // After a failure, what the journal says now (not what this page saw last) decides what is left.
    let file = existing ? await ctx.api.get(existing.id) : null;
    if (file) ctx.dispatch({ type: "file", file });
    if (!file) {
      ctx.dispatch({ type: "phase", phase: "creating" });
      const created = await ctx.api.create(confirmDuplicate ? { ...plan.request, confirmDuplicate: true } : plan.request);
      if (!created.ok) {
        ctx.dispatch({ type: "duplicate", previous: created.previous });
        return "duplicate";
      }
      file = created.file;
      ctx.dispatch({ type: "file", file });
    }
    // The plan goes first: the journal keeps it only while no batch has been sent.
    if (plan.planText !== undefined && !file.hasPlan && !file.batches.some((b) => b.sentAt)) {
      ctx.dispatch({ type: "phase", phase: "storing", current: null });
      await ctx.api.storePlan(file.id, plan.planText);
      file = { ...file, hasPlan: true };
      ctx.dispatch({ type: "file", file });
    }
    const stored = await storeBatches(ctx, file, plan.batches);
    if (stored.cancelled) return;
    await followQueue(ctx, await sendStored(ctx, stored.file));
  });
}

/** A journal entry whose batches are all stored: send those still "stored", then follow. */
export function resumeFile(ctx: SendContext, file: UploadFile): Promise<void> {
  return guarded(ctx, async () => {
    ctx.dispatch({ type: "file", file });
    await followQueue(ctx, await sendStored(ctx, file));
  });
}

/** Sends one failed or unknown batch again, as a person confirmed, then follows it. */
export function resendBatch(ctx: SendContext, file: UploadFile, index: number): Promise<void> {
  return guarded(ctx, async () => {
    ctx.dispatch({ type: "phase", phase: "sending", current: index });
    const sent = await ctx.api.sendBatch(file.id, index, true);
    ctx.dispatch({ type: "batch", batch: sent });
    await followQueue(ctx, withBatch(file, sent));
  });
}

/** Stops a journal entry's remaining batches (never one already sent). */
export function cancelFile(ctx: SendContext, file: UploadFile): Promise<void> {
  return guarded(ctx, async () => {
    await followQueue(ctx, await cancelRest(ctx, file));
  });
}

/** Follows a journal entry's queue (e.g. one found unfinished on load). */
export function followFile(ctx: SendContext, file: UploadFile): Promise<void> {
  return guarded(ctx, async () => {
    await followQueue(ctx, file);
  });
}

/** One file's sending at a time, across the page: a task starts when the one before ends. */
export class SendLane {
  private tail: Promise<unknown> = Promise.resolve();

  run(task: () => Promise<void>): Promise<void> {
    const result = this.tail.then(task);
    this.tail = result.catch(() => undefined);
    return result;
  }
}

/** A sleep that ends early (resolves) when the signal aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    }
    signal?.addEventListener("abort", done, { once: true });
  });
}
