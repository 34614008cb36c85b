import "server-only";
// GET /api/board: the order status board's numbers in one answer (see ./compute.ts), for the
// signed-in person's company. The checks and answers of the BFF proxy: this site's pages only
// (403), a live session (401, as the proxy: the shared route check with its idle timeout and lifetime), the rate limit (429), the query checked with zod (400),
// upstream failures as `{error:{code,message,retryable,kind}}` with the proxy's statuses.
// The numbers are shared per company through the cache (lib/http/single-flight-cache.ts): the computation runs
// with the tokens of the session that started it, and no request's abort stops it.
import { httpStatusForKind, isNeError, NeError, toPublicError } from "@/lib/ne/errors";
import type { NeCallOptions, NeCallResult, NeRequest } from "@/lib/ne/server/client";
import type { RateLimitVerdict } from "@/lib/security/rate-limit";
import { crossSiteRefusal, issuesMessage, json, problem, requestIssues, tooManyRequests } from "@/lib/http/json-route";
import { BOARD_CACHE_TTL_MS } from "@/lib/board/contract";
import { createSingleFlightCache, type SingleFlightCache } from "@/lib/http/single-flight-cache";
import { boardAnswer, computeBoard, type BoardLimits, type BoardNumbers } from "./compute";
import { boardQuerySchema, queryObject } from "./request";
import { requestPriority } from "@/lib/bff/server/priority";
import type { CallPriority } from "@/lib/bff/priority-header";

/** A live session as the board needs it: the key it calls with, and its company. */
export interface BoardSession {
  key: string;
  companyNeId: string;
}

export interface BoardRouteDeps {
  /**
   * The request's live session, or the 401 to answer (signed out, or the idle timeout or the
   * lifetime ended: lib/auth/route-session.ts).
   */
  session(): Promise<BoardSession | { response: Response }>;
  /** One upstream call; `priority` is the page's word (its timer's refresh is background work). */
  call(sessionKey: string, path: string, request: NeRequest, options?: NeCallOptions & { priority?: CallPriority }): Promise<NeCallResult>;
  rateLimit?(sessionKey: string): Promise<RateLimitVerdict>;
  cache: SingleFlightCache<BoardNumbers>;
  limits?: BoardLimits;
}

let processCache: SingleFlightCache<BoardNumbers> | undefined;

/** The process's board cache. */
export function boardCache(): SingleFlightCache<BoardNumbers> {
  return (processCache ??= createSingleFlightCache<BoardNumbers>({ ttlMs: BOARD_CACHE_TTL_MS }));
}

/** The cache key: the company and the normalized question (both variants share it). */
export function boardKey(company: string, params: { from: string; to: string; shops: readonly string[] }): string {
  return JSON.stringify([company, params.from, params.to, params.shops]);
}

function errorResponse(err: unknown, where: string): Response {
  if (!(err instanceof NeError)) console.error(`[bff] ${where}: ${err instanceof Error ? err.name : "error"}`);
  return json({ error: toPublicError(err) }, isNeError(err) ? httpStatusForKind(err.kind) : 500);
}

export async function handleBoard(request: Request, deps: BoardRouteDeps): Promise<Response> {
  if (request.method !== "GET") return problem(405, "method-not-allowed", "the board is read with GET");
  const refused = crossSiteRefusal(request, { mutation: false, kind: "invalid-request" });
  if (refused) return refused;

  let live: BoardSession | { response: Response };
  try {
    live = await deps.session();
  } catch (err) {
    return errorResponse(err, "board");
  }
  if ("response" in live) return live.response;
  const sessionKey = live.key;
  const company = live.companyNeId;
  const verdict = await deps.rateLimit?.(sessionKey);
  if (verdict && !verdict.ok) return tooManyRequests(verdict.retryAfterS);

  const parsed = boardQuerySchema.safeParse(queryObject(new URL(request.url)));
  if (!parsed.success) {
    const issues = requestIssues(parsed.error.issues);
    return problem(400, "invalid-request", issuesMessage(issues, "query"), { issues });
  }
  const query = parsed.data;
  const priority = requestPriority(request.headers);
  if (!priority) return problem(400, "invalid-request", "x-backyard-priority is interactive or background");

  const params = { from: query.from, to: query.to, shops: query.shops };
  const key = boardKey(company, params);
  let ownComputation = false;
  const compute = () => {
    ownComputation = true;
    return computeBoard((path, req) => deps.call(sessionKey, path, req, { priority }), params, deps.limits);
  };
  try {
    let shared;
    try {
      shared = await deps.cache.get(key, sessionKey, compute, { fresh: query.fresh });
    } catch (err) {
      // Another session's sign-in ended while it computed for everyone: this one's has not, so it
      // computes with its own tokens.
      const othersSession = !ownComputation && isNeError(err) && (err.kind === "auth-expired" || err.kind === "stale-token");
      if (!othersSession) throw err;
      shared = await deps.cache.get(key, sessionKey, compute, { fresh: true });
    }
    return json(boardAnswer(shared.value, query.includeCancelled));
  } catch (err) {
    return errorResponse(err, "board");
  }
}
