import "server-only";
// Following sent batches through the upload queue. A refresh takes the file's batches that are
// queued or processing and due for a check, moves their next check further away (1 s, 2 s, 4 s …
// 30 s) in the same UPDATE that selects them, and asks /api_v1_system_que/search once for all of
// them (que_id-in). Because the claim and the backoff are one statement, pages polling the file
// often, in several tabs or instances, still cause at most one upstream call per due check.
import { and, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import { z } from "zod";
import type { AppDatabase } from "@/lib/db";
import { uploadBatches, uploadFiles } from "@/lib/db/schema";
import type { Gateway } from "@/lib/gateway/gateway";
import { isNeError } from "@/lib/ne/errors";
import type { Journal } from "./journal";
import type { Uploader } from "./send";

export const FIRST_CHECK_MS = 1000;
export const MAX_CHECK_MS = 30_000;
/** The API's limit of values in one `in` condition. */
const MAX_IN_VALUES = 1000;
const QUE_SEARCH = "/api_v1_system_que/search";

const queRowSchema = z.object({
  que_id: z.string(),
  que_status_id: z.string().nullable(),
  que_message: z.string().nullable(),
});

export interface QueueDeps {
  database: Pick<AppDatabase, "db">;
  journal: Journal;
  gateway: Pick<Gateway, "call">;
  /** Backoff of the checks: the first delay and the longest (ms). */
  firstCheckMs?: number;
  maxCheckMs?: number;
}

export interface RefreshResult {
  /** Batches asked about upstream (0: none was due, no call made). */
  checked: number;
}

/** que_status_id → the batch's state (DESIGN.md: 0 waiting, 1 processing, 2 done, -1 failed). */
function stateOfQue(status: string | null): "queued" | "processing" | "done" | "failed" | null {
  switch (status) {
    case "0":
      return "queued";
    case "1":
      return "processing";
    case "2":
      return "done";
    case "-1":
      return "failed";
    default:
      return null;
  }
}

export function createQueueFollower({ database, journal, gateway, firstCheckMs = FIRST_CHECK_MS, maxCheckMs = MAX_CHECK_MS }: QueueDeps) {
  const { db } = database;

  /**
   * Brings the file's pending batches up to date with the queue. Throws the gateway's NeError when
   * the session is gone (auth-expired: the route answers 401); other upstream failures leave the
   * states as they were (the next due check tries again).
   */
  async function refresh(uploader: Uploader, fileId: string): Promise<RefreshResult> {
    const claimed = await db
      .update(uploadBatches)
      .set({
        // SET reads the row as it was: check_count 0 → first delay, then doubling up to the longest.
        nextCheckAt: sql`now() + least(${firstCheckMs} * power(2, ${uploadBatches.checkCount}), ${maxCheckMs}) * interval '1 millisecond'`,
        checkCount: sql`${uploadBatches.checkCount} + 1`,
      })
      .where(
        and(
          eq(uploadBatches.fileId, fileId),
          inArray(uploadBatches.state, ["queued", "processing"]),
          sql`${uploadBatches.queId} IS NOT NULL`,
          or(isNull(uploadBatches.nextCheckAt), lte(uploadBatches.nextCheckAt, sql`now()`)),
          inArray(
            uploadBatches.fileId,
            db
              .select({ id: uploadFiles.id })
              .from(uploadFiles)
              .where(and(eq(uploadFiles.id, fileId), eq(uploadFiles.companyNeId, uploader.owner.companyNeId))),
          ),
        ),
      )
      .returning({ index: uploadBatches.index, queId: uploadBatches.queId });
    const due = claimed.filter((c): c is { index: number; queId: string } => c.queId !== null).slice(0, MAX_IN_VALUES);
    if (due.length === 0) return { checked: 0 };

    let rows: z.infer<typeof queRowSchema>[];
    try {
      // Background work: the person's own calls (pages, the upload itself) go first.
      const { envelope } = await gateway.call(
        uploader.sessionKey,
        QUE_SEARCH,
        {
          fields: ["que_id", "que_status_id", "que_message"],
          conditions: [{ field: "que_id", op: "in", value: due.map((d) => d.queId) }],
          limit: due.length,
        },
        { priority: "background" },
      );
      rows = z.array(queRowSchema).parse(envelope.data ?? []);
    } catch (err) {
      if (isNeError(err) && err.kind === "auth-expired") throw err;
      // Anything else: keep the states; the backoff set above spaces out the next try.
      return { checked: 0 };
    }

    const byQueId = new Map(rows.map((r) => [r.que_id, r]));
    for (const { index, queId } of due) {
      const row = byQueId.get(queId);
      const state = stateOfQue(row?.que_status_id ?? null);
      if (!row || !state) continue; // not (yet) visible in the queue: checked again later
      const finished = state === "done" || state === "failed";
      await db
        .update(uploadBatches)
        .set({
          state,
          queStatusId: row.que_status_id,
          queMessage: row.que_message,
          ...(finished ? { finishedAt: sql`now()`, nextCheckAt: null } : {}),
        })
        // Only the batch still waiting on this que id: a resend meanwhile owns the row.
        .where(
          and(
            eq(uploadBatches.fileId, fileId),
            eq(uploadBatches.index, index),
            eq(uploadBatches.queId, queId),
            inArray(uploadBatches.state, ["queued", "processing"]),
          ),
        );
    }
    await journal.touchFile(fileId);
    return { checked: due.length };
  }

  return { refresh };
}

export type QueueFollower = ReturnType<typeof createQueueFollower>;
