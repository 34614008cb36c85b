// The upload reader's public face (see ./types.ts). CONTRACT STUB: the signatures are fixed;
// the bodies are being written on the `csv` branch.
import type {
  Bilingual,
  CheckResult,
  CsvBatch,
  CsvProblem,
  CsvRead,
  ReadOutcome,
  UploadKind,
  UploadLookups,
} from "./types";

export * from "./types";

export interface UploadColumn {
  /** CSV column name (e.g. "kasan_su"). */
  name: string;
  label: Bilingual;
  /** Japanese guide text for the template's column guide. */
  guide: string;
  required: boolean;
  /** Registry field the column writes, when there is one (for labels and choices). */
  field?: string;
}

/** The columns each kind accepts, in the spec's order. */
export declare const UPLOAD_COLUMNS: Record<UploadKind, readonly UploadColumn[]>;

/** Decode (UTF-8 ± BOM, CP932), refuse binary/too-large/other separators, parse RFC 4180. */
export declare function readCsvBytes(bytes: Uint8Array): ReadOutcome;
/** Cells copied from Excel: tab-separated text (as the clipboard gives it). */
export declare function readPastedCells(text: string): ReadOutcome;
/** What the master look-ups must cover for this file. */
export declare function lookupNeeds(kind: UploadKind, read: CsvRead): { goodsCodes: string[]; warehouseNames: string[] };

export type LookupSearch = (
  path: `/${string}`,
  request: { fields: string[]; conditions?: { field: string; op: string; value?: string | string[] }[]; offset?: number; limit?: number },
) => Promise<{ rows: Record<string, string | null>[] }>;
export type LookupCount = (path: `/${string}`, request: { conditions?: { field: string; op: string; value?: string | string[] }[] }) => Promise<number>;

/** Fetches the look-ups in few batched calls (100,000 codes against 100,000 goods: ≤ 20 calls). */
export declare function fetchLookups(
  kind: UploadKind,
  needs: { goodsCodes: string[]; warehouseNames: string[] },
  api: { search: LookupSearch; count: LookupCount },
): Promise<UploadLookups>;

/** Every header, row and kind rule; master rules only when `lookups` is given. */
export declare function checkUpload(kind: UploadKind, read: CsvRead, lookups?: UploadLookups): CheckResult;
/** The server's re-check of one stored batch (UTF-8 text): same rules, no look-ups, ≤ BATCH_ROWS rows. */
export declare function checkBatchText(kind: UploadKind, text: string): { rows: number; problems: CsvProblem[] };
/** Batches of ≤ BATCH_ROWS rows, leaving out the lines in `exclude`. */
export declare function makeBatches(read: CsvRead, exclude?: ReadonlySet<number>): CsvBatch[];
/** The problems report: line, column, value, reason, original line (UTF-8 with BOM). */
export declare function problemsReportCsv(problems: readonly CsvProblem[], read: CsvRead | null, locale: "ja" | "en"): string;
/** Header-only template in the given encoding. */
export declare function templateCsv(kind: UploadKind, encoding: "shift_jis" | "utf-8"): Uint8Array;
export declare function gzipText(text: string): Promise<Uint8Array>;
export declare function gunzipToText(bytes: Uint8Array): Promise<string>;
export declare function sha256Hex(bytes: Uint8Array | string): Promise<string>;
