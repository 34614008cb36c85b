// Every fixture file under lib/csv/fixtures: what reading it gives, and the problems (code and
// line) the checks must report.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { fixtureBytes } from "./fixtures/generate";
import { checkUpload, readCsvBytes, stockLookups, type CheckResult, type CsvRead, type CsvRefusal, type UploadKind, type UploadLookups } from "./index";

function bytesOf(name: string): Uint8Array {
  return new Uint8Array(readFileSync(new URL(`./fixtures/${name}`, import.meta.url)));
}

function read(name: string): CsvRead {
  const out = readCsvBytes(bytesOf(name));
  if (!out.ok) throw new Error(`${name} was refused: ${out.refusal.reason.en}`);
  return out.read;
}

function refused(name: string): CsvRefusal {
  const out = readCsvBytes(bytesOf(name));
  if (out.ok) throw new Error(`${name} was read`);
  return out.refusal;
}

/** [line, column, code] of each problem, in order. */
function found(r: CheckResult): [number, string | null, string][] {
  return r.problems.map((p) => [p.line, p.column, p.code]);
}

function check(kind: UploadKind, name: string, lookups?: UploadLookups): CheckResult {
  return checkUpload(kind, read(name), lookups);
}

describe("the committed fixtures", () => {
  it("are what fixtures/generate.ts builds (at least 30 of them)", () => {
    const built = fixtureBytes();
    expect(built.size).toBeGreaterThanOrEqual(30);
    for (const [name, bytes] of built) expect(bytesOf(name), name).toEqual(bytes);
  });
});

describe("refused before or while reading", () => {
  it("empty file", () => {
    expect(refused("empty.csv")).toMatchObject({ code: "empty" });
  });
  it("bytes that are neither UTF-8 nor Shift_JIS, naming line 3", () => {
    const r = refused("invalid-bytes.csv");
    expect(r).toMatchObject({ code: "unknown-encoding", line: 3 });
    expect(r.reason.ja).toContain("3行目");
  });
  it("semicolon-separated, naming the separator", () => {
    const r = refused("semicolons.csv");
    expect(r).toMatchObject({ code: "separator", line: 1 });
    expect(r.reason.ja).toContain("セミコロン");
    expect(r.reason.en).toContain("semicolons");
  });
  it("tab-separated (Shift_JIS), naming the separator", () => {
    const r = refused("tabs.csv");
    expect(r).toMatchObject({ code: "separator" });
    expect(r.reason.ja).toContain("タブ");
  });
  it("a NUL byte: binary, on line 2", () => {
    expect(refused("binary-nul.csv")).toMatchObject({ code: "binary", line: 2 });
  });
  it("an unclosed quote, naming the line it opens on", () => {
    const r = refused("unclosed-quote.csv");
    expect(r).toMatchObject({ code: "unclosed-quote", line: 3 });
    expect(r.reason.ja).toContain("3行目");
  });
});

describe("encodings and line endings", () => {
  it("UTF-8 with BOM, CRLF", () => {
    const r = read("utf8-bom-crlf.csv");
    expect([r.encoding, r.lineEndings]).toEqual(["utf-8-bom", "CRLF"]);
    expect(r.header[0]).toBe("kyoten_mei");
    expect(r.records.map((x) => x.cells[0])).toEqual(["東京倉庫", "大阪倉庫"]);
  });
  it("UTF-8 without BOM, LF", () => {
    const r = read("utf8-lf.csv");
    expect([r.encoding, r.lineEndings]).toEqual(["utf-8", "LF"]);
    expect(r.records.map((x) => x.line)).toEqual([2, 3]);
  });
  it("Shift_JIS, CRLF", () => {
    const r = read("sjis-crlf.csv");
    expect([r.encoding, r.lineEndings]).toEqual(["shift_jis", "CRLF"]);
    expect(r.records[1]?.cells[4]).toBe("棚卸差異");
    expect(check("warehouse-stock", "sjis-crlf.csv").problems).toEqual([]);
  });
  it("CR only (old Mac)", () => {
    const r = read("cr-only.csv");
    expect([r.encoding, r.lineEndings]).toEqual(["shift_jis", "CR"]);
    expect(r.records.map((x) => [x.line, x.cells[1]])).toEqual([
      [2, "A-1"],
      [3, "A-2"],
    ]);
  });
  it("mixed line endings are reported as mixed and still counted as lines", () => {
    const r = read("mixed-endings.csv");
    expect(r.lineEndings).toBe("mixed");
    expect(r.records.map((x) => x.line)).toEqual([2, 3, 4]);
  });
  it("CP932 vendor characters (①, ㈱, 髙, 﨑, Ⅲ, ≒, ∵, ㍻, half-width kana) decode exactly", () => {
    const r = read("cp932-vendor.csv");
    expect(r.encoding).toBe("shift_jis");
    expect(r.records[0]?.cells[0]).toBe("①号倉庫");
    expect(r.records[0]?.cells[4]).toBe("㈱髙橋商店より入荷 﨑 Ⅲ ≒ ∵ ㍻");
    expect(r.records[1]?.cells[4]).toBe("ﾊﾝｶｸｶﾅ 髙");
  });
});

describe("quotes", () => {
  it("commas and doubled quotes inside quotes", () => {
    const r = read("quoted-commas.csv");
    expect(r.records[0]?.cells).toEqual(["東京,第一倉庫", "A-1", "5", "", '棚卸差異,"再調整"', "", ""]);
    expect(r.recordText(0)).toBe(`"東京,第一倉庫",A-1,5,,"棚卸差異,""再調整""",,`);
  });
  it("line breaks inside quotes: the record is named by its first line, later lines count right", () => {
    const r = read("quoted-newlines.csv");
    expect(r.records.map((x) => x.line)).toEqual([2, 5, 6]);
    expect(r.records[0]?.cells[4]).toBe("入荷\r\n検品済み\r\n棚A");
    expect(r.lineEndings).toBe("CRLF");
    expect(found(check("warehouse-stock", "quoted-newlines.csv"))).toEqual([[6, "gensan_su", "not-a-quantity"]]);
  });
  it("a header quoted as Excel writes it", () => {
    const r = read("quoted-header.csv");
    expect(r.header).toEqual(["kyoten_mei", "syohin_code", "kasan_su", "gensan_su", "nyusyukko_riyu", "kyoten_syohin_himoduke", "kyoten_syohin_sakujyo"]);
    expect(r.headerText.startsWith('"kyoten_mei","syohin_code"')).toBe(true);
    expect(check("warehouse-stock", "quoted-header.csv").problems).toEqual([]);
  });
  it("a quote inside an unquoted cell, and text after a closing quote, are row errors", () => {
    const r = check("warehouse-stock", "stray-quote.csv");
    expect(found(r)).toEqual([
      [2, "kyoten_mei", "stray-quote"],
      [3, "kyoten_mei", "text-after-quote"],
    ]);
    expect(r.errorLines).toEqual([2, 3]);
  });
});

describe("header", () => {
  it("header only: no data rows, the file is refused", () => {
    const r = check("warehouse-stock", "header-only.csv");
    expect(found(r)).toEqual([[1, null, "no-rows"]]);
    expect(r.fileRefused).toBe(true);
    expect(r.errorLines).toEqual([]);
  });
  it("an unknown column", () => {
    const r = check("warehouse-stock", "header-unknown-column.csv");
    expect(found(r)).toEqual([[1, "zaiko", "unknown-column"]]);
    expect(r.problems[0]?.reason.ja).toContain("4列目");
    expect(r.fileRefused).toBe(true);
  });
  it("a missing required column", () => {
    expect(found(check("warehouse-stock", "header-missing-required.csv"))).toEqual([[1, "syohin_code", "missing-column"]]);
  });
  it("a duplicate column, naming both positions", () => {
    const r = check("warehouse-stock", "header-duplicate.csv");
    expect(found(r)).toEqual([[1, "kasan_su", "duplicate-column"]]);
    expect(r.problems[0]?.reason.en).toContain("columns 3 and 4");
  });
});

describe("rows", () => {
  it("a short row", () => {
    const r = check("warehouse-stock", "row-short.csv");
    expect(found(r)).toEqual([[3, null, "cell-count"]]);
    expect(r.problems[0]?.reason.ja).toContain("この行は6列");
  });
  it("a long row", () => {
    expect(found(check("warehouse-stock", "row-long.csv"))).toEqual([[4, null, "cell-count"]]);
  });
  it("blank lines in the middle are errors; blank lines and empty-cell rows at the end are ignored", () => {
    const r = read("blank-line-middle.csv");
    expect(r.records.map((x) => x.line)).toEqual([2, 3, 4, 5, 6]);
    expect(found(checkUpload("warehouse-stock", r))).toEqual([
      [3, null, "blank-line"],
      [5, null, "blank-line"],
    ]);
    const t = read("trailing-blank-lines.csv");
    expect(t.records).toHaveLength(1);
    expect(checkUpload("warehouse-stock", t).problems).toEqual([]);
  });
  it("a bad row deep in a 4,500-row Shift_JIS file is named by its editor line", () => {
    const r = read("wh-deep-4500.csv");
    expect(r.records).toHaveLength(4500);
    expect(r.records[97]?.line).toBe(99);
    expect(r.records[98]?.line).toBe(101);
    const c = checkUpload("warehouse-stock", r);
    expect(found(c)).toEqual([[3778, "kasan_su", "not-a-quantity"]]);
    expect(c.problems[0]?.value).toBe("abc");
    expect(r.recordText(3775)).toBe("東京倉庫,DP-03775,abc,,入荷,,");
  });
});

describe("warehouse stock rules", () => {
  it("no operation in a row", () => {
    expect(found(check("warehouse-stock", "wh-no-operation.csv"))).toEqual([[2, null, "no-operation"]]);
  });
  it("two operations in a row", () => {
    const r = check("warehouse-stock", "wh-two-operations.csv");
    expect(found(r)).toEqual([
      [3, "gensan_su", "several-operations"],
      [4, "kyoten_syohin_sakujyo", "several-operations"],
    ]);
    expect(r.errorLines).toEqual([3, 4]);
  });
  it("himoduke other than a, sakujyo other than d", () => {
    expect(found(check("warehouse-stock", "wh-bad-link-delete.csv"))).toEqual([
      [2, "kyoten_syohin_himoduke", "not-a-choice"],
      [3, "kyoten_syohin_sakujyo", "not-a-choice"],
    ]);
  });
  it("quantities: whole numbers 1..9,999,999 in half-width digits", () => {
    const r = check("warehouse-stock", "wh-bad-quantities.csv");
    expect(found(r)).toEqual([
      [2, "kasan_su", "below-minimum"],
      [3, "kasan_su", "negative"],
      [4, "kasan_su", "not-whole"],
      [5, "kasan_su", "not-a-quantity"],
      [6, "kasan_su", "full-width"],
      [7, "gensan_su", "too-large"],
    ]);
    expect(r.problems[4]?.reason.ja).toContain("半角数字");
  });
  it("masters: unknown warehouse and goods, deleting allocated stock, below zero counting earlier rows", () => {
    const lookups: UploadLookups = {
      warehouseNames: new Set(["東京倉庫", "大阪倉庫"]),
      goodsCodes: new Set(["A-1", "A-2", "A-3"]),
      warehouseStock: new Map([
        ["東京倉庫\tA-1", { quantity: 10, allocated: 0 }],
        ["東京倉庫\tA-2", { quantity: 10, allocated: 2 }],
      ]),
    };
    const r = check("warehouse-stock", "wh-masters.csv", lookups);
    expect(found(r)).toEqual([
      [2, "kyoten_mei", "unknown-warehouse"],
      [3, "syohin_code", "unknown-goods"],
      [4, "kyoten_syohin_sakujyo", "delete-allocated"],
      [6, "gensan_su", "stock-below-zero"],
      [7, "syohin_code", "not-linked"],
      [10, "gensan_su", "below-allocated"],
    ]);
    expect(r.problems.find((p) => p.line === 6)?.severity).toBe("warning");
    expect(r.problems.find((p) => p.line === 6)?.reason.ja).toContain("在庫数 4");
    expect(r.errorLines).toEqual([2, 3, 4, 7, 10]);
    expect(r.warningLines).toEqual([6]);
    // Without look-ups only the file's own rules apply.
    expect(check("warehouse-stock", "wh-masters.csv").problems).toEqual([]);
    // The same look-ups as fetchLookups gives them (with stockIndex): the same result.
    const indexed = stockLookups(lookups.warehouseNames, lookups.goodsCodes, [
      { warehouseName: "東京倉庫", code: "A-1", quantity: 10, allocated: 0 },
      { warehouseName: "東京倉庫", code: "A-2", quantity: 10, allocated: 2 },
    ]);
    expect(indexed.warehouseStock).toEqual(lookups.warehouseStock);
    expect(check("warehouse-stock", "wh-masters.csv", indexed)).toEqual(r);
  });
  it("masters: look-ups with and without stockIndex give the same result on a file of repeated pairs", () => {
    let seed = 7;
    const rand = (n: number) => {
      seed = (seed * 1664525 + 1013904223) >>> 0;
      return Math.floor((seed / 2 ** 32) * n);
    };
    const warehouses = ["東京倉庫", "大阪倉庫", "閉鎖倉庫"];
    const codes = ["A-1", "A-2", "A-3", "A-4", "NOPE"];
    const stock = [];
    for (const w of warehouses.slice(0, 2)) {
      for (const c of codes.slice(0, 3)) if (rand(3) > 0) stock.push({ warehouseName: w, code: c, quantity: rand(20), allocated: rand(2) === 0 ? 1 + rand(8) : 0 });
    }
    const indexed = stockLookups(new Set(warehouses.slice(0, 2)), new Set(codes.slice(0, 4)), stock);
    const keyed: UploadLookups = { warehouseNames: indexed.warehouseNames, goodsCodes: indexed.goodsCodes, warehouseStock: indexed.warehouseStock };
    const lines = ["kyoten_mei,syohin_code,kasan_su,gensan_su,nyusyukko_riyu,kyoten_syohin_himoduke,kyoten_syohin_sakujyo"];
    for (let i = 0; i < 2000; i++) {
      const pair = `${warehouses[rand(3)]},${codes[rand(5)]}`;
      const op = rand(10);
      if (op < 4) lines.push(`${pair},${rand(12)},,,,`);
      else if (op < 8) lines.push(`${pair},,${1 + rand(12)},,,`);
      else if (op < 9) lines.push(`${pair},,,,a,`);
      else lines.push(`${pair},,,,,d`);
    }
    const out = readCsvBytes(new TextEncoder().encode(lines.join("\n")));
    if (!out.ok) throw new Error(out.refusal.reason.en);
    const withIndex = checkUpload("warehouse-stock", out.read, indexed);
    const codesSeen = new Set(withIndex.problems.map((p) => p.code));
    for (const c of ["unknown-warehouse", "unknown-goods", "not-linked", "stock-below-zero", "below-allocated", "delete-allocated"]) expect(codesSeen, c).toContain(c);
    expect(withIndex).toEqual(checkUpload("warehouse-stock", out.read, keyed));
  });
});

describe("goods rules", () => {
  it("duplicate goods codes name the first line", () => {
    const r = check("goods", "goods-duplicate-codes.csv");
    expect(found(r)).toEqual([[4, "syohin_code", "duplicate-code"]]);
    expect(r.problems[0]?.reason.ja).toContain("2行目と同じ");
  });
  it("numbers, dates, choices, flags, JAN and codes as the sandbox reads them", () => {
    const r = check("goods", "goods-bad-values.csv");
    expect(found(r)).toEqual([
      [3, "baika_tnk", "not-a-number"],
      [3, "hatubai_bi", "not-a-date"],
      [3, "syohin_kbn", "not-a-choice"],
      [3, "visible_flg", "not-a-choice"],
      [3, "jan_code", "invalid-jan"],
      [3, "zaiko_su", "not-whole"],
      [3, "hasou_houhou_kbn", "invalid-code"],
      [5, "syohin_code", "invalid-code"],
      [6, "syohin_code", "empty-code"],
    ]);
    expect(r.errorLines).toEqual([3, 5, 6]);
    expect(r.problems[2]?.reason.ja).toContain("0（通常商品）");
  });
  it("a new goods (not in the master) needs syohin_name", () => {
    const r = check("goods", "goods-new-needs-name.csv", { warehouseNames: new Set(), goodsCodes: new Set(["OLD-1"]), warehouseStock: new Map() });
    expect(found(r)).toEqual([[3, "syohin_name", "new-goods-needs-name"]]);
  });
});
