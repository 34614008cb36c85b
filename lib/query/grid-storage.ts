"use client";
// The browser side of app/api/grid: a person's column preferences and saved views per grid.
// Answers are parsed with the same schemas the route handlers check their input with.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { boolean, object, type ZodMiniType } from "zod/mini";
import {
  preferencesAnswerSchema,
  savedViewListSchema,
  savedViewSchema,
  type GridPreferences,
  type SavedView,
  type SavedViewState,
} from "@/lib/grid/preferences";
import { BffError, bffErrorOf, networkError } from "./bff-error";
import { gridKeys } from "./keys";

async function request<T>(url: string, schema: ZodMiniType<T>, init: RequestInit = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      ...init,
      headers: init.body ? { "content-type": "application/json" } : undefined,
      credentials: "same-origin",
      cache: "no-store",
    });
  } catch (cause) {
    throw networkError(cause);
  }
  if (!response.ok) throw await bffErrorOf(response);
  const parsed = schema.safeParse(await response.json().catch(() => undefined));
  if (!parsed.success) {
    throw new BffError({ code: "bad-response", message: "unexpected answer", kind: "upstream-failure", retryable: true, status: response.status });
  }
  return parsed.data;
}

const deletedSchema = object({ deleted: boolean() });
const preferencesUrl = (grid: string) => `/api/grid/preferences/${encodeURIComponent(grid)}`;
const viewsUrl = (grid: string) => `/api/grid/views/${encodeURIComponent(grid)}`;

export function useGridPreferences(grid: string, initial: GridPreferences | null) {
  return useQuery<GridPreferences | null, BffError>({
    queryKey: gridKeys.preferences(grid),
    queryFn: async ({ signal }) => (await request(preferencesUrl(grid), preferencesAnswerSchema, { signal })).preferences,
    initialData: initial,
    staleTime: Infinity,
  });
}

/** Saves preferences optimistically: the grid changes at once, the server follows. */
export function useSaveGridPreferences(grid: string) {
  const client = useQueryClient();
  return useMutation<GridPreferences | null, BffError, GridPreferences>({
    mutationFn: async (preferences) =>
      (await request(preferencesUrl(grid), preferencesAnswerSchema, { method: "PUT", body: JSON.stringify(preferences) })).preferences,
    onMutate: (preferences) => {
      client.setQueryData(gridKeys.preferences(grid), preferences);
    },
  });
}

export function useSavedViews(grid: string, enabled = true) {
  return useQuery<SavedView[], BffError>({
    queryKey: gridKeys.views(grid),
    queryFn: async ({ signal }) => (await request(viewsUrl(grid), savedViewListSchema, { signal })).views,
    enabled,
    staleTime: 60_000,
  });
}

export function useCreateView(grid: string) {
  const client = useQueryClient();
  return useMutation<SavedView, BffError, { name: string; state: SavedViewState }>({
    mutationFn: (input) => request(viewsUrl(grid), savedViewSchema, { method: "POST", body: JSON.stringify(input) }),
    onSuccess: () => client.invalidateQueries({ queryKey: gridKeys.views(grid) }),
  });
}

export function useRenameView(grid: string) {
  const client = useQueryClient();
  return useMutation<SavedView, BffError, { id: string; name: string }>({
    mutationFn: ({ id, name }) =>
      request(`${viewsUrl(grid)}/${encodeURIComponent(id)}`, savedViewSchema, { method: "PATCH", body: JSON.stringify({ name }) }),
    onSuccess: () => client.invalidateQueries({ queryKey: gridKeys.views(grid) }),
  });
}

export function useDeleteView(grid: string) {
  const client = useQueryClient();
  return useMutation<{ deleted: boolean }, BffError, { id: string }>({
    mutationFn: ({ id }) => request(`${viewsUrl(grid)}/${encodeURIComponent(id)}`, deletedSchema, { method: "DELETE" }),
    onSuccess: () => client.invalidateQueries({ queryKey: gridKeys.views(grid) }),
  });
}
