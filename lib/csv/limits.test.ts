// The row, cell and batch bounds of an upload (limits.ts), on both sides: checkUpload (the
// browser's check), checkBatchText (the server's re-check) and makeBatches.
import { describe, expect, it } from "vitest";
import { batchTextCap, checkBatchText, checkUpload, makeBatches, MAX_BATCH_TEXT_BYTES, MAX_ROW_BYTES, readCsvBytes, utf8Length } from "./index";

const WH = "kyoten_mei,syohin_code,kasan_su,gensan_su,nyusyukko_riyu,kyoten_syohin_himoduke,kyoten_syohin_sakujyo";
const utf8 = (text: string) => new TextEncoder().encode(text);
const found = (problems: { line: number; column: string | null; code: string }[]) => problems.map((p) => [p.line, p.column, p.code]);

function read(text: string) {
  const out = readCsvBytes(utf8(text));
  if (!out.ok) throw new Error(out.refusal.code);
  return out.read;
}

describe("utf8Length", () => {
  it("counts what TextEncoder writes, lone surrogates as U+FFFD", () => {
    for (const text of ["", "abc", "é", "倉庫", "𩸽と🍣", "a\ud800b", "\udc00", "x\ud83d"]) {
      expect(utf8Length(text)).toBe(utf8(text).length);
    }
    expect(utf8Length("ab倉庫cd", 2, 4)).toBe(6);
  });
});

describe("row and cell limits", () => {
  it("a warehouse row at the API's maxima passes; one byte past 2 KiB is refused with its line", () => {
    const name = "倉".repeat(255);
    const full = `"${name}",${"A".repeat(50)},9999999,,"${"理".repeat(255)}",,`;
    expect(utf8Length(full)).toBeLessThan(MAX_ROW_BYTES["warehouse-stock"]);
    const pad = " ".repeat(MAX_ROW_BYTES["warehouse-stock"] - utf8Length("基本拠点,A-1,5,,,,") + 1);
    const long = `基本拠点,A-1,5,,${pad},,`;
    expect(utf8Length(long)).toBe(MAX_ROW_BYTES["warehouse-stock"] + 1);
    const text = [WH, full, "基本拠点,A-2,1,,,,", long].join("\r\n");
    const server = checkBatchText("warehouse-stock", text);
    expect(found(server.problems)).toEqual([[4, null, "row-too-long"]]);
    expect(server.problems[0]?.reason.en).toBe(`line 4 is too long (${MAX_ROW_BYTES["warehouse-stock"] + 1} bytes; a row holds at most 2048)`);
    const browser = checkUpload("warehouse-stock", read(text));
    expect(found(browser.problems)).toEqual([[4, null, "row-too-long"]]);
    expect(browser.errorLines).toEqual([4]);
  });

  it("a goods row past 1 MiB is refused whole, its cells not quoted in any reason", () => {
    const huge = "x".repeat(MAX_ROW_BYTES.goods);
    const text = ["syohin_code,bikou,baika_tnk", `G-1,"${huge}",abc`, "G-2,メモ,100"].join("\r\n");
    const { problems } = checkBatchText("goods", text);
    expect(found(problems)).toEqual([[2, null, "row-too-long"]]);
    expect(problems[0]?.value).toBeNull();
    expect(problems[0]?.reason.ja.length).toBeLessThan(100);
  });

  it("cells longer than their column takes: cell-too-long with line and column, before the kind's rule", () => {
    const text = [
      "syohin_code,baika_tnk,hatubai_bi,tag,syohin_name,image_url_http",
      `G-1,${"1".repeat(65)},2026-01-01,[a],名前,`,
      `G-2,100,${"2".repeat(65)},[a],名前,`,
      `G-3,100,,[${"t".repeat(65_535)}],名前,`,
      `${"G".repeat(51)},100,,,名前,`,
      `G-5,100,,,${"名".repeat(256)},https://example.com/${"a".repeat(2000)}`,
      `G-6,  100  ,,,名前,`,
    ].join("\r\n");
    const { problems } = checkBatchText("goods", text);
    expect(found(problems)).toEqual([
      [2, "baika_tnk", "cell-too-long"],
      [3, "hatubai_bi", "cell-too-long"],
      [4, "tag", "cell-too-long"],
      [5, "syohin_code", "cell-too-long"],
      [6, "syohin_name", "too-long"],
      [6, "image_url_http", "cell-too-long"],
    ]);
    expect(problems[0]?.reason.en).toBe("Selling price (baika_tnk) is too long (65 characters; at most 64)");
    for (const p of problems) expect(p.reason.ja.length + p.reason.en.length).toBeLessThan(300);
  });

  it("warehouse names, goods codes and quantities past the API's length, on the server's re-check too", () => {
    const text = [WH, `${"倉".repeat(256)},A-1,5,,,,`, `基本拠点,${"A".repeat(51)},5,,,,`, `基本拠点,A-3,${"9".repeat(65)},,,,`].join("\r\n");
    expect(found(checkBatchText("warehouse-stock", text).problems)).toEqual([
      [2, "kyoten_mei", "too-long"],
      [3, "syohin_code", "cell-too-long"],
      [4, "kasan_su", "cell-too-long"],
    ]);
  });

  it("quoted cells of doubled quotes read as one flat value each (the issue's batch: 3000 rows of 5,400 quotes)", () => {
    const row = `P1,"${'"'.repeat(5400)}"`;
    const text = `syohin_code,syohin_name\r\n${Array.from({ length: 3000 }, () => row).join("\r\n")}`;
    const { rows, problems } = checkBatchText("goods", text);
    expect(rows).toBe(3000);
    expect(problems[0]).toMatchObject({ line: 2, column: "syohin_name", code: "too-long" });
    expect(problems[1]).toMatchObject({ line: 3, column: "syohin_code", code: "duplicate-code" });
    expect(problems[0]?.value).toBe('"'.repeat(2700));
  });
});

describe("batches within the byte bound", () => {
  it("cuts a batch before the row that would take it past maxBytes, and never past 3000 rows", () => {
    const rows = Array.from({ length: 10 }, (_, i) => `G-${i},"${"説".repeat(100)}"`);
    const r = read(["syohin_code,bikou", ...rows].join("\r\n"));
    const rowBytes = utf8Length(rows[0] ?? "") + 2;
    const headerBytes = utf8Length("syohin_code,bikou");
    const batches = makeBatches(r, new Set(), headerBytes + 4 * rowBytes);
    expect(batches.map((b) => [b.firstLine, b.lastLine, b.rows])).toEqual([
      [2, 5, 4],
      [6, 9, 4],
      [10, 11, 2],
    ]);
    for (const b of batches) expect(utf8(b.text).length).toBeLessThanOrEqual(headerBytes + 4 * rowBytes);
    expect(makeBatches(r).map((b) => b.rows)).toEqual([10]);
  });

  it("the server's unzip cap: what the claimed rows can hold, never past 16 MiB", () => {
    expect(batchTextCap("warehouse-stock", 3000)).toBe(8 * 1024 + 3000 * 2050);
    expect(batchTextCap("warehouse-stock", 1)).toBe(8 * 1024 + 2050);
    expect(batchTextCap("goods", 3)).toBe(8 * 1024 + 3 * (1024 * 1024 + 2));
    expect(batchTextCap("goods", 3000)).toBe(MAX_BATCH_TEXT_BYTES);
  });
});
