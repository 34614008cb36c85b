// CSV for people who open it in Excel: RFC 4180 quoting, CRLF line ends, UTF-8 with a BOM (so
// Excel reads it as UTF-8) or Shift_JIS (CP932, what Japanese Excel and most shop tools expect).
// Characters Shift_JIS cannot hold are found first and reported with their row and column, so
// the person decides; nothing is replaced silently. The Shift_JIS tables (encoding-japanese)
// are loaded only when that encoding is chosen.
import { JST_OFFSET_MS } from "@/lib/ne/registry/types";

export type CsvEncoding = "utf8-bom" | "sjis";
export const UTF8_BOM = new Uint8Array([0xef, 0xbb, 0xbf]);

export interface CsvDocument {
  header: readonly string[];
  rows: ReadonlyArray<ReadonlyArray<string | null | undefined>>;
}

/** One field, quoted when it holds a comma, a quote or a line break (quotes doubled). */
export function csvField(value: string | null | undefined): string {
  if (value === null || value === undefined) return "";
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** What a spreadsheet may take as the start of a formula: `= + - @`, tab, CR, and the full-width `＝ ＋ － ＠` (Japanese Excel reads those as formulas too). */
const FORMULA_START = /^[=+\-@\t\r\uff1d\uff0b\uff0d\uff20]/;
/** A plain number (ASCII), which a spreadsheet reads as a number and runs nothing of. */
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;

/**
 * Text a spreadsheet would run as a formula (FORMULA_START) gets a leading apostrophe, as OWASP
 * advises for CSV exports; plain numbers (`-120`, `+3.5`) stay numbers. Every cell of a file goes
 * through it as it is written, whatever its field's type: a shop, warehouse or mall id is a number
 * that the export writes as the shop's name, which a person typed. Hand-written: Papa Parse's
 * `escapeFormulae` and csv-stringify's `escape_formulas` quote `-120` too (a number would become text).
 */
export function protectFormula(value: string | null | undefined): string | null | undefined {
  if (!value) return value;
  if (!FORMULA_START.test(value)) return value;
  if (PLAIN_NUMBER.test(value)) return value;
  return `'${value}`;
}

export function csvLine(values: ReadonlyArray<string | null | undefined>): string {
  return values.map(csvField).join(",");
}

/** The whole document as text, CRLF after every line (header included). */
export function csvText(doc: CsvDocument): string {
  const lines = [csvLine(doc.header)];
  for (const row of doc.rows) lines.push(csvLine(row));
  return lines.join("\r\n") + "\r\n";
}

export interface UnmappableChar {
  /** Data row, 1-based (the header is not counted). */
  row: number;
  /** Column label as it appears in the header. */
  column: string;
  char: string;
  /** `U+1F600` */
  codePoint: string;
}

export interface UnmappableReport {
  /** Every occurrence, counted. */
  total: number;
  /** The first ones in document order, for the person to read (at most `limit`). */
  items: UnmappableChar[];
  /** Distinct characters, in order of first appearance. */
  chars: string[];
}

export function codePointLabel(char: string): string {
  return `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}`;
}

/**
 * Every character of the rows (and header) that `canEncode` refuses. ASCII is always encodable
 * in Shift_JIS, so only other characters are asked about, each once.
 */
export function findUnmappable(doc: CsvDocument, canEncode: (char: string) => boolean, limit = 200): UnmappableReport {
  const verdict = new Map<string, boolean>();
  const report: UnmappableReport = { total: 0, items: [], chars: [] };
  const check = (text: string | null | undefined, row: number, column: string) => {
    if (!text || !/[^\x00-\x7f]/.test(text)) return;
    for (const char of text) {
      if (char.charCodeAt(0) < 0x80) continue;
      let ok = verdict.get(char);
      if (ok === undefined) {
        ok = canEncode(char);
        verdict.set(char, ok);
        if (!ok) report.chars.push(char);
      }
      if (ok) continue;
      report.total += 1;
      if (report.items.length < limit) report.items.push({ row, column, char, codePoint: codePointLabel(char) });
    }
  };
  doc.header.forEach((label) => check(label, 0, label));
  doc.rows.forEach((cells, r) => cells.forEach((cell, c) => check(cell, r + 1, doc.header[c] ?? String(c + 1))));
  return report;
}

export interface SjisCodec {
  canEncode(char: string): boolean;
  /** Shift_JIS bytes; characters it cannot hold become `?`. */
  encode(text: string): Uint8Array;
}

/** The Shift_JIS (CP932) codec, loaded on first use. */
export async function loadSjisCodec(): Promise<SjisCodec> {
  const { default: Encoding } = await import("encoding-japanese");
  return {
    canEncode(char) {
      try {
        Encoding.convert(Encoding.stringToCode(char), { to: "SJIS", from: "UNICODE", fallback: "error" });
        return true;
      } catch {
        return false;
      }
    },
    encode(text) {
      return Uint8Array.from(Encoding.convert(Encoding.stringToCode(text), { to: "SJIS", from: "UNICODE" }));
    },
  };
}

const LINES_PER_PART = 2000;

/**
 * The document's bytes in `encoding`, in parts of a few thousand lines (a Blob takes the parts
 * as they are, so a 100,000-row export never needs one giant string or array).
 */
export function encodeCsvParts(doc: CsvDocument, encoding: CsvEncoding, sjis?: SjisCodec): Uint8Array[] {
  if (encoding === "sjis" && !sjis) throw new Error("encodeCsvParts: Shift_JIS needs the codec");
  const utf8 = new TextEncoder();
  const encode = (text: string) => (encoding === "sjis" ? (sjis as SjisCodec).encode(text) : utf8.encode(text));
  const parts: Uint8Array[] = encoding === "utf8-bom" ? [UTF8_BOM] : [];
  let lines: string[] = [csvLine(doc.header)];
  for (const row of doc.rows) {
    lines.push(csvLine(row));
    if (lines.length >= LINES_PER_PART) {
      parts.push(encode(lines.join("\r\n") + "\r\n"));
      lines = [];
    }
  }
  if (lines.length) parts.push(encode(lines.join("\r\n") + "\r\n"));
  return parts;
}

/** `orders-20261121-2345.csv`: the grid's name and the JST minute of the export. */
export function exportFileName(grid: string, at: Date = new Date()): string {
  const jst = new Date(at.getTime() + JST_OFFSET_MS);
  const p = (n: number) => String(n).padStart(2, "0");
  const day = `${jst.getUTCFullYear()}${p(jst.getUTCMonth() + 1)}${p(jst.getUTCDate())}`;
  return `${grid}-${day}-${p(jst.getUTCHours())}${p(jst.getUTCMinutes())}.csv`;
}
