// Export of a whole filtered result: the rows are fetched through the BFF in pages of up to
// 10,000 (the API's largest limit) up to the total the count twin gave, one page after the other
// (the API asks for no parallel requests of one person, and the gateway would run them one at a
// time anyway), as background work (the person's own calls go first), with progress and cancel,
// then laid out as a CSV document with the chosen columns and header. A failed page is
// tried again while the caller's policy says so; a page that still fails stops the export with
// the pages that arrived kept, so it can resume with only the missing ones, or save those rows
// and say which they are. Pure apart from `fetchPage`.
import type { FieldDef } from "@/lib/ne/registry/types";
import type { RowOrder } from "./row-order";
import { protectFormula, type CsvDocument } from "./csv";
import type { GridLocale } from "./format";

export const EXPORT_STEP = 10_000;
/** Pages in flight at once: one (the API's rule for one person's calls). */
export const EXPORT_CONCURRENCY = 1;
/** A result is split into at least this many pages: progress moves, and a failed page loses a third at most. */
export const EXPORT_SPLIT = 3;
/** The smallest page worth a round trip of its own. */
export const EXPORT_MIN_STEP = 1_000;

/**
 * Rows per page for a result of `total`: the result split into EXPORT_SPLIT pages, within
 * EXPORT_MIN_STEP and EXPORT_STEP, so that 9,000 rows come as three pages of 3,000: the progress
 * moves page by page, and a page that fails loses only its own rows (they are fetched again, or
 * the others are saved).
 */
export function exportStep(total: number): number {
  return Math.min(EXPORT_STEP, Math.max(EXPORT_MIN_STEP, Math.ceil(total / EXPORT_SPLIT)));
}

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
  /**
   * The result's pages by index, filled in as they arrive (the caller's array). Empty: a new
   * export. The array of an export that failed: it resumes, its pages are kept and only the
   * missing ones fetched. Its length is the number of pages in the result (a short page cuts it).
   */
  pages?: ExportPages;
  /**
   * Another try of a page that failed: the delay before it in ms, or null to give up (the export
   * fails with the error). `failures`: the page's failures before this one (0 for its first).
   */
  retry?: (failures: number, error: unknown) => number | null;
}

/** The pages of an export by index; a missing one is not fetched (yet). */
export type ExportPages = (ExportRow[] | undefined)[];

const cancelled = () => new DOMException("export cancelled", "AbortError");

/** Resolves after `ms`, or rejects as soon as `signal` aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(cancelled());
    const onAbort = () => {
      clearTimeout(timer);
      reject(cancelled());
    };
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

/** One page, tried again after each failure while `retry` gives a delay. */
export async function pageWithRetries(
  fetchPage: FetchAllOptions["fetchPage"],
  offset: number,
  limit: number,
  signal: AbortSignal,
  retry: FetchAllOptions["retry"],
): Promise<ExportRow[]> {
  for (let failures = 0; ; failures++) {
    try {
      return await fetchPage(offset, limit, signal);
    } catch (error) {
      if (signal.aborted) throw error;
      const delay = retry?.(failures, error) ?? null;
      if (delay === null) throw error;
      await pause(delay, signal);
    }
  }
}

/**
 * Every row of the result in order, `total` at most (rows added after the count are left for the
 * next export, so the file matches the count the person saw). Up to `concurrency` pages are
 * fetched at once, the next one starting as soon as one arrives. A page that comes back short ends
 * the result there: the pages after it are cancelled and never included. A failed page is tried
 * again as `retry` says; cancel (`signal`) or a page that still fails stops every page in flight
 * and rejects: the promise never resolves with half a result, and what arrived stays in `pages`.
 */
export function fetchAllRows({ total, fetchPage, signal, onProgress, step = EXPORT_STEP, concurrency = EXPORT_CONCURRENCY, pages = [], retry }: FetchAllOptions): Promise<ExportRow[]> {
  if (signal.aborted) return Promise.reject(cancelled());
  const width = Math.max(1, Math.floor(concurrency));
  const pageCount = Math.max(0, Math.ceil(total / step));
  /** Pages from this index on are not part of the result (a page before them came back short). */
  let end = pages.length > 0 ? Math.min(pageCount, pages.length) : pageCount;
  pages.length = end;
  const doneRows = () => pages.reduce((sum, rows) => sum + (rows?.length ?? 0), 0);
  // Not `every`: it skips the holes a new export's array has.
  const complete = () => {
    for (let i = 0; i < pages.length; i++) if (pages[i] === undefined) return false;
    return true;
  };
  onProgress?.(doneRows(), total);
  if (complete()) return Promise.resolve(fetchedRows(pages));

  return new Promise<ExportRow[]>((resolve, reject) => {
    const inFlight = new Map<number, AbortController>();
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
        pages.length = end;
        for (const [other, controller] of inFlight) {
          if (other >= end) {
            controller.abort();
            inFlight.delete(other);
          }
        }
      }
      onProgress?.(doneRows(), total);
      if (complete()) {
        settled = true;
        stopAll();
        resolve(fetchedRows(pages));
        return;
      }
      launch();
    };

    const launch = () => {
      while (!settled && inFlight.size < width && next < end) {
        const index = next++;
        if (pages[index] !== undefined) continue;
        const offset = index * step;
        const limit = Math.min(step, total - offset);
        const controller = new AbortController();
        inFlight.set(index, controller);
        pageWithRetries(fetchPage, offset, limit, controller.signal, retry).then(
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

/** The rows of the pages that arrived, in the API's order. */
export function fetchedRows(pages: ExportPages): ExportRow[] {
  return pages.flatMap((rows) => rows ?? []);
}

/**
 * Which rows of the result the pages that arrived hold, as the file numbers them (from 1, in the
 * grid's `order`): merged ranges [first, last]. `total`: the rows the export was asked for.
 */
export function fetchedRanges(pages: ExportPages, total: number, order: RowOrder, step = EXPORT_STEP): [number, number][] {
  const last = pages.at(-1);
  // A short last page ends the result before the total.
  const size = last !== undefined && pages.length > 0 ? Math.min(total, (pages.length - 1) * step + last.length) : total;
  const ranges: [number, number][] = [];
  pages.forEach((rows, index) => {
    if (!rows || rows.length === 0) return;
    // API rows [from, to) (0-based), oldest first.
    const from = index * step;
    const to = from + rows.length;
    const range: [number, number] = order === "asc" ? [from + 1, to] : [size - to + 1, size - from];
    ranges.push(range);
  });
  ranges.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const range of ranges) {
    const prev = merged.at(-1);
    if (prev && range[0] <= prev[1] + 1) prev[1] = Math.max(prev[1], range[1]);
    else merged.push([...range]);
  }
  return merged;
}

export type HeaderMode = "labels" | "names";

/**
 * The CSV document: one column per field, the header in the person's language or field names.
 * Every cell, of every field type, with a formula's start neutralised (protectFormula), after the
 * names are put in (`rows` are namedRows' when the file shows names): a shop's id is a number, its
 * name is whatever someone typed.
 */
export function exportDocument(rows: readonly ExportRow[], fields: readonly FieldDef[], header: HeaderMode, locale: GridLocale): CsvDocument {
  return {
    header: fields.map((f) => (header === "labels" ? f.label[locale] : f.name)),
    rows: rows.map((row) => fields.map((f) => protectFormula(row[f.name]))),
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

/** A cell's words as plain text (a grid definition's custom cell `text`), with the fields it reads. */
export interface CellText {
  needs?: readonly string[];
  text(value: string, row: ExportRow): string;
}

/**
 * How each exported field is named, in the order the screen uses: the cell's own words (`cells`,
 * a custom cell's text: the cancel state "有効"), the row's own name (`rowNames`, a slip's delivery
 * method), the registry's labels (enums, in the person's language), else the field's choice list
 * (`lists`: value → the name a cell shows, shops and payment methods). Fields with none of them
 * are left out (written as they are).
 */
export function fieldNamers(
  fields: readonly FieldDef[],
  locale: GridLocale,
  rowNames: Readonly<Record<string, string>>,
  lists: Readonly<Record<string, ReadonlyMap<string, string>>>,
  cells: Readonly<Record<string, CellText>> = {},
): Record<string, FieldNamer> {
  const out: Record<string, FieldNamer> = {};
  for (const field of fields) {
    const cell = cells[field.name];
    const nameField = rowNames[field.name];
    const list = lists[field.name];
    if (cell) out[field.name] = { ...(cell.needs ? { needs: cell.needs } : {}), nameOf: (value, row) => cell.text(value, row) || undefined };
    else if (nameField) out[field.name] = { needs: [nameField], nameOf: (_value, row) => row[nameField] || undefined };
    else if (field.enum) out[field.name] = { nameOf: (value) => field.enum?.find((v) => v.value === value)?.label[locale] };
    else if (list) out[field.name] = { nameOf: (value) => list.get(value) };
  }
  return out;
}
