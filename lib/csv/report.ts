// The problems report an operator downloads: one line per problem with the record's original
// text, for Excel (UTF-8 with BOM, CRLF, RFC 4180 quoting, formula-looking cells neutralised as
// the grid exports do it: lib/grid/csv.ts).
import { csvLine, protectFormula } from "@/lib/grid/csv";
import type { CsvProblem, CsvRead } from "./types";

const HEADERS = {
  ja: ["行", "列", "値", "理由", "元の行"],
  en: ["Line", "Column", "Value", "Reason", "Original line"],
} as const;

/** Index of the record that starts on `line`, or -1 (records are in line order). */
function recordAt(read: CsvRead, line: number): number {
  let lo = 0;
  let hi = read.records.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const at = (read.records[mid] as { line: number }).line;
    if (at === line) return mid;
    if (at < line) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/**
 * The problems report: line, column, value, reason, original line, headed in the locale's
 * language; warnings are marked as such in the reason. The string starts with a BOM (U+FEFF), so
 * its UTF-8 bytes open right in Excel.
 */
export function problemsReportCsv(problems: readonly CsvProblem[], read: CsvRead | null, locale: "ja" | "en"): string {
  const lines = [csvLine([...HEADERS[locale]])];
  for (const p of problems) {
    let original = "";
    if (read) {
      if (p.line === 1) original = read.headerText;
      else {
        const i = recordAt(read, p.line);
        if (i >= 0) original = read.recordText(i);
      }
    }
    const reason = p.severity === "warning" ? (locale === "ja" ? `警告: ${p.reason.ja}` : `Warning: ${p.reason.en}`) : p.reason[locale];
    lines.push(csvLine([String(p.line), p.column ?? "", p.value ?? "", reason, original].map((v) => protectFormula(v))));
  }
  return `\ufeff${lines.join("\r\n")}\r\n`;
}
