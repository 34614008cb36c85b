import "server-only";
// The one set of helpers of the dashboard's JSON route handlers: the BFF proxy (app/api/ne), the
// grid storage (app/api/grid) and the upload journal (app/api/uploads). Every answer is JSON with
// the API headers; every error has the BFF's shape `{error:{code, message, retryable, kind}}`; a
// body is read only as application/json, within its byte limit, and checked with a zod schema.
import type { NeErrorKind, PublicError } from "@/lib/ne/errors";
import { API_JSON_HEADERS } from "./api-headers";
import { BodyTooLargeError, isJsonContentType, readBoundedText } from "./bounded-body";
import { refuseCrossSite } from "./same-origin";

/** Answers under this many bytes are not worth compressing. */
const COMPRESS_FROM_BYTES = 1024;

/**
 * An answer of JSON text already written (a cached answer's bytes). Next sends a route's answer
 * without its length and so would compress every one: a small one says `no-transform`.
 */
export function jsonText(body: string | Uint8Array<ArrayBuffer>, status = 200): Response {
  const length = typeof body === "string" ? Buffer.byteLength(body) : body.byteLength;
  const headers = length < COMPRESS_FROM_BYTES ? { ...API_JSON_HEADERS, "cache-control": "no-store, no-transform" } : API_JSON_HEADERS;
  return new Response(body, { status, headers });
}

export function json(body: unknown, status = 200): Response {
  return jsonText(JSON.stringify(body), status);
}

/** One problem of a request body, named by its path (`conditions.0.op`; "" for the whole body). */
export interface RequestIssue {
  path: string;
  message: string;
}

export interface ProblemOptions {
  /** Fields beside `error` (the upload journal's `previous`, `problems`, `batch`). */
  extra?: Record<string, unknown>;
  /** The body's problems, inside `error` (the BFF proxy names them for the page). */
  issues?: readonly RequestIssue[];
  /** Default: auth-expired for 401, forbidden for 403, upstream-failure from 500, else invalid-request. */
  kind?: NeErrorKind;
  /** Default: from 500 on. */
  retryable?: boolean;
}

function kindOf(status: number): NeErrorKind {
  if (status === 401) return "auth-expired";
  if (status === 403) return "forbidden";
  return status >= 500 ? "upstream-failure" : "invalid-request";
}

/** An error answer. */
export function problem(status: number, code: string, message: string, options: ProblemOptions = {}): Response {
  const error: PublicError & { issues?: readonly RequestIssue[] } = {
    code,
    message,
    retryable: options.retryable ?? status >= 500,
    kind: options.kind ?? kindOf(status),
    ...(options.issues ? { issues: options.issues } : {}),
  };
  return json({ ...options.extra, error }, status);
}

/** The 401 of a request without a live session: the page sends the person to sign in again. */
export function noSession(): Response {
  return problem(401, "no-session", "sign in again");
}

/**
 * The 403 for a request not made by this site's pages (Fetch Metadata, Origin), or null.
 * `mutation`: Origin is required, as browsers send it on every POST, PUT, PATCH and DELETE.
 * `kind`: the BFF proxy answers its refusals as invalid-request, whatever the status.
 */
export function crossSiteRefusal(request: Pick<Request, "url" | "headers">, { mutation, kind }: { mutation: boolean; kind?: NeErrorKind }): Response | null {
  const refused = refuseCrossSite(request, { requireOrigin: mutation });
  return refused ? problem(refused.status, refused.code, refused.message, kind ? { kind } : {}) : null;
}

/** The 415 for a body that is not application/json (with at most a UTF-8 charset), or null. */
export function nonJsonRefusal(request: Pick<Request, "headers">): Response | null {
  if (isJsonContentType(request.headers.get("content-type"))) return null;
  return problem(415, "unsupported-media-type", "send the request as application/json");
}

/** A zod schema (classic or mini) as far as reading a body needs. */
export interface BodySchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: readonly ZodIssueLike[] } };
}

interface ZodIssueLike {
  path: readonly PropertyKey[];
  message: string;
}

export function requestIssues(issues: readonly ZodIssueLike[]): RequestIssue[] {
  return issues.map((i) => ({ path: i.path.map(String).join("."), message: i.message }));
}

/** The issues in one line: `fields.0: too long; limit: too big` (`root` names the whole body). */
export function issuesMessage(issues: readonly RequestIssue[], root = "request"): string {
  return issues.map((i) => `${i.path || root}: ${i.message}`).join("; ");
}

export interface ReadJsonOptions {
  /** Bytes the body may have; past them the answer is 413. */
  limit: number;
  /** What an empty body stands for (default: none, an empty body is not JSON). */
  empty?: unknown;
  /** Name the schema's issues in the 400 answer's `error.issues` too. */
  issues?: boolean;
}

/**
 * The request's JSON body checked with `schema`, or the answer to give: 415 not JSON, 413 past
 * `limit` (the body is read as a bounded stream), 400 invalid-json, 400 invalid-request.
 */
export async function readJsonBody<T>(request: Pick<Request, "headers" | "body">, schema: BodySchema<T>, options: ReadJsonOptions): Promise<{ data: T } | { response: Response }> {
  const notJson = nonJsonRefusal(request);
  if (notJson) return { response: notJson };
  let text: string;
  try {
    text = await readBoundedText(request, options.limit);
  } catch (err) {
    if (err instanceof BodyTooLargeError) return { response: problem(413, "too-large", err.message) };
    throw err;
  }
  let raw: unknown;
  try {
    raw = text === "" && options.empty !== undefined ? options.empty : JSON.parse(text);
  } catch {
    return { response: problem(400, "invalid-json", "the request body is not JSON") };
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issues = requestIssues(parsed.error.issues);
    return { response: problem(400, "invalid-request", issuesMessage(issues), options.issues ? { issues } : {}) };
  }
  return { data: parsed.data };
}

/** 429 with Retry-After: the session's rate limit was reached (lib/security/rate-limit.ts). */
export function tooManyRequests(retryAfterS: number): Response {
  const res = problem(429, "rate-limited", `too many requests: try again in ${retryAfterS} s`, { kind: "busy", retryable: true });
  res.headers.set("retry-after", String(retryAfterS));
  return res;
}
