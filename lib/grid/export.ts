// Export of a whole filtered result: the rows are fetched through the BFF in pages of 10,000
// (the API's largest limit) up to the total the count twin gave, a few pages at a time (the API
// is far away: one page after the other would pay its distance per page), with progress and
// cancel, then laid out as a CSV document with the chosen columns and header. Pure apart from
// `fetchPage`.
import type { FieldDef } from "@/lib/ne/registry/types";
import type { CsvDocument } from "./csv";
import type { GridLocale } from "./format";

export const EXPORT_STEP = 10_000;
/** Pages in flight at once: enough to hide most of the distance, few enough not to crowd the API. */
export const EXPORT_CONCURRENCY = 3;

export type ExportRow = Record<string, string | null>;

export interface FetchAllOptions {
  total: number;
  fetchPage: (offset: number, limit: number, signal: AbortSignal) => Promise<ExportRow[]>;
  signal: AbortSignal;
  /** Rows fetched so far (of the pages that belong to the result) and the total, as pages arrive. */
  onProgress?: (done: number, total: number) => void;
  step?: number;
  /** Pages in flight at once, at most (default EXPORT_CONCURRENCY). */
  concurrency?: number;
}

const cancelled = () => new DOMException("export cancelled", "AbortError");

/**
 * Every row of the result in order, `total` at most (rows added after the count are left for the
 * next export, so the file matches the count the person saw). Up to `concurrency` pages are
 * fetched at once, the next one starting as soon as one arrives. A page that comes back short ends
 * the result there: the pages after it are cancelled and never included. Cancel (`signal`) or a
 * failed page stops every page in flight and rejects: there is never half a result.
 */
export function fetchAllRows({ total, fetchPage, signal, onProgress, step = EXPORT_STEP, concurrency = EXPORT_CONCURRENCY }: FetchAllOptions): Promise<ExportRow[]> {
  if (signal.aborted) return Promise.reject(cancelled());
  const width = Math.max(1, Math.floor(concurrency));
  const pageCount = Math.max(0, Math.ceil(total / step));
  onProgress?.(0, total);
  if (pageCount === 0) return Promise.resolve([]);

  return new Promise<ExportRow[]>((resolve, reject) => {
    const pages: (ExportRow[] | undefined)[] = new Array<ExportRow[] | undefined>(pageCount);
    const inFlight = new Map<number, AbortController>();
    /** Pages from this index on are not part of the result (a page before them came back short). */
    let end = pageCount;
    let next = 0;
    let settled = false;

    const stopAll = () => {
      signal.removeEventListener("abort", onAbort);
      for (const controller of inFlight.values()) controller.abort();
      inFlight.clear();
    };
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      stopAll();
      reject(error);
    };
    const onAbort = () => fail(cancelled());
    signal.addEventListener("abort", onAbort, { once: true });

    const arrived = (index: number, limit: number, page: ExportRow[]) => {
      inFlight.delete(index);
      if (settled || index >= end) return;
      pages[index] = page.length > limit ? page.slice(0, limit) : page;
      if (page.length < limit) {
        // The result ends with this page: what comes after it is not wanted.
        end = index + 1;
        for (const [other, controller] of inFlight) {
          if (other >= end) {
            controller.abort();
            inFlight.delete(other);
          }
        }
      }
      let done = 0;
      let complete = true;
      for (let i = 0; i < end; i++) {
        const rows = pages[i];
        if (rows) done += rows.length;
        else complete = false;
      }
      onProgress?.(done, total);
      if (complete) {
        settled = true;
        stopAll();
        resolve(pages.slice(0, end).flatMap((rows) => rows ?? []));
        return;
      }
      launch();
    };

    const launch = () => {
      while (!settled && inFlight.size < width && next < end) {
        const index = next++;
        const offset = index * step;
        const limit = Math.min(step, total - offset);
        const controller = new AbortController();
        inFlight.set(index, controller);
        let request: Promise<ExportRow[]>;
        try {
          request = fetchPage(offset, limit, controller.signal);
        } catch (error) {
          request = Promise.reject(error);
        }
        request.then(
          (page) => arrived(index, limit, page),
          (error: unknown) => {
            inFlight.delete(index);
            // A page after the end (cancelled because a page before it was short) may fail freely.
            if (index < end) fail(error);
          },
        );
      }
    };

    launch();
  });
}

export type HeaderMode = "labels" | "names";

/** The CSV document: one column per field, the header in the person's language or field names. */
export function exportDocument(rows: readonly ExportRow[], fields: readonly FieldDef[], header: HeaderMode, locale: GridLocale, protect: (value: string | null | undefined, field: FieldDef) => string | null | undefined): CsvDocument {
  return {
    header: fields.map((f) => (header === "labels" ? f.label[locale] : f.name)),
    rows: rows.map((row) => fields.map((f) => protect(row[f.name], f))),
  };
}

/** What an export writes for coded fields: what the screen shows (names, the default) or the codes. */
export type ValueMode = "names" | "codes";

/** A field's name for a code: the row's own name of it, a registry label, or a choice list's name. */
export interface FieldNamer {
  /** Name fields the rows must carry for this (fetched with the export). */
  needs?: readonly string[];
  nameOf(value: string, row: ExportRow): string | undefined;
}

/**
 * The rows with each coded field's value replaced by its name, as the grid shows it (shop, status,
 * payment, delivery and cancel names); a code with no name known stays the code. Rows are copied.
 */
export function namedRows(rows: readonly ExportRow[], namers: Readonly<Record<string, FieldNamer>>): ExportRow[] {
  const entries = Object.entries(namers);
  if (entries.length === 0) return [...rows];
  return rows.map((row) => {
    const out: ExportRow = { ...row };
    for (const [field, namer] of entries) {
      const value = row[field];
      if (value === null || value === undefined || value === "") continue;
      out[field] = namer.nameOf(value, row) ?? value;
    }
    return out;
  });
}

/**
 * How each exported field is named, in the order the screen uses: the row's own name (`rowNames`,
 * a slip's delivery method), the registry's labels (enums, in the person's language), else the
 * field's choice list (`lists`: value → name, shops and payment methods). Fields with none of them
 * are left out (written as they are).
 */
export function fieldNamers(
  fields: readonly FieldDef[],
  locale: GridLocale,
  rowNames: Readonly<Record<string, string>>,
  lists: Readonly<Record<string, ReadonlyMap<string, string>>>,
): Record<string, FieldNamer> {
  const out: Record<string, FieldNamer> = {};
  for (const field of fields) {
    const nameField = rowNames[field.name];
    const list = lists[field.name];
    if (nameField) out[field.name] = { needs: [nameField], nameOf: (_value, row) => row[nameField] || undefined };
    else if (field.enum) out[field.name] = { nameOf: (value) => field.enum?.find((v) => v.value === value)?.label[locale] };
    else if (list) out[field.name] = { nameOf: (value) => list.get(value) };
  }
  return out;
}
