"use client";
// The widths of the columns nobody resized, fitted to the words of the page shown (the rules and
// ranges: lib/grid/column-widths.ts): each value as the cell draws it (a shop's short name, a
// status badge, a custom cell's text), measured with the page's font on a canvas, and the header.
// Only the first rows are measured: a 10,000-row page is sized by its first 200.
import { BADGE_PADDING, estimateTextWidth, fittedWidth, headerWidth, type TextFace, type TextMeasure } from "@/lib/grid/column-widths";
import { enumLabel, fieldFormat, formatValue, type GridLocale } from "@/lib/grid/format";
import type { ApiRow } from "@/lib/query/call-operation";
import type { FieldDef } from "@/lib/ne/registry/types";
import type { GridDefinition, Translate } from "./grid-definition";
import type { ChoiceLabels } from "./grid-table";

/** Rows measured per page. */
export const MEASURED_ROWS = 200;

const FONTS: Readonly<Record<TextFace, string>> = { cell: "400 14px", badge: "500 12px", header: "600 12px" };
let context: CanvasRenderingContext2D | null | undefined;
const cache = new Map<string, number>();

/** The browser's measure of a text in the grid's font (the estimate where there is no canvas). */
export function canvasMeasure(family: string): TextMeasure {
  if (context === undefined) context = typeof document === "undefined" ? null : document.createElement("canvas").getContext("2d");
  const ctx = context;
  if (!ctx || !family) return estimateTextWidth;
  return (text, face) => {
    const key = `${face}|${family}|${text}`;
    let width = cache.get(key);
    if (width === undefined) {
      ctx.font = `${FONTS[face]} ${family}`;
      width = Math.ceil(ctx.measureText(text).width) + 1;
      if (cache.size > 20_000) cache.clear();
      cache.set(key, width);
    }
    return width;
  };
}

/** One value as the cell draws it: its text, on which face, and what surrounds it. */
function drawnWidth(field: FieldDef, value: string, row: ApiRow, locale: GridLocale, choice: ChoiceLabels | undefined, measure: TextMeasure): number {
  const format = fieldFormat(field);
  if (field.enum && (format === "enum" || format === "flag")) {
    const label = enumLabel(field, value, locale);
    if (label !== undefined) {
      // A flag's first value is plain text; the others are badges.
      const plain = format === "flag" && field.enum[0]?.value === value;
      return plain ? measure(label, "cell") : measure(label, "badge") + BADGE_PADDING;
    }
  }
  const named = choice?.shortOf?.(value) ?? choice?.labelOf(value);
  return measure(named ?? formatValue(field, value, locale), "cell");
}

/**
 * Widths fitted to `rows` for `fields` (the columns without a stored width). A custom cell is
 * fitted to its `text` when it has one, else given its `width`, else left at its kind's width
 * (not in the answer).
 */
export function fitWidths(options: {
  fields: readonly FieldDef[];
  rows: readonly ApiRow[];
  definition: GridDefinition;
  locale: GridLocale;
  choiceLabels: Readonly<Record<string, ChoiceLabels>>;
  t: Translate;
  measure: TextMeasure;
  /** The column holding the order button (its header is wider). */
  orderColumn?: string;
}): Record<string, number> {
  const { fields, definition, locale, choiceLabels, t, measure, orderColumn } = options;
  const rows = options.rows.length > MEASURED_ROWS ? options.rows.slice(0, MEASURED_ROWS) : options.rows;
  const out: Record<string, number> = {};
  for (const field of fields) {
    const custom = definition.cells?.[field.name];
    if (custom && !custom.text) {
      if (custom.width) out[field.name] = custom.width;
      continue;
    }
    const choice = choiceLabels[field.name];
    const values: number[] = [];
    for (const row of rows) {
      const value = row[field.name] ?? null;
      if (value === null || value === "") continue;
      if (custom?.text) {
        const text = custom.text({ field, value, row, locale }, t);
        if (text) values.push(measure(text, "cell"));
      } else values.push(drawnWidth(field, value, row, locale, choice, measure));
    }
    out[field.name] = fittedWidth({ field, header: headerWidth(field.label[locale], measure, field.name === orderColumn), values }, measure);
  }
  return out;
}
