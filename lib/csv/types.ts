// The shapes of the upload reader (lib/csv): one module that the browser's Web Worker and the
// server both run, so a file is read and checked by the same rules on both sides.
// Browser-safe: no Node built-ins, no server-only imports.

/** The two upload operations of the spec (section 4). */
export type UploadKind = "warehouse-stock" | "goods";

export const UPLOAD_KINDS: readonly UploadKind[] = ["warehouse-stock", "goods"];

/** Upstream path of each kind's upload operation. */
export const UPLOAD_PATHS: Record<UploadKind, `/${string}`> = {
  "warehouse-stock": "/api_v1_warehouse_stock/upload",
  goods: "/api_v1_master_goods/upload",
};

/** At most this many data rows per upstream call (spec 4, warehouse stock; goods use the same). */
export const BATCH_ROWS = 3000;

/** A file larger than this is refused before it is read. */
export const MAX_FILE_BYTES = 32 * 1024 * 1024;

export type CsvEncoding = "utf-8" | "utf-8-bom" | "shift_jis";
export type LineEndings = "CRLF" | "LF" | "CR" | "mixed" | "none";

/** A text in both of the product's languages. */
export interface Bilingual {
  ja: string;
  en: string;
}

/** Why a whole file (or paste) cannot be read at all. */
export interface CsvRefusal {
  code: "empty" | "too-large" | "binary" | "unknown-encoding" | "separator" | "unclosed-quote";
  reason: Bilingual;
  /** The file's line where the refusal was found, when there is one. */
  line?: number;
}

/** One data record, named by the file line it starts on (header = line 1). */
export interface CsvRecord {
  line: number;
  cells: string[];
  /**
   * Set when a double quote is misplaced in the record (a quote inside an unquoted cell, or text
   * after a closing quote): the cells are read as best they can be, and the check refuses the row.
   * `cell` is 0-based.
   */
  quoteProblem?: { cell: number; kind: "stray-quote" | "text-after-quote" };
}

export interface CsvRead {
  encoding: CsvEncoding;
  lineEndings: LineEndings;
  /** Column names as written (quotes removed). */
  header: string[];
  records: CsvRecord[];
  /** The exact source text of the header record and of records[i] (for reports and batches). */
  headerText: string;
  recordText(index: number): string;
}

export type ReadOutcome = { ok: true; read: CsvRead } | { ok: false; refusal: CsvRefusal };

export interface CsvProblem {
  /** File line (header = 1); a record spanning lines is named by its first line. */
  line: number;
  /** Column name as in the header, or null for a whole-row or whole-file problem. */
  column: string | null;
  value: string | null;
  /** Stable machine code, e.g. "unknown-column", "cell-count", "not-a-quantity". */
  code: string;
  reason: Bilingual;
  /** Errors stop the file; warnings (a stock going below 0) need the operator's confirmation. */
  severity: "error" | "warning";
}

/** What the checks need to know of the company's masters (fetched in few, batched calls). */
export interface UploadLookups {
  /** Warehouse names of the warehouse master (warehouse_name). */
  warehouseNames: ReadonlySet<string>;
  /** Goods codes that exist in the goods master, among those the file names. */
  goodsCodes: ReadonlySet<string>;
  /**
   * Current warehouse stock by `${warehouseName}\t${goodsCode}`, among those the file names. A
   * pair here is taken to name an existing goods (fetchLookups keeps only pairs of goodsCodes).
   */
  warehouseStock: ReadonlyMap<string, { quantity: number; allocated: number }>;
  /**
   * Optional: the pairs of `warehouseStock` indexed for the check. fetchLookups (by `stockLookups`)
   * builds it with warehouseStock; checkUpload then finds a row's stock without a key string a
   * row and keeps the file's simulated stock in arrays by position. When given it must hold exactly
   * the pairs of warehouseStock (one whose size differs is ignored); look-ups made by hand can
   * leave it out and are checked the same way, only slower on very large files.
   */
  stockIndex?: StockIndex;
}

/** Warehouse stock by warehouse name, then goods code (see UploadLookups.stockIndex). */
export interface StockIndex {
  /** Warehouse name → goods code → position in `entries`. */
  positions: ReadonlyMap<string, ReadonlyMap<string, number>>;
  /** The pairs' stock, the same objects as the values of `warehouseStock`. */
  entries: readonly { quantity: number; allocated: number }[];
}

export interface CheckResult {
  problems: CsvProblem[];
  /** Lines of records with at least one error (sorted). */
  errorLines: number[];
  /** Lines of records with warnings only (sorted). */
  warningLines: number[];
  /**
   * Whether the file as a whole is refused (a header problem, no data rows): then no batch may be
   * sent whatever lines are left out. Header problems are at line 1 and not in errorLines.
   */
  fileRefused?: boolean;
}

/** One upstream call's worth of rows, as it is stored in the journal and sent. */
export interface CsvBatch {
  index: number;
  firstLine: number;
  lastLine: number;
  rows: number;
  /** Where each record starts in the batch text and in the file (lib/uploads/line-map.ts). */
  lineMap: [number, number, number][];
  /** Header + the rows' source text, UTF-8 without BOM, CRLF between records. */
  text: string;
}
