import "server-only";
// The checks every app/api/uploads handler starts with, in this order: this site's Origin on a
// change (403), then the session with its idle timeout and lifetime (401, before a byte of the
// body is read), then the path's parameters (404), then the body with its own limit (the handlers call readJsonBody). Answers and
// errors go through lib/http/json-route.ts, so the shape is the BFF's `{error:{code,message,retryable,kind}}`.
import { z } from "zod";
import { crossSiteRefusal, problem } from "@/lib/http/json-route";
import { MAX_BATCHES } from "../contract";
import type { JournalFailure } from "./journal";
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
  return currentUploader(request);
}

/** The route's parameters, or 404: a malformed id or index names nothing that exists. */
export async function readParams<T>(params: Promise<unknown>, schema: z.ZodType<T>): Promise<{ data: T } | { response: Response }> {
  const parsed = schema.safeParse(await params);
  return parsed.success ? { data: parsed.data } : { response: problem(404, "not-found", "no such upload or batch") };
}

export function failureResponse(failure: JournalFailure): Response {
  return problem(failure.status, failure.code, failure.message, failure.extra ? { extra: failure.extra } : {});
}
