// A batch's rows and the file they came from, and the upload queue's message in the file's own
// lines. Browser-safe and pure: the journal maps a failed batch's que_message on the server, the
// page reads the result in its language.
//
// A batch is the file's header and some of its records (rows left out, and warning rows sent in
// batches of their own, are not there), so "4行目" in the queue's message is the batch's 4th line,
// not the file's. The page records, for every batch, where its records start in the batch text
// and in the file, as runs: [line in the batch, line in the file, records]. A record spanning
// several lines (a quoted cell with line breaks) ends its run.

/** Runs of [first line in the batch text, first line in the file, records]. */
export type LineMap = [number, number, number][];

/** The runs of a batch whose records start at `batchLines[i]` in the batch and `fileLines[i]` in the file. */
export function lineMapOf(batchLines: readonly number[], fileLines: readonly number[]): LineMap {
  const runs: LineMap = [];
  let last: [number, number, number] | undefined;
  for (let i = 0; i < batchLines.length; i++) {
    const b = batchLines[i] as number;
    const f = fileLines[i] as number;
    if (last && last[0] + last[2] === b && last[1] + last[2] === f) last[2]++;
    else runs.push((last = [b, f, 1]));
  }
  return runs;
}

/** Records a map describes (the batch's rows). */
export const lineMapRows = (map: LineMap): number => map.reduce((n, r) => n + r[2], 0);

/** The file line of the record that starts at `batchLine` of the batch, or null. */
export function fileLineOf(map: LineMap | null, batchLine: number): number | null {
  if (!map) return null;
  for (const [b, f, n] of map) if (batchLine >= b && batchLine < b + n) return f + (batchLine - b);
  return null;
}

/** Whether a map is well formed for a batch of `rows` records between `firstLine` and `lastLine` of the file. */
export function lineMapFits(map: LineMap, rows: number, firstLine: number, lastLine: number): boolean {
  let batchLine = 1;
  let fileLine = 1;
  let count = 0;
  for (const [b, f, n] of map) {
    if (b <= batchLine || n < 1 || f < firstLine || f + n - 1 > lastLine) return false;
    // File lines only grow within the main batches; a warning row's batch holds one record.
    if (f <= fileLine && map.length > 1) return false;
    batchLine = b + n - 1;
    fileLine = f + n - 1;
    count += n;
  }
  return count === rows;
}

/** One problem of the queue's message, in the file's lines when the map knows them. */
export interface QueProblem {
  /** The file's line (null: the message names none, or the map does not know it). */
  line: number | null;
  /** The line the message names (the batch's own), when it names one. */
  batchLine: number | null;
  /** The column's header name, when the message gives one. */
  column: string | null;
  ja: string;
  /** The English text, when the message has one (the sandbox writes both; the real API Japanese only). */
  en: string | null;
}

const JAPANESE = /[\u3040-\u30ff\u3400-\u9fff\uff00-\uffef]/;
const LINE_HEAD = /^(\d+)行目(?:\s*(\d+)列目(?:\[([^\]]*)\])?)?\s*[:：]\s*/;
const EN_HEAD = /^line \d+(?:, column \d+(?: "[^"]*")?)?: /;

/** Splits "日本語 (English)" at the last balanced parentheses whose text has no Japanese in it. */
function splitLanguages(text: string): { ja: string; en: string | null } {
  const trimmed = text.trim();
  if (!trimmed.endsWith(")")) return { ja: trimmed, en: null };
  let depth = 0;
  for (let i = trimmed.length - 1; i >= 0; i--) {
    const c = trimmed[i];
    if (c === ")") depth++;
    else if (c === "(" && --depth === 0) {
      const inner = trimmed.slice(i + 1, -1);
      const before = trimmed.slice(0, i).trimEnd();
      if (before === "" || JAPANESE.test(inner)) return { ja: trimmed, en: null };
      return { ja: before, en: inner.replace(EN_HEAD, "") };
    }
  }
  return { ja: trimmed, en: null };
}

/**
 * The queue's message as problems, one a message line, with the batch's line numbers turned into
 * the file's through `map`. Lines that name no line (a file-level reason, "ほか3件…") keep line null.
 */
export function queProblems(message: string | null, map: LineMap | null): QueProblem[] {
  if (!message) return [];
  const out: QueProblem[] = [];
  for (const raw of message.split(/\r\n|\r|\n/)) {
    const text = raw.trim();
    if (text === "") continue;
    const head = LINE_HEAD.exec(text);
    const { ja, en } = splitLanguages(head ? text.slice(head[0].length) : text);
    const batchLine = head ? Number(head[1]) : null;
    out.push({ line: batchLine === null ? null : fileLineOf(map, batchLine), batchLine, column: head?.[3] ?? null, ja, en });
  }
  return out;
}
