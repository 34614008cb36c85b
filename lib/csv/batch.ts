// Batches of one upstream call each, and the server's re-check of a stored batch.
import { lineMapOf } from "@/lib/uploads/line-map";
import { checkRecords } from "./check";
import { MAX_BATCH_TEXT_BYTES, MAX_ROW_BYTES, utf8Length, utf8LengthPast } from "./limits";
import { parseRecords } from "./parse";
import { BATCH_ROWS, type CsvBatch, type CsvProblem, type CsvRead, type CsvRecord, type UploadKind } from "./types";

/** Line breaks in a record's source text (a quoted cell may hold some). */
function breaksIn(text: string): number {
  if (text.indexOf("\n") < 0 && text.indexOf("\r") < 0) return 0;
  return text.match(/\r\n|\r|\n/g)?.length ?? 0;
}

/**
 * Batches of ≤ BATCH_ROWS rows and ≤ `maxBytes` of UTF-8 text in file order, leaving out the lines
 * in `exclude`: the header and the records' source text, CRLF between records and no line break
 * after the last one (UTF-8 without BOM once encoded). A record whose quoted cells hold line
 * breaks keeps them as written. Goods rows with long texts make batches of fewer rows (a row past
 * MAX_ROW_BYTES is an error of the check, left out before batches are made).
 *
 * The lines in `alone` (confirmed warnings: rows the queue may refuse, such as stock going below
 * 0) each get a batch of their own after all the others: the queue refuses a batch whole, so a
 * refused warning row then costs only itself.
 */
export function makeBatches(read: CsvRead, exclude: ReadonlySet<number> = new Set(), maxBytes = MAX_BATCH_TEXT_BYTES, alone: ReadonlySet<number> = new Set()): CsvBatch[] {
  const batches: CsvBatch[] = [];
  let parts: string[] = [];
  let batchLines: number[] = [];
  let fileLines: number[] = [];
  const headerBytes = utf8Length(read.headerText);
  const firstRecordLine = 2 + breaksIn(read.headerText);
  let bytes = headerBytes;
  let nextBatchLine = firstRecordLine;
  const flush = () => {
    if (parts.length === 0) return;
    batches.push({
      index: batches.length,
      firstLine: fileLines[0] as number,
      lastLine: fileLines[fileLines.length - 1] as number,
      rows: parts.length,
      lineMap: lineMapOf(batchLines, fileLines),
      text: `${read.headerText}\r\n${parts.join("\r\n")}`,
    });
    parts = [];
    batchLines = [];
    fileLines = [];
    bytes = headerBytes;
    nextBatchLine = firstRecordLine;
  };
  const add = (line: number, text: string) => {
    parts.push(text);
    batchLines.push(nextBatchLine);
    fileLines.push(line);
    nextBatchLine += 1 + breaksIn(text);
  };
  const apart: number[] = [];
  read.records.forEach((r, i) => {
    if (exclude.has(r.line)) return;
    if (alone.has(r.line)) {
      apart.push(i);
      return;
    }
    const text = read.recordText(i);
    const size = utf8Length(text) + 2;
    if (parts.length > 0 && bytes + size > maxBytes) flush();
    add(r.line, text);
    bytes += size;
    if (parts.length === BATCH_ROWS) flush();
  });
  flush();
  for (const i of apart) {
    add((read.records[i] as CsvRecord).line, read.recordText(i));
    flush();
  }
  return batches;
}

/**
 * The server's re-check of one stored batch (UTF-8 text): the header and row rules of
 * checkUpload without look-ups (row and cell limits included), and at most BATCH_ROWS rows. Line
 * numbers are those of the batch text (its header = line 1), not of the original file. A text
 * that cannot be read at all gives one problem with the refusal's code. `maxErrors`: the rows
 * after the one that brings the errors to this many are not checked.
 */
export function checkBatchText(kind: UploadKind, text: string, maxErrors?: number): { rows: number; problems: CsvProblem[] } {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const parsed = parseRecords(body, 0x2c);
  if (!parsed.ok) {
    const { refusal } = parsed;
    return { rows: 0, problems: [{ line: refusal.line ?? 1, column: null, value: null, code: refusal.code, reason: refusal.reason, severity: "error" }] };
  }
  const { header, records, starts, ends } = parsed.parsed;
  const problems = checkRecords(kind, header, records, undefined, (i) => utf8LengthPast(MAX_ROW_BYTES[kind], body, starts[i], ends[i]), maxErrors).problems;
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
