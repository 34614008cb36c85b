// Batches of one upstream call each, and the server's re-check of a stored batch.
import { checkRecords } from "./check";
import { parseRecords } from "./parse";
import { BATCH_ROWS, type CsvBatch, type CsvProblem, type CsvRead, type UploadKind } from "./types";

/**
 * Batches of ≤ BATCH_ROWS rows in file order, leaving out the lines in `exclude`: the header and
 * the records' source text, CRLF between records and no line break after the last one (UTF-8
 * without BOM once encoded). A record whose quoted cells hold line breaks keeps them as written.
 */
export function makeBatches(read: CsvRead, exclude: ReadonlySet<number> = new Set()): CsvBatch[] {
  const batches: CsvBatch[] = [];
  let parts: string[] = [];
  let firstLine = 0;
  let lastLine = 0;
  const flush = () => {
    if (parts.length === 0) return;
    batches.push({ index: batches.length, firstLine, lastLine, rows: parts.length, text: `${read.headerText}\r\n${parts.join("\r\n")}` });
    parts = [];
  };
  read.records.forEach((r, i) => {
    if (exclude.has(r.line)) return;
    if (parts.length === 0) firstLine = r.line;
    parts.push(read.recordText(i));
    lastLine = r.line;
    if (parts.length === BATCH_ROWS) flush();
  });
  flush();
  return batches;
}

/**
 * The server's re-check of one stored batch (UTF-8 text): the header and row rules of
 * checkUpload without look-ups, and at most BATCH_ROWS rows. Line numbers are those of the batch
 * text (its header = line 1), not of the original file. A text that cannot be read at all gives
 * one problem with the refusal's code.
 */
export function checkBatchText(kind: UploadKind, text: string): { rows: number; problems: CsvProblem[] } {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const parsed = parseRecords(body, 0x2c);
  if (!parsed.ok) {
    const { refusal } = parsed;
    return { rows: 0, problems: [{ line: refusal.line ?? 1, column: null, value: null, code: refusal.code, reason: refusal.reason, severity: "error" }] };
  }
  const { header, records } = parsed.parsed;
  const problems = checkRecords(kind, header, records, undefined).problems;
  const over = records[BATCH_ROWS];
  if (over) {
    problems.unshift({
      line: over.line,
      column: null,
      value: null,
      code: "too-many-rows",
      reason: { ja: `1回に送れるのは${BATCH_ROWS}行までです（この batch は${records.length}行）`, en: `at most ${BATCH_ROWS} rows per call (this batch has ${records.length})` },
      severity: "error",
    });
  }
  return { rows: records.length, problems };
}
