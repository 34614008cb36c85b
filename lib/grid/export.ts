// Export of a whole filtered result: the rows are fetched through the BFF in steps of 10,000
// (the API's largest limit) up to the total the count twin gave, with progress and cancel, then
// laid out as a CSV document with the chosen columns and header. Pure apart from `fetchPage`.
import type { FieldDef } from "@/lib/ne/registry/types";
import type { CsvDocument } from "./csv";
import type { GridLocale } from "./format";

export const EXPORT_STEP = 10_000;

export type ExportRow = Record<string, string | null>;

export interface FetchAllOptions {
  total: number;
  fetchPage: (offset: number, limit: number, signal: AbortSignal) => Promise<ExportRow[]>;
  signal: AbortSignal;
  onProgress?: (done: number, total: number) => void;
  step?: number;
}

/**
 * Every row of the result, `total` at most (rows added after the count are left for the next
 * export, so the file matches the count the person saw). Stops early if a page comes back short.
 */
export async function fetchAllRows({ total, fetchPage, signal, onProgress, step = EXPORT_STEP }: FetchAllOptions): Promise<ExportRow[]> {
  const rows: ExportRow[] = [];
  onProgress?.(0, total);
  for (let offset = 0; offset < total; offset += step) {
    if (signal.aborted) throw new DOMException("export cancelled", "AbortError");
    const limit = Math.min(step, total - offset);
    const page = await fetchPage(offset, limit, signal);
    for (const row of page.slice(0, limit)) rows.push(row);
    onProgress?.(rows.length, total);
    if (page.length < limit) break;
  }
  return rows;
}

export type HeaderMode = "labels" | "names";

/** The CSV document: one column per field, the header in the person's language or field names. */
export function exportDocument(rows: readonly ExportRow[], fields: readonly FieldDef[], header: HeaderMode, locale: GridLocale, protect: (value: string | null | undefined, field: FieldDef) => string | null | undefined): CsvDocument {
  return {
    header: fields.map((f) => (header === "labels" ? f.label[locale] : f.name)),
    rows: rows.map((row) => fields.map((f) => protect(row[f.name], f))),
  };
}
