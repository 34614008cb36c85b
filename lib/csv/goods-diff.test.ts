// The goods diff, plan and undo: each normalisation against what the sandbox's upload stores,
// counts, excluded and skipped lines, deleted goods, the CSVs and the plan's round trip, the undo
// texts, the calls fetchGoodsForDiff makes (a fake API that enforces the API's limits and counts
// calls); then a file, its re-diff and its undo through the sandbox's real upload queue.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GOODS_COLUMNS } from "@/sandbox/uploads/goods";
import { normalizeDateTime } from "@/sandbox/time";
import type { RunningSandbox } from "@/sandbox/server";
import { call, login, startTestSandbox, type Tokens } from "@/sandbox/test-support";
import { upload, waitForJob } from "@/sandbox/uploads/test-helpers";
import {
  canonicalDateTime,
  canonicalDecimal,
  checkUpload,
  currentGoodsOf,
  diffGoods,
  fetchGoodsForDiff,
  goodsDiffCsv,
  goodsDiffNeeds,
  goodsPlan,
  goodsPlanCsv,
  goodsReport,
  readCsvBytes,
  readGoodsPlanCsv,
  undoGoods,
  UPLOAD_COLUMNS,
  MAX_ROW_BYTES,
  MAX_FILE_BYTES,
  utf8Length,
  type CsvRead,
  type GoodsDiffApi,
  type GoodsPlan,
  type LookupCount,
  type LookupSearch,
} from "./index";

type Row = Record<string, string | null>;
type Condition = { field: string; op: string; value?: string | string[] };

function read(lines: string[]): CsvRead {
  const out = readCsvBytes(new TextEncoder().encode(`${lines.join("\r\n")}\r\n`));
  if (!out.ok) throw new Error(out.refusal.reason.en);
  return out.read;
}

function readText(text: string): CsvRead {
  const out = readCsvBytes(new TextEncoder().encode(text));
  if (!out.ok) throw new Error(out.refusal.reason.en);
  return out.read;
}

/** A diff of one column's cell against one goods' current value. */
function cellDiff(column: string, cell: string, current: string | null, extra: Row = {}) {
  const field = goodsDiffNeeds(read([`syohin_code,${column}`])).compared[0]?.field as string;
  const csvCell = /[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
  const stockField = field.startsWith("stock_") && field !== "stock_quantity";
  const now = currentGoodsOf([{ goods_id: "A", goods_deleted_flag: "0", ...(stockField ? {} : { [field]: current }), ...extra }], stockField ? [{ stock_goods_id: "A", [field]: current }] : []);
  return diffGoods(read([`syohin_code,${column}`, `A,${csvCell}`]), now);
}
const changes = (column: string, cell: string, current: string | null) => cellDiff(column, cell, current).counts.changed === 1;

describe("goodsDiffNeeds", () => {
  it("the file's distinct valid codes, the compared fields and the columns not compared, with why", () => {
    const needs = goodsDiffNeeds(
      read([
        "syohin_code,syohin_name,zaiko_su,yoyaku_zaiko_su,hs_code,invoice_commodity_name,nyusyukko_riyu,image_url_http,image_alt,tag,baika_tnk",
        "A-1,名前,1,,,,,,,,",
        " A-1 ,名前,1,,,,,,,,",
        "商品Ｂ,名前,1,,,,,,,,",
        ",名前,1,,,,,,,,",
        "B-2,名前,1,,,,,,,,",
      ]),
    );
    expect(needs.codes).toEqual(["A-1", "B-2"]);
    expect(needs.compared.map((c) => [c.column, c.resource, c.field, c.index])).toEqual([
      ["syohin_name", "goods", "goods_name", 1],
      ["zaiko_su", "goods", "stock_quantity", 2],
      ["yoyaku_zaiko_su", "stock", "stock_advance_order_quantity", 3],
      ["tag", "goods", "goods_tag", 9],
      ["baika_tnk", "goods", "goods_selling_price", 10],
    ]);
    expect(needs.notCompared.map((c) => c.column)).toEqual(["hs_code", "invoice_commodity_name", "nyusyukko_riyu", "image_url_http", "image_alt"]);
    for (const c of needs.notCompared) {
      expect(c.reason.ja).toMatch(/比べません/);
      expect(c.reason.en).toMatch(/not compared/);
    }
  });

  it("every goods column reads the field the sandbox's upload writes", () => {
    const header = UPLOAD_COLUMNS.goods.map((c) => c.name);
    const needs = goodsDiffNeeds(read([header.join(",")]));
    const read_ = new Map(needs.compared.map((c) => [c.column, c.field]));
    for (const name of header) {
      if (name === "syohin_code") continue;
      const sandbox = GOODS_COLUMNS[name];
      expect(sandbox, name).toBeDefined();
      if (name === "tag") expect(read_.get(name)).toBe("goods_tag");
      else if (name === "zaiko_su") expect(read_.get(name)).toBe("stock_quantity");
      else if (name === "yoyaku_zaiko_su") expect(read_.get(name)).toBe("stock_advance_order_quantity");
      else expect(read_.get(name), name).toBe(sandbox?.field);
    }
    expect(needs.compared.length + needs.notCompared.length).toBe(header.length - 1);
  });
});

describe("canonical values", () => {
  it("canonicalDateTime answers as the sandbox's normalizeDateTime, for valid and invalid values", () => {
    const cases = [
      "2026/1/2",
      "2026-01-02",
      " 2026-1-2 ",
      "2026-01-02 3:04",
      "2026/01/02T03:04:05",
      "2026-01-02 23:59:59",
      "2026-01-02 24:00",
      "2026-01-02 10:60",
      "2026-01-02 10:00:60",
      "2024-02-29",
      "2023-02-29",
      "1900-02-29",
      "2000-02-29",
      "2026-04-31",
      "2026-13-01",
      "2026-00-10",
      "2026-01-00",
      "2026-01-02 ",
      "2026-01-02 10",
      "2026-01-02 10:",
      "2026-01-02 10:00:",
      "2026-01-02 10:0:5",
      "2026-001-02",
      "20260102",
      "26-01-02",
      "2026.01.02",
      "2026-01-02x",
      "２０２６-01-02",
      "",
      "\u30002026-01-02\u3000",
    ];
    for (let m = 0; m <= 13; m++) for (let d = 0; d <= 32; d++) cases.push(`2024/${m}/${d}`, `2025-${String(m).padStart(2, "0")}-${d}`);
    for (const v of cases) expect(canonicalDateTime(v), JSON.stringify(v)).toBe(normalizeDateTime(v));
  });

  it("canonicalDecimal: the value's shortest form, or null", () => {
    expect(["1000", "1000.00", "0001000", " 1000.0 ", "+1000"].map(canonicalDecimal)).toEqual(["1000", "1000", "1000", "1000", "1000"]);
    expect(["0", "0.000", "-0", ".5", "0.50", "-12.340", "5."].map(canonicalDecimal)).toEqual(["0", "0", "0", "0.5", "0.5", "-12.34", "5"]);
    expect(["", ".", "-", "1,000", "1e3", "12a", "1.2.3", "１"].map(canonicalDecimal)).toEqual([null, null, null, null, null, null, null, null]);
  });
});

describe("diffGoods: values compared as the upload stores them", () => {
  it("numbers by value: thousands commas, trailing zeros, leading zeros", () => {
    expect(changes("baika_tnk", "1,000", "1000")).toBe(false);
    expect(changes("baika_tnk", "1000.00", "1000")).toBe(false);
    expect(changes("baika_tnk", "1000", "1000.00")).toBe(false);
    expect(changes("baika_tnk", "1,000.5", "1000.50")).toBe(false);
    expect(changes("baika_tnk", " 0100 ", "100")).toBe(false);
    expect(changes("baika_tnk", "1001", "1000")).toBe(true);
    expect(changes("baika_tnk", "0", null)).toBe(true);
    expect(changes("kake_ritu", "0.5", "0.50")).toBe(false);
  });

  it("quantities by value; zaiko_su against the goods' stock_quantity, yoyaku_zaiko_su against the stock master", () => {
    expect(changes("zaiko_teisu", "05", "5")).toBe(false);
    expect(changes("zaiko_teisu", "6", "5")).toBe(true);
    // mail_send_num writes a text field (goods_delivery_mail_maximum_quality): still by value.
    expect(changes("mail_send_num", "3", "3")).toBe(false);
    expect(changes("zaiko_su", "12", "12")).toBe(false);
    expect(changes("zaiko_su", "13", "12")).toBe(true);
    expect(changes("yoyaku_zaiko_su", "4", "4.00")).toBe(false);
    expect(changes("yoyaku_zaiko_su", "4", null)).toBe(true);
  });

  it("dates by date-time: 2026/1/2 = 2026-01-02 = 2026-01-02 00:00:00", () => {
    expect(changes("hatubai_bi", "2026/1/2", "2026-01-02 00:00:00")).toBe(false);
    expect(changes("hatubai_bi", "2026-01-02", "2026-01-02 00:00:00")).toBe(false);
    expect(changes("hatubai_bi", "2026-01-02 00:00", "2026-01-02 00:00:00")).toBe(false);
    expect(changes("hatubai_bi", "2026/1/2 10:00", "2026-01-02 00:00:00")).toBe(true);
    expect(changes("hatubai_bi", "2026/1/3", "2026-01-02 00:00:00")).toBe(true);
    // A date kept in a text field (goods_designated_delivery_date) is compared the same way.
    expect(changes("nouki_sitei_bi", "2026/12/1", "2026-12-01 00:00:00")).toBe(false);
    expect(changes("nouki_sitei_bi", "2026/12/1", "2026-12-01")).toBe(false);
  });

  it("choices and flags by value, trimmed; a flag of a numeric field by number", () => {
    expect(changes("syohin_kbn", " 10 ", "10")).toBe(false);
    expect(changes("syohin_kbn", "0", "10")).toBe(true);
    expect(changes("syohin_jyotai_kbn", "01", "01")).toBe(false);
    expect(changes("syohin_jyotai_kbn", "10", "01")).toBe(true);
    expect(changes("visible_flg", "1", "1")).toBe(false);
    expect(changes("visible_flg", "0", "1")).toBe(true);
    expect(changes("mail_send_flg", "1", "1.0")).toBe(false);
    expect(changes("gift_ok_flg", "0", null)).toBe(true);
  });

  it("tags as the sequence goods_tag keeps: a bare name is [name], the order counts", () => {
    expect(changes("tag", "新商品", "[新商品]")).toBe(false);
    expect(changes("tag", " [新商品][季節限定] ", "[新商品][季節限定]")).toBe(false);
    expect(changes("tag", "[季節限定][新商品]", "[新商品][季節限定]")).toBe(true);
    expect(changes("tag", "[新商品]", null)).toBe(true);
  });

  it("text exactly as written: the upload keeps spaces, so a trailing space is a change", () => {
    expect(changes("syohin_name", "緑茶", "緑茶")).toBe(false);
    expect(changes("syohin_name", "緑茶 ", "緑茶")).toBe(true);
    expect(changes("syohin_name", " 緑茶", " 緑茶")).toBe(false);
    expect(changes("bikou", "一行目\n二行目", "一行目\n二行目")).toBe(false);
    expect(changes("bikou", "一行目\n二行目", "一行目\r\n二行目")).toBe(true);
    expect(changes("syohin_name", "緑茶", null)).toBe(true);
    // codes and JAN codes are trimmed
    expect(changes("jan_code", " 4901234567894 ", "4901234567894")).toBe(false);
    expect(changes("hasou_houhou_kbn", " 4", "4")).toBe(false);
  });

  it("an empty or blank cell changes nothing, whatever the field holds", () => {
    expect(changes("syohin_name", "", "緑茶")).toBe(false);
    expect(changes("syohin_name", "   ", "緑茶")).toBe(false);
    expect(changes("baika_tnk", "", "100")).toBe(false);
    expect(changes("tag", "", "[a]")).toBe(false);
  });

  it("a change names its column, label, the old value as the API shows it and the new as written", () => {
    const diff = cellDiff("baika_tnk", "1,200", "1000.00");
    expect(diff.entries).toEqual([
      { line: 2, code: "A", status: "changed", deleted: false, changes: [{ column: "baika_tnk", label: { ja: "売価", en: "Selling price" }, old: "1000.00", new: "1,200" }] },
    ]);
  });
});

describe("diffGoods: rows", () => {
  const now = currentGoodsOf([
    { goods_id: "A", goods_deleted_flag: "0", goods_name: "緑茶", goods_selling_price: "100" },
    { goods_id: "B", goods_deleted_flag: "0", goods_name: "紅茶", goods_selling_price: "200" },
    { goods_id: "C", goods_deleted_flag: "1", goods_name: "麦茶", goods_selling_price: "300" },
    { goods_id: "D", goods_deleted_flag: "0", goods_name: "煎茶", goods_selling_price: "400" },
  ]);
  const file = read([
    "syohin_code,syohin_name,baika_tnk,hs_code",
    "A,緑茶,100,0902", // unchanged (hs_code not compared)
    "B,紅茶 特選,250,", // changed: two cells
    "C,麦茶,300,", // unchanged, deleted
    "D,,401,", // changed, price only
    "N-1,新しい茶,500,", // new
    "N-2,もう一つ,600,", // new, excluded below
    "A,緑茶,999,", // repeated code: skipped
    ",名無し,1,", // no code: skipped
    "E,1,2", // wrong cell count: skipped
    "C,麦茶 改,,", // repeated deleted: skipped
  ]);

  it("new, changed and unchanged counts; excluded and skipped lines; an accessor per row", () => {
    const diff = diffGoods(file, now, [7]);
    expect(diff.counts).toEqual({ rows: 10, new: 1, changed: 2, unchanged: 2, excluded: 1, skipped: 4, cells: 3, deleted: 1 });
    expect(diff.entries.map((e) => [e.line, e.code, e.status, e.changes.map((c) => `${c.column}:${c.old}→${c.new}`)])).toEqual([
      [3, "B", "changed", ["syohin_name:紅茶→紅茶 特選", "baika_tnk:200→250"]],
      [5, "D", "changed", ["baika_tnk:400→401"]],
      [6, "N-1", "new", []],
    ]);
    expect([2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((line) => diff.statusOfLine(line))).toEqual([
      "unchanged",
      "changed",
      "unchanged",
      "changed",
      "new",
      "excluded",
      "skipped",
      "skipped",
      "skipped",
      "skipped",
    ]);
    expect(diff.statusOfLine(1)).toBeUndefined();
    expect(diff.statusAt(0)).toBe("unchanged");
    expect(diff.notCompared.map((c) => c.column)).toEqual(["hs_code"]);
  });

  it("without excluded lines, the row left out before counts again", () => {
    const diff = diffGoods(file, now);
    expect(diff.counts.new).toBe(2);
    expect(diff.counts.excluded).toBe(0);
  });

  it("a deleted goods the file changes is changed (the upload updates it) and marked: it stays deleted", () => {
    const diff = diffGoods(read(["syohin_code,syohin_name", "C,麦茶 改"]), now);
    expect(diff.counts).toMatchObject({ changed: 1, new: 0, deleted: 1 });
    expect(diff.entries[0]).toMatchObject({ code: "C", status: "changed", deleted: true });
    expect(diff.deletedGoods).toEqual([{ code: "C", line: 2 }]);
  });

  it("a file of 100,000 rows keeps no object for an unchanged row", () => {
    const n = 100_000;
    const goods: Row[] = [];
    const lines = ["syohin_code,syohin_name,baika_tnk,zaiko_teisu"];
    for (let i = 0; i < n; i++) {
      const code = `G${String(i).padStart(6, "0")}`;
      goods.push({ goods_id: code, goods_deleted_flag: "0", goods_name: `商品${i}`, goods_selling_price: `${i}.00`, goods_stock_constant: "3" });
      lines.push(`${code},商品${i},"${i.toLocaleString("en-US")}",${i % 1000 === 0 ? 4 : 3}`);
    }
    const diff = diffGoods(read(lines), currentGoodsOf(goods));
    expect(diff.counts).toEqual({ rows: n, new: 0, changed: 100, unchanged: n - 100, excluded: 0, skipped: 0, cells: 100, deleted: 0 });
    expect(diff.entries).toHaveLength(100);
  });
});

describe("the diff's CSV, the plan and its report", () => {
  const now = currentGoodsOf([
    { goods_id: "A", goods_deleted_flag: "0", goods_name: "=HYPERLINK(\"x\")", goods_note: null, goods_selling_price: "1000.00" },
    { goods_id: "C", goods_deleted_flag: "1", goods_name: "麦茶", goods_note: "古い, \"引用\"\r\n二行目", goods_selling_price: "300" },
  ]);
  const file = read(["syohin_code,syohin_name,bikou,baika_tnk", 'A,緑茶,"  前後に空白  ","1,200"', 'C,,"新しい備考",', "NEW-1,新商品,,500"]);
  const diff = diffGoods(file, now);

  it("goodsDiffCsv: one row per changed cell, new goods one row each, headers in the page's language, formulas neutralised", () => {
    expect(goodsDiffCsv(diff, "ja")).toBe(
      "\ufeff商品コード,行,区分,列,項目,変更前,変更後\r\n" +
        "NEW-1,4,新規,,,,\r\n" +
        `A,2,変更,syohin_name,商品名,"'=HYPERLINK(""x"")",緑茶\r\n` +
        "A,2,変更,bikou,備考,,  前後に空白  \r\n" +
        'A,2,変更,baika_tnk,売価,1000.00,"1,200"\r\n' +
        `C,3,変更（削除済みの商品）,bikou,備考,"古い, ""引用""\r\n二行目",新しい備考\r\n`,
    );
    const en = goodsDiffCsv(diff, "en");
    expect(en.split("\r\n")[0]).toBe("\ufeffGoods code,Line,Change,Column,Field,Before,After");
    expect(en).toContain("NEW-1,4,New,,,,");
    expect(en).toContain("C,3,Changed (deleted goods),bikou,Remarks,");
  });

  it("the plan's CSV reads back to the same plan, whatever its values hold", () => {
    const plan = goodsPlan(diff);
    expect(plan).toEqual({
      created: [{ code: "NEW-1", line: 4 }],
      changed: [
        {
          code: "A",
          line: 2,
          deleted: false,
          changes: [
            { column: "syohin_name", old: '=HYPERLINK("x")', new: "緑茶" },
            { column: "bikou", old: "", new: "  前後に空白  " },
            { column: "baika_tnk", old: "1000.00", new: "1,200" },
          ],
        },
        { code: "C", line: 3, deleted: true, changes: [{ column: "bikou", old: '古い, "引用"\r\n二行目', new: "新しい備考" }] },
      ],
    });
    const text = goodsPlanCsv(diff);
    expect(text.split("\r\n")[0]).toBe("kind,code,line,deleted,column,old,new");
    expect(text).toContain('changed,A,2,0,syohin_name,"=HYPERLINK(""x"")",緑茶');
    expect(readGoodsPlanCsv(text)).toEqual({ ok: true, plan });
    expect(goodsPlanCsv(plan)).toBe(text);
    // an empty plan too
    expect(readGoodsPlanCsv(goodsPlanCsv({ created: [], changed: [] }))).toEqual({ ok: true, plan: { created: [], changed: [] } });
  });

  it("a text that is not a plan is refused with its line", () => {
    const bad = (text: string) => {
      const out = readGoodsPlanCsv(text);
      if (out.ok) throw new Error("read");
      return out.reason;
    };
    expect(bad("a,b,c\r\n").en).toMatch(/line 1 is not its header/);
    expect(bad("kind,code,line,deleted,column,old,new\r\nchanged,A,x,0,syohin_name,,\r\n").en).toMatch(/line 2 is malformed/);
    expect(bad("kind,code,line,deleted,column,old,new\r\ncreated,A,2,0,,,\r\nremoved,B,3,0,syohin_name,,\r\n").ja).toMatch(/3行目の種類が違います/);
    expect(bad("kind,code,line,deleted,column,old,new\r\nchanged,A,2,0,,,\r\n").en).toMatch(/line 2 names no column/);
  });

  it("goodsReport: the goods created and changed, as rows and as a CSV", () => {
    const report = goodsReport(goodsPlan(diff), "en");
    expect(report.counts).toEqual({ created: 1, changed: 2, cells: 4 });
    expect(report.rows[0]).toEqual({ kind: "created", code: "NEW-1", line: 4, deleted: false, column: "", label: "", old: "", new: "" });
    expect(report.rows[3]).toEqual({ kind: "changed", code: "A", line: 2, deleted: false, column: "baika_tnk", label: "Selling price", old: "1000.00", new: "1,200" });
    expect(report.csv).toBe(goodsDiffCsv(diff, "en"));
  });
});

describe("undoGoods", () => {
  const plan: GoodsPlan = {
    created: [{ code: "NEW-1", line: 9 }],
    changed: [
      {
        code: "A",
        line: 2,
        deleted: false,
        changes: [
          { column: "syohin_name", old: "緑茶, 特選", new: "緑茶" },
          { column: "bikou", old: "", new: "備考" },
          { column: "zaiko_teisu", old: "5.00", new: "6" },
          { column: "hatubai_bi", old: "2024-05-01 00:00:00", new: "2026/1/2" },
        ],
      },
      { code: "B", line: 3, deleted: true, changes: [{ column: "baika_tnk", old: "1620.50", new: "1700" }, { column: "tag", old: "[a][b]", new: "[c]" }] },
      { code: "C", line: 4, deleted: false, changes: [{ column: "syohin_kbn", old: "7", new: "0" }, { column: "iro", old: "   ", new: "赤" }] },
    ],
  };

  it("one CSV that writes back the old values; empty cells where a goods did not change a column", () => {
    const undo = undoGoods(plan);
    expect(undo.texts).toEqual([
      "syohin_code,syohin_name,baika_tnk,hatubai_bi,zaiko_teisu,tag\r\n" + 'A,"緑茶, 特選",,2024-05-01 00:00:00,5,\r\n' + "B,,1620.50,,,[a][b]\r\n",
    ]);
    expect(undo.goods).toBe(2);
    expect(undo.created).toEqual([{ code: "NEW-1", line: 9 }]);
    const check = checkUpload("goods", readText(undo.texts[0] as string), { warehouseNames: new Set(), goodsCodes: new Set(["A", "B"]), warehouseStock: new Map() });
    expect(check.problems).toEqual([]);
  });

  it("an old value that was empty, or that the column does not take, is listed as cannot be restored", () => {
    const undo = undoGoods(plan);
    expect(undo.unrestorable.map((u) => [u.code, u.column, u.old, u.new, u.reason.en])).toEqual([
      ["A", "bikou", "", "備考", expect.stringMatching(/was empty/)],
      ["C", "syohin_kbn", "7", "0", expect.stringMatching(/cannot be written by an upload/)],
      ["C", "iro", "   ", "赤", expect.stringMatching(/was empty \(or blank\)/)],
    ]);
    expect(undo.unrestorable[0]?.label).toEqual({ ja: "備考", en: "Remarks" });
    expect(undo.unrestorable[0]?.reason.ja).toMatch(/空に戻せません/);
  });

  it("nothing to restore: no text", () => {
    expect(undoGoods({ created: [{ code: "N", line: 2 }], changed: [] })).toEqual({ texts: [], goods: 0, created: [{ code: "N", line: 2 }], unrestorable: [] });
  });

  it("old values past a row's limit go in a further text; no text names a goods twice, every text passes the check", () => {
    const long = "説".repeat(60_000); // 180,000 bytes of UTF-8
    const columns = ["bikou", ...Array.from({ length: 20 }, (_, i) => `org${i + 1}`)];
    const big: GoodsPlan = {
      created: [],
      changed: [
        { code: "BIG", line: 2, deleted: false, changes: columns.map((column) => ({ column, old: long, new: "x" })) },
        { code: "SMALL", line: 3, deleted: false, changes: [{ column: "bikou", old: "短い", new: "x" }] },
      ],
    };
    const undo = undoGoods(big);
    expect(undo.unrestorable).toEqual([]);
    expect(undo.texts.length).toBeGreaterThan(1);
    const written = new Map<string, string>();
    for (const text of undo.texts) {
      expect(utf8Length(text)).toBeLessThanOrEqual(MAX_FILE_BYTES);
      const r = readText(text);
      const check = checkUpload("goods", r);
      expect(check.problems).toEqual([]);
      const codes = r.records.map((x) => x.cells[0]);
      expect(new Set(codes).size).toBe(codes.length);
      r.records.forEach((rec, i) => {
        expect(utf8Length(r.recordText(i))).toBeLessThanOrEqual(MAX_ROW_BYTES.goods);
        rec.cells.forEach((cell, k) => {
          if (k > 0 && cell !== "") written.set(`${rec.cells[0]}\t${r.header[k]}`, cell);
        });
      });
    }
    expect(written.size).toBe(22);
    for (const column of columns) expect(written.get(`BIG\t${column}`)).toBe(long);
    expect(written.get("SMALL\tbikou")).toBe("短い");
  });
});

// A fake API over in-memory masters: limit ≤ 10,000, `in` ≤ 1000 values without commas, fields
// required and known; it counts the calls and fails on two at once.
function fakeApi(tables: Record<string, Row[]>) {
  const calls: { path: string; op?: string; values?: number; limit?: number; fields: number }[] = [];
  let inFlight = 0;
  let most = 0;
  const matches = (row: Row, conditions: Condition[] = []) =>
    conditions.every((c) => {
      const v = row[c.field] ?? "";
      if (c.op === "eq") return v === c.value;
      if (c.op === "in") {
        if (!Array.isArray(c.value) || c.value.length > 1000 || c.value.some((x) => x.includes(","))) throw new Error(`bad in list (${c.field})`);
        return c.value.includes(v);
      }
      throw new Error(`op ${c.op} not faked`);
    });
  const table = (path: string) => {
    const rows = tables[path.replace(/\/(search|count)$/, "")];
    if (!rows) throw new Error(`no table for ${path}`);
    return rows;
  };
  const track = async <T>(f: () => T): Promise<T> => {
    inFlight++;
    most = Math.max(most, inFlight);
    await new Promise((r) => setTimeout(r, 0));
    inFlight--;
    return f();
  };
  const search: LookupSearch = (path, req) =>
    track(() => {
      const limit = req.limit ?? 10_000;
      if (limit > 10_000 || limit < 1) throw new Error("limit out of range");
      if (req.fields.length === 0) throw new Error("fields required");
      const c = req.conditions?.[0];
      calls.push({ path, op: c?.op, values: Array.isArray(c?.value) ? c.value.length : undefined, limit, fields: req.fields.length });
      let hit = table(path);
      if (req.conditions?.length) {
        // An `in` list is answered by key look-up (the key is the primary key here).
        const cond = req.conditions[0] as Condition;
        if (cond.op === "in" && Array.isArray(cond.value) && req.conditions.length === 1) {
          matches({}, req.conditions);
          const index = indexOf(path, cond.field);
          hit = cond.value.map((v) => index.get(v)).filter((r): r is Row => r !== undefined);
        } else hit = hit.filter((r) => matches(r, req.conditions));
      }
      const offset = req.offset ?? 0;
      return { rows: hit.slice(offset, offset + limit).map((r) => Object.fromEntries(req.fields.map((f) => [f, r[f] ?? null]))) };
    });
  const indexes = new Map<string, Map<string, Row>>();
  const indexOf = (path: string, key: string) => {
    const id = `${path}\t${key}`;
    let index = indexes.get(id);
    if (!index) indexes.set(id, (index = new Map(table(path).map((r) => [r[key] ?? "", r]))));
    return index;
  };
  const count: LookupCount = (path, req) =>
    track(() => {
      calls.push({ path, fields: 0 });
      return table(path).filter((r) => matches(r, req.conditions)).length;
    });
  return { api: { search, count } satisfies GoodsDiffApi, calls, most: () => most };
}

const gcode = (i: number) => `G-${String(i).padStart(6, "0")}`;

function goodsTable(n: number): Row[] {
  return Array.from({ length: n }, (_, i) => ({
    goods_id: gcode(i),
    goods_deleted_flag: i % 97 === 0 ? "1" : "0",
    goods_name: `商品${i}`,
    goods_selling_price: String(i),
    goods_stock_constant: "2",
    goods_note: `備考${i}`,
    stock_quantity: String(i % 50),
    ...Object.fromEntries(Array.from({ length: 5 }, (_, k) => [`goods_${k + 1}_item`, `項目${k + 1}-${i}`])),
  }));
}

function needsOf(header: string, codes: string[]) {
  return goodsDiffNeeds(read([header, ...codes.map((c) => `${c}${",".repeat(header.split(",").length - 1)}`)]));
}

describe("fetchGoodsForDiff: calls", () => {
  const goods = goodsTable(100_000);
  const stock: Row[] = goods.map((g, i) => ({ stock_goods_id: g.goods_id ?? null, stock_advance_order_quantity: String(i % 7) }));
  const tables = { "/api_v1_master_goods": goods, "/api_v1_master_stock": stock };
  const all = goods.map((g) => g.goods_id as string);

  it("100,000 codes, a few short columns: a count and 10 pages of 10,000, one call at a time", async () => {
    const fake = fakeApi(tables);
    const needs = needsOf("syohin_code,syohin_name,baika_tnk,zaiko_teisu,zaiko_su", all);
    const now = await fetchGoodsForDiff(needs, fake.api);
    expect(fake.calls.map((c) => c.path)).toEqual(["/api_v1_master_goods/count", ...Array.from({ length: 10 }, () => "/api_v1_master_goods/search")]);
    expect(now.calls).toBe(11);
    expect(fake.most()).toBe(1);
    expect(now.position.size).toBe(100_000);
    const at = now.position.get(gcode(4321)) as number;
    expect(now.values.get("goods_name")?.[at]).toBe("商品4321");
    expect(now.values.get("stock_quantity")?.[at]).toBe("21");
    expect(now.deleted[now.position.get(gcode(97)) as number]).toBe(1);
    expect(now.deleted[at]).toBe(0);
  });

  it("few codes: `in` lists of 1000, no count for one list", async () => {
    const one = fakeApi(tables);
    await fetchGoodsForDiff(needsOf("syohin_code,syohin_name", all.slice(0, 500)), one.api);
    expect(one.calls).toEqual([{ path: "/api_v1_master_goods/search", op: "in", values: 500, limit: 10_000, fields: 3 }]);
    const two = fakeApi(tables);
    const now = await fetchGoodsForDiff(needsOf("syohin_code,syohin_name", [...all.slice(0, 1500), "NO-SUCH"]), two.api);
    expect(two.calls.map((c) => [c.path, c.op, c.values])).toEqual([
      ["/api_v1_master_goods/count", undefined, undefined],
      ["/api_v1_master_goods/search", "in", 1000],
      ["/api_v1_master_goods/search", "in", 501],
    ]);
    expect(now.position.size).toBe(1500);
    expect(now.position.has("NO-SUCH")).toBe(false);
  });

  it("long text columns are asked for apart, in fewer rows a call; the reserved stock from the stock master", async () => {
    const fake = fakeApi(tables);
    const header = "syohin_code,syohin_name,bikou,org1,org2,org3,org4,org5,yoyaku_zaiko_su";
    const now = await fetchGoodsForDiff(needsOf(header, all), fake.api);
    const searches = fake.calls.filter((c) => c.path.endsWith("/search"));
    // goods: short (id, deleted, name) 10 pages of 10,000; 4 long 100 pages of 1,000; 2 long 50 of 2,000;
    // stock: a count and 10 pages.
    const shape = new Map<string, number>();
    for (const c of searches) shape.set(`${c.path} ${c.fields} ${c.limit}`, (shape.get(`${c.path} ${c.fields} ${c.limit}`) ?? 0) + 1);
    expect(Object.fromEntries(shape)).toEqual({
      "/api_v1_master_goods/search 3 10000": 10,
      "/api_v1_master_goods/search 5 1000": 100,
      "/api_v1_master_goods/search 3 2000": 50,
      "/api_v1_master_stock/search 2 10000": 10,
    });
    expect(now.calls).toBe(172);
    expect(fake.most()).toBe(1);
    const at = now.position.get(gcode(77_777)) as number;
    expect(now.values.get("goods_note")?.[at]).toBe("備考77777");
    expect(now.values.get("goods_5_item")?.[at]).toBe("項目5-77777");
    expect(now.values.get("stock_advance_order_quantity")?.[at]).toBe(String(77_777 % 7));
  });

  it("a code holding a comma is asked for with eq", async () => {
    // 20,000 goods: paging them would take 2 calls, as many as the `in` list and the `eq`.
    const rows: Row[] = [{ goods_id: "A,B", goods_deleted_flag: "0", goods_name: "カンマ" }, { goods_id: "C", goods_deleted_flag: "0", goods_name: "C" }];
    for (let i = 0; i < 19_998; i++) rows.push({ goods_id: gcode(i), goods_deleted_flag: "0", goods_name: "x" });
    const fake = fakeApi({ "/api_v1_master_goods": rows });
    const now = await fetchGoodsForDiff({ codes: ["A,B", "C"], compared: goodsDiffNeeds(read(["syohin_code,syohin_name"])).compared, notCompared: [] }, fake.api);
    expect(fake.calls.map((c) => c.op)).toEqual([undefined, "in", "eq"]);
    expect(now.values.get("goods_name")?.[now.position.get("A,B") as number]).toBe("カンマ");
  });

  it("no codes: no call", async () => {
    const fake = fakeApi(tables);
    const now = await fetchGoodsForDiff(needsOf("syohin_code,syohin_name", []), fake.api);
    expect(fake.calls).toEqual([]);
    expect(now.position.size).toBe(0);
  });
});

// ---------------------------------------------------------------------------------------------
// Through the sandbox: the diff, the upload, the same file again (nothing left to change), the
// undo, and the goods read back as they were.

describe("through the sandbox's upload queue", () => {
  let sb: RunningSandbox;
  let tokens: Tokens;
  let api: GoodsDiffApi;

  beforeAll(async () => {
    sb = await startTestSandbox({ data: "generate", orders: 100, seed: 23 });
    tokens = await login(sb.url);
    const answer = async (path: string, params: Record<string, string | number | undefined>) => {
      const out = await call(sb.url, path, { access_token: tokens.access_token, refresh_token: tokens.refresh_token, ...params });
      if (out.result !== "success") throw new Error(`${path}: ${JSON.stringify(out)}`);
      return out;
    };
    const conditions = (list: Condition[] = []) => Object.fromEntries(list.map((c) => [`${c.field}-${c.op}`, Array.isArray(c.value) ? c.value.join(",") : c.value]));
    api = {
      search: async (path, req) => ({ rows: (await answer(path, { fields: req.fields.join(","), offset: req.offset, limit: req.limit, ...conditions(req.conditions) })).data ?? [] }),
      count: async (path, req) => Number((await answer(path, conditions(req.conditions))).count),
    };
  });
  afterAll(async () => {
    await sb?.close();
  });

  async function send(text: string): Promise<void> {
    const sent = await upload(sb.url, tokens, "/api_v1_master_goods/upload", new TextEncoder().encode(text));
    expect(sent.result, JSON.stringify(sent)).toBe("success");
    const job = await waitForJob(sb.url, tokens, sent.que_id as string);
    expect(job.que_message).toBeNull();
    expect(job.que_status_id).toBe("2");
  }

  /** The same number written otherwise: thousands commas and, for a whole number, ".00". */
  const sameNumber = (n: number) => (Number.isInteger(n) ? `${n.toLocaleString("en-US")}.00` : n.toLocaleString("en-US", { maximumFractionDigits: 20 }));
  const q = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

  it("10 new and 21 changed goods (one deleted); sent, the same file is all unchanged; undone, the old values are back", async () => {
    const FIELDS = ["goods_id", "goods_name", "goods_selling_price", "goods_release_date", "goods_tag", "goods_note", "goods_visible_flag", "stock_quantity", "goods_deleted_flag"];
    const { rows } = await api.search("/api_v1_master_goods/search", { fields: FIELDS, conditions: [{ field: "goods_deleted_flag", op: "eq", value: "0" }], limit: 40 });
    expect(rows.length).toBe(40);
    const changed = rows.slice(0, 20);
    const same = rows.slice(20, 25);
    const deleted = rows[25] as Row;
    await sb.db.query(`UPDATE ne_goods SET goods_deleted_flag = '1' WHERE goods_id = $1`, [deleted.goods_id as string]);
    const reserved = new Map<string, string | null>();
    for (const r of (await api.search("/api_v1_master_stock/search", { fields: ["stock_goods_id", "stock_advance_order_quantity"], conditions: [{ field: "stock_goods_id", op: "in", value: changed.map((g) => g.goods_id as string) }] })).rows) {
      reserved.set(r.stock_goods_id as string, r.stock_advance_order_quantity ?? null);
    }

    const header = "syohin_code,syohin_name,baika_tnk,hatubai_bi,tag,bikou,visible_flg,zaiko_su,yoyaku_zaiko_su,hs_code";
    const lines = [header];
    for (const [i, g] of changed.entries()) {
      const price = Number(g.goods_selling_price ?? 0);
      lines.push(
        [
          g.goods_id,
          q(`${g.goods_name}・改`),
          i % 2 === 0 ? q((price + 10).toLocaleString("en-US")) : q(sameNumber(price)), // even rows change the price
          "2026/1/2",
          "[診断][テスト]",
          q(`備考を書き換え ${i} `),
          g.goods_visible_flag === "1" ? "0" : "1",
          i < 5 ? String(Number(g.stock_quantity ?? 0) + 5) : "",
          i < 5 ? String(Number(reserved.get(g.goods_id as string) ?? 0) + 3) : "",
          "0902.10",
        ].join(","),
      );
    }
    // Unchanged goods written in other forms: price with commas and decimals, the date with slashes.
    for (const g of same) {
      const date = g.goods_release_date ? g.goods_release_date.slice(0, 10).replace(/-0?/g, "/") : "";
      lines.push([g.goods_id, q(g.goods_name ?? ""), q(sameNumber(Number(g.goods_selling_price ?? 0))), date, q(g.goods_tag ?? ""), "", "", "", "", ""].join(","));
    }
    lines.push([deleted.goods_id, q(`${deleted.goods_name}（削除済み）`), "", "", "", "", "", "", "", ""].join(","));
    for (let i = 1; i <= 10; i++) lines.push([`DIFF-NEW-${String(i).padStart(2, "0")}`, q(`診断用の新商品 ${i}`), String(100 * i), "", "", "", "", "", "", ""].join(","));
    lines.push(["DIFF-LEFT-OUT", "除く行", "1", "", "", "", "", "", "", ""].join(","));
    const file = read(lines);
    const leftOut = file.records[file.records.length - 1]?.line as number;
    expect(checkUpload("goods", file).problems).toEqual([]);

    const needs = goodsDiffNeeds(file);
    const before = await fetchGoodsForDiff(needs, api);
    const diff = diffGoods(file, before, [leftOut]);
    expect(diff.counts).toEqual({ rows: 37, new: 10, changed: 21, unchanged: 5, excluded: 1, skipped: 0, cells: diff.counts.cells, deleted: 1 });
    expect(diff.deletedGoods).toEqual([{ code: deleted.goods_id, line: 27 }]);
    expect(diff.notCompared.map((c) => c.column)).toEqual(["hs_code"]);
    const byCode = new Map(diff.entries.map((e) => [e.code, e]));
    for (const [i, g] of changed.entries()) {
      const cols = byCode.get(g.goods_id as string)?.changes.map((c) => c.column);
      expect(cols, g.goods_id as string).toEqual(
        ["syohin_name", ...(i % 2 === 0 ? ["baika_tnk"] : []), ...(g.goods_release_date === "2026-01-02 00:00:00" ? [] : ["hatubai_bi"]), ...(g.goods_tag === "[診断][テスト]" ? [] : ["tag"]), "bikou", "visible_flg", ...(i < 5 ? ["zaiko_su", "yoyaku_zaiko_su"] : [])],
      );
    }

    // Send every line but the one left out.
    const sent = [file.headerText, ...file.records.map((_, i) => i).filter((i) => file.records[i]?.line !== leftOut).map((i) => file.recordText(i))];
    await send(`${sent.join("\r\n")}\r\n`);

    // The same file against the goods now: nothing left to create or change.
    const after = await fetchGoodsForDiff(needs, api);
    const again = diffGoods(file, after, [leftOut]);
    expect(again.counts).toMatchObject({ new: 0, changed: 0, unchanged: 36, excluded: 1, deleted: 1 });
    expect(after.deleted[after.position.get(deleted.goods_id as string) as number]).toBe(1);
    expect(after.position.has("DIFF-LEFT-OUT")).toBe(false);

    // The plan as the journal keeps it, the undo from it, sent.
    const stored = readGoodsPlanCsv(goodsPlanCsv(diff));
    if (!stored.ok) throw new Error(stored.reason.en);
    expect(stored.plan).toEqual(goodsPlan(diff));
    const undo = undoGoods(stored.plan);
    expect(undo.created.map((c) => c.code)).toEqual(Array.from({ length: 10 }, (_, i) => `DIFF-NEW-${String(i + 1).padStart(2, "0")}`));
    expect(undo.texts).toHaveLength(1);
    const unrestorable = new Set(undo.unrestorable.map((u) => `${u.code}\t${u.column}`));
    for (const u of undo.unrestorable) expect(u.old.trim()).toBe("");
    await send(undo.texts[0] as string);

    // Every restorable cell reads back exactly as the API showed it before; the others keep the file's value.
    const restored = await fetchGoodsForDiff(needs, api);
    let checked = 0;
    for (const g of stored.plan.changed) {
      const at = restored.position.get(g.code) as number;
      for (const c of g.changes) {
        const field = needs.compared.find((x) => x.column === c.column)?.field as string;
        const value = restored.values.get(field)?.[at] ?? "";
        if (unrestorable.has(`${g.code}\t${c.column}`)) expect(value, `${g.code} ${c.column}`).not.toBe(c.old);
        else {
          expect(value, `${g.code} ${c.column}`).toBe(c.old);
          checked++;
        }
      }
    }
    // at least the 21 names and the 20 display flags
    expect(checked).toBeGreaterThanOrEqual(41);
    // The names, every one, are back.
    for (const g of [...changed, deleted]) expect(restored.values.get("goods_name")?.[restored.position.get(g.goods_id as string) as number]).toBe(g.goods_name);
  });
});
