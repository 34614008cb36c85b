// How grid cells, drawers and chips show the API's values (all strings or null on the wire):
// yen `¥1,234`, quantities `1,234`, date-times in Japan time in the page's one date style
// (`2026/11/21 14:05`, `Nov 21, 2026 14:05`: ./day-format.ts), enums by their registry label in
// the current language. Pure and locale-explicit, so tests pin it.
import type { FieldDef, FieldFormat } from "@/lib/ne/registry/types";
import { formatDay, formatDayTime } from "./day-format";

export type GridLocale = "ja" | "en";

const NUMERIC = /^(-)?(\d+)(\.\d+)?$/;
const API_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

function group(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** `1234.5` → `1,234.5`; anything not a plain number comes back unchanged. */
export function formatGrouped(raw: string): string {
  const m = NUMERIC.exec(raw.trim());
  if (!m) return raw;
  return `${m[1] ?? ""}${group(m[2] ?? "")}${m[3] ?? ""}`;
}

/**
 * Yen with the half-width sign the shops write (`¥1,234`, `-¥500`). Amounts are whole yen in
 * the API; a fraction, if one ever comes, is kept rather than rounded away.
 */
export function formatYen(raw: string): string {
  const m = NUMERIC.exec(raw.trim());
  if (!m) return raw;
  return `${m[1] ?? ""}¥${group(m[2] ?? "")}${m[3] ?? ""}`;
}

/**
 * The API's JST date-time (`2026-11-21 23:45:09`) as people read it in `locale` (`2026/11/21
 * 23:45`, `Nov 21, 2026 23:45`). The value is already Japan time with no offset: it is
 * reformatted, never shifted by the browser's time zone. `0000-00-00 ...` (the API's "none")
 * shows as empty.
 */
export function formatJstDateTime(raw: string, withTime = true, locale: GridLocale = "ja"): string {
  const m = API_DATE_TIME.exec(raw.trim());
  if (!m) return raw;
  const [, y, mo, d, h, mi] = m;
  if (y === "0000") return "";
  const day = `${y}-${mo}-${d}`;
  if (!withTime || h === undefined) return formatDay(day, locale);
  return formatDayTime(day, `${h}:${mi}`, locale);
}

/** The registry's label of an enum value in `locale`, or undefined for a value it does not list. */
export function enumLabel(field: FieldDef, value: string, locale: GridLocale): string | undefined {
  return field.enum?.find((v) => v.value === value)?.label[locale];
}

/** The format a field is shown with (the registry's, or one from its type). */
export function fieldFormat(field: FieldDef): FieldFormat {
  if (field.format) return field.format;
  return field.type === "D" ? "datetime" : field.type === "N" ? "number" : "text";
}

/** Whether a field's values are numbers people compare by magnitude (right-aligned). */
export function isNumericFormat(format: FieldFormat): boolean {
  return format === "yen" || format === "quantity" || format === "number" || format === "percent";
}

/**
 * A value as plain text for `locale`: what a cell, a drawer line or a chip title says. `choice`
 * names values of fields whose choices come from an operation (shops, payment methods).
 */
export function formatValue(
  field: FieldDef,
  raw: string | null | undefined,
  locale: GridLocale,
  choice?: (value: string) => string | undefined,
): string {
  if (raw === null || raw === undefined || raw === "") return "";
  switch (fieldFormat(field)) {
    case "yen":
      return formatYen(raw);
    case "quantity":
      return formatGrouped(raw);
    case "percent":
      return NUMERIC.test(raw.trim()) ? `${raw.trim()}%` : raw;
    case "datetime":
      return formatJstDateTime(raw, true, locale);
    case "date":
      return formatJstDateTime(raw, false, locale);
    case "enum":
    case "flag":
      return enumLabel(field, raw, locale) ?? choice?.(raw) ?? raw;
    default:
      return raw;
  }
}
