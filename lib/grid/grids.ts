// Every grid of the dashboard that keeps per-person storage (its columns, saved views): the only
// ids app/api/grid accepts (any other is 404, so nothing is stored under an invented grid). The
// settings page lists the same grids with their pages and titles (components/settings/grids.ts);
// app/api/grid/grid-ids.test.ts keeps both in step with the grid pages. Browser-safe plain data.
export const GRID_IDS = [
  "orders",
  "order-rows",
  "goods",
  "stock",
  "warehouse-stock",
  "images",
  // The masters area's grids: their slugs (components/masters/screens.ts).
  "set-goods",
  "goods-tags",
  "supply-orders",
  "place-order-rows",
  "shops",
  "malls",
  "warehouses",
  "wholesale",
  "payment-delivery-conversions",
  "forwarding-agents",
  "grouping-tags",
  "upload-queue",
] as const;

export type GridId = (typeof GRID_IDS)[number];

const known: ReadonlySet<string> = new Set(GRID_IDS);

export function isGridId(id: string): id is GridId {
  return known.has(id);
}
