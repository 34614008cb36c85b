// The messages between the /uploads page's stocktake card and its Web Worker
// (./stocktake-worker.ts). The worker keeps the file and its comparison; the page receives what it
// shows: a preview, the rows as columns (typed arrays, transferred), the problems packed, the
// goods the file does not mention, and the prepared batches of the upload.
//
//   page → worker: read (a File or pasted text)         worker → page: preview | refused
//   page → worker: compute (the stock the page read)    worker → page: computed
//   page → worker: restock (the stock read again)       worker → page: restocked
//   page → worker: prepare (choices)                    worker → page: prepared
//   page → worker: report (language)                    worker → page: report
//   any failure the worker did not expect                  → failed
import type { ChangedUnmentioned, CsvRefusal, PairState, StocktakeStatus, StocktakeStock, StocktakeWarehouse } from "@/lib/csv";
import type { PackedProblems, PreparedBatches, UploadPreview, WorkerSource } from "../worker-protocol";

export type UnmentionedChoice = "leave" | "zero";

export type StocktakeRequest =
  | { type: "read"; source: WorkerSource; maxBytes: number }
  | { type: "compute"; stock: StocktakeStock }
  | { type: "restock"; stock: StocktakeStock }
  | { type: "prepare"; unmentioned: UnmentionedChoice; reason: string; excludeErrors: boolean }
  | { type: "report"; locale: "ja" | "en" };

export type StocktakeReadAnswer = { ok: true; preview: UploadPreview } | { ok: false; refusal: CsvRefusal };

/** A stocktake compared with the stock, by row (typed arrays, the page's virtualized table reads them). */
export interface StocktakeView {
  size: number;
  counts: Record<StocktakeStatus, number>;
  fileRefused: boolean;
  /** Rows with at least one error. */
  errorRows: number;
  lines: Int32Array;
  /** lib/csv STOCKTAKE_STATUS index: 0 error, 1 up, 2 down, 3 none. */
  status: Uint8Array;
  linked: Uint8Array;
  /** NaN when not known. */
  current: Float64Array;
  allocated: Float64Array;
  counted: Float64Array;
  /** Distinct warehouse names of the rows; warehouseOf[i] indexes it. */
  warehouses: string[];
  warehouseOf: Int32Array;
  codes: string[];
  problems: PackedProblems;
  /** The file's known warehouses; the unmentioned goods of each are unmentioned[from .. from + count). */
  groups: StocktakeWarehouse[];
  unmentioned: { codes: string[]; quantity: Float64Array; allocated: Float64Array; deleted: Uint8Array };
}

export interface StocktakeChangedRow {
  line: number;
  warehouse: string;
  code: string;
  before: PairState;
  now: PairState;
  counted: number | null;
  /** counted − now (recomputed); null for a row now in error. */
  difference: number | null;
}

export interface StocktakeChanges {
  /** All rows whose stock changed (changed holds the first MAX_CHANGED_SHOWN). */
  changedCount: number;
  changed: StocktakeChangedRow[];
  unmentionedChanged: ChangedUnmentioned[];
  view: StocktakeView;
}

/** An unmentioned goods "set to 0" cannot set to 0. */
export interface CannotZeroGoods {
  warehouse: string;
  code: string;
  quantity: number;
  allocated: number;
  why: "allocated" | "deleted";
}

export type PreparedStocktake =
  | { type: "nothing"; cannotZero: CannotZeroGoods[] }
  /** The upload failed its check against the fresh stock: never sent. Lines are the stocktake's (0: an unmentioned goods). */
  | { type: "unclean"; problems: PackedProblems; cannotZero: CannotZeroGoods[] }
  | {
      type: "ready";
      /** Rows of the upload (differences and goods set to 0). */
      rows: number;
      /** Bytes and sha256 of the upload's UTF-8 text (the journal knows a file again by it). */
      size: number;
      sha256: string;
      zeroed: number;
      cannotZero: CannotZeroGoods[];
      prepared: PreparedBatches;
    };

export type StocktakeAnswer =
  | { type: "preview"; answer: StocktakeReadAnswer }
  | { type: "computed"; view: StocktakeView }
  | { type: "restocked"; changes: StocktakeChanges }
  | { type: "prepared"; prepared: PreparedStocktake }
  | { type: "report"; csv: string }
  | { type: "failed"; message: string };
