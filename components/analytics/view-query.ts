"use client";
// One analytics view's numbers: GET /api/analytics/<view>?<query> through TanStack Query, keyed
// by the query, so a refresh (or a change of the URL) refetches; the last answer stays on screen
// while the next one loads.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { noteActivity } from "@/lib/query/activity";
import { bffErrorOf, networkError, type BffError } from "@/lib/query/bff-error";

export const analyticsKeys = {
  all: ["analytics"] as const,
  view: (view: string, search: string) => [...analyticsKeys.all, view, search] as const,
};

export async function fetchView<A>(view: string, search: string, signal?: AbortSignal): Promise<A> {
  let response: Response;
  try {
    noteActivity();
    response = await fetch(`/api/analytics/${view}?${search}`, { credentials: "same-origin", cache: "no-store", signal });
  } catch (cause) {
    throw networkError(cause);
  }
  if (!response.ok) throw await bffErrorOf(response);
  return (await response.json()) as A;
}

/** `search` null while the URL names no real period (nothing is asked). */
export function useView<A>(view: "sales" | "goods" | "goods/daily", search: string | null) {
  return useQuery<A, BffError>({
    queryKey: analyticsKeys.view(view, search ?? ""),
    queryFn: ({ signal }) => fetchView<A>(view, search!, signal),
    enabled: search !== null,
    placeholderData: keepPreviousData,
  });
}
