"use client";
// Saved views of app/api/grid, per grid (the views menu, ../../components/data-grid/saved-views-panel.tsx)
// and of every grid at once (the settings page). Apart from the grid's preferences (./grid-storage.ts)
// so a grid's first load carries none of this: the views menu loads it when it first opens.
import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { SavedView, SavedViewState } from "@/lib/grid/preferences";
import type { BffError } from "./bff-error";
import { gridStorageRequest } from "./grid-storage";
import { gridKeys } from "./keys";

const viewsUrl = (grid: string) => `/api/grid/views/${encodeURIComponent(grid)}`;
const viewUrl = (grid: string, id: string) => `${viewsUrl(grid)}/${encodeURIComponent(id)}`;

/** A grid's saved views, as the list of every grid holds them. */
export interface GridViews {
  grid: string;
  views: SavedView[];
}

const renameViewCall = (grid: string, id: string, name: string) =>
  gridStorageRequest(viewUrl(grid, id), (m) => m.savedViewSchema, { method: "PATCH", body: JSON.stringify({ name }) });
const deleteViewCall = (grid: string, id: string) => gridStorageRequest(viewUrl(grid, id), (m) => m.deletedAnswerSchema, { method: "DELETE" });

/** After a change to `grid`'s views: its own list and the list of every grid are read again. */
function viewsChanged(client: QueryClient, grid: string) {
  return Promise.all([client.invalidateQueries({ queryKey: gridKeys.views(grid) }), client.invalidateQueries({ queryKey: gridKeys.allViews() })]);
}

/** The list of every grid's views with `change` made to `grid`'s (shown before the new list comes). */
function patchAllViews(client: QueryClient, grid: string, change: (views: SavedView[]) => SavedView[]) {
  client.setQueryData<GridViews[]>(gridKeys.allViews(), (all) => all?.map((g) => (g.grid === grid ? { grid, views: change(g.views) } : g)));
}

export function useSavedViews(grid: string, enabled = true) {
  return useQuery<SavedView[], BffError>({
    queryKey: gridKeys.views(grid),
    queryFn: async ({ signal }) => (await gridStorageRequest(viewsUrl(grid), (m) => m.savedViewListSchema, { signal })).views,
    enabled,
    staleTime: 60_000,
  });
}

/** Pages read at most for the list of every grid (the server's limits keep it far below). */
const MAX_VIEW_PAGES = 100;

/** Every page of GET /api/grid/views, joined: a grid that continues on the next page stays one. */
export async function readAllViews(signal?: AbortSignal): Promise<GridViews[]> {
  const grids: GridViews[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < MAX_VIEW_PAGES; page++) {
    const url: string = cursor ? `/api/grid/views?cursor=${encodeURIComponent(cursor)}` : "/api/grid/views";
    const answer = await gridStorageRequest(url, (m) => m.allViewsAnswerSchema, { signal });
    for (const { grid, views } of answer.grids) {
      const last = grids[grids.length - 1];
      if (last?.grid === grid) last.views.push(...views);
      else grids.push({ grid, views: [...views] });
    }
    cursor = answer.next ?? null;
    if (!cursor) break;
  }
  return grids;
}

/** Every saved view of the person, grouped by grid (the settings page; `initial` from its server). */
export function useAllSavedViews(initial: GridViews[]) {
  return useQuery<GridViews[], BffError>({
    queryKey: gridKeys.allViews(),
    queryFn: ({ signal }) => readAllViews(signal),
    initialData: initial,
    staleTime: 60_000,
  });
}

export function useCreateView(grid: string) {
  const client = useQueryClient();
  return useMutation<SavedView, BffError, { name: string; state: SavedViewState }>({
    mutationFn: (input) => gridStorageRequest(viewsUrl(grid), (m) => m.savedViewSchema, { method: "POST", body: JSON.stringify(input) }),
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
