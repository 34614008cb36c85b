import iconv from "iconv-lite";
import { describe, expect, it } from "vitest";
import { csvField, csvText, encodeCsvParts, exportFileName, findUnmappable, loadSjisCodec, protectFormula, UTF8_BOM } from "./csv";

const concat = (parts: Uint8Array[]) => Buffer.concat(parts.map((p) => Buffer.from(p)));

describe("CSV text", () => {
  it("quotes commas, quotes and line breaks, and nothing else", () => {
    expect(csvField("plain")).toBe("plain");
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("line1\nline2")).toBe('"line1\nline2"');
    expect(csvField("cr\r")).toBe('"cr\r"');
    expect(csvField(null)).toBe("");
    expect(csvField("")).toBe("");
  });

  it("ends every line with CRLF, header first", () => {
    expect(csvText({ header: ["伝票番号", "備考"], rows: [["1", "a,b"], ["2", null]] })).toBe('伝票番号,備考\r\n1,"a,b"\r\n2,\r\n');
  });

  it("defuses spreadsheet formulas but keeps numbers", () => {
    expect(protectFormula("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(protectFormula("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(protectFormula("+81-3-1234")).toBe("'+81-3-1234");
    expect(protectFormula("-120")).toBe("-120");
    expect(protectFormula("+3.5")).toBe("+3.5");
    expect(protectFormula("-")).toBe("'-");
    expect(protectFormula("\t=1+2")).toBe("'\t=1+2");
    expect(protectFormula("\r=1+2")).toBe("'\r=1+2");
    expect(protectFormula("山田")).toBe("山田");
    expect(protectFormula("A=1")).toBe("A=1");
    expect(protectFormula(null)).toBeNull();
    expect(protectFormula("")).toBe("");
  });

  it("defuses the full-width forms Japanese Excel runs too (＝ ＋ － ＠), full-width numbers included", () => {
    expect(protectFormula("＝HYPERLINK(1)")).toBe("'＝HYPERLINK(1)");
    expect(protectFormula("＋81")).toBe("'＋81");
    expect(protectFormula("－120")).toBe("'－120");
    expect(protectFormula("＠SUM(A1)")).toBe("'＠SUM(A1)");
    expect(protectFormula("株式会社＝")).toBe("株式会社＝");
  });
});

describe("encodings", () => {
  const doc = { header: ["受注番号", "購入者名"], rows: [["A-1", "山田 太郎"], ["B,2", '言う"こと"\n改行']] };

  it("writes UTF-8 with a BOM", () => {
    const bytes = concat(encodeCsvParts(doc, "utf8-bom"));
    expect([...bytes.subarray(0, 3)]).toEqual([...UTF8_BOM]);
    expect(bytes.subarray(3).toString("utf8")).toBe(csvText(doc));
  });

  it("writes Shift_JIS (CP932) bytes, as iconv reads them", async () => {
    const codec = await loadSjisCodec();
    const bytes = concat(encodeCsvParts(doc, "sjis", codec));
    expect([...bytes.subarray(0, 4)]).toEqual([0x8e, 0xf3, 0x92, 0x8d]); // 受注
    expect(bytes).toEqual(iconv.encode(csvText(doc), "cp932"));
    expect(iconv.decode(bytes, "cp932")).toBe(csvText(doc));
  });

  it("splits long documents into parts that join to the whole", async () => {
    const rows = Array.from({ length: 4500 }, (_, i) => [String(i), `名前${i}`]);
    const big = { header: ["id", "name"], rows };
    const parts = encodeCsvParts(big, "utf8-bom");
    expect(parts.length).toBeGreaterThan(2);
    expect(concat(parts).subarray(3).toString("utf8")).toBe(csvText(big));
  });

  it("reports every character Shift_JIS cannot hold, with its row and column", async () => {
    const codec = await loadSjisCodec();
    const report = findUnmappable(
      {
        header: ["伝票番号", "購入者名", "備考"],
        rows: [
          ["1", "髙橋 﨑", "OK"],
          ["2", "𠮷野家", "絵文字😀と₩"],
          ["3", "佐藤", "普通"],
        ],
      },
      codec.canEncode,
    );
    expect(report.total).toBe(3);
    expect(report.chars).toEqual(["𠮷", "😀", "₩"]);
    expect(report.items).toEqual([
      { row: 2, column: "購入者名", char: "𠮷", codePoint: "U+20BB7" },
      { row: 2, column: "備考", char: "😀", codePoint: "U+1F600" },
      { row: 2, column: "備考", char: "₩", codePoint: "U+20A9" },
    ]);
  });

  it("lists the first ones and counts them all", () => {
    const rows = Array.from({ length: 50 }, () => ["😀😀"]);
    const report = findUnmappable({ header: ["x"], rows }, (c) => c !== "😀", 10);
    expect(report.total).toBe(100);
    expect(report.items).toHaveLength(10);
  });

  it("replaces what it cannot hold only when asked to encode anyway", async () => {
    const codec = await loadSjisCodec();
    expect(iconv.decode(Buffer.from(codec.encode("A😀B")), "cp932")).toBe("A?B");
  });
});

describe("export file name", () => {
  it("is the grid and the JST minute", () => {
    expect(exportFileName("orders", new Date("2026-11-21T14:45:30Z"))).toBe("orders-20261121-2345.csv");
    expect(exportFileName("order-rows", new Date("2026-12-31T15:00:00Z"))).toBe("order-rows-20270101-0000.csv");
  });
});
