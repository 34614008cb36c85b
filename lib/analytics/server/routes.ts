import "server-only";
// The analytics routes' logic (app/api/analytics/*): the checks and answers of the other JSON
// routes (this site's pages only: 403; a live session: 401; the query and body checked with zod:
// 400), for the signed-in person's company.
//   GET    /api/analytics/sync  → { asOf, running, lastError, lastErrorAt, requested }
//   POST   /api/analytics/sync  {} → 202 { started, requestedAt } and the status (a refresh: the
//                                    sync starts now; done when `asOf` reaches `requestedAt`)
//   DELETE /api/analytics/data  {} → { deleted: true } (the copy is deleted at once; the schedule
//                                    does not build it again: the next refresh asked starts over
//                                    with a first pass). The answers' shapes: lib/analytics/sync-answers.ts
import { z } from "zod";
import type { AppDatabase } from "@/lib/db";
import { crossSiteRefusal, issuesMessage, json, problem, readJsonBody, requestIssues } from "@/lib/http/json-route";
import type { SyncStatusAnswer } from "@/lib/analytics/sync-answers";
import { deleteCopyOnRequest, requestSync, syncStatus, type SyncStatus } from "./schedule";
import type { SyncCall } from "./sync";

export interface AnalyticsSession {
  key: string;
  companyNeId: string;
}

export interface AnalyticsRouteDeps {
  session(): Promise<AnalyticsSession | { response: Response }>;
  database: Pick<AppDatabase, "db" | "tryAdvisoryLock">;
  call: SyncCall;
  now?: () => number;
}

/** No query parameters; a body is an empty object (or nothing). */
const noQuery = z.object({}).strict();
const emptyBody = z.object({}).strict();
const MAX_BODY_BYTES = 1024;

const statusBody = (s: SyncStatus): SyncStatusAnswer => ({
  asOf: s.asOf?.toISOString() ?? null,
  running: s.running,
  lastError: s.lastError,
  lastErrorAt: s.lastErrorAt?.toISOString() ?? null,
  requested: s.requested,
});

async function checked(request: Request, deps: AnalyticsRouteDeps, mutation: boolean): Promise<AnalyticsSession | { response: Response }> {
  const refused = crossSiteRefusal(request, { mutation });
  if (refused) return { response: refused };
  const live = await deps.session();
  if ("response" in live) return live;
  const query = noQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) {
    const issues = requestIssues(query.error.issues);
    return { response: problem(400, "invalid-request", issuesMessage(issues, "query"), { issues }) };
  }
  if (mutation) {
    const body = await readJsonBody(request, emptyBody, { limit: MAX_BODY_BYTES, empty: {} });
    if ("response" in body) return body;
  }
  return live;
}

export async function handleSyncStatus(request: Request, deps: AnalyticsRouteDeps): Promise<Response> {
  const live = await checked(request, deps, false);
  if ("response" in live) return live.response;
  return json(statusBody(await syncStatus(deps.database.db, live.companyNeId, (deps.now ?? Date.now)())));
}

export async function handleSyncRequest(request: Request, deps: AnalyticsRouteDeps): Promise<Response> {
  const live = await checked(request, deps, true);
  if ("response" in live) return live.response;
  const { started, requestedAt } = await requestSync(live.companyNeId, live.key, { database: deps.database, call: deps.call, now: deps.now });
  const status = await syncStatus(deps.database.db, live.companyNeId, (deps.now ?? Date.now)());
  return json({ started, requestedAt: requestedAt.toISOString(), ...statusBody(status) }, 202);
}

export async function handleDeleteData(request: Request, deps: AnalyticsRouteDeps): Promise<Response> {
  const live = await checked(request, deps, true);
  if ("response" in live) return live.response;
  const deleted = await deleteCopyOnRequest(deps.database, live.companyNeId, (deps.now ?? Date.now)());
  if (!deleted) return problem(409, "sync-running", "a sync of the company's copy is running: try again when it has finished", { retryable: true });
  return json({ deleted: true });
}
