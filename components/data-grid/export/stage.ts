// What an export is asked for, the stages it goes through, and the job it keeps while it runs
// (shared by the hooks beside this file and the dialog, ../export-dialog.tsx).
import type { ConditionInput } from "@/lib/bff/operation-request";
import type { CsvDocument, SjisCodec, UnmappableReport } from "@/lib/grid/csv";
import type { ExportPages, ExportRow, FieldNamer } from "@/lib/grid/export";
import type { RowOrder } from "@/lib/grid/row-order";
import type { FieldDef } from "@/lib/ne/registry/types";

export interface ExportRequest {
  conditions: ConditionInput[];
  extensionExecutionId?: string;
  total: number;
  /** The grid's row order: the file's rows come in the same order as the screen's. */
  order: RowOrder;
  /** The current page (offset, limit) and the keys selected on it, for "selected rows". */
  page: { offset: number; limit: number };
  selectedKeys: readonly string[];
}

export type ExportScope = "all" | "selected";

/** Which rows a file holds when the export stopped before the end. */
export interface PartialFile {
  total: number;
  ranges: [number, number][];
}

export type StoppedStage = { name: "stopped"; error: unknown; done: number; total: number; ranges: [number, number][] };

export type Stage =
  | { name: "options" }
  | { name: "running"; done: number; total: number; retrying: boolean }
  | { name: "report"; report: UnmappableReport; doc: CsvDocument; codec: SjisCodec; rows: number; partial?: PartialFile }
  | { name: "done"; fileName: string; rows: number; partial?: PartialFile }
  | StoppedStage;

export type SetStage = (next: Stage | ((now: Stage) => Stage)) => void;

/** An export as started: what it fetches and names, and the pages that came so far (kept when it stops). */
export interface Job {
  scope: ExportScope;
  exportFields: FieldDef[];
  namers: Record<string, FieldNamer>;
  fetchPage: (offset: number, limit: number, signal: AbortSignal) => Promise<ExportRow[]>;
  pages: ExportPages;
}
