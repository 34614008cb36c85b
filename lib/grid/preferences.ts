// What the dashboard keeps per person and grid (columns, their order and widths) and what a saved
// view holds (name, filters, columns). The same zod schemas check the route handlers' input and
// the browser's reading of their answers. Field names are checked for shape here; the grid drops
// names its resource does not have when it applies a stored state.
import { z } from "zod";
import type { FieldDef, ResourceDef } from "@/lib/ne/registry/types";
import { PAGE_SIZES } from "./page-sizes";

const fieldName = z.string().regex(/^[a-z0-9_]{1,100}$/);

/** A grid's id: the preferences key and the export file's name (`orders`, `order-rows`). */
export const gridIdSchema = z.string().regex(/^[a-z][a-z0-9-]{0,39}$/);

export const MIN_COLUMN_WIDTH = 48;
export const MAX_COLUMN_WIDTH = 1200;
const width = z.number().int().min(MIN_COLUMN_WIDTH).max(MAX_COLUMN_WIDTH);

export const gridPreferencesSchema = z
  .object({
    /** Visible columns, in order. */
    columns: z.array(fieldName).min(1).max(400),
    /** Widths in px of the columns someone resized. */
    widths: z.record(fieldName, width).default({}),
  })
  .strict();
export type GridPreferences = z.infer<typeof gridPreferencesSchema>;

export const savedViewStateSchema = z
  .object({
    /** Filter tokens as in the URL (`field.op:value`). */
    filters: z.array(z.string().max(12_000)).max(200),
    columns: z.array(fieldName).min(1).max(400).optional(),
    widths: z.record(fieldName, width).optional(),
    size: z.union(PAGE_SIZES.map((s) => z.literal(s))).optional(),
  })
  .strict();
export type SavedViewState = z.infer<typeof savedViewStateSchema>;

export const viewNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(80)
  .refine((s) => !/[\u0000-\u001f\u007f]/.test(s), "no control characters");

export const createViewSchema = z.object({ name: viewNameSchema, state: savedViewStateSchema }).strict();
export const renameViewSchema = z.object({ name: viewNameSchema }).strict();

export const savedViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  state: savedViewStateSchema,
  updatedAt: z.string(),
});
export type SavedView = z.infer<typeof savedViewSchema>;
export const savedViewListSchema = z.object({ views: z.array(savedViewSchema) });
export const preferencesAnswerSchema = z.object({ preferences: gridPreferencesSchema.nullable() });

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
