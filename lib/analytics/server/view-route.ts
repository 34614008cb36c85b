import "server-only";
// GET /api/analytics/{sales,goods,goods/daily}: one view's numbers from the company's copy, for the
// signed-in person's company. The checks of the board's route: this site's pages only (403), a
// live session (401: lib/auth/route-session.ts), the rate limit (429), the query checked with zod
// (400, lib/analytics/query.ts), errors as `{error:{code,message,retryable,kind}}`. No upstream
// call: the numbers are the read model's (lib/analytics/server/queries.ts).
import type { AppDatabase } from "@/lib/db";
import { crossSiteRefusal, issuesMessage, json, problem, requestIssues, tooManyRequests, type BodySchema } from "@/lib/http/json-route";
import { queryObject } from "@/lib/board/server/request";
import type { RateLimitVerdict } from "@/lib/security/rate-limit";

export interface ViewRouteDeps {
  /** The request's live session's key and company, or the 401 to answer. */
  session(): Promise<{ key: string; companyNeId: string } | { response: Response }>;
  rateLimit?(sessionKey: string): Promise<RateLimitVerdict>;
  database(): Promise<Pick<AppDatabase, "db">>;
}

export async function handleView<Q, A>(
  request: Request,
  deps: ViewRouteDeps,
  schema: BodySchema<Q>,
  answer: (database: Pick<AppDatabase, "db">, company: string, query: Q) => Promise<A>,
): Promise<Response> {
  if (request.method !== "GET") return problem(405, "method-not-allowed", "read with GET");
  const refused = crossSiteRefusal(request, { mutation: false, kind: "invalid-request" });
  if (refused) return refused;
  let live: { key: string; companyNeId: string } | { response: Response };
  try {
    live = await deps.session();
  } catch (err) {
    return failure(err);
  }
  if ("response" in live) return live.response;
  const verdict = await deps.rateLimit?.(live.key);
  if (verdict && !verdict.ok) return tooManyRequests(verdict.retryAfterS);
  const parsed = schema.safeParse(queryObject(new URL(request.url)));
  if (!parsed.success) {
    const issues = requestIssues(parsed.error.issues);
    return problem(400, "invalid-request", issuesMessage(issues, "query"), { issues });
  }
  try {
    return json(await answer(await deps.database(), live.companyNeId, parsed.data));
  } catch (err) {
    return failure(err);
  }
}

function failure(err: unknown): Response {
  console.error(`[analytics] view: ${err instanceof Error ? err.name : "error"}`);
  return problem(500, "analytics-failed", "the numbers could not be read: try again", { kind: "upstream-failure", retryable: true });
}
