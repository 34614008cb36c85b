// The grid's column model, built from the registry: which columns exist (every field of the
// resource), which show and in what order, how wide, and which are pinned to the left edge.
// TanStack Table (components/data-grid/grid-table.tsx) owns this state while the grid runs;
// these pure functions seed it from the person's stored layout and turn it back into one.
// The browser's half of lib/grid/preferences.ts, kept apart so the page's first load carries no
// zod (the schemas there check the route handlers' input and load in the browser only when an
// answer of theirs is read, see lib/query/grid-storage.ts).
import type { FieldDef, ResourceDef } from "@/lib/ne/registry/types";
import { kindWidth } from "./column-widths";
import { fieldFormat, type GridLocale } from "./format";
import type { GridPreferences } from "./preferences";

export const MIN_COLUMN_WIDTH = 48;
export const MAX_COLUMN_WIDTH = 1200;
/** The selection checkboxes: a column of TanStack Table's like the others, always pinned first. */
export const SELECT_COLUMN = "select";
export const SELECT_COLUMN_WIDTH = 40;

/**
 * A column's first width, before a page of rows is seen: from its field's kind (a code narrow, a
 * number medium, a date fitted to the date format, a name wide), widened so that its label fits in
 * either language (./column-widths.ts). The grid then fits the columns nobody resized to the words
 * of the page (components/data-grid/grid-table.tsx); stored widths win.
 */
export function defaultColumnWidth(field: FieldDef): number {
  return kindWidth(field);
}

/** How a column filters in the filter builder: from the field's type and format. */
export type FilterKind = "choice" | "text" | "number" | "date" | "none";

export function filterKindOf(field: FieldDef): FilterKind {
  if (!field.searchable) return "none";
  if (field.enum || field.choicesFrom) return "choice";
  if (field.type === "D") return "date";
  if (field.type === "N") return "number";
  return "text";
}

/** What a column carries besides its values (TanStack Table's column `meta`). */
export interface GridColumnMeta {
  field: FieldDef;
  label: Readonly<Record<GridLocale, string>>;
  format: ReturnType<typeof fieldFormat>;
  filter: FilterKind;
}

export function columnMeta(field: FieldDef): GridColumnMeta {
  return { field, label: field.label, format: fieldFormat(field), filter: filterKindOf(field) };
}

/** The parts of a stored layout the column model reads. */
export type StoredLayout = Pick<GridPreferences, "columns" | "widths" | "pinned">;

/** A grid's columns as TanStack Table holds them (its `columnOrder`, `columnVisibility`, ...). */
export interface ColumnModel {
  /** Shown columns, in order (the selection column not included). */
  shown: string[];
  /** Every column of the resource: the shown ones in their order, then the rest. */
  order: string[];
  visibility: Record<string, boolean>;
  /** Width in px of every column of the resource. */
  sizing: Record<string, number>;
  /** Shown columns pinned to the left edge, in order (the selection column not included). */
  pinned: string[];
}

export interface ColumnDefaults {
  columns: readonly string[];
  /** Pinned when the stored layout says nothing about pinning: the record's key column. */
  pinned?: readonly string[];
}

function clampWidth(width: number): number {
  return Math.round(Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, width)));
}

/**
 * The column model of a grid: the stored order with names the resource lacks dropped (or the
 * defaults when nothing usable is stored), stored widths over each field's default width, and the
 * stored pins (or the default pins) among the shown columns.
 */
export function columnModel(resource: ResourceDef, defaults: ColumnDefaults, stored: StoredLayout | null | undefined): ColumnModel {
  const names = new Set(resource.fields.map((f) => f.name));
  const pick = (list: readonly string[]) => [...new Set(list)].filter((n) => names.has(n));
  let shown = stored ? pick(stored.columns) : [];
  if (shown.length === 0) shown = pick(defaults.columns);
  const showing = new Set(shown);
  const order = [...shown, ...resource.fields.map((f) => f.name).filter((n) => !showing.has(n))];
  const visibility: Record<string, boolean> = {};
  const sizing: Record<string, number> = {};
  const widths = stored?.widths ?? {};
  for (const field of resource.fields) {
    visibility[field.name] = showing.has(field.name);
    const width = widths[field.name];
    sizing[field.name] = width === undefined ? defaultColumnWidth(field) : clampWidth(width);
  }
  const pinned = pick(stored?.pinned ?? defaults.pinned ?? []).filter((n) => showing.has(n));
  return { shown, order, visibility, sizing, pinned };
}

/**
 * The layout to store for a model: shown columns in order, the widths that differ from their
 * field's default, and the pins. Widths equal to the default are left out, so a later change of
 * a default reaches people who never resized that column.
 */
export function layoutOf(resource: ResourceDef, model: Pick<ColumnModel, "shown" | "sizing" | "pinned">): Required<StoredLayout> {
  const byName = new Map(resource.fields.map((f) => [f.name, f]));
  const widths: Record<string, number> = {};
  for (const name of model.shown) {
    const field = byName.get(name);
    const width = model.sizing[name];
    if (field && width !== undefined && clampWidth(width) !== defaultColumnWidth(field)) widths[name] = clampWidth(width);
  }
  const showing = new Set(model.shown);
  return { columns: [...model.shown], widths, pinned: model.pinned.filter((n) => showing.has(n)) };
}

/**
 * Whether a layout to store is the grid's defaults (same columns in the same order, the default
 * pins, no width of its own): such a layout is not kept as the person's, so "Back to defaults"
 * leaves the grid at its defaults (the settings page says so) and later default changes reach it.
 */
export function isDefaultLayout(layout: Required<StoredLayout>, defaults: { columns: readonly string[]; pinned: readonly string[] }): boolean {
  const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((n, i) => n === b[i]);
  return same(layout.columns, defaults.columns) && same(layout.pinned, defaults.pinned) && Object.keys(layout.widths).length === 0;
}

/** The columns in the order they are drawn: pinned ones first (in pin order), then the rest. */
export function drawnOrder(model: Pick<ColumnModel, "shown" | "pinned">): string[] {
  const pinned = new Set(model.pinned);
  return [...model.pinned, ...model.shown.filter((n) => !pinned.has(n))];
}

/**
 * The default pins of a grid: its key column (the slip number, the goods code) when it is among
 * the default columns: the one named, else the primary-key field that names the row (a warehouse
 * stock row's goods code rather than its warehouse), else the first primary-key field shown.
 */
export function defaultPins(resource: ResourceDef, defaultColumns: readonly string[], keyColumn?: string): string[] {
  const shown = (name: string | undefined): name is string => name !== undefined && defaultColumns.includes(name);
  const titleIsKey = resource.titleField !== undefined && resource.primaryKey.includes(resource.titleField) ? resource.titleField : undefined;
  const key = [keyColumn, titleIsKey, ...resource.primaryKey].find(shown);
  return key ? [key] : [];
}
