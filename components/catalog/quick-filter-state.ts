// What the catalog grids' quick filters (goods, stock, warehouse stock, images) read from and
// write to the URL filters, without React: which field a keyword search targets and its text,
// the filters a new search gives, and the state of a tri-state toggle.
import { filterKey, filterValues, findFilter, validateFilter, type GridFilter } from "@/lib/grid/filters";
import type { Operator, ResourceDef } from "@/lib/ne/registry/types";

export interface KeywordState {
  /** The field searched now, or the first of `fields` when none is. */
  field: string;
  /** The searched text as typed: the `%` the grid adds around a pattern is not shown. */
  text: string;
}

/** The active keyword search among `fields` (`like` filters); the first one found wins. */
export function keywordState(filters: readonly GridFilter[], fields: readonly string[]): KeywordState {
  for (const field of fields) {
    const value = filterValues(findFilter(filters, field, "like"))[0];
    if (value !== undefined) return { field, text: value.replace(/^%+|%+$/g, "") };
  }
  return { field: fields[0] ?? "", text: "" };
}

/** The keys a keyword search replaces: every target's `like` filter. */
export function keywordKeys(fields: readonly string[]): string[] {
  return fields.map((field) => filterKey({ field, op: "like" }));
}

/**
 * The filters of a new keyword search: one `like` on `field`, none for blank text, a field outside
 * `fields`, or a value the registry refuses (too long, not a field of the resource).
 */
export function keywordFilters(resource: ResourceDef, fields: readonly string[], field: string, text: string): GridFilter[] {
  const trimmed = text.trim();
  if (!trimmed || !fields.includes(field)) return [];
  const filter = validateFilter(resource, { field, op: "like", value: trimmed });
  return filter ? [filter] : [];
}

/** One option of a tri-state toggle: the filter it stands for (none for "all"). */
export interface ToggleChoice<T extends string> {
  value: T;
  filter: { op: Operator; value: string } | null;
}

/** The option whose filter on `field` is in `filters`, or the one without a filter. */
export function toggleState<T extends string>(filters: readonly GridFilter[], field: string, choices: readonly ToggleChoice<T>[]): T | undefined {
  const match = choices.find((c) => c.filter && findFilter(filters, field, c.filter.op)?.value === c.filter.value);
  return (match ?? choices.find((c) => c.filter === null))?.value;
}

/** The keys a toggle on `field` replaces and the filters of the chosen option. */
export function toggleFilters<T extends string>(field: string, choices: readonly ToggleChoice<T>[], chosen: T): { keys: string[]; next: GridFilter[] } {
  const keys = [...new Set(choices.flatMap((c) => (c.filter ? [filterKey({ field, op: c.filter.op })] : [])))];
  const filter = choices.find((c) => c.value === chosen)?.filter;
  return { keys, next: filter ? [{ field, op: filter.op, value: filter.value }] : [] };
}
