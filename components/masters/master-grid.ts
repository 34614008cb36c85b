// What every master grid shares, for `defineGrid` (components/data-grid/define-grid.ts): its texts
// (the screen's title names the grid; empty and filtered states are the masters') and its quick
// filter, a "contains" search over its obvious text fields named by the registry's labels.
import type { GridTextKeys } from "@/components/data-grid/grid-definition";
import type { KeywordQuickFilter } from "@/lib/grid/quick-filters";
import type { MasterSlug } from "./screens";

export function masterTexts(slug: MasterSlug): GridTextKeys {
  return {
    label: `masters.screens.${slug}.title`,
    emptyTitle: "masters.grid.emptyTitle",
    emptyBody: "masters.grid.emptyBody",
    filteredTitle: "masters.grid.filteredTitle",
  };
}

/** A keyword search over `fields`; the first is the default target. */
export function masterSearch(...fields: readonly string[]): KeywordQuickFilter {
  return { kind: "keyword", label: "masters.quick.label", targets: fields.map((field) => ({ field })) };
}
