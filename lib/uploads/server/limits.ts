import "server-only";
// The bounds of the upload routes that are settings (environment, read at each call so a test or
// a deployment can move them): how often a session may call /api/uploads*, how many batches one
// session may have on their way in at once, and how many the instance checks at once. The bounds
// of a batch's content (rows, cells, unzipped size) are lib/csv/limits.ts.

function positiveInt(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

export interface UploadLimits {
  /** /api/uploads* calls per session and minute (429 with Retry-After past it). */
  callsPerMinute: number;
  /** Batch PUTs of one session under way at once (read, waiting or checked); 429 past it, before the body is read. */
  batchesPerSession: number;
  /** Batches this instance checks at once (each in a worker thread); the others wait their turn. */
  checksAtOnce: number;
  /** Batches waiting for a check at once; past it, 503 busy (the page tries again). */
  checkQueue: number;
}

export function uploadLimits(): UploadLimits {
  return {
    // A 100,000-row file is 34 batches: one create, 34 stores, 34 sends and the queue polls.
    callsPerMinute: positiveInt(process.env.RATE_LIMIT_UPLOADS_PER_MINUTE, 300),
    // The page stores one batch at a time; two leave room for a second tab.
    batchesPerSession: positiveInt(process.env.UPLOADS_BATCHES_PER_SESSION, 2),
    checksAtOnce: positiveInt(process.env.UPLOADS_CHECKS_AT_ONCE, 2),
    checkQueue: positiveInt(process.env.UPLOADS_CHECK_QUEUE, 32),
  };
}
