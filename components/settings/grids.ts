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

export interface SettingsView {
  id: string;
  name: string;
  href: string;
  filterCount: number;
}

export interface SettingsViewGroup {
  grid: string;
  title: string;
  views: SettingsView[];
}

export interface SettingsGridLayout {
  grid: string;
  title: string;
  href: string;
  customized: boolean;
}

interface StoredViews {
  grid: string;
  views: readonly { id: string; name: string; state: { filters: readonly string[]; size?: number } }[];
}

/**
 * The settings page's saved views: grids in navigation order, each with its views (opened on the
 * grid's page); views of a grid the dashboard no longer has, and grids without views, are left out.
 */
export function viewGroups(all: readonly StoredViews[], titleOf: (entry: GridEntry) => string): SettingsViewGroup[] {
  return settingsGrids.flatMap((entry) => {
    const found = all.find((g) => g.grid === entry.id);
    if (!found || found.views.length === 0) return [];
    const views = found.views.map((v) => ({ id: v.id, name: v.name, href: viewHref(entry.href, v.state), filterCount: v.state.filters.length }));
    return [{ grid: entry.id, title: titleOf(entry), views }];
  });
}

/** Every grid in navigation order, and whether the person changed its columns. */
export function gridLayouts(customized: readonly string[], titleOf: (entry: GridEntry) => string): SettingsGridLayout[] {
  return settingsGrids.map((entry) => ({ grid: entry.id, title: titleOf(entry), href: entry.href, customized: customized.includes(entry.id) }));
}

/** The grid's page opened on a saved view's filters, page size and row order (the grid's URL state). */
export function viewHref(href: string, state: { filters: readonly string[]; size?: number; order?: "asc" | "desc" }): string {
  const params = new URLSearchParams();
  for (const token of state.filters) params.append("f", token);
  if (state.size !== undefined) params.set("size", String(state.size));
  // Newest first is the grid's default: only oldest first needs saying.
  if (state.order === "asc") params.set("order", "asc");
  const query = params.toString();
  return query ? `${href}?${query}` : href;
}
