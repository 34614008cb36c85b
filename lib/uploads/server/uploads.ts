import "server-only";
// The process-wide upload journal, sender and queue follower over the app's database and gateway.
import { getDatabase } from "@/lib/db";
import { serverEnv } from "@/lib/env";
import { getNeServer } from "@/lib/gateway/server";
import { log } from "@/lib/observability/log";
import { createCheckPool } from "./check-pool";
import { createJournal, type Journal } from "./journal";
import { uploadLimits } from "./limits";
import { createQueueFollower, type QueueFollower } from "./queue";
import { createSender, type Sender } from "./send";

export interface Uploads {
  journal: Journal;
  sender: Sender;
  queue: QueueFollower;
}

/** A "sending" batch older than the upstream timeout plus this margin was left by a stopped server. */
export const STALE_SENDING_MARGIN_MS = 60_000;

// On globalThis: one journal and one check pool per process, even when `next dev` evaluates the
// module again.
const globalForUploads = globalThis as typeof globalThis & { __backyardUploads?: Promise<Uploads> };

async function build(): Promise<Uploads> {
  const [database, { gateway }] = await Promise.all([getDatabase(), getNeServer()]);
  const limits = uploadLimits();
  // The batch checks: at most UPLOADS_CHECKS_AT_ONCE at once, in worker threads, the rest in turn.
  const checks = createCheckPool({
    size: limits.checksAtOnce,
    queue: limits.checkQueue,
    // One line a batch check: how long it waited and took, and how many ran at once (≤ the setting).
    onChecked: (report) => log().info({ msg: "upload batch checked", ...report }),
  });
  const journal = createJournal({ database, inspect: checks.inspect, staleSendingMs: serverEnv().timeoutMs + STALE_SENDING_MARGIN_MS });
  return { journal, sender: createSender({ database, journal, gateway }), queue: createQueueFollower({ database, journal, gateway }) };
}

export function getUploads(): Promise<Uploads> {
  globalForUploads.__backyardUploads ??= build().catch((err: unknown) => {
    globalForUploads.__backyardUploads = undefined;
    throw err;
  });
  return globalForUploads.__backyardUploads;
}
