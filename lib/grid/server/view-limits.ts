import "server-only";
// How much one person may keep as saved views: a number per grid, a size per view and a size in
// all (the grids are the registry's, lib/grid/grids.ts, so the number of grids is bounded too).
// Settings with defaults (README "Environment"): GRID_VIEWS_PER_GRID (50), GRID_VIEW_MAX_KB (64),
// GRID_VIEWS_TOTAL_KB (2048). A view's size is its name and its state as JSON, in UTF-8 bytes.

export interface ViewLimits {
  /** Saved views per person and grid. */
  perGrid: number;
  /** Bytes of one view (name + state as JSON). */
  viewBytes: number;
  /** Bytes of all of a person's views together. */
  totalBytes: number;
}

function positiveInteger(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

export function viewLimits(env: Record<string, string | undefined> = process.env): ViewLimits {
  return {
    perGrid: positiveInteger(env.GRID_VIEWS_PER_GRID, 50),
    viewBytes: positiveInteger(env.GRID_VIEW_MAX_KB, 64) * 1024,
    totalBytes: positiveInteger(env.GRID_VIEWS_TOTAL_KB, 2048) * 1024,
  };
}

/** A view's size as the limits count it. */
export function viewSize(name: string, state: unknown): number {
  return Buffer.byteLength(name) + Buffer.byteLength(JSON.stringify(state));
}

/** The body limit of a view's POST: room for the largest view and the JSON around it. */
export function viewBodyLimit(limits: ViewLimits): number {
  return limits.viewBytes + 4 * 1024;
}
