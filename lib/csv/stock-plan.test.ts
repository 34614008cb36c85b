// The warehouse-stock plan: built from a file (file order, the queue's rules, rows left out,
// confirmed warnings last), its CSV round trip, the report against stock read back (match flags,
// both languages), the read-back's calls, and the undo upload of additions, subtractions, links
// and unlinks.
import { describe, expect, it } from "vitest";
import { planCsv, readBackStock, readCsvBytes, readPlanCsv, stockLookups, stockPlan, stockReport, stockReportCsv, undoUpload, type CsvRead, type StockPlan } from "./index";
import { fakeStockApi } from "./stock-fake-api";

const WH = "kyoten_mei,syohin_code,kasan_su,gensan_su,nyusyukko_riyu,kyoten_syohin_himoduke,kyoten_syohin_sakujyo";
const csv = (lines: string[]) => `${lines.join("\r\n")}\r\n`;

function read(lines: string[]): CsvRead {
  const out = readCsvBytes(new TextEncoder().encode(csv(lines)));
  if (!out.ok) throw new Error(out.refusal.reason.en);
  return out.read;
}

const LOOKUPS = stockLookups(new Set(["東京倉庫", "大阪倉庫"]), new Set(["A", "B", "C", "D", "E", "F"]), [
  { warehouseName: "東京倉庫", code: "A", quantity: 10, allocated: 0 },
  { warehouseName: "東京倉庫", code: "B", quantity: 5, allocated: 2 },
  { warehouseName: "東京倉庫", code: "C", quantity: 3, allocated: 0 },
  { warehouseName: "大阪倉庫", code: "A", quantity: 7, allocated: 0 },
]);

const FILE = read([
  WH,
  "東京倉庫,A,5,,入荷,,", // 2: +5
  "東京倉庫,A,,3,,,", // 3: −3
  "東京倉庫,D,,,,a,", // 4: link
  "東京倉庫,E,4,,,,", // 5: an addition links
  "東京倉庫,C,,,,,d", // 6: unlink (nothing allocated)
  "東京倉庫,B,,,,,d", // 7: refused (2 allocated)
  "大阪倉庫,A,,10,,,", // 8: refused in file order (7 − 10 < 0)
  "大阪倉庫,A,5,,,,", // 9: +5
  "横浜倉庫,A,1,,,,", // 10: unknown warehouse
  "東京倉庫,ZZ,1,,,,", // 11: unknown goods
  "東京倉庫,F,9,,,,", // 12: left out
]);

const row = (p: StockPlan["rows"][number]) => [p.warehouse, p.code, p.linkedBefore, p.quantityBefore, p.allocatedBefore, p.change, p.linkedAfter, p.quantityAfter, p.lines];

describe("stockPlan", () => {
  it("applies the rows in file order by the queue's rules; refused rows change nothing; rows left out are not in it", () => {
    const plan = stockPlan(FILE, LOOKUPS, new Set([12]));
    expect(plan.kind).toBe("warehouse-stock");
    expect(plan.rows.map(row)).toEqual([
      ["東京倉庫", "A", true, 10, 0, 2, true, 12, [2, 3]],
      ["東京倉庫", "D", false, 0, 0, 0, true, 0, [4]],
      ["東京倉庫", "E", false, 0, 0, 4, true, 4, [5]],
      ["東京倉庫", "C", true, 3, 0, -3, false, 0, [6]],
      ["東京倉庫", "B", true, 5, 2, 0, true, 5, [7]],
      ["大阪倉庫", "A", true, 7, 0, 5, true, 12, [8, 9]],
    ]);
    expect(plan.rows.every((p) => p.counted === null)).toBe(true);
  });

  it("confirmed warning rows (sent alone, after the others) are applied last", () => {
    const plan = stockPlan(FILE, LOOKUPS, new Set([12]), new Set([8]));
    expect(row(plan.rows[5] as StockPlan["rows"][number])).toEqual(["大阪倉庫", "A", true, 7, 0, -5, true, 2, [8, 9]]);
  });

  it("look-ups made by hand (no stock index) give the same plan; a file without the line left out has F", () => {
    const byHand = { warehouseNames: LOOKUPS.warehouseNames, goodsCodes: LOOKUPS.goodsCodes, warehouseStock: LOOKUPS.warehouseStock };
    const plan = stockPlan(FILE, byHand);
    expect(plan.rows.map(row).at(-1)).toEqual(["東京倉庫", "F", false, 0, 0, 9, true, 9, [12]]);
    expect(plan.rows.slice(0, 6)).toEqual(stockPlan(FILE, LOOKUPS, new Set([12])).rows);
  });
});

describe("planCsv / readPlanCsv", () => {
  it("round trip of a warehouse-stock plan", () => {
    const plan = stockPlan(FILE, LOOKUPS, new Set([12]));
    const text = planCsv(plan);
    expect(text.split("\r\n").slice(0, 3)).toEqual([
      "kyoten_mei,syohin_code,linked_before,quantity_before,allocated_before,change,linked_after,quantity_after,lines",
      "東京倉庫,A,1,10,0,2,1,12,2 3",
      "東京倉庫,D,0,0,0,0,1,0,4",
    ]);
    expect(text.endsWith("\r\n")).toBe(true);
    expect(readPlanCsv(text)).toEqual(plan);
  });

  it("round trip of a stocktake plan with names that need quoting, and no formula protection", () => {
    const plan: StockPlan = {
      kind: "stocktake",
      rows: [
        { warehouse: '大阪,"南港"', code: "=A1", linkedBefore: true, quantityBefore: 9, allocatedBefore: 2, change: -4, linkedAfter: true, quantityAfter: 5, counted: 5, lines: [2] },
        { warehouse: "倉庫\n2", code: "-X", linkedBefore: false, quantityBefore: 0, allocatedBefore: 0, change: 3, linkedAfter: true, quantityAfter: 3, counted: 3, lines: [3] },
        { warehouse: "東京倉庫", code: "Z", linkedBefore: true, quantityBefore: 4, allocatedBefore: 0, change: -4, linkedAfter: true, quantityAfter: 0, counted: 0, lines: [] },
      ],
    };
    const text = planCsv(plan);
    expect(text.split("\r\n")[0]).toBe("kyoten_mei,syohin_code,linked_before,quantity_before,allocated_before,change,linked_after,quantity_after,counted,lines");
    expect(text).toContain('"大阪,""南港""",=A1,1,9,2,-4,1,5,5,2\r\n');
    expect(readPlanCsv(text)).toEqual(plan);
    expect(readPlanCsv(`\ufeff${text}`)).toEqual(plan);
    expect(readPlanCsv(planCsv({ kind: "stocktake", rows: [] }))).toEqual({ kind: "stocktake", rows: [] });
  });

  it("refuses what planCsv does not write", () => {
    const good = planCsv(stockPlan(FILE, LOOKUPS));
    expect(() => readPlanCsv(good.replace("quantity_before", "before"))).toThrow(/unknown header/);
    expect(() => readPlanCsv(good.replace("東京倉庫,A,1,10,0,2,1,12", "東京倉庫,A,1,10,0,3,1,12"))).toThrow(/line 2: change 3/);
    expect(() => readPlanCsv(good.replace("東京倉庫,A,1,10", "東京倉庫,A,2,10"))).toThrow(/linked_before is not 0 or 1/);
    expect(() => readPlanCsv(good.replace("東京倉庫,A,1,10", "東京倉庫,A,1,1x"))).toThrow(/quantity_before is not a whole number/);
    expect(() => readPlanCsv(good.replace(",2 3\r\n", ",2,3\r\n"))).toThrow(/cells where the header has/);
    expect(() => readPlanCsv(good.replace(",2 3\r\n", ",2  3\r\n"))).toThrow(/lines/);
  });
});

describe("stockReport", () => {
  const plan = stockPlan(FILE, LOOKUPS, new Set([12]));
  // Read back: A, E and B as expected, D not linked (expected linked), C gone as expected,
  // 大阪倉庫 A at 11 (expected 12).
  const readBack = new Map([
    ["東京倉庫\tA", { quantity: 12, allocated: 0 }],
    ["東京倉庫\tE", { quantity: 4, allocated: 0 }],
    ["東京倉庫\tB", { quantity: 5, allocated: 2 }],
    ["大阪倉庫\tA", { quantity: 11, allocated: 0 }],
  ]);

  it("warehouse stock: actual equals expected in quantity and link", () => {
    const report = stockReport(plan, readBack, "ja");
    expect(report.rows.map((r) => [r.code, r.before, r.change, r.expected, r.actual, r.linkedActual, r.match, r.note])).toEqual([
      ["A", 10, 2, 12, 12, true, true, ""],
      ["D", 0, 0, 0, 0, false, false, "この送信で倉庫に紐付け、現在は紐付けがありません"],
      ["E", 0, 4, 4, 4, true, true, "この送信で倉庫に紐付け"],
      ["C", 3, -3, 0, 0, false, true, "この送信で紐付けを削除"],
      ["B", 5, 0, 5, 5, true, true, ""],
      ["A", 7, 5, 12, 11, true, false, ""],
    ]);
    expect([report.matched, report.mismatched]).toEqual([4, 2]);
    expect(stockReport(plan, readBack, "en").rows[1]?.note).toBe("linked to the warehouse by this upload; not linked now");
  });

  it("stocktake: actual equals the count (a count of 0 matches a pair not linked)", () => {
    const st: StockPlan = {
      kind: "stocktake",
      rows: [
        { warehouse: "東京倉庫", code: "A", linkedBefore: true, quantityBefore: 10, allocatedBefore: 0, change: 2, linkedAfter: true, quantityAfter: 12, counted: 12, lines: [2] },
        { warehouse: "東京倉庫", code: "N", linkedBefore: false, quantityBefore: 0, allocatedBefore: 0, change: 0, linkedAfter: false, quantityAfter: 0, counted: 0, lines: [3] },
        { warehouse: "東京倉庫", code: "B", linkedBefore: true, quantityBefore: 5, allocatedBefore: 2, change: -1, linkedAfter: true, quantityAfter: 4, counted: 4, lines: [4] },
      ],
    };
    const report = stockReport(st, readBack, "en");
    expect(report.rows.map((r) => [r.code, r.counted, r.actual, r.match, r.note])).toEqual([
      ["A", 12, 12, true, ""],
      ["N", 0, 0, true, "not linked"],
      ["B", 4, 5, false, ""],
    ]);
    expect(report.kind).toBe("stocktake");
  });

  it("stockReportCsv: headers in the page's language, BOM, CRLF, formulas neutralised, signed numbers kept", () => {
    const odd: StockPlan = {
      kind: "warehouse-stock",
      rows: [{ warehouse: "=HYPERLINK()", code: "A", linkedBefore: true, quantityBefore: 10, allocatedBefore: 0, change: -3, linkedAfter: true, quantityAfter: 7, counted: null, lines: [2] }],
    };
    const back = new Map([["=HYPERLINK()\tA", { quantity: 7, allocated: 0 }]]);
    expect(stockReportCsv(stockReport(odd, back, "ja"), "ja")).toBe("\ufeff倉庫名,商品コード,変更前,変更数,変更後（予定）,変更後（実際）,棚卸数,一致,備考\r\n'=HYPERLINK(),A,10,-3,7,7,,一致,\r\n");
    expect(stockReportCsv(stockReport(plan, readBack, "en"), "en").split("\r\n").slice(0, 3)).toEqual([
      "\ufeffWarehouse,Goods code,Before,Change,After (expected),After (actual),Counted,Match,Note",
      "東京倉庫,A,10,2,12,12,,yes,",
      "東京倉庫,D,0,0,0,0,,no,linked to the warehouse by this upload; not linked now",
    ]);
  });
});

describe("readBackStock", () => {
  const st = (w: string, code: string, q: number, a = 0) => ({ warehouse_stock_warehouse_id: w, warehouse_stock_goods_id: code, warehouse_stock_quantity: String(q), warehouse_stock_allocation_quantity: String(a) });
  const warehouses = [
    { warehouse_id: "1", warehouse_name: "東京倉庫" },
    { warehouse_id: "2", warehouse_name: "大阪倉庫" },
  ];

  it("a few pairs: the warehouse master and one `in` call; pairs not answered are not linked", async () => {
    const plan = stockPlan(FILE, LOOKUPS, new Set([12]));
    const fake = fakeStockApi({ "/api_v1_warehouse_base": warehouses, "/api_v1_warehouse_stock": [st("1", "A", 12), st("1", "B", 5, 2), st("1", "X", 1), st("2", "A", 12), st("2", "E", 9)] });
    const back = await readBackStock(plan, fake.api);
    expect(fake.paths()).toEqual(["/api_v1_warehouse_base/search", "/api_v1_warehouse_stock/search"]);
    expect(fake.calls[1]?.conditions).toEqual([
      { field: "warehouse_stock_warehouse_id", op: "in", value: ["1", "2"] },
      { field: "warehouse_stock_goods_id", op: "in", value: ["A", "D", "E", "C", "B"] },
    ]);
    expect(back).toEqual(
      new Map([
        ["東京倉庫\tA", { quantity: 12, allocated: 0 }],
        ["東京倉庫\tB", { quantity: 5, allocated: 2 }],
        ["大阪倉庫\tA", { quantity: 12, allocated: 0 }],
      ]),
    );
  });

  it("50,000 pairs against 60,000 stock rows: a count and 6 pages instead of 50 `in` calls", async () => {
    const code = (i: number) => `K-${String(i).padStart(6, "0")}`;
    const stock = Array.from({ length: 60_000 }, (_, i) => st("1", code(i), i % 13));
    const plan: StockPlan = {
      kind: "warehouse-stock",
      rows: Array.from({ length: 50_000 }, (_, i) => ({ warehouse: "東京倉庫", code: code(i * 2), linkedBefore: true, quantityBefore: 0, allocatedBefore: 0, change: 0, linkedAfter: true, quantityAfter: 0, counted: null, lines: [i + 2] })),
    };
    const fake = fakeStockApi({ "/api_v1_warehouse_base": warehouses, "/api_v1_warehouse_stock": stock });
    const back = await readBackStock(plan, fake.api);
    expect(fake.paths()).toEqual(["/api_v1_warehouse_base/search", "/api_v1_warehouse_stock/count", ...Array(6).fill("/api_v1_warehouse_stock/search")]);
    expect(back.size).toBe(30_000);
    expect(back.get(`東京倉庫\t${code(26)}`)).toEqual({ quantity: 0, allocated: 0 });
    expect(back.get(`東京倉庫\t${code(58)}`)).toEqual({ quantity: 6, allocated: 0 });
  });

  it("an empty plan costs nothing", async () => {
    const fake = fakeStockApi({});
    expect(await readBackStock({ kind: "stocktake", rows: [] }, fake.api)).toEqual(new Map());
    expect(fake.calls).toEqual([]);
  });
});

describe("undoUpload", () => {
  it("additions become subtractions and the reverse; links are unlinked at 0; unlinks are linked again with their stock", () => {
    const plan = stockPlan(FILE, LOOKUPS, new Set([12]));
    const undo = undoUpload(plan);
    expect(undo.text).toBe(
      csv([
        WH,
        "東京倉庫,A,,2,取り消し,,", // +2 → −2
        "東京倉庫,D,,,取り消し,,d", // linked at 0: unlinked
        "東京倉庫,E,,4,取り消し,,", // linked with 4: back to 0, then unlinked
        "東京倉庫,E,,,取り消し,,d",
        "東京倉庫,C,,,取り消し,a,", // unlinked with 3: linked again, then 3 added
        "東京倉庫,C,3,,取り消し,,",
        // B: no change, nothing to undo
        "大阪倉庫,A,,5,取り消し,,",
      ]),
    );
    expect(undo.rows).toBe(7);
    expect(undo.planRows).toEqual([0, 1, 2, 2, 3, 3, 5]);
  });

  it("a subtraction becomes an addition; the reason can be given; names are quoted", () => {
    const plan: StockPlan = {
      kind: "stocktake",
      rows: [
        { warehouse: "大阪,南港", code: "Q", linkedBefore: true, quantityBefore: 9, allocatedBefore: 0, change: -9, linkedAfter: true, quantityAfter: 0, counted: 0, lines: [] },
        { warehouse: "東京倉庫", code: "N", linkedBefore: false, quantityBefore: 0, allocatedBefore: 0, change: 0, linkedAfter: false, quantityAfter: 0, counted: 0, lines: [3] },
      ],
    };
    expect(undoUpload(plan, { reason: "誤り, 戻す" }).text).toBe(csv([WH, '"大阪,南港",Q,9,,"誤り, 戻す",,']));
  });
});

describe("the read-back as the journal keeps it", () => {
  it("round-trips pairs with commas, quotes and tabs-free names; refuses other text", async () => {
    const { readBackCsv, readReadBackCsv, pairKey } = await import("./stock-plan");
    const back = new Map([
      [pairKey("東京, 第1倉庫", 'A"1'), { quantity: 12, allocated: 3 }],
      [pairKey("大阪", "B-2"), { quantity: 0, allocated: 0 }],
    ]);
    expect(readReadBackCsv(readBackCsv(back))).toEqual(back);
    expect(() => readReadBackCsv("kyoten_mei,syohin_code\r\nA,B\r\n")).toThrow(/header/);
    expect(() => readReadBackCsv("kyoten_mei,syohin_code,quantity,allocated\r\nA,B,-1,0\r\n")).toThrow(/line 2/);
  });
});
