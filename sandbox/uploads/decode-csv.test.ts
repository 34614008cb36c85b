// Function-level checks of the upload file reading: gzip, encoding detection and the CSV reader's
// line and column numbers.
import { gzipSync } from "node:zlib";
import iconv from "iconv-lite";
import { describe, expect, it } from "vitest";
import { parseCsv } from "./csv";
import { decodeUpload, invalidShiftJisOffset, invalidUtf8Offset } from "./decode";
import { UploadError } from "./errors";
import { readTable } from "./table";

const TEXT = "kyoten_mei,syohin_code\n基本拠点,ＡＢＣ－１　テスト①髙\n";

describe("decodeUpload", () => {
  it("detects UTF-8 without BOM, UTF-8 with BOM and Shift_JIS (Windows-31J), plain or gzip", () => {
    const utf8 = Buffer.from(TEXT, "utf8");
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8]);
    const sjis = iconv.encode(TEXT, "cp932");
    expect(decodeUpload("csv", utf8)).toEqual({ text: TEXT, encoding: "utf-8", bytes: utf8.length });
    expect(decodeUpload("csv", bom)).toEqual({ text: TEXT, encoding: "utf-8-bom", bytes: bom.length });
    expect(decodeUpload("csv", sjis)).toEqual({ text: TEXT, encoding: "shift_jis", bytes: sjis.length });
    expect(decodeUpload("gz", gzipSync(sjis)).text).toBe(TEXT);
    expect(decodeUpload("gz", gzipSync(bom)).encoding).toBe("utf-8-bom");
  });

  it("refuses UTF-16, bytes of neither encoding (naming the line) and a gzip bomb", () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(TEXT, "utf16le")]);
    expect(() => decodeUpload("csv", utf16)).toThrow(/UTF-16/);
    const bad = Buffer.concat([Buffer.from("a,b\nc,d\n"), Buffer.from([0x80, 0x41])]);
    try {
      decodeUpload("csv", bad);
      throw new Error("not refused");
    } catch (error) {
      expect(error).toBeInstanceOf(UploadError);
      expect((error as UploadError).line).toBe(3);
    }
    const bomb = gzipSync(Buffer.alloc(65 * 1024 * 1024, 0x41));
    expect(() => decodeUpload("gz", bomb)).toThrow(/64MB/);
  });

  it("finds the first malformed UTF-8 sequence: stray continuation, overlong, surrogate, truncated", () => {
    expect(invalidUtf8Offset(Buffer.from("abc"))).toBe(-1);
    expect(invalidUtf8Offset(Buffer.from([0x61, 0x80]))).toBe(1);
    expect(invalidUtf8Offset(Buffer.from([0xc0, 0xaf]))).toBe(0);
    expect(invalidUtf8Offset(Buffer.from([0xe0, 0x80, 0xaf]))).toBe(0);
    expect(invalidUtf8Offset(Buffer.from([0xed, 0xa0, 0x80]))).toBe(0);
    expect(invalidUtf8Offset(Buffer.from([0x61, 0xe3, 0x81]))).toBe(1);
    expect(invalidUtf8Offset(Buffer.from("日本語", "utf8"))).toBe(-1);
    expect(invalidShiftJisOffset(iconv.encode("日本語ｶﾅ", "cp932"))).toBe(-1);
    expect(invalidShiftJisOffset(Buffer.from([0x41, 0x82]))).toBe(1);
    expect(invalidShiftJisOffset(Buffer.from([0xa0]))).toBe(0);
  });
});

describe("parseCsv", () => {
  it("reads quoted commas, doubled quotes and line breaks inside quotes, with the starting line of each record", () => {
    const records = parseCsv('a,b,c\r\n"x, y","say ""hi""","two\nlines"\r\n\r\n,,\nlast,,\n');
    expect(records).toEqual([
      { line: 1, fields: ["a", "b", "c"] },
      { line: 2, fields: ["x, y", 'say "hi"', "two\nlines"] },
      { line: 6, fields: ["last", "", ""] },
    ]);
  });

  it("accepts CR-only line ends and a missing final line end; keeps a trailing empty cell", () => {
    expect(parseCsv("a,b\rc,")).toEqual([
      { line: 1, fields: ["a", "b"] },
      { line: 2, fields: ["c", ""] },
    ]);
  });

  it("names the line and column of quote problems", () => {
    expect(() => parseCsv('a,b\nc,"open\n\n')).toThrow('2行目 2列目: 引用符（"）が閉じられていません');
    expect(() => parseCsv('a,b\n"x"y,z\n')).toThrow("2行目 1列目: 閉じ引用符（\"）の後に余分な文字があります");
    expect(() => parseCsv('a,b\nx,y"z\n')).toThrow("2行目 2列目: 引用符で囲まれていない値に引用符");
  });
});

describe("readTable", () => {
  const rules = { known: ["a", "b", "c"], required: ["a"] };
  it("trims header names and allows any order and subset", () => {
    const t = readTable(" b , a \n1,2\n", rules);
    expect(t.header).toEqual(["b", "a"]);
    expect(t.position.get("a")).toBe(1);
  });

  it("refuses an empty column name and a first line that is blank", () => {
    expect(() => readTable("a,,b\n1,2,3\n", rules)).toThrow("1行目 2列目: 列名が空です (line 1, column 2: empty column name)");
    expect(() => readTable("\na,b\n1,2\n", rules)).toThrow("1行目: 1行目はヘッダー");
  });

  it("stops listing problems after 20 and says how many more", () => {
    const rows = Array.from({ length: 25 }, () => "1,2,3").join("\n");
    try {
      readTable(`a,b\n${rows}\n`, rules);
      throw new Error("not refused");
    } catch (error) {
      const message = (error as Error).message;
      expect(message.split("\n")).toHaveLength(21);
      expect(message).toMatch(/ほか5件のエラーがあります \(and 5 more errors\)$/);
    }
  });
});
