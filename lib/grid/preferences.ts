// What the dashboard keeps per person and grid (columns, their order and widths) and what a saved
// view holds (name, filters, columns). The same zod schemas check the route handlers' input and
// the browser's reading of their answers. Field names are checked for shape here; the grid drops
// names its resource does not have when it applies a stored state.
import { _default, array, gte, literal, lte, maxLength, minLength, nullable, number, object, optional, record, refine, regex, strictObject, string, trim, type output } from "zod/mini";
import type { FieldDef, ResourceDef } from "@/lib/ne/registry/types";
import { PAGE_SIZES } from "./page-sizes";

// zod/mini: the same checks as zod, a fraction of its weight in the browser bundle.
const fieldName = string().check(regex(/^[a-z0-9_]{1,100}$/));

/** A grid's id: the preferences key and the export file's name (`orders`, `order-rows`). */
export const gridIdSchema = string().check(regex(/^[a-z][a-z0-9-]{0,39}$/));

export const MIN_COLUMN_WIDTH = 48;
export const MAX_COLUMN_WIDTH = 1200;
const width = number().check(refine(Number.isInteger), gte(MIN_COLUMN_WIDTH), lte(MAX_COLUMN_WIDTH));
const columnList = array(fieldName).check(minLength(1), maxLength(400));

export const gridPreferencesSchema = strictObject({
  /** Visible columns, in order. */
  columns: columnList,
  /** Widths in px of the columns someone resized. */
  widths: _default(record(fieldName, width), {}),
});
export type GridPreferences = output<typeof gridPreferencesSchema>;

export const savedViewStateSchema = strictObject({
  /** Filter tokens as in the URL (`field.op:value`). */
  filters: array(string().check(maxLength(12_000))).check(maxLength(200)),
  columns: optional(columnList),
  widths: optional(record(fieldName, width)),
  size: optional(literal(PAGE_SIZES)),
});
export type SavedViewState = output<typeof savedViewStateSchema>;

export const viewNameSchema = string().check(
  trim(),
  minLength(1),
  maxLength(80),
  refine((s) => !/[\u0000-\u001f\u007f]/.test(s), "no control characters"),
);

export const createViewSchema = strictObject({ name: viewNameSchema, state: savedViewStateSchema });
export const renameViewSchema = strictObject({ name: viewNameSchema });

export const savedViewSchema = object({
  id: string(),
  name: string(),
  state: savedViewStateSchema,
  updatedAt: string(),
});
export type SavedView = output<typeof savedViewSchema>;
export const savedViewListSchema = object({ views: array(savedViewSchema) });
export const preferencesAnswerSchema = object({ preferences: nullable(gridPreferencesSchema) });

/** How many views one person may keep per grid. */
export const MAX_VIEWS_PER_GRID = 100;

/** A sensible first width for a column, from its type and label. */
export function defaultColumnWidth(field: FieldDef): number {
  if (field.choicesFrom) return 200;
  if (field.format === "enum" || field.format === "flag") return 160;
  if (field.type === "D") return 150;
  if (field.type === "N") return 110;
  return 190;
}

export interface ResolvedColumn {
  field: FieldDef;
  width: number;
}

/**
 * The columns to show: the stored order with names the resource lacks dropped, or the defaults
 * when nothing usable is stored.
 */
export function resolveColumns(
  resource: ResourceDef,
  defaults: readonly string[],
  preferences: Pick<GridPreferences, "columns" | "widths"> | null | undefined,
): ResolvedColumn[] {
  const byName = new Map(resource.fields.map((f) => [f.name, f]));
  const pick = (names: readonly string[]) => [...new Set(names)].flatMap((n) => (byName.has(n) ? [byName.get(n) as FieldDef] : []));
  let fields = preferences ? pick(preferences.columns) : [];
  if (fields.length === 0) fields = pick(defaults);
  const widths = preferences?.widths ?? {};
  return fields.map((field) => ({ field, width: widths[field.name] ?? defaultColumnWidth(field) }));
}
