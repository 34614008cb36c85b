// Logic of the classification list screens, without React: which columns an info answer has
// (the registry's fields first, in their order, then any field the answer adds), what a cell
// says in the current language, and the client-side search over what is shown.
import { classificationValues, type ClassificationKey } from "@/lib/ne/registry/resources/classifications";
import { enumLabel, formatValue, type GridLocale } from "@/lib/grid/format";
import type { FieldDef, ResourceDef } from "@/lib/ne/registry/types";
import type { ApiRow } from "@/lib/query/call-operation";

export interface ListColumn {
  name: string;
  /** The registry's field; absent for a field the answer has and the registry does not know. */
  field?: FieldDef;
}

// Tokens never reach the browser (the BFF strips them); this is a second guard for the screen.
const SECRET = /token|secret|password/i;

export function listColumns(resource: ResourceDef, rows: readonly ApiRow[]): ListColumn[] {
  const present = new Set<string>();
  for (const row of rows) for (const key of Object.keys(row)) if (!SECRET.test(key)) present.add(key);
  const known = resource.fields.filter((f) => present.has(f.name) || resource.primaryKey.includes(f.name) || f.name === resource.titleField);
  const knownNames = new Set(known.map((f) => f.name));
  const extra = [...present].filter((name) => !knownNames.has(name)).sort();
  return [...known.map((field) => ({ name: field.name, field })), ...extra.map((name) => ({ name }))];
}

function isClassification(key: string): key is ClassificationKey {
  return Object.hasOwn(classificationValues, key);
}

/**
 * The name of a classification value in `locale` when the registry knows its id (the API answers
 * Japanese names), else undefined: the name is then the shop's own data.
 */
export function translatedName(resource: ResourceDef, row: ApiRow, locale: GridLocale): string | undefined {
  if (!isClassification(resource.key)) return undefined;
  const id = row[resource.primaryKey[0] ?? ""];
  if (id === null || id === undefined) return undefined;
  return classificationValues[resource.key].find((v) => v.id === id)?.[locale];
}

/** What a cell says, as plain text: ids as they are, names translated where known, enums by label. */
export function cellText(resource: ResourceDef, column: ListColumn, row: ApiRow, locale: GridLocale): string {
  const raw = row[column.name] ?? "";
  if (!column.field || raw === "" || resource.primaryKey.includes(column.name)) return raw;
  if (column.name === resource.titleField) return translatedName(resource, row, locale) ?? raw;
  return enumLabel(column.field, raw, locale) ?? formatValue(column.field, raw, locale);
}

const byId = new Intl.Collator("en", { numeric: true });

/** Rows in id order, numbers by value ("2" before "10"); the API orders ids as text. */
export function sortRows(resource: ResourceDef, rows: readonly ApiRow[]): ApiRow[] {
  const key = resource.primaryKey[0] ?? "";
  return [...rows].sort((a, b) => byId.compare(a[key] ?? "", b[key] ?? ""));
}

function normalize(text: string): string {
  return text.normalize("NFKC").toLowerCase();
}

/**
 * Rows whose texts contain every word of the query (ignoring case and full/half width); the raw
 * values count too, so a Japanese name still finds its row in English.
 */
export function filterRows<T>(rows: readonly T[], textsOf: (row: T) => readonly string[], query: string): T[] {
  const words = normalize(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...rows];
  return rows.filter((row) => {
    const haystack = textsOf(row).map(normalize).join("\u0000");
    return words.every((w) => haystack.includes(w));
  });
}
