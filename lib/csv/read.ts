// A dropped file or a paste, read into a CsvRead: decode, check the separator, parse.
import { csvLine } from "@/lib/grid/csv";
import { decodeCsvBytes } from "./decode";
import { parseRecords, type ParsedText } from "./parse";
import type { CsvEncoding, CsvRead, CsvRefusal, ReadOutcome } from "./types";

const COMMA = 0x2c;
const TAB = 0x09;

const SEPARATOR_NAMES: Record<string, { ja: string; en: string }> = {
  ";": { ja: "セミコロン（;）", en: "semicolons (;)" },
  "\t": { ja: "タブ", en: "tabs" },
  ",": { ja: "カンマ（,）", en: "commas (,)" },
};

function count(text: string, ch: string): number {
  let n = 0;
  for (let k = text.indexOf(ch); k >= 0; k = text.indexOf(ch, k + 1)) n++;
  return n;
}

/**
 * A header read as one single cell that holds another separator: the file is separated by it.
 * (A goods file may really have one column, syohin_code; that header holds no separator.)
 */
function otherSeparator(headerText: string, candidates: readonly string[]): string | null {
  let best: string | null = null;
  let most = 0;
  for (const ch of candidates) {
    const n = count(headerText, ch);
    if (n > most) [best, most] = [ch, n];
  }
  return best;
}

function separatorRefusal(found: string, paste: boolean): CsvRefusal {
  const name = SEPARATOR_NAMES[found] ?? { ja: found, en: found };
  return {
    code: "separator",
    reason: paste
      ? {
          ja: `貼り付けた内容が${name.ja}で区切られています。Excel のセルを選んでコピーし、そのまま貼り付けてください（タブ区切り）`,
          en: `the pasted text is separated by ${name.en}; copy the cells in Excel and paste them as they are (tab-separated)`,
        }
      : {
          ja: `このファイルは${name.ja}で区切られています。カンマ区切りのCSV（Excel の「CSV UTF-8」か「CSV（コンマ区切り）」）で保存し直してください`,
          en: `this file is separated by ${name.en}; save it again as comma-separated CSV (Excel's "CSV UTF-8" or "CSV (Comma delimited)")`,
        },
    line: 1,
  };
}

function fileRead(text: string, encoding: CsvEncoding, p: ParsedText): CsvRead {
  const { starts, ends } = p;
  return {
    encoding,
    lineEndings: p.lineEndings,
    header: p.header,
    records: p.records,
    headerText: text.slice(0, p.headerEnd),
    recordText(index: number): string {
      if (index < 0 || index >= p.records.length) throw new RangeError(`recordText: no record ${index}`);
      return text.slice(starts[index], ends[index]);
    },
  };
}

/** Decode (UTF-8 ± BOM, CP932), refuse binary/too-large/other separators, parse RFC 4180. */
export function readCsvBytes(bytes: Uint8Array): ReadOutcome {
  const decoded = decodeCsvBytes(bytes);
  if (!decoded.ok) return decoded;
  const parsed = parseRecords(decoded.text, COMMA);
  if (!parsed.ok) return parsed;
  const p = parsed.parsed;
  if (p.header.length === 1) {
    const other = otherSeparator(decoded.text.slice(0, p.headerEnd), [";", "\t"]);
    if (other) return { ok: false, refusal: separatorRefusal(other, false) };
  }
  return { ok: true, read: fileRead(decoded.text, decoded.encoding, p) };
}

/**
 * Cells copied from Excel: tab-separated text (as the clipboard gives it, quotes around cells
 * with line breaks or tabs, a trailing line break). encoding is reported as "utf-8" (the text is
 * already Unicode). headerText and recordText give the records as CSV (comma-separated, quoted
 * where needed), since batches are CSV whatever the source was.
 */
export function readPastedCells(text: string): ReadOutcome {
  const parsed = parseRecords(text, TAB);
  if (!parsed.ok) return parsed;
  const p = parsed.parsed;
  if (p.header.length === 1) {
    const other = otherSeparator(text.slice(0, p.headerEnd), [",", ";"]);
    if (other) return { ok: false, refusal: separatorRefusal(other, true) };
  }
  const records = p.records;
  return {
    ok: true,
    read: {
      encoding: "utf-8",
      lineEndings: p.lineEndings,
      header: p.header,
      records,
      headerText: csvLine(p.header),
      recordText(index: number): string {
        const r = records[index];
        if (!r) throw new RangeError(`recordText: no record ${index}`);
        return csvLine(r.cells);
      },
    },
  };
}
