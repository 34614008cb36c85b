"use client";
// The board's refresh: its state (is it loading, when did the numbers last come, did the last
// refresh fail), a refresh, and the automatic refresh of refresh-schedule.ts (paused while the
// tab is hidden). The board has one query (board-query.ts: GET /api/board), so a refresh is one
// request. A failed query keeps its last answer (TanStack Query keeps `data` on error), so a
// failure never blanks the board, and the failure stays said while the board tries again (a wall
// screen whose upstream is down does not blink between "failed" and "fine" every refresh), until
// an answer comes. "Refresh now" asks the server for fresh numbers; the timer takes
// what the server keeps (at most one refresh interval old, shared with every screen of the company).
import { useQueryClient, type Query, type QueryCache } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useSyncExternalStore } from "react";
import type { BffError } from "@/lib/query/bff-error";
import { boardKeys, requestBackgroundBoard, requestFreshBoard } from "./board-query";
import { nextRefreshDelay, type RefreshChoice } from "./refresh-schedule";

/** The board's own query (the shop list and the status list are not refreshed). */
export function isBoardQuery(query: Query): boolean {
  return query.queryKey[0] === boardKeys.all[0];
}

export interface BoardStatus {
  /** Something is loading. */
  fetching: boolean;
  /** When the oldest numbers on screen came (ms), 0 before any. */
  updatedAt: number;
  /** The failure of the last refresh, kept while a new one runs, until an answer comes. */
  error: BffError | null;
}

const IDLE: BoardStatus = { fetching: false, updatedAt: 0, error: null };
const lastStatus = new WeakMap<QueryCache, BoardStatus>();
/** Each query's last failure: TanStack Query forgets it when a query with no answer yet fetches again. */
const lastFailure = new WeakMap<Query, BffError>();

/** The failure of a query's last fetch that ended, also while it fetches again; null once an answer came after it. */
export function failureOf(query: Query): BffError | null {
  const { error, dataUpdatedAt, errorUpdatedAt } = query.state;
  if (error) {
    lastFailure.set(query, error as BffError);
    return error as BffError;
  }
  const kept = lastFailure.get(query);
  return kept && errorUpdatedAt > dataUpdatedAt ? kept : null;
}

/** The board's status from the query cache: the same object while nothing in it changed. */
export function boardStatusOf(cache: QueryCache): BoardStatus {
  const queries = cache.findAll({ predicate: isBoardQuery, type: "active" });
  const fetching = queries.some((q) => q.state.fetchStatus === "fetching");
  // The oldest answer on screen: after a refresh that failed in part, the time of the numbers
  // that could not be renewed.
  const times = queries.map((q) => q.state.dataUpdatedAt).filter((at) => at > 0);
  const updatedAt = times.length ? Math.min(...times) : 0;
  const error = queries.map(failureOf).find((e) => e !== null) ?? null;
  const prev = lastStatus.get(cache);
  if (prev && prev.fetching === fetching && prev.updatedAt === updatedAt && prev.error === error) return prev;
  const next = { fetching, updatedAt, error };
  lastStatus.set(cache, next);
  return next;
}

export function useBoardRefresh(choice: RefreshChoice): BoardStatus & { refresh: (options?: { fresh?: boolean; background?: boolean }) => void } {
  const client = useQueryClient();
  const cache = client.getQueryCache();
  // An external store, not state set from a cache listener: every render of a query hook tells the
  // cache (observerOptionsUpdated), and a setState per event kept a pending language switch
  // (a transition) from ever finishing. A snapshot that did not change renders nothing.
  const subscribe = useCallback((onChange: () => void) => cache.subscribe(onChange), [cache]);
  const status = useSyncExternalStore(
    subscribe,
    () => boardStatusOf(cache),
    () => IDLE,
  );

  const lastRefreshAt = useRef(0);
  const refresh = useCallback(
    (options: { fresh?: boolean; background?: boolean } = {}) => {
      lastRefreshAt.current = Date.now();
      if (options.fresh) requestFreshBoard();
      // A refresh nobody asked for on screen (the timer's) is background work; one asked for is not.
      requestBackgroundBoard(options.background === true);
      void client.refetchQueries({ predicate: isBoardQuery, type: "active" });
    },
    [client],
  );

  useEffect(() => {
    if (lastRefreshAt.current === 0) lastRefreshAt.current = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const plan = () => {
      clearTimeout(timer);
      const delay = nextRefreshDelay({ choice, hidden: document.visibilityState === "hidden", lastRefreshAt: lastRefreshAt.current, now: Date.now() });
      if (delay === null) return;
      timer = setTimeout(() => {
        refresh({ background: true });
        plan();
      }, delay);
    };
    plan();
    document.addEventListener("visibilitychange", plan);
    return () => {
      clearTimeout(timer);
      document.removeEventListener("visibilitychange", plan);
    };
  }, [choice, refresh]);

  return { ...status, refresh };
}
