import "server-only";
// The checks every app/api/uploads handler starts with, in this order: this site's Origin on a
// change (403), then the session with its idle timeout and lifetime (401, before a byte of the
// body is read), then the session's call limit (429), then the path's parameters (404), then, for a
// batch, a place among the session's batches under way (429), then the body with its own limit
// (the handlers call readJsonBody). Answers and
// errors go through lib/http/json-route.ts, so the shape is the BFF's `{error:{code,message,retryable,kind}}`.
import { z } from "zod";
import { crossSiteRefusal, problem, tooManyRequests } from "@/lib/http/json-route";
import { getRateLimiter, MINUTE_MS } from "@/lib/security/rate-limit";
import { MAX_BATCHES } from "../contract";
import type { JournalFailure } from "./journal";
import { uploadLimits } from "./limits";
import type { Uploader } from "./send";
import { currentUploader } from "./uploader";

/** Body limit of POST /api/uploads: up to ~200,000 excluded line numbers and 1000 goods codes. */
export const MAX_CREATE_BODY_BYTES = 2 * 1024 * 1024;
/** Body limit of the send call (`{"resend":true}` and nothing more). */
export const MAX_SEND_BODY_BYTES = 1024;

export const fileParamsSchema = z.object({ id: z.uuid() });
export const batchParamsSchema = z.object({
  id: z.uuid(),
  index: z
    .string()
    .regex(/^(0|[1-9]\d{0,3})$/)
    .transform(Number)
    .pipe(z.number().int().min(0).max(MAX_BATCHES - 1)),
});

export async function guardUpload(request: Request, mutation: boolean): Promise<{ uploader: Uploader } | { response: Response }> {
  const refused = crossSiteRefusal(request, { mutation });
  if (refused) return { response: refused };
  const found = await currentUploader();
  if ("response" in found) return found;
  // Every /api/uploads* call of the session counts (RATE_LIMIT_UPLOADS_PER_MINUTE): 429 with
  // Retry-After past it, before the body is read.
  const verdict = await (await getRateLimiter()).hit(`uploads:${found.uploader.sessionKey}`, uploadLimits().callsPerMinute, MINUTE_MS);
  if (!verdict.ok) return { response: tooManyRequests(verdict.retryAfterS) };
  return found;
}

/** Batch PUTs under way per session key, in this instance. */
const batchSlots = new Map<string, number>();

/**
 * A place for one more batch PUT of the session (UPLOADS_BATCHES_PER_SESSION at once), taken
 * before its body is read: the release function, or null when the session has them all. So one
 * session's parallel bodies are never read at once.
 */
export function takeBatchSlot(sessionKey: string): (() => void) | null {
  const held = batchSlots.get(sessionKey) ?? 0;
  if (held >= uploadLimits().batchesPerSession) return null;
  batchSlots.set(sessionKey, held + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const now = (batchSlots.get(sessionKey) ?? 1) - 1;
    if (now <= 0) batchSlots.delete(sessionKey);
    else batchSlots.set(sessionKey, now);
  };
}

/** The 429 of a session with every batch place taken: the page's retry comes after Retry-After. */
export function batchesUnderWay(): Response {
  const limit = uploadLimits().batchesPerSession;
  const res = problem(429, "batches-under-way", `${limit} batch${limit > 1 ? "es" : ""} of this session ${limit > 1 ? "are" : "is"} being stored; store the next when one is done`, {
    kind: "busy",
    retryable: true,
  });
  res.headers.set("retry-after", "1");
  return res;
}

/** The route's parameters, or 404: a malformed id or index names nothing that exists. */
export async function readParams<T>(params: Promise<unknown>, schema: z.ZodType<T>): Promise<{ data: T } | { response: Response }> {
  const parsed = schema.safeParse(await params);
  return parsed.success ? { data: parsed.data } : { response: problem(404, "not-found", "no such upload or batch") };
}

export function failureResponse(failure: JournalFailure): Response {
  if (failure.retryAfterS) {
    // Busy for now (the batch checks' queue is full): the page tries again after Retry-After.
    const res = problem(failure.status, failure.code, failure.message, { kind: "busy", retryable: true, ...(failure.extra ? { extra: failure.extra } : {}) });
    res.headers.set("retry-after", String(failure.retryAfterS));
    return res;
  }
  return problem(failure.status, failure.code, failure.message, failure.extra ? { extra: failure.extra } : {});
}
