// How wide a column starts: from its field's kind (a code narrow, a number medium, a date fitted to
// the date format, a name wide) and, once a page of rows is in, from the words on that page (the
// widest value and the header, clamped to the kind's range). A person's stored width always wins
// (lib/grid/columns.ts keeps those; components/data-grid/grid-table.tsx fits only the others).
// Pure: the text measure is given (the browser's canvas, or `estimateTextWidth` here and in tests).
import type { FieldDef } from "@/lib/ne/registry/types";
import { fieldFormat, isNumericFormat } from "./format";

export type WidthKind = "code" | "number" | "date" | "choice" | "name" | "text";

/** A kind's narrowest and widest column, and its width before any row is seen. */
export interface WidthRule {
  min: number;
  base: number;
  max: number;
}

export const WIDTH_RULES: Readonly<Record<WidthKind, WidthRule>> = {
  code: { min: 56, base: 96, max: 180 },
  number: { min: 64, base: 96, max: 160 },
  date: { min: 80, base: 136, max: 180 },
  choice: { min: 64, base: 120, max: 240 },
  name: { min: 96, base: 180, max: 320 },
  text: { min: 64, base: 140, max: 260 },
};

/** A cell's horizontal padding (px-2) and a little air, so a fitted value is never cut. */
export const CELL_PADDING = 20;
/** Around a header's text: padding, the pin button and the gap before it. */
export const HEADER_CHROME = 44;
/** The key column's header also holds the order button. */
export const ORDER_BUTTON = 24;
/** A badge's own padding (px-2) around its text. */
export const BADGE_PADDING = 16;

/** Codes, numbers and flags by their field name (the official lists' `_id`, `_code`, `_no`...). */
const CODE_NAME = /(_id|_code|_cd|_no|_kbn|_flag|_flg)$/;
/** Names, addresses, notes: words people read, given room. */
const NAME_NAME = /(name|address|kana|note|memo|mail|tag|option|comment|message|instruct|title|_url)/;

export function widthKind(field: FieldDef): WidthKind {
  if (field.type === "D") return "date";
  const format = fieldFormat(field);
  if (format === "enum" || format === "flag" || field.enum || field.choicesFrom) return "choice";
  if (CODE_NAME.test(field.name)) return "code";
  if (isNumericFormat(format)) return "number";
  if (NAME_NAME.test(field.name)) return "name";
  return "text";
}

/** Where a text is drawn: a cell (text-sm), a badge (text-xs, medium) or a header (text-xs, bold). */
export type TextFace = "cell" | "badge" | "header";
export type TextMeasure = (text: string, face: TextFace) => number;

const FACE_PX: Readonly<Record<TextFace, number>> = { cell: 14, badge: 12, header: 12 };

function isWide(code: number): boolean {
  // Half-width katakana are narrow; CJK, kana, full-width forms and symbols are one em.
  if (code >= 0xff61 && code <= 0xff9f) return false;
  return code >= 0x2e80 || (code >= 0x1100 && code <= 0x115f) || (code >= 0x2460 && code <= 0x24ff);
}

/**
 * A text's width in px, a little over rather than under (it sizes columns, where under cuts the
 * words): one em a wide character, 0.62 em a digit (tabular figures), 0.72 em a capital, 0.58 em
 * other Latin letters and signs, 0.32 em a space; headers are bold (5% more).
 */
export function estimateTextWidth(text: string, face: TextFace): number {
  const px = FACE_PX[face];
  let ems = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if (isWide(code)) ems += 1;
    else if (ch === " ") ems += 0.32;
    else if (code >= 0x30 && code <= 0x39) ems += 0.62;
    else if (code >= 0x41 && code <= 0x5a) ems += 0.72;
    else if (code >= 0xff61 && code <= 0xff9f) ems += 0.5;
    else ems += 0.58;
  }
  return Math.ceil(ems * px * (face === "header" ? 1.05 : 1));
}

/** A sample date-time and date as the grid writes them (lib/grid/format.ts). */
const DATE_SAMPLE = { datetime: "2026/11/21 23:45", date: "2026/11/21" } as const;

function clamp(width: number, rule: WidthRule): number {
  return Math.round(Math.min(rule.max, Math.max(rule.min, width)));
}

/** The header's width: its label and the buttons beside it. */
export function headerWidth(label: string, measure: TextMeasure, withOrder = false): number {
  return measure(label, "header") + HEADER_CHROME + (withOrder ? ORDER_BUTTON : 0);
}

/**
 * A column's width before any row is seen, the same in both languages (a stored width equal to it
 * is not stored: lib/grid/columns.ts): the kind's base (a date's: the date format), widened to the
 * longer of its two labels, within the kind's range.
 */
export function kindWidth(field: FieldDef, measure: TextMeasure = estimateTextWidth): number {
  const kind = widthKind(field);
  const rule = WIDTH_RULES[kind];
  const format = fieldFormat(field);
  const content = kind === "date" ? measure(format === "date" ? DATE_SAMPLE.date : DATE_SAMPLE.datetime, "cell") + CELL_PADDING : rule.base;
  const label = Math.max(headerWidth(field.label.ja, measure), headerWidth(field.label.en, measure));
  return clamp(Math.max(content, label), rule);
}

/** What one column shows on a page: its header's width and its values as drawn. */
export interface ColumnWords {
  field: FieldDef;
  /** The header's width in px (`headerWidth`). */
  header: number;
  /** The values' widths in px as drawn (badge padding included), blanks left out. */
  values: readonly number[];
}

/**
 * The width that fits a column's words: its widest value plus the cell's padding, or its header if
 * wider, within its kind's range (an empty column is as wide as its header). A date column keeps
 * room for the date format even when the page's dates are blank.
 */
export function fittedWidth({ field, header, values }: ColumnWords, measure: TextMeasure = estimateTextWidth): number {
  const kind = widthKind(field);
  const rule = WIDTH_RULES[kind];
  let widest = 0;
  for (const w of values) if (w > widest) widest = w;
  let content = widest > 0 ? widest + CELL_PADDING : 0;
  if (kind === "date" && content === 0) content = measure(fieldFormat(field) === "date" ? DATE_SAMPLE.date : DATE_SAMPLE.datetime, "cell") + CELL_PADDING;
  return clamp(Math.max(content, header), rule);
}
