// The messages between the /uploads page and its Web Worker (./upload-worker.ts), and the compact
// form problems travel in. The worker holds the file (bytes, records, check result); the page
// only ever receives what it shows: a preview, the problems, counts and the prepared batches.
//
//   page → worker: read (a File or pasted text)      worker → page: preview | refused
//   page → worker: check (the master look-ups)       worker → page: checked
//   page → worker: batches (leave out errors?)       worker → page: batches
//   page → worker: report (language)                 worker → page: report
//   page → worker: goods-needs (a goods file)        worker → page: goods-needs
//   page → worker: goods-diff (the goods read, rows left out?)  worker → page: goods-diff
//   page → worker: goods-diff-csv (language)         worker → page: goods-diff-csv
//   any failure the worker did not expect                → failed
import type { CurrentGoods, GoodsDiff, GoodsDiffNeeds } from "@/lib/csv/goods-diff";
import { gzipText, sha256Hex } from "@/lib/csv/bytes";
import type { Bilingual, CsvBatch, CsvEncoding, CsvProblem, CsvRefusal, LineEndings, UploadKind, UploadLookups } from "@/lib/csv/types";

/** Rows of the file shown in the preview table. */
export const PREVIEW_ROWS = 20;

/** A dropped file, cells pasted from Excel, or a CSV text the page made (an undo, a stocktake's differences). */
export type WorkerSource = { type: "file"; file: File } | { type: "paste"; text: string } | { type: "text"; text: string };

export type ToWorker =
  | { type: "read"; kind: UploadKind; source: WorkerSource }
  | { type: "check"; lookups: UploadLookups }
  | { type: "batches"; excludeErrors: boolean }
  | { type: "report"; locale: "ja" | "en" }
  | { type: "goods-needs" }
  /** `current` once (the worker keeps it); later diffs of the same read (another choice) omit it. */
  | { type: "goods-diff"; current?: CurrentGoods; excludeErrors: boolean }
  | { type: "goods-diff-csv"; locale: "ja" | "en"; excludeErrors: boolean };

export interface UploadPreview {
  /** "paste" for cells pasted from Excel (the journal's name for it). */
  encoding: CsvEncoding | "paste";
  lineEndings: LineEndings;
  /** Data rows (header excluded). */
  rows: number;
  header: string[];
  sample: { line: number; cells: string[] }[];
  needs: { goodsCodes: string[]; warehouseNames: string[] };
  /** sha256 of the bytes as dropped (of the UTF-8 text for a paste): the journal knows a file again by it. */
  sha256: string;
  size: number;
}

export interface CheckSummary {
  /** Rows with at least one error, and with warnings only. */
  errorRows: number;
  warningRows: number;
  /** A warehouse-stock file: what sending it changes in the stock it was checked against. */
  stock?: StockChanges;
}

/** Rows of the stock changes the card shows; the report after the upload has them all. */
export const STOCK_CHANGE_ROWS = 100;

/** The plan of a checked warehouse-stock file (lib/csv stockPlan), summed, with its first rows. */
export interface StockChanges {
  /** Warehouse and goods pairs whose stock or link changes. */
  pairs: number;
  added: number;
  subtracted: number;
  linked: number;
  unlinked: number;
  rows: { warehouse: string; code: string; before: number; change: number; after: number; link: "link" | "unlink" | null }[];
}

/** A batch ready for the journal: the gzip of its text in base64, and the sha256 of the text. */
export interface PreparedBatch {
  index: number;
  firstLine: number;
  lastLine: number;
  rows: number;
  /** Where its records start in the batch and in the file (lib/uploads/line-map.ts). */
  lineMap: [number, number, number][];
  sha256: string;
  gzipBase64: string;
}

export interface PreparedBatches {
  batches: PreparedBatch[];
  /** Lines of the rows left out (the rows in error, when the operator chose so). */
  excludedLines: number[];
  /** Goods codes of the rows sent, or none when more than the journal keeps (1000). */
  goodsCodes: string[];
  /** The plan CSV (lib/csv stock-plan.ts, goods-diff.ts), kept in the journal before the first send. */
  plan?: string;
}

export type FromWorker =
  | { type: "preview"; preview: UploadPreview }
  | { type: "refused"; refusal: CsvRefusal }
  | { type: "checked"; problems: PackedProblems; summary: CheckSummary }
  | { type: "batches"; prepared: PreparedBatches }
  | { type: "report"; csv: string }
  | { type: "goods-needs"; needs: GoodsDiffNeeds }
  | { type: "goods-diff"; view: GoodsDiffView }
  | { type: "goods-diff-csv"; csv: string }
  | { type: "failed"; message: string };

/** Deleted goods named in the goods diff's note, at most (the diff CSV has them all). */
export const DELETED_SHOWN = 20;

/**
 * A goods diff as the page shows it (lib/csv goods-diff.ts diffGoods): counts and columns as they
 * are; the changed cells and the new goods as columns of typed arrays into one table of distinct
 * strings, like the problems, so 100,000 changed goods cross in one message and the page reads
 * row i without building 100,000 objects.
 */
export interface GoodsDiffView {
  counts: GoodsDiff["counts"];
  compared: { column: string; label: Bilingual }[];
  notCompared: { column: string; label: Bilingual; reason: Bilingual }[];
  /** Deleted goods the file names (the first DELETED_SHOWN of them). */
  deleted: { code: string; line: number }[];
  /** One row per changed cell, in file order. */
  changes: {
    count: number;
    lines: Int32Array;
    /** Indexes into `strings` (old: -1 where the API showed none). */
    codes: Int32Array;
    columns: Int32Array;
    olds: Int32Array;
    news: Int32Array;
    /** 1 for a deleted goods. */
    deleted: Uint8Array;
  };
  /** One row per new goods, in file order. */
  created: { count: number; lines: Int32Array; codes: Int32Array };
  strings: string[];
}

export interface GoodsChangeRow {
  line: number;
  code: string;
  column: string;
  old: string | null;
  new: string;
  deleted: boolean;
}

/**
 * One table of distinct strings and the index of each (-1 for null): packed lists send each text
 * once and refer to it by number.
 */
function stringTable(): { strings: string[]; intern: (s: string | null) => number } {
  const strings: string[] = [];
  const indexOf = new Map<string, number>();
  const intern = (s: string | null): number => {
    if (s === null) return -1;
    let i = indexOf.get(s);
    if (i === undefined) {
      i = strings.length;
      strings.push(s);
      indexOf.set(s, i);
    }
    return i;
  };
  return { strings, intern };
}

/** Packs a diff for the page. */
export function packGoodsDiff(diff: GoodsDiff): GoodsDiffView {
  const { strings, intern } = stringTable();
  const n = diff.counts.cells;
  const changes = {
    count: n,
    lines: new Int32Array(n),
    codes: new Int32Array(n),
    columns: new Int32Array(n),
    olds: new Int32Array(n),
    news: new Int32Array(n),
    deleted: new Uint8Array(n),
  };
  const created = { count: diff.counts.new, lines: new Int32Array(diff.counts.new), codes: new Int32Array(diff.counts.new) };
  let c = 0;
  let k = 0;
  for (const e of diff.entries) {
    const code = intern(e.code);
    if (e.status === "new") {
      created.lines[k] = e.line;
      created.codes[k] = code;
      k++;
      continue;
    }
    for (const ch of e.changes) {
      changes.lines[c] = e.line;
      changes.codes[c] = code;
      changes.columns[c] = intern(ch.column);
      changes.olds[c] = intern(ch.old);
      changes.news[c] = intern(ch.new);
      changes.deleted[c] = e.deleted ? 1 : 0;
      c++;
    }
  }
  return {
    counts: { ...diff.counts },
    compared: diff.compared.map(({ column, label }) => ({ column, label })),
    notCompared: diff.notCompared.map(({ column, label, reason }) => ({ column, label, reason })),
    deleted: diff.deletedGoods.slice(0, DELETED_SHOWN),
    changes,
    created,
    strings,
  };
}

/** The buffers to transfer (not copy) with a packed diff. */
export function goodsDiffTransfers(view: GoodsDiffView): ArrayBuffer[] {
  const { changes, created } = view;
  return [changes.lines, changes.codes, changes.columns, changes.olds, changes.news, changes.deleted, created.lines, created.codes].map((a) => a.buffer as ArrayBuffer);
}

/** Changed cell i of a packed diff. */
export function goodsChangeAt(view: GoodsDiffView, i: number): GoodsChangeRow {
  const { changes, strings } = view;
  const text = (index: number | undefined): string | null => (index === undefined || index < 0 ? null : (strings[index] ?? null));
  return {
    line: changes.lines[i] ?? 0,
    code: text(changes.codes[i]) ?? "",
    column: text(changes.columns[i]) ?? "",
    old: text(changes.olds[i]),
    new: text(changes.news[i]) ?? "",
    deleted: changes.deleted[i] === 1,
  };
}

/** New goods i of a packed diff. */
export function goodsCreatedAt(view: GoodsDiffView, i: number): { line: number; code: string } {
  return { line: view.created.lines[i] ?? 0, code: view.strings[view.created.codes[i] ?? -1] ?? "" };
}

/**
 * Problems as columns: one typed array per field, texts as indexes into one table of distinct
 * strings (reasons and column names repeat). 100,000 problems cross in one message at the cost of
 * their distinct texts, and the page reads row i without building 100,000 objects.
 */
export interface PackedProblems {
  count: number;
  lines: Int32Array;
  /** 0 error, 1 warning. */
  severities: Uint8Array;
  /** Indexes into `strings`; -1 for null. */
  columns: Int32Array;
  values: Int32Array;
  codes: Int32Array;
  reasonsJa: Int32Array;
  reasonsEn: Int32Array;
  strings: string[];
}

export function packProblems(problems: readonly CsvProblem[]): PackedProblems {
  const n = problems.length;
  const { strings, intern } = stringTable();
  const packed: PackedProblems = {
    count: n,
    lines: new Int32Array(n),
    severities: new Uint8Array(n),
    columns: new Int32Array(n),
    values: new Int32Array(n),
    codes: new Int32Array(n),
    reasonsJa: new Int32Array(n),
    reasonsEn: new Int32Array(n),
    strings,
  };
  problems.forEach((p, i) => {
    packed.lines[i] = p.line;
    packed.severities[i] = p.severity === "warning" ? 1 : 0;
    packed.columns[i] = intern(p.column);
    packed.values[i] = intern(p.value);
    packed.codes[i] = intern(p.code);
    packed.reasonsJa[i] = intern(p.reason.ja);
    packed.reasonsEn[i] = intern(p.reason.en);
  });
  return packed;
}

/** The buffers to transfer (not copy) with a packed list. */
export function problemTransfers(packed: PackedProblems): ArrayBuffer[] {
  return [packed.lines, packed.severities, packed.columns, packed.values, packed.codes, packed.reasonsJa, packed.reasonsEn].map(
    (a) => a.buffer as ArrayBuffer,
  );
}

/** Problem i of a packed list, as the reader made it. */
export function problemAt(packed: PackedProblems, i: number): CsvProblem {
  const text = (index: number | undefined): string | null => (index === undefined || index < 0 ? null : (packed.strings[index] ?? null));
  return {
    line: packed.lines[i] ?? 0,
    column: text(packed.columns[i]),
    value: text(packed.values[i]),
    code: text(packed.codes[i]) ?? "",
    reason: { ja: text(packed.reasonsJa[i]) ?? "", en: text(packed.reasonsEn[i]) ?? "" },
    severity: packed.severities[i] === 1 ? "warning" : "error",
  };
}

/** Base64 of bytes, in chunks (a spread of a 1 MB array would overflow the call stack). */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = "";
  const CHUNK = 0x8000;
  for (let i = 0; i < bytes.length; i += CHUNK) {
    binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  }
  return btoa(binary);
}

/** The journal keeps at most this many goods codes a file (for the stock grid's `in` filter). */
export const MAX_LINKED_GOODS = 1000;

/** A batch of lib/csv makeBatches as the journal stores it: its gzip in base64 and the sha256 of its text. */
export async function prepareBatch(batch: CsvBatch): Promise<PreparedBatch> {
  const gzip = await gzipText(batch.text);
  return {
    index: batch.index,
    firstLine: batch.firstLine,
    lastLine: batch.lastLine,
    rows: batch.rows,
    lineMap: batch.lineMap,
    sha256: await sha256Hex(batch.text),
    gzipBase64: bytesToBase64(gzip),
  };
}
