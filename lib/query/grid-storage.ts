"use client";
// The browser side of app/api/grid: a person's column preferences and saved views per grid.
// Answers are parsed with the same schemas the route handlers check their input with; those zod
// schemas load with the first answer read (alongside its fetch), not with the page: the grid's
// first load gets its preferences from the server and reads no answer.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ZodMiniType } from "zod/mini";
import type { GridPreferences, SavedView, SavedViewState } from "@/lib/grid/preferences";
import { BffError, bffErrorOf, networkError } from "./bff-error";
import { gridKeys } from "./keys";

type Schemas = typeof import("@/lib/grid/preferences");

async function request<T>(url: string, pick: (schemas: Schemas) => ZodMiniType<T>, init: RequestInit = {}): Promise<T> {
  const schemas = import("@/lib/grid/preferences");
  schemas.catch(() => undefined); // a failed load is reported below, after the fetch
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
  let schema: ZodMiniType<T>;
  try {
    schema = pick(await schemas);
  } catch (cause) {
    throw networkError(cause);
  }
  const parsed = schema.safeParse(await response.json().catch(() => undefined));
  if (!parsed.success) {
    throw new BffError({ code: "bad-response", message: "unexpected answer", kind: "upstream-failure", retryable: true, status: response.status });
  }
  return parsed.data;
}

const preferencesUrl = (grid: string) => `/api/grid/preferences/${encodeURIComponent(grid)}`;
const viewsUrl = (grid: string) => `/api/grid/views/${encodeURIComponent(grid)}`;

export function useGridPreferences(grid: string, initial: GridPreferences | null) {
  return useQuery<GridPreferences | null, BffError>({
    queryKey: gridKeys.preferences(grid),
    queryFn: async ({ signal }) => (await request(preferencesUrl(grid), (m) => m.preferencesAnswerSchema, { signal })).preferences,
    initialData: initial,
    staleTime: Infinity,
  });
}

/** Saves preferences optimistically: the grid changes at once, the server follows. */
export function useSaveGridPreferences(grid: string) {
  const client = useQueryClient();
  return useMutation<GridPreferences | null, BffError, GridPreferences>({
    mutationFn: async (preferences) =>
      (await request(preferencesUrl(grid), (m) => m.preferencesAnswerSchema, { method: "PUT", body: JSON.stringify(preferences) })).preferences,
    onMutate: (preferences) => {
      client.setQueryData(gridKeys.preferences(grid), preferences);
    },
  });
}

export function useSavedViews(grid: string, enabled = true) {
  return useQuery<SavedView[], BffError>({
    queryKey: gridKeys.views(grid),
    queryFn: async ({ signal }) => (await request(viewsUrl(grid), (m) => m.savedViewListSchema, { signal })).views,
    enabled,
    staleTime: 60_000,
  });
}

export function useCreateView(grid: string) {
  const client = useQueryClient();
  return useMutation<SavedView, BffError, { name: string; state: SavedViewState }>({
    mutationFn: (input) => request(viewsUrl(grid), (m) => m.savedViewSchema, { method: "POST", body: JSON.stringify(input) }),
    onSuccess: () => client.invalidateQueries({ queryKey: gridKeys.views(grid) }),
  });
}

export function useRenameView(grid: string) {
  const client = useQueryClient();
  return useMutation<SavedView, BffError, { id: string; name: string }>({
    mutationFn: ({ id, name }) =>
      request(`${viewsUrl(grid)}/${encodeURIComponent(id)}`, (m) => m.savedViewSchema, { method: "PATCH", body: JSON.stringify({ name }) }),
    onSuccess: () => client.invalidateQueries({ queryKey: gridKeys.views(grid) }),
  });
}

export function useDeleteView(grid: string) {
  const client = useQueryClient();
  return useMutation<{ deleted: boolean }, BffError, { id: string }>({
    mutationFn: ({ id }) => request(`${viewsUrl(grid)}/${encodeURIComponent(id)}`, (m) => m.deletedAnswerSchema, { method: "DELETE" }),
    onSuccess: () => client.invalidateQueries({ queryKey: gridKeys.views(grid) }),
  });
}
