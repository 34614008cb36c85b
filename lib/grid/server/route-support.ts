import "server-only";
// Shared rules of the app/api/grid route handlers: a session is required (401 auth-expired
// otherwise, so the page sends the person to sign in), mutations must come from this site's
// Origin (as the BFF proxy checks uploads), bodies are small JSON checked with zod, and errors
// have the BFF's shape `{error:{code, message, retryable, kind}}`.
import { API_JSON_HEADERS } from "@/lib/http/api-headers";
import { refuseCrossSite } from "@/lib/http/same-origin";
import { BodyTooLargeError, isJsonContentType, readBoundedText } from "@/lib/http/bounded-body";
import type { NeErrorKind } from "@/lib/ne/errors";
import { currentGridOwner, type GridOwner } from "./store";
import { gridIdSchema } from "../preferences";

const MAX_BODY_BYTES = 64 * 1024;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...API_JSON_HEADERS, "cache-control": "no-store" },
  });
}

/** An error answer; `extra` adds fields beside `error` (e.g. the upload journal's `previous`). */
export function problem(status: number, code: string, message: string, extra?: Record<string, unknown>): Response {
  const kind: NeErrorKind = status === 401 ? "auth-expired" : status === 403 ? "forbidden" : status >= 500 ? "upstream-failure" : "invalid-request";
  return json({ ...extra, error: { code, message, retryable: status >= 500, kind } }, status);
}

/** A zod schema (classic or mini) as far as reading a body needs. */
export interface BodySchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

/**
 * The 403 for a request not made by this site's pages (Fetch Metadata, Origin; `mutation`: Origin
 * required, as browsers send it on every POST, PUT, PATCH and DELETE), or null.
 */
export function crossSiteRefusal(request: Request, mutation: boolean): Response | null {
  const refused = refuseCrossSite(request, { requireOrigin: mutation });
  return refused ? problem(refused.status, refused.code, refused.message) : null;
}

type Guarded = { owner: GridOwner; grid: string } | { response: Response };

/**
 * The checks every handler starts with. `mutation`: the request must carry this site's Origin
 * (browsers send it on every POST, PUT, PATCH and DELETE).
 */
export async function guard(request: Request, gridParam: string, mutation: boolean): Promise<Guarded> {
  const refused = crossSiteRefusal(request, mutation);
  if (refused) return { response: refused };
  const grid = gridIdSchema.safeParse(gridParam);
  if (!grid.success) return { response: problem(404, "unknown-grid", "no such grid") };
  const owner = await currentGridOwner();
  if (!owner) return { response: problem(401, "no-session", "sign in again") };
  return { owner, grid: grid.data };
}

/** The request's JSON body checked with `schema`, or the 4xx answer to give. */
export async function readBody<T>(
  request: Request,
  schema: BodySchema<T>,
  limit = MAX_BODY_BYTES,
): Promise<{ data: T } | { response: Response }> {
  if (!isJsonContentType(request.headers.get("content-type"))) {
    return { response: problem(415, "unsupported-media-type", "send the request as application/json") };
  }
  let text: string;
  try {
    text = await readBoundedText(request, limit);
  } catch (err) {
    if (err instanceof BodyTooLargeError) return { response: problem(413, "too-large", err.message) };
    throw err;
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { response: problem(400, "invalid-json", "the request body is not JSON") };
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    return { response: problem(400, "invalid-request", parsed.error.issues.map((i) => `${i.path.map(String).join(".") || "request"}: ${i.message}`).join("; ")) };
  }
  return { data: parsed.data };
}
