// Links between grids that carry over what applies: the order rows of
// the slips shown, the stock and images of the goods shown. A source grid's filter is translated
// to the target's fields when each of its fields has a twin there (slip number → the row's slip
// number); otherwise the records on the current page (or the rows selected) are named with an
// `in` filter on the target (`receive_order_row_receive_order_id.in:1,2,3`), since the target's API
// cannot filter by the source's fields (an order row has no shop). The target then reads it from
// its URL like any other filter, so its chips say what was carried. Pure and browser-safe.
import type { ApiRow } from "@/lib/query/call-operation";
import { MAX_LIST_VALUES, type ResourceDef } from "@/lib/ne/registry/types";
import { MAX_FILTER_TOKEN_LENGTH, serializeFilterToken, validateFilter, type GridFilter } from "./filters";
import { writeGridUrlState } from "./url-state";

/** How a link from one grid carries its filter to another. */
export interface LinkCarry {
  /** The target grid's resource (filters are checked against it). */
  target: ResourceDef;
  /** Source fields whose filters hold as they are on the target, and the target's field of each. */
  fields: Readonly<Record<string, string>>;
  /** The source field naming the linked records (slip number, goods code) → the target's field. */
  key: { from: string; to: string };
}

/** What the source grid shows now. */
export interface LinkSource {
  filters: readonly GridFilter[];
  /** The order search's picked slips (`extension_execution_id`): never a target's filter. */
  extensionExecutionId?: string | null;
  /** The rows of the current page, once they are in (undefined while loading). */
  rows: readonly ApiRow[] | undefined;
  /** The selected rows of the page (empty when none). */
  selected: readonly ApiRow[];
  /** The result's total, when counted. */
  total: number | undefined;
}

/**
 * What a link carries:
 * - `none`: nothing applies on the source, so nothing is carried (the target unfiltered);
 * - `filters`: the source's filters, translated field by field;
 * - `selection` / `page`: the records selected / on this page, by key (`count` of them; `partial`
 *   when the page holds only part of the result);
 * - `nothing`: the source shows no records, so there is nothing to link to;
 * - `tooMany`: more records than one `in` filter (or a URL) holds: not carried;
 * - `pending`: the page's rows are not in yet.
 */
export type Carried =
  | { kind: "none" }
  | { kind: "filters"; filters: GridFilter[] }
  | { kind: "selection" | "page"; filters: GridFilter[]; count: number; partial: boolean }
  | { kind: "nothing" }
  | { kind: "tooMany"; count: number }
  | { kind: "pending" };

function distinctValues(rows: readonly ApiRow[], field: string): string[] {
  const out = new Set<string>();
  for (const row of rows) {
    const value = row[field];
    if (value !== null && value !== undefined && value !== "") out.add(value);
  }
  return [...out];
}

function byKeys(carry: LinkCarry, rows: readonly ApiRow[], kind: "selection" | "page", partial: boolean): Carried {
  const values = distinctValues(rows, carry.key.from);
  if (values.length === 0) return { kind: "nothing" };
  if (values.length > MAX_LIST_VALUES) return { kind: "tooMany", count: values.length };
  const filter = validateFilter(carry.target, { field: carry.key.to, op: "in", value: values });
  // A value the target's field cannot hold (or a list that lost values on the way) is not carried.
  if (!filter || filter.value?.length !== values.length) return { kind: "tooMany", count: values.length };
  if (serializeFilterToken(filter).length > MAX_FILTER_TOKEN_LENGTH) return { kind: "tooMany", count: values.length };
  return { kind, filters: [filter], count: values.length, partial };
}

/** The source's filters on the target's fields, or null when one of them has no twin there. */
export function translateFilters(carry: LinkCarry, filters: readonly GridFilter[]): GridFilter[] | null {
  const out: GridFilter[] = [];
  for (const filter of filters) {
    const to = carry.fields[filter.field];
    if (!to) return null;
    const translated = validateFilter(carry.target, { ...filter, field: to });
    if (!translated) return null;
    out.push(translated);
  }
  return out;
}

/** What a link carries from `source` (see `Carried`): a selection first, then the filters. */
export function carryFilters(carry: LinkCarry, source: LinkSource): Carried {
  if (source.selected.length > 0) return byKeys(carry, source.selected, "selection", false);
  const filtered = source.filters.length > 0 || Boolean(source.extensionExecutionId);
  if (!filtered) return { kind: "none" };
  if (!source.extensionExecutionId) {
    const translated = translateFilters(carry, source.filters);
    if (translated) return { kind: "filters", filters: translated };
  }
  if (!source.rows) return { kind: "pending" };
  const partial = source.total === undefined || source.total > source.rows.length;
  return byKeys(carry, source.rows, "page", partial);
}

/** The target's address with what was carried (a plain link when nothing or too much was). */
export function carriedHref(path: `/${string}`, carry: LinkCarry, carried: Carried): string {
  if (carried.kind === "filters" || carried.kind === "selection" || carried.kind === "page") {
    return writeGridUrlState(carry.target, path, { filters: carried.filters });
  }
  return path;
}

/** A grid's address filtered to one record or its related ones (`open`: its drawer too). */
export function filteredHref(path: string, resource: ResourceDef, filters: readonly GridFilter[], open?: string): string {
  return writeGridUrlState(resource, path, { filters: [...filters], ...(open ? { open } : {}) });
}
