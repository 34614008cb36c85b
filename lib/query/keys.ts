// Query keys of the API's operations, from one factory (Medusa's shape): invalidate everything
// (`all`), every request of one operation (`operation`), or one exact request (`request`).
import type { NeRequest, OperationPath } from "./call-operation";

export const neKeys = {
  all: ["ne"] as const,
  operation: (path: OperationPath) => [...neKeys.all, path] as const,
  request: (path: OperationPath, request: NeRequest = {}) => [...neKeys.operation(path), request] as const,
};

/** Keys of the dashboard's own grid storage (preferences and saved views). */
export const gridKeys = {
  all: ["grid"] as const,
  preferences: (grid: string) => [...gridKeys.all, grid, "preferences"] as const,
  views: (grid: string) => [...gridKeys.all, grid, "views"] as const,
  /** Every grid at once (the settings page); `@` keeps these apart from any grid id. */
  allViews: () => [...gridKeys.all, "@all", "views"] as const,
  customized: () => [...gridKeys.all, "@all", "preferences"] as const,
};

/** Keys of the upload journal (app/api/uploads): its lists and each file. */
export const uploadKeys = {
  all: ["uploads"] as const,
  lists: () => [...uploadKeys.all, "list"] as const,
  list: (filter: object) => [...uploadKeys.lists(), filter] as const,
  file: (id: string) => [...uploadKeys.all, "file", id] as const,
};
