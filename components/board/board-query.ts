"use client";
// The board's one query: GET /api/board (lib/board/contract.ts) for the shops, period and
// cancelled choice on screen, keyed by exactly those. Every card and the chart read it. While a
// new question loads, the last answer stays on screen (marked as stale); a failed refresh keeps
// it too (TanStack Query keeps `data` on error). "Refresh now" asks the server for numbers
// computed now instead of those it keeps for the refresh interval (`requestFreshBoard`); the
// timer's refresh is background work (`requestBackgroundBoard`: the server serves the person's own
// calls first).
import { keepPreviousData, useQuery, type UseQueryResult } from "@tanstack/react-query";
import { BOARD_CACHE_TTL_MS, boardUrl, parseBoardAnswer, type BoardAnswer, type BoardQuery } from "@/lib/board/contract";
import { noteActivity } from "@/lib/query/activity";
import { BACKGROUND, PRIORITY_HEADER } from "@/lib/bff/priority-header";
import { BffError, bffErrorOf, networkError } from "@/lib/query/bff-error";

export type BoardParams = Omit<BoardQuery, "fresh">;

export const boardKeys = {
  all: ["board"] as const,
  numbers: (params: BoardParams) => [...boardKeys.all, { from: params.from, to: params.to, shops: [...params.shops], includeCancelled: params.includeCancelled }] as const,
};

/** Set by "Refresh now": the board's fetches ask for fresh numbers until one succeeds. */
let freshRequested = false;

export function requestFreshBoard(): void {
  freshRequested = true;
}

/** Set by the timer's refresh: the board's next fetch (and its retries) is background work. */
let backgroundRequested = false;

export function requestBackgroundBoard(background: boolean): void {
  backgroundRequested = background;
}

export async function fetchBoard(query: BoardQuery, signal?: AbortSignal, background = false): Promise<BoardAnswer> {
  let response: Response;
  try {
    noteActivity();
    response = await fetch(boardUrl(query), { credentials: "same-origin", cache: "no-store", signal, ...(background ? { headers: { [PRIORITY_HEADER]: BACKGROUND } } : {}) });
  } catch (cause) {
    throw networkError(cause);
  }
  if (!response.ok) throw await bffErrorOf(response);
  const answer = parseBoardAnswer(await response.json().catch(() => undefined));
  if (!answer) throw new BffError({ code: "bad-response", message: "unexpected answer", kind: "upstream-failure", retryable: true, status: response.status });
  return answer;
}

/** The board's numbers; `params` null while the period is not a real one. */
export function useBoardNumbers(params: BoardParams | null): UseQueryResult<BoardAnswer, BffError> {
  return useQuery<BoardAnswer, BffError>({
    queryKey: params ? boardKeys.numbers(params) : [...boardKeys.all, null],
    queryFn: async ({ signal }) => {
      // Retries of a fresh request ask fresh too (else the server's kept numbers would pass for new ones).
      const answer = await fetchBoard({ ...params!, fresh: freshRequested }, signal, backgroundRequested);
      freshRequested = false;
      backgroundRequested = false;
      return answer;
    },
    enabled: params !== null,
    placeholderData: keepPreviousData,
    // The server keeps numbers as long; the board's own timer refreshes (use-board-refresh.ts).
    staleTime: BOARD_CACHE_TTL_MS,
  });
}
