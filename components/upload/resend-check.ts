// Before a failed batch is sent again: would it be accepted now? The batch's stored text is read
// back from the journal and checked like a dropped file, against the masters and stock read again
// now (lib/csv fetchLookups: a few batched calls), and its problems are named by the file's lines
// (the batch's line map). A batch the queue refused for stock below 0 is refused again unless the
// stock has grown since.
import type { Bilingual } from "@/lib/csv/types";
import type { UploadFile } from "@/lib/uploads/contract";
import { fileLineOf } from "@/lib/uploads/line-map";
import { loadCsvModule } from "./csv-module";
import { journalDocuments, type JournalDocuments } from "./journal-api";

export interface ResendProblem {
  /** The file's line (null when the batch's map does not know it). */
  line: number | null;
  column: string | null;
  reason: Bilingual;
  severity: "error" | "warning";
}

/** ok: nothing in the batch would be refused by the stock and masters as they are now. */
export type ResendVerdict = { ok: true } | { ok: false; problems: ResendProblem[] };

export async function checkBeforeResend(file: UploadFile, index: number, docs: JournalDocuments = journalDocuments): Promise<ResendVerdict> {
  const [{ text, lineMap }, csv, api] = await Promise.all([docs.batchText(file.id, index), loadCsvModule(), import("./lookups-api")]);
  const read = csv.readCsvBytes(new TextEncoder().encode(text));
  if (!read.ok) return { ok: false, problems: [{ line: null, column: null, reason: read.refusal.reason, severity: "error" }] };
  const lookups = await csv.fetchLookups(file.kind, csv.lookupNeeds(file.kind, read.read), { search: api.lookupSearch, count: api.lookupCount });
  const { problems } = csv.checkUpload(file.kind, read.read, lookups);
  if (problems.length === 0) return { ok: true };
  return {
    ok: false,
    problems: problems.map((p) => ({ line: p.line > 1 ? fileLineOf(lineMap, p.line) : null, column: p.column, reason: p.reason, severity: p.severity })),
  };
}
