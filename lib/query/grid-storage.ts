"use client";
// The browser side of app/api/grid: a person's column preferences and saved views per grid (the
// grids), and the same for every grid at once (the settings page). Answers are parsed with the
// same schemas the route handlers check their input with; those zod schemas load with the first
// answer read (alongside its fetch), not with the page: the grid's first load gets its preferences
// from the server and reads no answer.
import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { ZodMiniType } from "zod/mini";
import type { GridPreferences, SavedView, SavedViewState } from "@/lib/grid/preferences";
import { BffError, bffErrorOf, networkError } from "./bff-error";
import { gridKeys } from "./keys";

type Schemas = typeof import("./grid-storage-answers");

async function request<T>(url: string, pick: (schemas: Schemas) => ZodMiniType<T>, init: RequestInit = {}): Promise<T> {
  const schemas = import("./grid-storage-answers");
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
const viewUrl = (grid: string, id: string) => `${viewsUrl(grid)}/${encodeURIComponent(id)}`;

/** A grid's saved views, as the list of every grid holds them. */
export interface GridViews {
  grid: string;
  views: SavedView[];
}

const renameViewCall = (grid: string, id: string, name: string) =>
  request(viewUrl(grid, id), (m) => m.savedViewSchema, { method: "PATCH", body: JSON.stringify({ name }) });
const deleteViewCall = (grid: string, id: string) => request(viewUrl(grid, id), (m) => m.deletedAnswerSchema, { method: "DELETE" });

/** After a change to `grid`'s views: its own list and the list of every grid are read again. */
function viewsChanged(client: QueryClient, grid: string) {
  return Promise.all([client.invalidateQueries({ queryKey: gridKeys.views(grid) }), client.invalidateQueries({ queryKey: gridKeys.allViews() })]);
}

/** The list of every grid's views with `change` made to `grid`'s (shown before the new list comes). */
function patchAllViews(client: QueryClient, grid: string, change: (views: SavedView[]) => SavedView[]) {
  client.setQueryData<GridViews[]>(gridKeys.allViews(), (all) => all?.map((g) => (g.grid === grid ? { grid, views: change(g.views) } : g)));
}

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
    onSuccess: () => client.invalidateQueries({ queryKey: gridKeys.customized() }),
  });
}

/** The grids whose columns the person changed (the settings page; `initial` from its server). */
export function useCustomizedGrids(initial: string[]) {
  return useQuery<string[], BffError>({
    queryKey: gridKeys.customized(),
    queryFn: async ({ signal }) => (await request("/api/grid/preferences", (m) => m.customizedAnswerSchema, { signal })).grids,
    initialData: initial,
    staleTime: 60_000,
  });
}

/** Back to a grid's default columns: its cached preferences are forgotten, so the grid shows them. */
export function useResetGridPreferences() {
  const client = useQueryClient();
  return useMutation<GridPreferences | null, BffError, string>({
    mutationFn: async (grid) => (await request(preferencesUrl(grid), (m) => m.preferencesAnswerSchema, { method: "DELETE" })).preferences,
    onSuccess: (_answer, grid) => {
      client.removeQueries({ queryKey: gridKeys.preferences(grid) });
      client.setQueryData<string[]>(gridKeys.customized(), (grids) => grids?.filter((g) => g !== grid));
      return client.invalidateQueries({ queryKey: gridKeys.customized() });
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

/** Every saved view of the person, grouped by grid (the settings page; `initial` from its server). */
export function useAllSavedViews(initial: GridViews[]) {
  return useQuery<GridViews[], BffError>({
    queryKey: gridKeys.allViews(),
    queryFn: async ({ signal }) => (await request("/api/grid/views", (m) => m.allViewsAnswerSchema, { signal })).grids,
    initialData: initial,
    staleTime: 60_000,
  });
}

export function useCreateView(grid: string) {
  const client = useQueryClient();
  return useMutation<SavedView, BffError, { name: string; state: SavedViewState }>({
    mutationFn: (input) => request(viewsUrl(grid), (m) => m.savedViewSchema, { method: "POST", body: JSON.stringify(input) }),
    onSuccess: () => viewsChanged(client, grid),
  });
}

export function useRenameView(grid: string) {
  const client = useQueryClient();
  return useMutation<SavedView, BffError, { id: string; name: string }>({
    mutationFn: ({ id, name }) => renameViewCall(grid, id, name),
    onSuccess: () => viewsChanged(client, grid),
  });
}

export function useDeleteView(grid: string) {
  const client = useQueryClient();
  return useMutation<{ deleted: boolean }, BffError, { id: string }>({
    mutationFn: ({ id }) => deleteViewCall(grid, id),
    onSuccess: () => viewsChanged(client, grid),
  });
}

/** Renames a view of any grid (the settings page): the lists show the new name at once. */
export function useRenameAnyView() {
  const client = useQueryClient();
  return useMutation<SavedView, BffError, { grid: string; id: string; name: string }>({
    mutationFn: ({ grid, id, name }) => renameViewCall(grid, id, name),
    onSuccess: (view, { grid, id }) => {
      patchAllViews(client, grid, (views) => views.map((v) => (v.id === id ? view : v)));
      return viewsChanged(client, grid);
    },
  });
}

/** Deletes a view of any grid (the settings page). A view already gone (404) leaves the lists too. */
export function useDeleteAnyView() {
  const client = useQueryClient();
  return useMutation<{ deleted: boolean }, BffError, { grid: string; id: string }>({
    mutationFn: ({ grid, id }) => deleteViewCall(grid, id),
    onSettled: (_answer, error, { grid, id }) => {
      if (error && error.status !== 404) return;
      patchAllViews(client, grid, (views) => views.filter((v) => v.id !== id));
      return viewsChanged(client, grid);
    },
  });
}
