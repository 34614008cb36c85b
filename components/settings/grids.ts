// Every grid that keeps per-person storage (saved views, columns): its id (the storage key), the
// page it lives on, and the message of its title. The masters grids' ids are their slugs.
import { masterHref, masterScreens } from "@/components/masters/screens";

export interface GridEntry {
  id: string;
  href: string;
  /** A message key of the whole catalogue (`areas.orders.title`). */
  titleKey: string;
}

export const settingsGrids: readonly GridEntry[] = [
  { id: "orders", href: "/orders", titleKey: "areas.orders.title" },
  { id: "order-rows", href: "/order-rows", titleKey: "areas.order-rows.title" },
  { id: "goods", href: "/goods", titleKey: "areas.goods.title" },
  { id: "stock", href: "/stock", titleKey: "areas.stock.title" },
  { id: "warehouse-stock", href: "/stock/warehouses", titleKey: "stock.warehouses.title" },
  { id: "images", href: "/images", titleKey: "areas.images.title" },
  ...masterScreens
    .filter((s) => s.kind === "grid")
    .map((s) => ({ id: s.slug, href: masterHref(s.slug), titleKey: `masters.screens.${s.slug}.title` })),
];

/** The grid's page opened on a saved view's filters and page size (the grid's URL state). */
export function viewHref(href: string, state: { filters: readonly string[]; size?: number }): string {
  const params = new URLSearchParams();
  for (const token of state.filters) params.append("f", token);
  if (state.size !== undefined) params.set("size", String(state.size));
  const query = params.toString();
  return query ? `${href}?${query}` : href;
}
