// Reading what is not a CSV, pastes, batches, the problems report, templates, gzip and sha256,
// and the column list.
import { describe, expect, it } from "vitest";
import { goods } from "@/lib/ne/registry/resources/goods";
import { sjis, WH } from "./fixtures/generate";
import {
  BATCH_ROWS,
  checkBatchText,
  checkUpload,
  gunzipToText,
  gzipText,
  makeBatches,
  MAX_FILE_BYTES,
  problemsReportCsv,
  readCsvBytes,
  readPastedCells,
  sha256Hex,
  templateCsv,
  UPLOAD_COLUMNS,
  type CsvRead,
} from "./index";

const utf8 = (text: string) => new TextEncoder().encode(text);

function read(text: string): CsvRead {
  const out = readCsvBytes(utf8(text));
  if (!out.ok) throw new Error(out.refusal.reason.en);
  return out.read;
}

function whFile(rows: number, extra: (i: number) => string | null = () => null): string {
  const lines = [WH];
  for (let i = 0; i < rows; i++) lines.push(extra(i) ?? `東京倉庫,C-${i},1,,,,`);
  return `${lines.join("\r\n")}\r\n`;
}

describe("files that are not CSV text", () => {
  const cases: [string, number[]][] = [
    ["PNG", [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]],
    ["ZIP", [0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0]],
    ["GZIP", [0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0]],
    ["PDF", [...utf8("%PDF-1.7\n%âãÏÓ\n")]],
  ];
  for (const [name, bytes] of cases) {
    it(`${name} is refused as binary, naming what it is`, () => {
      const out = readCsvBytes(Uint8Array.from(bytes));
      expect(out.ok).toBe(false);
      if (!out.ok) {
        expect(out.refusal.code).toBe("binary");
        expect(out.refusal.reason.en).toContain(name);
      }
    });
  }
  it("a gzipped CSV (our own gzipText) is binary too", async () => {
    const out = readCsvBytes(await gzipText(whFile(3)));
    expect(!out.ok && out.refusal.code).toBe("binary");
  });
  it("UTF-16 is refused with a way out", () => {
    const out = readCsvBytes(Uint8Array.from([0xff, 0xfe, 0x6b, 0, 0x79, 0]));
    expect(!out.ok && out.refusal.code).toBe("unknown-encoding");
    expect(!out.ok && out.refusal.reason.ja).toContain("UTF-16");
  });
  it("a file over 32 MB is refused before reading", () => {
    const big = new Uint8Array(MAX_FILE_BYTES + 1).fill(0x41);
    const out = readCsvBytes(big);
    expect(!out.ok && out.refusal.code).toBe("too-large");
    expect(!out.ok && out.refusal.reason.ja).toContain("32MB");
  });
  it("UTF-8 with a BOM but invalid bytes names the line", () => {
    const bytes = Uint8Array.from([0xef, 0xbb, 0xbf, ...utf8(`${WH}\r\n東京倉庫,A,1,,,,\r\n`), 0xc3, 0x28, 0x0d, 0x0a]);
    const out = readCsvBytes(bytes);
    expect(!out.ok && out.refusal).toMatchObject({ code: "unknown-encoding", line: 3 });
  });
});

describe("Shift_JIS as Windows writes it", () => {
  it("TextDecoder('shift_jis', {fatal}) decodes CP932 vendor characters on this platform", () => {
    const text = "①㈱髙﨑Ⅲ№";
    expect(new TextDecoder("shift_jis", { fatal: true }).decode(sjis(text))).toBe(text);
  });
  it("a CP932 file round-trips through read and batch", () => {
    const out = readCsvBytes(sjis(`${WH}\r\n①号倉庫,A-1,5,,㈱髙橋,,\r\n`));
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    expect(out.read.encoding).toBe("shift_jis");
    expect(makeBatches(out.read)[0]?.text).toBe(`${WH}\r\n①号倉庫,A-1,5,,㈱髙橋,,`);
  });
});

describe("pasted cells (Excel's clipboard: tab-separated)", () => {
  it("reads tabs, quoted cells with line breaks and tabs, and the trailing line break", () => {
    const paste = 'kyoten_mei\tsyohin_code\tkasan_su\tnyusyukko_riyu\r\n東京倉庫\tA-1\t5\t"入荷\n検品済み"\r\n大阪倉庫\tA-2\t3\t"a\tb, ""c"""\r\n';
    const out = readPastedCells(paste);
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    const r = out.read;
    expect(r.records.map((x) => x.line)).toEqual([2, 4]);
    expect(r.records[0]?.cells[3]).toBe("入荷\n検品済み");
    expect(r.records[1]?.cells[3]).toBe('a\tb, "c"');
    // Batches are CSV whatever the source was.
    expect(r.headerText).toBe("kyoten_mei,syohin_code,kasan_su,nyusyukko_riyu");
    expect(r.recordText(1)).toBe('大阪倉庫,A-2,3,"a\tb, ""c"""');
    expect(checkUpload("warehouse-stock", r).problems).toEqual([]);
  });
  it("comma-separated text pasted is refused naming commas", () => {
    const out = readPastedCells("kyoten_mei,syohin_code,kasan_su\n東京倉庫,A-1,5\n");
    expect(!out.ok && out.refusal.code).toBe("separator");
    expect(!out.ok && out.refusal.reason.ja).toContain("カンマ");
  });
  it("an empty paste is refused as empty", () => {
    const out = readPastedCells("\r\n");
    expect(!out.ok && out.refusal.code).toBe("empty");
  });
});

describe("batches", () => {
  it(`split at ${BATCH_ROWS} rows, in file order, header first, CRLF, no BOM`, () => {
    const r = read(whFile(7000));
    const batches = makeBatches(r);
    expect(batches.map((b) => [b.index, b.rows, b.firstLine, b.lastLine])).toEqual([
      [0, 3000, 2, 3001],
      [1, 3000, 3002, 6001],
      [2, 1000, 6002, 7001],
    ]);
    const lines = batches[1]?.text.split("\r\n") ?? [];
    expect(lines[0]).toBe(WH);
    expect(lines[1]).toBe("東京倉庫,C-3000,1,,,,");
    expect(lines).toHaveLength(3001);
    expect(batches[1]?.text.charCodeAt(0)).not.toBe(0xfeff);
  });
  it("leave out excluded lines and keep multi-line records exactly as written", () => {
    const text = `${WH}\r\n東京倉庫,A-1,1,,"入荷\n検品",,\r\n東京倉庫,A-2,x,,,,\r\n"大阪,倉庫",A-3,2,,,,\r\n`;
    const r = read(text);
    const problems = checkUpload("warehouse-stock", r);
    expect(problems.errorLines).toEqual([4]);
    const [batch] = makeBatches(r, new Set(problems.errorLines));
    expect(batch).toEqual({
      index: 0,
      firstLine: 2,
      lastLine: 5,
      rows: 2,
      // the two-line record at file lines 2–3 starts batch line 2; the next starts at 4 (file line 5)
      lineMap: [
        [2, 2, 1],
        [4, 5, 1],
      ],
      text: `${WH}\r\n東京倉庫,A-1,1,,"入荷\n検品",,\r\n"大阪,倉庫",A-3,2,,,,`,
    });
    expect(makeBatches(r, new Set([2, 4, 5]))).toEqual([]);
  });
  it("the server's re-check of a stored batch: same rules, at most 3000 rows, batch line numbers", () => {
    const r = read(whFile(3500, (i) => (i === 10 ? "東京倉庫,C-10,1,2,,," : null)));
    const [first, second] = makeBatches(r);
    expect(checkBatchText("warehouse-stock", first?.text ?? "").problems.map((p) => [p.line, p.code])).toEqual([[12, "several-operations"]]);
    expect(checkBatchText("warehouse-stock", second?.text ?? "")).toEqual({ rows: 500, problems: [] });
    const tooMany = checkBatchText("warehouse-stock", whFile(3001));
    expect(tooMany.rows).toBe(3001);
    expect(tooMany.problems.map((p) => [p.line, p.code])).toEqual([[3002, "too-many-rows"]]);
    expect(checkBatchText("goods", "syohin_code,nope\r\nA,1").problems.map((p) => p.code)).toEqual(["unknown-column"]);
    expect(checkBatchText("goods", 'syohin_code\r\n"A').problems.map((p) => [p.line, p.code])).toEqual([[2, "unclosed-quote"]]);
  });
});

describe("the problems report", () => {
  it("Japanese: BOM, CRLF, quoted cells, the original (multi-line) record, formulas neutralised", () => {
    const r = read(`${WH}\r\n東京倉庫,A-1,=1+2,,,,\r\n東京倉庫,A-2,,,"@SUM(1)\n次の行",,\r\n東京倉庫,A-3,-5,,,,\r\n`);
    const result = checkUpload("warehouse-stock", r);
    const csv = problemsReportCsv(result.problems, r, "ja");
    expect(csv.startsWith("\ufeff行,列,値,理由,元の行\r\n")).toBe(true);
    expect(csv.endsWith("\r\n")).toBe(true);
    const lines = csv.slice(1).split("\r\n");
    expect(lines[1]).toBe(`2,kasan_su,'=1+2,加算数（kasan_su）が数値ではありません。半角の整数で入力してください: =1+2,"東京倉庫,A-1,=1+2,,,,"`);
    expect(lines[2]).toBe(`3,,,操作がありません。kasan_su・gensan_su・kyoten_syohin_himoduke・kyoten_syohin_sakujyo のどれか1つを入力してください,"東京倉庫,A-2,,,""@SUM(1)\n次の行"",,"`);
    // A plain negative number stays a number (as the grid's exports keep it).
    expect(lines[3]?.startsWith("5,kasan_su,-5,")).toBe(true);
  });
  it("English header, warnings marked, a value starting with = gets a leading apostrophe", () => {
    const csv = problemsReportCsv(
      [
        { line: 2, column: "syohin_code", value: "=cmd|' /C calc'!A0", code: "unknown-goods", reason: { ja: "ない", en: "no such goods" }, severity: "error" },
        { line: 1, column: "x", value: "+x", code: "unknown-column", reason: { ja: "列", en: "unknown" }, severity: "error" },
        { line: 9, column: "gensan_su", value: "3", code: "stock-below-zero", reason: { ja: "マイナス", en: "below 0" }, severity: "warning" },
      ],
      null,
      "en",
    );
    const lines = csv.slice(1).split("\r\n");
    expect(lines[0]).toBe("Line,Column,Value,Reason,Original line");
    expect(lines[1]).toBe("2,syohin_code,'=cmd|' /C calc'!A0,no such goods,");
    expect(lines[2]).toBe("1,x,'+x,unknown,");
    expect(lines[3]).toBe("9,gensan_su,3,Warning: below 0,");
  });
  it("line 1 problems show the header as the original line", () => {
    const r = read(`kyoten_mei,syohin_code,kasan_su,zz\r\n東京倉庫,A,1,\r\n`);
    const csv = problemsReportCsv(checkUpload("warehouse-stock", r).problems, r, "ja");
    expect(csv).toContain(`,"kyoten_mei,syohin_code,kasan_su,zz"\r\n`);
  });
});

describe("templates", () => {
  it("Shift_JIS: the header only, decodes back to the column names", () => {
    const bytes = templateCsv("warehouse-stock", "shift_jis");
    expect(new TextDecoder("shift_jis", { fatal: true }).decode(bytes)).toBe(`${WH}\r\n`);
    const out = readCsvBytes(bytes);
    expect(out.ok && out.read.header).toEqual(WH.split(","));
  });
  it("UTF-8 with BOM, and what the template reads as: header only", () => {
    const bytes = templateCsv("goods", "utf-8");
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const out = readCsvBytes(bytes);
    expect(out.ok && out.read.encoding).toBe("utf-8-bom");
    if (!out.ok) return;
    expect(out.read.header).toEqual(UPLOAD_COLUMNS.goods.map((c) => c.name));
    expect(checkUpload("goods", out.read).problems.map((p) => p.code)).toEqual(["no-rows"]);
  });
});

describe("columns", () => {
  it("goods: the spec's sample header in order, syohin_code required", () => {
    const names = UPLOAD_COLUMNS.goods.map((c) => c.name);
    expect(names).toHaveLength(95);
    expect(names.slice(0, 3)).toEqual(["syohin_code", "sire_code", "jan_code"]);
    expect(names.slice(-2)).toEqual(["image_url_http", "image_alt"]);
    expect(names).toContain("org_select10");
    expect(names).toContain("org20");
    expect(UPLOAD_COLUMNS.goods.filter((c) => c.required).map((c) => c.name)).toEqual(["syohin_code"]);
  });
  it("labels come from the registry field; every column has a kind and a Japanese guide", () => {
    const byName = new Map(UPLOAD_COLUMNS.goods.map((c) => [c.name, c]));
    expect(byName.get("baika_tnk")?.label).toEqual(goods.fields.find((f) => f.name === "goods_selling_price")?.label);
    expect(UPLOAD_COLUMNS["warehouse-stock"][0]?.label.ja).toBe("倉庫名");
    expect(byName.get("syohin_jyotai_kbn")?.choices?.map((c) => c.value)).toEqual(["01", "10", "99"]);
    expect(byName.get("visible_flg")?.choices?.map((c) => c.label.ja)).toEqual(["非表示", "表示"]);
    for (const c of [...UPLOAD_COLUMNS.goods, ...UPLOAD_COLUMNS["warehouse-stock"]]) {
      expect(c.kind, c.name).toBeTruthy();
      expect(c.guide, c.name).toMatch(/[ぁ-んァ-ン一-龥]/);
    }
  });
});

describe("gzip and sha256", () => {
  it("gzip round-trips Japanese text and is a real gzip stream", async () => {
    const text = `${WH}\r\n①号倉庫,A-1,5,,㈱髙橋,,\r\n`.repeat(200);
    const gz = await gzipText(text);
    expect([gz[0], gz[1]]).toEqual([0x1f, 0x8b]);
    expect(gz.length).toBeLessThan(utf8(text).length / 5);
    expect(await gunzipToText(gz)).toBe(text);
  });
  it("a corrupt gzip rejects", async () => {
    const gz = await gzipText("hello, world");
    await expect(gunzipToText(gz.slice(0, gz.length - 6))).rejects.toThrow();
  });
  it("sha256 of known strings and bytes, lower-case hex", async () => {
    expect(await sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(await sha256Hex(new Uint8Array(0))).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    expect(await sha256Hex("日本")).toBe(await sha256Hex(utf8("日本")));
  });
});
