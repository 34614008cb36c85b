// Which columns a grid shows and how wide: the browser's half of lib/grid/preferences.ts, kept
// apart so the page's first load carries no zod (the schemas there check the route handlers' input
// and load in the browser only when an answer of theirs is read, see lib/query/grid-storage.ts).
import type { FieldDef, ResourceDef } from "@/lib/ne/registry/types";
import type { GridPreferences } from "./preferences";

export const MIN_COLUMN_WIDTH = 48;
export const MAX_COLUMN_WIDTH = 1200;

/** Header text in pixels, roughly: a Japanese character ~13 px, a Latin one ~7 px (text-xs, bold). */
const JA_CHAR_PX = 13;
const EN_CHAR_PX = 7;
/** Padding, the resize handle and the sort mark around the header text. */
const HEADER_CHROME_PX = 36;
/** A header never asks for more than this by itself: long labels wrap into the tooltip. */
const MAX_LABEL_WIDTH = 260;

function byType(field: FieldDef): number {
  if (field.choicesFrom) return 200;
  if (field.format === "enum" || field.format === "flag") return 160;
  if (field.type === "D") return 150;
  if (field.type === "N") return 110;
  return 190;
}

/**
 * A sensible first width for a column: what its type needs, widened so that its label fits in
 * either language (a narrow number column with a long name, such as 引当数, was cut off).
 */
export function defaultColumnWidth(field: FieldDef): number {
  const label = Math.max([...field.label.ja].length * JA_CHAR_PX, field.label.en.length * EN_CHAR_PX) + HEADER_CHROME_PX;
  return Math.max(byType(field), Math.min(label, MAX_LABEL_WIDTH));
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
