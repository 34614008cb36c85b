import "server-only";
// The BFF proxy: the browser names a registry operation and sends JSON; this validates it against
// the registry, injects the session's tokens server-side (through the gateway), forwards none of the
// client's headers or cookies, and answers rows without a single token field.
import { getOperation, type OperationDef } from "@/lib/ne/registry";
import { NeError, httpStatusForKind, isNeError, toPublicError, type PublicError } from "@/lib/ne/errors";
import type { RateLimitVerdict } from "@/lib/security/rate-limit";
import type { NeCallOptions, NeCallResult, NeRequest } from "@/lib/ne/server/client";
import { API_JSON_HEADERS } from "@/lib/http/api-headers";
import { refuseCrossSite } from "@/lib/http/same-origin";
import { BodyTooLargeError, isJsonContentType, readBoundedText } from "@/lib/http/bounded-body";
import { operationRequestIssues, operationRequestSchema, type OperationResponse, type RequestIssue } from "../operation-request";

const SEGMENT = /^[a-z0-9_]{1,64}$/;
const MAX_JSON_BYTES = 1024 * 1024;

export interface ProxyDeps {
  /** The token-store key of the request's session, or null when signed out. */
  sessionKey(): Promise<string | null>;
  call(sessionKey: string, path: string, request: NeRequest, options: NeCallOptions): Promise<NeCallResult>;
  /** Counts one call of the session against its rate limit (absent: no limit). */
  rateLimit?(sessionKey: string): Promise<RateLimitVerdict>;
}

type ErrorBody = { error: PublicError & { issues?: RequestIssue[] } };

/** Below this size an answer goes out uncompressed: gzip would cost more CPU than it saves. */
const COMPRESS_FROM_BYTES = 256 * 1024;


function respond(body: string | Uint8Array<ArrayBuffer>, status: number): Response {
  const size = typeof body === "string" ? body.length : body.byteLength;
  return new Response(body, {
    status,
    // The page proxy (proxy.ts) skips this hot path; an API answer carries its own headers.
    // `no-transform` keeps Next's gzip off small answers (grid pages); large ones (exports) compress.
    headers: { ...API_JSON_HEADERS, "cache-control": size < COMPRESS_FROM_BYTES ? "no-store, no-transform" : "no-store" },
  });
}

function json(body: OperationResponse | ErrorBody, status = 200): Response {
  return respond(JSON.stringify(body), status);
}

const ROWS_OPEN = Buffer.from('{"rows":');

/**
 * `{"rows":<the upstream's own row bytes>,...}`: the answer of a search whose rows could pass as
 * they came (see lib/ne/server/raw-rows.ts), built without decoding or re-encoding them.
 */
function rawRowsJson(rows: Uint8Array, rest: Omit<OperationResponse, "rows">): Response {
  const tail = JSON.stringify(rest); // "{}" or "{...}"
  const close = Buffer.from(tail === "{}" ? "}" : `,${tail.slice(1)}`);
  return respond(Buffer.concat([ROWS_OPEN, rows, close]), 200);
}

function reject(status: number, code: string, message: string, issues?: RequestIssue[]): Response {
  const kind = status === 401 ? "auth-expired" : "invalid-request";
  return json({ error: { code, message, retryable: false, kind, ...(issues ? { issues } : {}) } }, status);
}

function tooManyRequests(retryAfterS: number): Response {
  const error: PublicError = { code: "rate-limited", message: `too many requests: try again in ${retryAfterS} s`, retryable: true, kind: "busy" };
  const res = json({ error }, 429);
  res.headers.set("retry-after", String(retryAfterS));
  return res;
}

/** The operation named by the route's segments, only if a page may call it. */
export function resolveBrowserOperation(segments: readonly string[]): OperationDef | undefined {
  if (segments.length !== 2 || !segments.every((s) => SEGMENT.test(s))) return undefined;
  const op = getOperation(`/${segments.join("/")}`);
  return op?.browser ? op : undefined;
}


/** Strips every token-like key, whatever the upstream put in the rows (keys repeat: test each once). */
function withoutTokens(rows: readonly Record<string, string | null>[]): Record<string, string | null>[] {
  const isToken = new Map<string, boolean>();
  return rows.map((row) => {
    const out: Record<string, string | null> = {};
    for (const k in row) {
      let drop = isToken.get(k);
      if (drop === undefined) isToken.set(k, (drop = /token/i.test(k)));
      if (!drop) out[k] = row[k]!;
    }
    return out;
  });
}

export async function handleOperation(request: Request, segments: readonly string[], deps: ProxyDeps): Promise<Response> {
  const operation = resolveBrowserOperation(segments);
  if (!operation) return reject(404, "unknown-operation", "no such operation: use a path of the API registry");
  if (request.method !== "POST") return reject(405, "method-not-allowed", "operations are called with POST");

  // Browsers send Origin on every POST they make from a page; reads are still refused from other sites.
  const refused = refuseCrossSite(request, { requireOrigin: false });
  if (refused) return reject(refused.status, refused.code, refused.message);
  if (!isJsonContentType(request.headers.get("content-type"))) {
    return reject(415, "unsupported-media-type", "send the request as application/json");
  }

  // The session first: a request without one never gets its body read.
  const sessionKey = await deps.sessionKey();
  if (!sessionKey) return reject(401, "no-session", "sign in again");

  const verdict = await deps.rateLimit?.(sessionKey);
  if (verdict && !verdict.ok) return tooManyRequests(verdict.retryAfterS);

  const limit = MAX_JSON_BYTES;
  let text: string;
  try {
    text = await readBoundedText(request, limit);
  } catch (err) {
    if (err instanceof BodyTooLargeError) return reject(413, "too-large", err.message);
    throw err;
  }

  let raw: unknown;
  try {
    raw = text === "" ? {} : JSON.parse(text);
  } catch {
    return reject(400, "invalid-json", "the request body is not JSON");
  }
  const parsed = operationRequestSchema.safeParse(raw);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
    return reject(400, "invalid-request", issues.map((i) => `${i.path || "request"}: ${i.message}`).join("; "), issues);
  }
  const issues = operationRequestIssues(operation, parsed.data);
  if (issues.length) return reject(400, "invalid-request", issues.map((i) => i.message).join("; "), issues);

  const body = parsed.data;
  const neRequest: NeRequest = {
    fields: body.fields,
    conditions: body.conditions?.map((c) => ({ field: c.field, op: c.op, value: c.value })),
    offset: body.offset,
    limit: body.limit,
    waitFlag: body.waitFlag,
    extensionExecutionId: body.extensionExecutionId,
  };

  try {
    const { envelope } = await deps.call(sessionKey, operation.path, neRequest, { signal: request.signal, rawRows: true });
    const out: OperationResponse = {};
    if (envelope.count !== undefined) out.count = envelope.count;
    if (envelope.rawRows) return rawRowsJson(envelope.rawRows.bytes, out);
    return json(envelope.data ? { rows: withoutTokens(envelope.data), ...out } : out);
  } catch (err) {
    const pub = toPublicError(err);
    const status = isNeError(err) ? httpStatusForKind(err.kind) : 500;
    if (!(err instanceof NeError)) console.error(`[bff] ${operation.path}: ${err instanceof Error ? err.name : "error"}`);
    return json({ error: pub }, status);
  }
}
