"use client";
// The company's analytics copy from the browser: its status (GET /api/analytics/sync), a refresh
// (POST, then the status polled until the copy is as of the request or the sync failed; then every
// analytics view's query is invalidated so its numbers reload) and its deletion (DELETE
// /api/analytics/data, the settings page). Answers checked with lib/analytics/sync-answers.ts,
// loaded alongside the first call.
import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { RefreshAnswer, SyncStatusAnswer } from "@/lib/analytics/sync-answers";
import type { BffError } from "@/lib/query/bff-error";
import { checkedRequest } from "@/lib/query/checked-request";
import { analyticsKeys } from "./view-query";

const answers = () => import("@/lib/analytics/sync-answers");
export const syncStatusKey = [...analyticsKeys.all, "sync"] as const;

export const fetchSyncStatus = (signal?: AbortSignal): Promise<SyncStatusAnswer> =>
  checkedRequest("/api/analytics/sync", answers().then((m) => m.syncStatusAnswerSchema), { signal });

export const askRefresh = (): Promise<RefreshAnswer> =>
  checkedRequest("/api/analytics/sync", answers().then((m) => m.refreshAnswerSchema), { method: "POST", body: "{}", activity: true });

export const deleteCopy = (): Promise<{ deleted: true }> =>
  checkedRequest("/api/analytics/data", answers().then((m) => m.deleteAnswerSchema), { method: "DELETE", body: "{}", activity: true });

/** A refresh that did not bring the copy up to date: the sync failed (its reason) or took too long. */
export class RefreshFailed extends Error {
  constructor(
    readonly reason: "failed" | "timeout",
    readonly detail: string | null,
  ) {
    super(detail ?? reason);
    this.name = "RefreshFailed";
  }
}

/**
 * Where a refresh asked at `since` (the server's time) stands: done when the copy is as of then or
 * later; failed when a sync failed since; lost when nothing runs and nothing is asked although the
 * copy is older (a sync that had started before the request finished and took the request with
 * it: ask again); else waiting.
 */
export function refreshVerdict(status: SyncStatusAnswer, since: number): "done" | "failed" | "lost" | "waiting" {
  if (status.asOf && Date.parse(status.asOf) >= since) return "done";
  if (status.lastErrorAt && Date.parse(status.lastErrorAt) >= since) return "failed";
  if (!status.running && !status.requested) return "lost";
  return "waiting";
}

export interface RefreshDeps {
  ask: () => Promise<RefreshAnswer>;
  status: () => Promise<SyncStatusAnswer>;
  sleep: (ms: number) => Promise<void>;
  now: () => number;
  /** Between two looks at the status. */
  intervalMs: number;
  /** Gives up (RefreshFailed "timeout") after this long; a first copy of a large shop takes minutes. */
  timeoutMs: number;
}

export const REFRESH_POLL_MS = 2_000;
export const REFRESH_TIMEOUT_MS = 30 * 60_000;

/** Asks for a refresh and waits for it: the status that shows the copy as of the request. */
export async function refreshCopy(deps: RefreshDeps): Promise<SyncStatusAnswer> {
  const deadline = deps.now() + deps.timeoutMs;
  let asked = await deps.ask();
  let status: SyncStatusAnswer = asked;
  let askedAgain = false;
  for (;;) {
    const verdict = refreshVerdict(status, Date.parse(asked.requestedAt));
    if (verdict === "done") return status;
    if (verdict === "failed") throw new RefreshFailed("failed", status.lastError);
    if (verdict === "lost" && !askedAgain) {
      askedAgain = true;
      asked = await deps.ask();
      status = asked;
      continue;
    }
    if (verdict === "lost" || deps.now() >= deadline) throw new RefreshFailed("timeout", null);
    await deps.sleep(deps.intervalMs);
    status = await deps.status();
  }
}

const browserDeps: RefreshDeps = {
  ask: askRefresh,
  status: () => fetchSyncStatus(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  now: Date.now,
  intervalMs: REFRESH_POLL_MS,
  timeoutMs: REFRESH_TIMEOUT_MS,
};

/** Every refresh button of a page watches this key (`useIsMutating`): one refresh, shown by all. */
export const REFRESH_MUTATION_KEY = ["analytics-refresh"] as const;

/** The refresh's mutation: one at a time; when done, every analytics query (views, stock, status) reloads. */
export function refreshMutationOptions(client: QueryClient, deps: RefreshDeps = browserDeps) {
  return {
    mutationKey: REFRESH_MUTATION_KEY,
    scope: { id: "analytics-refresh" },
    mutationFn: () => refreshCopy(deps),
    onSuccess: (status: SyncStatusAnswer) => {
      client.setQueryData(syncStatusKey, status);
      return client.invalidateQueries({ queryKey: analyticsKeys.all });
    },
    onError: () => client.invalidateQueries({ queryKey: syncStatusKey }),
  };
}

export function useRefreshCopy() {
  const client = useQueryClient();
  return useMutation<SyncStatusAnswer, BffError | RefreshFailed, void>(refreshMutationOptions(client));
}

/** While a sync runs (a scheduled one, or another person's refresh), the status is looked at again. */
export const STATUS_WHILE_RUNNING_MS = 5_000;

export function useSyncStatus() {
  return useQuery<SyncStatusAnswer, BffError>({
    queryKey: syncStatusKey,
    queryFn: ({ signal }) => fetchSyncStatus(signal),
    refetchInterval: (query) => (query.state.data?.running ? STATUS_WHILE_RUNNING_MS : false),
  });
}

/** The settings page's "Delete now": afterwards the status says no copy and every view reloads. */
export function useDeleteCopy() {
  const client = useQueryClient();
  return useMutation<{ deleted: true }, BffError, void>({
    mutationFn: deleteCopy,
    onSuccess: () => client.invalidateQueries({ queryKey: analyticsKeys.all }),
  });
}
