"use client";
// The browser side of app/api/grid: a person's column preferences and saved views per grid (the
// grids), and the same for every grid at once (the settings page). Answers are parsed with the
// same schemas the route handlers check their input with; those zod schemas load with the first
// answer read (alongside its fetch), not with the page: the grid's first load gets its preferences
// from the server and reads no answer. The saved views' hooks are ./saved-views.ts: only the views
// menu (loaded when it opens) and the settings page use them, so the grid's first load has none.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ZodMiniType } from "zod/mini";
import type { GridPreferences } from "@/lib/grid/preferences";
import type { BffError } from "./bff-error";
import { checkedRequest } from "./checked-request";
import { gridKeys } from "./keys";

type Schemas = typeof import("./grid-storage-answers");

/** One call of app/api/grid, its answer checked with `pick`'s schema (loaded alongside the fetch). */
export function gridStorageRequest<T>(url: string, pick: (schemas: Schemas) => ZodMiniType<T>, init: RequestInit = {}): Promise<T> {
  return checkedRequest(url, import("./grid-storage-answers").then(pick), init);
}

const preferencesUrl = (grid: string) => `/api/grid/preferences/${encodeURIComponent(grid)}`;

/**
 * Saves and resets of preferences run one after another (TanStack Query's mutation scope): a
 * reset sent while a save is still on its way must not reach the server first.
 */
const PREFERENCES_SCOPE = { id: "grid-preferences" };
export function useGridPreferences(grid: string, initial: GridPreferences | null) {
  return useQuery<GridPreferences | null, BffError>({
    queryKey: gridKeys.preferences(grid),
    queryFn: async ({ signal }) => (await gridStorageRequest(preferencesUrl(grid), (m) => m.preferencesAnswerSchema, { signal })).preferences,
    initialData: initial,
    staleTime: Infinity,
  });
}

/** Saves preferences optimistically: the grid changes at once, the server follows. */
export function useSaveGridPreferences(grid: string) {
  const client = useQueryClient();
  return useMutation<GridPreferences | null, BffError, GridPreferences>({
    scope: PREFERENCES_SCOPE,
    mutationFn: async (preferences) =>
      (await gridStorageRequest(preferencesUrl(grid), (m) => m.preferencesAnswerSchema, { method: "PUT", body: JSON.stringify(preferences) })).preferences,
    onMutate: (preferences) => {
      client.setQueryData(gridKeys.preferences(grid), preferences);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: gridKeys.customized() }),
  });
}

/** The grids whose columns the person changed (the settings page; `initial` from its server). */
export function useCustomizedGrids(initial: string[]) {
  return useQuery<string[], BffError>({
    queryKey: gridKeys.customized(),
    queryFn: async ({ signal }) => (await gridStorageRequest("/api/grid/preferences", (m) => m.customizedAnswerSchema, { signal })).grids,
    initialData: initial,
    staleTime: 60_000,
  });
}

/**
 * Back to a grid's default columns, optimistically as a save is: the cached preferences become
 * "none" at once, so a grid on the page shows its defaults. (Forgetting the cached query instead
 * would bring back the page's first preferences: the query's initial data, never refetched.)
 */
export function useResetGridPreferences() {
  const client = useQueryClient();
  return useMutation<GridPreferences | null, BffError, string>({
    scope: PREFERENCES_SCOPE,
    mutationFn: async (grid) => (await gridStorageRequest(preferencesUrl(grid), (m) => m.preferencesAnswerSchema, { method: "DELETE" })).preferences,
    onMutate: (grid) => {
      client.setQueryData(gridKeys.preferences(grid), null);
      client.setQueryData<string[]>(gridKeys.customized(), (grids) => grids?.filter((g) => g !== grid));
    },
    onSuccess: () => client.invalidateQueries({ queryKey: gridKeys.customized() }),
  });
}
