// The problems report neutralises every formula start a spreadsheet runs, the full-width ones
// Japanese Excel takes too, in every column (the value, the original line), and keeps numbers.
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { WH } from "./fixtures/generate";
import { checkUpload, problemsReportCsv, readCsvBytes, type CsvRead } from "./index";

function read(text: string): CsvRead {
  const out = readCsvBytes(new TextEncoder().encode(text));
  if (!out.ok) throw new Error(out.refusal.reason.en);
  return out.read;
}

describe("the problems report and formulas", () => {
  it("full-width ＝ ＋ － ＠ at the start of a value or of the original line get an apostrophe", () => {
    const r = read(`${WH}\r\n東京倉庫,A-1,＝1+2,,,,\r\n＝SUM(9),A-2,＠SUM(1),,,,\r\n東京倉庫,A-3,－5,,,,\r\n東京倉庫,A-4,＋5,,,,\r\n`);
    const csv = problemsReportCsv(checkUpload("warehouse-stock", r).problems, r, "en");
    const parsed = Papa.parse<string[]>(csv.slice(1), { skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    const cells = parsed.data.slice(1);
    const byLine = new Map(cells.map((c) => [c[0], c]));
    expect(byLine.get("2")?.[2]).toBe("'＝1+2");
    expect(byLine.get("3")?.[2]).toBe("'＠SUM(1)");
    expect(byLine.get("3")?.[4]).toBe("'＝SUM(9),A-2,＠SUM(1),,,,");
    expect(byLine.get("4")?.[2]).toBe("'－5");
    expect(byLine.get("5")?.[2]).toBe("'＋5");
    // Every cell of the report starts with something a spreadsheet shows as text.
    expect(cells).toHaveLength(4);
    for (const row of cells) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r＝＋－＠]/);
  });
});
