// The order a grid shows its rows in: newest first (`desc`, the default) or oldest first (`asc`),
// on the key column. The API offers no sort parameter (spec section 4: rows come in primary-key
// order, oldest first), so newest first pages from the end: page N of newest first is the API's
// rows [total - N·size, total - (N-1)·size), reversed. That needs the total first (the count twin),
// so newest first costs the count's round trip before the page's: two in a row on a first paint or
// a filter change, one on a page change (the count is kept). Oldest first asks for the page
// directly, in parallel with the count, as before.
// Pure and browser-safe: the grid, its export and the tests use the same arithmetic.

export const ROW_ORDERS = ["desc", "asc"] as const;
export type RowOrder = (typeof ROW_ORDERS)[number];
/** Shop staff want today's orders first. */
export const DEFAULT_ROW_ORDER: RowOrder = "desc";

/** `order=`: `asc` or `desc`, else null (the default is used). */
export function parseRowOrder(s: string): RowOrder | null {
  return s === "asc" || s === "desc" ? s : null;
}

/** The API's window (offset, limit) of one page. */
export interface PageWindow {
  offset: number;
  limit: number;
}

/**
 * The API's offset and limit of page `page` (from 1) of `size` rows in `order`, or null when it
 * cannot be known yet (newest first before the total is in). Newest first's last page is short
 * (`limit` below `size`), and a page past the end asks for nothing that exists (offset = total),
 * as oldest first's does, so both answer no rows there.
 */
export function pageWindow(order: RowOrder, page: number, size: number, total: number | undefined): PageWindow | null {
  if (order === "asc") return { offset: (page - 1) * size, limit: size };
  if (total === undefined) return null;
  const end = total - (page - 1) * size;
  if (end <= 0) return { offset: total, limit: size };
  const offset = Math.max(0, end - size);
  return { offset, limit: end - offset };
}

/** The rows of one page as the grid shows them: the API's order, reversed for newest first. */
export function inRowOrder<T>(rows: readonly T[], order: RowOrder): T[] {
  return order === "desc" ? [...rows].reverse() : [...rows];
}

/** The row numbers (1-based, in the grid's order) of page `page` holding `rowsOnPage` rows. */
export function pageRange(page: number, size: number, rowsOnPage: number): { first: number; last: number } {
  const before = (page - 1) * size;
  return rowsOnPage === 0 ? { first: 0, last: 0 } : { first: before + 1, last: before + rowsOnPage };
}

/** How many pages `total` rows make (at least 1: an empty result still has its first page). */
export function pageCount(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / size));
}

/** The page is past the end of a result of `total` rows (it would hold none of them). */
export function isPastEnd(page: number, size: number, total: number): boolean {
  return page > 1 && (page - 1) * size >= total;
}
