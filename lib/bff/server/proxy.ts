import "server-only";
// The BFF proxy: the browser names a registry operation and sends JSON; this validates it against
// the registry, injects the session's tokens server-side (through the gateway), forwards none of the
// client's headers or cookies, and answers rows without a single token field.
import { getOperation, type OperationDef } from "@/lib/ne/registry";
import { LOCAL_CODES, NeError, httpStatusForKind, isNeError, toPublicError } from "@/lib/ne/errors";
import type { RateLimitVerdict } from "@/lib/security/rate-limit";
import type { NeCallOptions, NeCallResult, NeRequest } from "@/lib/ne/server/client";
import { crossSiteRefusal, json, jsonText, noSession, nonJsonRefusal, problem, readJsonBody, tooManyRequests } from "@/lib/http/json-route";
import { FRESH_HEADER } from "../fresh-header";
import { operationRequestIssues, operationRequestSchema, type OperationRequest, type OperationResponse } from "../operation-request";
import { asksWholeChoiceList, choiceListKey, type ChoiceCache } from "./choice-cache";
import type { CallPriority } from "../priority-header";
import { requestPriority } from "./priority";

const SEGMENT = /^[a-z0-9_]{1,64}$/;
const MAX_JSON_BYTES = 1024 * 1024;

export interface ProxyDeps {
  /** The token-store key of the request's session, or null when signed out. */
  sessionKey(): Promise<string | null>;
  /** One upstream call; `priority` is the page's word (background work waits for interactive calls). */
  call(sessionKey: string, path: string, request: NeRequest, options: NeCallOptions & { priority: CallPriority }): Promise<NeCallResult>;
  /** Counts one call of the session against its rate limit (absent: no limit). */
  rateLimit?(sessionKey: string): Promise<RateLimitVerdict>;
  /** Where whole choice lists are kept per company (absent: every ask goes upstream). */
  choices?: {
    cache: ChoiceCache;
    /** The company of a live session, or null when it ended (asked only for a choice list). */
    companyOf(sessionKey: string): Promise<string | null>;
  };
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
  if (!operation) return problem(404, "unknown-operation", "no such operation: use a path of the API registry");
  if (request.method !== "POST") return problem(405, "method-not-allowed", "operations are called with POST");

  // Browsers send Origin on every POST they make from a page; reads are still refused from other sites.
  const refused = crossSiteRefusal(request, { mutation: false, kind: "invalid-request" });
  if (refused) return refused;
  const notJson = nonJsonRefusal(request);
  if (notJson) return notJson;

  // The session first: a request without one never gets its body read.
  const sessionKey = await deps.sessionKey();
  if (!sessionKey) return noSession();

  const verdict = await deps.rateLimit?.(sessionKey);
  if (verdict && !verdict.ok) return tooManyRequests(verdict.retryAfterS);

  const priority = requestPriority(request.headers);
  if (!priority) return problem(400, "invalid-request", "x-backyard-priority is interactive or background");

  // An empty body asks with the defaults.
  const parsed = await readJsonBody(request, operationRequestSchema, { limit: MAX_JSON_BYTES, empty: {}, issues: true });
  if ("response" in parsed) return parsed.response;
  const issues = operationRequestIssues(operation, parsed.data);
  if (issues.length) return problem(400, "invalid-request", issues.map((i) => i.message).join("; "), { issues });

  const body = parsed.data;
  if (deps.choices && asksWholeChoiceList(operation.path, body)) {
    // The company's list, shared by its people (./choice-cache.ts).
    let company: string | null;
    try {
      company = await deps.choices.companyOf(sessionKey);
    } catch (err) {
      return errorAnswer(operation, err);
    }
    if (!company) return noSession();
    // Shared by everyone asking at once: not tied to this request's abort signal.
    const fresh = request.headers.get(FRESH_HEADER) === "1";
    const answer = await deps.choices.cache.answer(
      choiceListKey(company, operation.path, body),
      async (callPriority) => {
        const res = await forward(operation, sessionKey, body, undefined, callPriority, deps);
        return { status: res.status, body: new Uint8Array(await res.arrayBuffer()) };
      },
      { asker: sessionKey, fresh, priority },
    );
    return jsonText(new Uint8Array(answer.body), answer.status);
  }
  return forward(operation, sessionKey, body, request.signal, priority, deps);
}

/** The call upstream through the gateway, answered as rows and/or count, or as a public error. */
async function forward(operation: OperationDef, sessionKey: string, body: OperationRequest, signal: AbortSignal | undefined, priority: CallPriority, deps: ProxyDeps): Promise<Response> {
  const neRequest: NeRequest = {
    fields: body.fields,
    conditions: body.conditions?.map((c) => ({ field: c.field, op: c.op, value: c.value })),
    offset: body.offset,
    limit: body.limit,
    waitFlag: body.waitFlag,
    extensionExecutionId: body.extensionExecutionId,
  };

  try {
    const { envelope } = await deps.call(sessionKey, operation.path, neRequest, { signal, priority });
    // An answer that lacks what its kind promises would read as "no rows" or "0": it is an error.
    const missing = operation.kind === "search" && !envelope.data ? "data" : operation.kind === "count" && envelope.count === undefined ? "count" : null;
    if (missing) {
      throw new NeError({ code: LOCAL_CODES.badResponse, kind: "upstream-failure", message: `API answered success without \`${missing}\`` });
    }
    const out: OperationResponse = {};
    if (envelope.count !== undefined) out.count = envelope.count;
    return json(envelope.data ? { rows: withoutTokens(envelope.data), ...out } : out);
  } catch (err) {
    return errorAnswer(operation, err);
  }
}

/** A failure as the public error shape, with the status of its kind. */
function errorAnswer(operation: OperationDef, err: unknown): Response {
  const pub = toPublicError(err);
  const status = isNeError(err) ? httpStatusForKind(err.kind) : 500;
  if (!(err instanceof NeError)) console.error(`[bff] ${operation.path}: ${err instanceof Error ? err.name : "error"}`);
  return json({ error: pub }, status);
}
