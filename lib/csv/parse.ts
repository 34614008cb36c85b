// RFC 4180 records from decoded text, with the file line each record starts on and the offsets of
// its source text.
//
// Hand-written rather than papaparse: the checks must name the line an operator sees in an editor
// (the FIRST physical line of a record whose quoted cells hold line breaks), and batches and the
// problems report need each record's exact source text. papaparse gives neither directly, and
// recovering them from its output would mean a second scan. One char-code pass gives both; the
// offsets are kept in typed arrays so a 100,000-row file keeps no second copy of its text.
import type { CsvRecord, CsvRefusal, LineEndings } from "./types";

const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;

export interface ParsedText {
  /** Header cells and the header's source text (offsets 0..headerEnd). */
  header: string[];
  headerEnd: number;
  records: CsvRecord[];
  /** Source text of records[i] is text.slice(starts[i], ends[i]) (line break excluded). */
  starts: Int32Array;
  ends: Int32Array;
  lineEndings: LineEndings;
}

export type ParseOutcome = { ok: true; parsed: ParsedText } | { ok: false; refusal: CsvRefusal };

function grow(a: Int32Array): Int32Array<ArrayBuffer> {
  const b = new Int32Array(a.length * 2);
  b.set(a);
  return b;
}

/** Whether every cell is empty after trimming (an empty line, or Excel's `,,,,` of a cleared row). */
export function isBlank(cells: readonly string[]): boolean {
  for (const c of cells) if (c !== "" && c.trim() !== "") return false;
  return true;
}

/** Line breaks (CR LF, LF, lone CR) in text[from, to). */
function countBreaks(text: string, from: number, to: number): number {
  let n = 0;
  for (let k = from; k < to; k++) {
    const c = text.charCodeAt(k);
    if (c === LF) n++;
    else if (c === CR && text.charCodeAt(k + 1) !== LF) n++;
  }
  return n;
}

/**
 * Records separated by `sep` (a char code: comma for files, tab for pastes). Blank lines at the
 * end are dropped; a blank line elsewhere stays a record (cells [""]) for the checks to refuse.
 * Line breaks inside quotes are kept as written; only record ends count for `lineEndings`
 * (Excel writes LF inside cells of a CRLF file).
 */
export function parseRecords(text: string, sep: number): ParseOutcome {
  const n = text.length;
  const records: CsvRecord[] = [];
  let starts = new Int32Array(1024);
  let ends = new Int32Array(1024);
  let crlf = 0;
  let lf = 0;
  let cr = 0;
  let i = 0;
  let line = 1;
  let header: string[] | null = null;
  const scratch: string[] = [];
  let headerEnd = 0;
  while (i < n || header === null) {
    const start = i;
    const recordLine = line;
    // Cells go to a scratch array first; the record keeps an exact-size copy (an array grown by
    // push keeps spare capacity, which for 100,000 records is megabytes more for the GC to copy).
    let k = 0;
    let quoteProblem: CsvRecord["quoteProblem"];
    for (;;) {
      let c = text.charCodeAt(i);
      if (c === QUOTE) {
        const openLine = line;
        i++;
        // The cell's text is cut once and its doubled quotes undone once: adding each stretch
        // between `""` to a string would build a rope of thousands of pieces for a cell of quotes,
        // slow to flatten and large in memory.
        const from = i;
        let doubled = false;
        let value: string;
        for (;;) {
          const q = text.indexOf('"', i);
          if (q < 0) {
            return {
              ok: false,
              refusal: {
                code: "unclosed-quote",
                reason: {
                  ja: `${openLine}行目で始まる引用符（"）が閉じられていません`,
                  en: `the double quote (") opened on line ${openLine} is never closed`,
                },
                line: openLine,
              },
            };
          }
          line += countBreaks(text, i, q);
          if (text.charCodeAt(q + 1) === QUOTE) {
            doubled = true;
            i = q + 2;
            continue;
          }
          // split/join gives a flat string (replaceAll and a regex replace build a rope here too).
          value = doubled ? text.slice(from, q).split('""').join('"') : text.slice(from, q);
          i = q + 1;
          break;
        }
        c = text.charCodeAt(i);
        if (i < n && c !== sep && c !== LF && c !== CR) {
          // `"ab"c`: keep the rest as part of the cell; the row is refused by the check.
          quoteProblem ??= { cell: k, kind: "text-after-quote" };
          let j = i;
          while (j < n && (c = text.charCodeAt(j)) !== sep && c !== LF && c !== CR) j++;
          value += text.slice(i, j);
          i = j;
        }
        scratch[k++] = value;
      } else {
        let j = i;
        while (j < n) {
          c = text.charCodeAt(j);
          if (c === sep || c === LF || c === CR) break;
          if (c === QUOTE) quoteProblem ??= { cell: k, kind: "stray-quote" };
          j++;
        }
        scratch[k++] = text.slice(i, j);
        i = j;
      }
      if (i < n && text.charCodeAt(i) === sep) {
        i++;
        continue;
      }
      break;
    }
    const end = i;
    const cells = scratch.slice(0, k);
    if (i < n) {
      if (text.charCodeAt(i) === CR) {
        if (text.charCodeAt(i + 1) === LF) {
          i += 2;
          crlf++;
        } else {
          i++;
          cr++;
        }
      } else {
        i++;
        lf++;
      }
      line++;
    }
    if (header === null) {
      header = cells;
      headerEnd = end;
      continue;
    }
    const at = records.length;
    if (at === starts.length) {
      starts = grow(starts);
      ends = grow(ends);
    }
    starts[at] = start;
    ends[at] = end;
    records.push(quoteProblem ? { line: recordLine, cells, quoteProblem } : { line: recordLine, cells });
  }
  while (records.length > 0 && isBlank((records[records.length - 1] as CsvRecord).cells)) records.pop();
  if (records.length === 0 && isBlank(header)) {
    return { ok: false, refusal: { code: "empty", reason: { ja: "ファイルに内容がありません（空行だけです）", en: "the file has no content (blank lines only)" } } };
  }
  const kinds = (crlf > 0 ? 1 : 0) + (lf > 0 ? 1 : 0) + (cr > 0 ? 1 : 0);
  const lineEndings: LineEndings = kinds === 0 ? "none" : kinds > 1 ? "mixed" : crlf > 0 ? "CRLF" : lf > 0 ? "LF" : "CR";
  return { ok: true, parsed: { header, headerEnd, records, starts, ends, lineEndings } };
}
