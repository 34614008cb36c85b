"use client";
// The board's refresh: one state for every card and the chart (is anything loading, when did the
// numbers last come, did the last refresh fail), a refresh of all of them at once, and the
// automatic refresh of refresh-schedule.ts (paused while the tab is hidden). A failed query keeps
// its last answer (TanStack Query keeps `data` on error), so a failure never blanks the board.
import { useQueryClient, type Query } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import type { BffError } from "@/lib/query/bff-error";
import { nextRefreshDelay, type RefreshChoice } from "./refresh-schedule";

export const ORDER_COUNT = "/api_v1_receiveorder_base/count";
export const ORDER_SEARCH = "/api_v1_receiveorder_base/search";
const BOARD_PATHS: readonly unknown[] = [ORDER_COUNT, ORDER_SEARCH];

/** The board's own queries: order counts and searches (the shop list is not refreshed). */
export function isBoardQuery(query: Query): boolean {
  return query.queryKey[0] === "ne" && BOARD_PATHS.includes(query.queryKey[1]);
}

export interface BoardStatus {
  /** Something is loading. */
  fetching: boolean;
  /** When the oldest numbers on screen came (ms), 0 before any. */
  updatedAt: number;
  /** The failure of the last refresh, once nothing is loading any more. */
  error: BffError | null;
}

const IDLE: BoardStatus = { fetching: false, updatedAt: 0, error: null };

export function useBoardRefresh(choice: RefreshChoice): BoardStatus & { refresh: () => void } {
  const client = useQueryClient();
  const [status, setStatus] = useState<BoardStatus>(IDLE);

  useEffect(() => {
    const cache = client.getQueryCache();
    const read = () => {
      const queries = cache.findAll({ predicate: isBoardQuery, type: "active" });
      const fetching = queries.some((q) => q.state.fetchStatus === "fetching");
      const failed = fetching ? undefined : queries.find((q) => q.state.status === "error");
      // The oldest answer on screen: after a refresh that failed in part, the time of the numbers
      // that could not be renewed.
      const times = queries.map((q) => q.state.dataUpdatedAt).filter((at) => at > 0);
      const updatedAt = times.length ? Math.min(...times) : 0;
      const error = (failed?.state.error as BffError | null | undefined) ?? null;
      setStatus((prev) => (prev.fetching === fetching && prev.updatedAt === updatedAt && prev.error === error ? prev : { fetching, updatedAt, error }));
    };
    read();
    return cache.subscribe(read);
  }, [client]);

  const lastRefreshAt = useRef(0);
  const refresh = useCallback(() => {
    lastRefreshAt.current = Date.now();
    void client.refetchQueries({ predicate: isBoardQuery, type: "active" });
  }, [client]);

  useEffect(() => {
    if (lastRefreshAt.current === 0) lastRefreshAt.current = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const plan = () => {
      clearTimeout(timer);
      const delay = nextRefreshDelay({ choice, hidden: document.visibilityState === "hidden", lastRefreshAt: lastRefreshAt.current, now: Date.now() });
      if (delay === null) return;
      timer = setTimeout(() => {
        refresh();
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
