// Stocktakes against a fake API over small and large masters: the header (Japanese names too),
// every problem with its line and column, the differences, the unmentioned goods, the upload CSV,
// the recompute just before sending, and the number of upstream calls.
import { describe, expect, it } from "vitest";
import { computeStocktake, fetchStocktakeStock, readCsvBytes, readPastedCells, restocktake, stocktakeNeeds, stocktakeUpload, type CsvRead, type StocktakeResult } from "./index";
import { fakeStockApi } from "./stock-fake-api";

type Row = Record<string, string | null>;

function read(text: string): CsvRead {
  const out = readCsvBytes(new TextEncoder().encode(text));
  if (!out.ok) throw new Error(out.refusal.reason.en);
  return out.read;
}

const csv = (lines: string[]) => `${lines.join("\r\n")}\r\n`;

const wh = (id: string, name: string): Row => ({ warehouse_id: id, warehouse_name: name });
const st = (warehouse: string, code: string, quantity: number, allocated = 0): Row => ({
  warehouse_stock_warehouse_id: warehouse,
  warehouse_stock_goods_id: code,
  warehouse_stock_quantity: String(quantity),
  warehouse_stock_allocation_quantity: String(allocated),
});
const goods = (code: string, deleted = false): Row => ({ goods_id: code, goods_deleted_flag: deleted ? "1" : "0" });

const WAREHOUSES = [wh("1", "基本拠点"), wh("2", "東京倉庫"), wh("3", "大阪,南港倉庫")];

/** Stock in primary-key order (warehouse id, goods code). */
function smallTables(stock: Row[] = SMALL_STOCK) {
  return {
    "/api_v1_warehouse_base": WAREHOUSES,
    "/api_v1_master_goods": ["G-1", "G-2", "G-3", "G-4", "G-5", "G-6", "G-7", "G-8", "G-9"].map((c) => goods(c, c === "G-8")),
    "/api_v1_warehouse_stock": stock,
  };
}
const SMALL_STOCK = [
  st("1", "G-1", 100),
  st("2", "G-1", 10),
  st("2", "G-2", 20, 5),
  st("2", "G-3", 7),
  st("2", "G-4", 3),
  st("2", "G-5", 6, 2),
  st("2", "G-6", 0),
  st("2", "G-8", 4),
  st("3", "G-1", 5),
];

const SMALL_FILE = csv([" 倉庫名 ,商品コード,棚卸数", "東京倉庫,G-1,12", "東京倉庫,G-2,15", "東京倉庫,G-3,7", "東京倉庫,G-7,4", '"大阪,南港倉庫",G-1,0', "東京倉庫, G-9 ,0"]);

async function stocktakeOf(text: string, tables = smallTables()): Promise<StocktakeResult> {
  const r = read(text);
  const { api } = fakeStockApi(tables);
  return computeStocktake(r, await fetchStocktakeStock(stocktakeNeeds(r), api));
}

describe("computeStocktake: differences", () => {
  it("Japanese headers (trimmed): current, counted, difference and status per row", async () => {
    const result = await stocktakeOf(SMALL_FILE);
    expect(result.problems).toEqual([]);
    expect(result.fileRefused).toBe(false);
    expect(result.columns).toEqual({ kyoten_mei: 0, syohin_code: 1, tanaoroshi_su: 2 });
    const rows = Array.from({ length: result.size }, (_, i) => result.rowAt(i));
    expect(rows.map((r) => [r.line, r.warehouse, r.code, r.linked, r.current, r.allocated, r.counted, r.difference, r.status])).toEqual([
      [2, "東京倉庫", "G-1", true, 10, 0, 12, 2, "up"],
      [3, "東京倉庫", "G-2", true, 20, 5, 15, -5, "down"],
      [4, "東京倉庫", "G-3", true, 7, 0, 7, 0, "none"],
      [5, "東京倉庫", "G-7", false, 0, 0, 4, 4, "up"],
      [6, "大阪,南港倉庫", "G-1", true, 5, 0, 0, -5, "down"],
      [7, "東京倉庫", "G-9", false, 0, 0, 0, 0, "none"],
    ]);
    expect(result.counts).toEqual({ error: 0, up: 2, down: 2, none: 2 });
    expect([...result.noDifference]).toEqual([2, 5]);
  });

  it("pasted cells from Excel (tab-separated) with the machine names", async () => {
    const pasted = readPastedCells("kyoten_mei\tsyohin_code\ttanaoroshi_su\n東京倉庫\tG-3\t9\n");
    if (!pasted.ok) throw new Error("paste refused");
    const { api } = fakeStockApi(smallTables());
    const result = computeStocktake(pasted.read, await fetchStocktakeStock(stocktakeNeeds(pasted.read), api));
    expect(result.rowAt(0)).toMatchObject({ current: 7, counted: 9, difference: 2, status: "up" });
  });

  it("lists each file warehouse's stocked goods the file does not mention, with a count", async () => {
    const result = await stocktakeOf(SMALL_FILE);
    // 東京倉庫: G-4, G-5 and G-8 (deleted in the master) are stocked and not named; G-6 holds 0.
    // 大阪,南港倉庫: its only goods is named. 基本拠点 is not in the file.
    expect(result.warehouses).toEqual([
      { name: "東京倉庫", from: 0, count: 3 },
      { name: "大阪,南港倉庫", from: 3, count: 0 },
    ]);
    const listed = Array.from({ length: result.unmentioned.length }, (_, k) => result.unmentionedAt(k));
    expect(listed.map((g) => [g.warehouse, g.code, g.quantity, g.allocated, g.deleted])).toEqual([
      ["東京倉庫", "G-4", 3, 0, false],
      ["東京倉庫", "G-5", 6, 2, false],
      ["東京倉庫", "G-8", 4, 0, true],
    ]);
  });
});

describe("computeStocktake: the header", () => {
  const header = async (first: string, rows = ["東京倉庫,G-1,1"]) => {
    const r = await stocktakeOf(csv([first, ...rows]));
    expect(r.fileRefused).toBe(true);
    expect(r.errorLines).toEqual([]);
    expect(r.counts.error).toBe(rows.length);
    return r.problems.map((p) => ({ line: p.line, column: p.column, code: p.code, ja: p.reason.ja, en: p.reason.en }));
  };

  it("an unknown column names the accepted ones", async () => {
    const [p, ...rest] = await header("kyoten_mei,syohin_code,tanaoroshi_su,メモ", ["東京倉庫,G-1,1,x"]);
    expect(rest).toEqual([]);
    expect(p).toMatchObject({ line: 1, column: "メモ", code: "unknown-column" });
    expect(p?.ja).toContain("kyoten_mei（倉庫名）、syohin_code（商品コード）、tanaoroshi_su（棚卸数）");
    expect(p?.en).toContain("kyoten_mei (倉庫名, warehouse name)");
  });

  it("the same column twice (machine and Japanese name), a missing one, an empty name", async () => {
    expect((await header("kyoten_mei,倉庫名,syohin_code,tanaoroshi_su", ["a,a,G-1,1"])).map((p) => [p.line, p.column, p.code])).toEqual([[1, "倉庫名", "duplicate-column"]]);
    const missing = await header("倉庫名,syohin_code", ["東京倉庫,G-1"]);
    expect(missing.map((p) => [p.line, p.column, p.code])).toEqual([[1, "tanaoroshi_su", "missing-column"]]);
    expect(missing[0]?.ja).toBe("必須の列「tanaoroshi_su」（棚卸数）がありません");
    expect((await header("kyoten_mei,syohin_code,tanaoroshi_su,", ["東京倉庫,G-1,1,"])).map((p) => [p.line, p.column, p.code])).toEqual([[1, null, "empty-column"]]);
  });

  it("no data rows", async () => {
    expect((await header("kyoten_mei,syohin_code,tanaoroshi_su", [])).map((p) => [p.line, p.code])).toEqual([[1, "no-rows"]]);
  });
});

describe("computeStocktake: every row problem with its line and column", () => {
  const stock = [
    ...["G-01", "G-02", "G-03", "G-04", "G-05", "G-06", "G-07", "G-08", "G-09", "G-10", "G-11", "G-12"].map((c) => st("2", c, 10, c === "G-02" ? 5 : 0)),
    st("2", "G-16", 4),
  ];
  const tables = {
    "/api_v1_warehouse_base": WAREHOUSES,
    "/api_v1_master_goods": [...Array.from({ length: 15 }, (_, i) => goods(`G-${String(i + 1).padStart(2, "0")}`)), goods("G-16", true), goods("G-17", true)],
    "/api_v1_warehouse_stock": stock,
  };
  const file = csv([
    "kyoten_mei,syohin_code,棚卸数",
    "東京倉庫,G-01,-1",
    "東京倉庫,G-03,1.5",
    ",G-04,1",
    "東京倉庫,,1",
    "東京倉庫,G-05,",
    "",
    "東京倉庫,G-06",
    "東京倉庫,G-07,abc",
    "東京倉庫,G-08,１０",
    "東京倉庫,G-09,10000000",
    "東京倉庫,G-02,4",
    "東京倉庫,G-10,3",
    "東京倉庫,G-10,2",
    "横浜倉庫,G-11,1",
    "東京倉庫,NOPE,1",
    "東京倉庫,G-16,1",
    "東京倉庫,G-17,1",
    '東京倉庫,G-1"2,1',
    "東京倉庫,G-13,5",
  ]);

  it("lists them in file order", async () => {
    const r = await stocktakeOf(file, tables);
    expect(r.fileRefused).toBe(false);
    expect(r.problems.map((p) => [p.line, p.column, p.value, p.code])).toEqual([
      [2, "棚卸数", "-1", "negative"],
      [3, "棚卸数", "1.5", "not-whole"],
      [4, "kyoten_mei", "", "empty-warehouse"],
      [5, "syohin_code", "", "empty-code"],
      [6, "棚卸数", "", "empty-quantity"],
      [7, null, null, "blank-line"],
      [8, null, null, "cell-count"],
      [9, "棚卸数", "abc", "not-a-quantity"],
      [10, "棚卸数", "１０", "full-width"],
      [11, "棚卸数", "10000000", "too-large"],
      [12, "棚卸数", "4", "below-allocated"],
      [14, "syohin_code", "G-10", "duplicate-pair"],
      [15, "kyoten_mei", "横浜倉庫", "unknown-warehouse"],
      [16, "syohin_code", "NOPE", "unknown-goods"],
      [17, "syohin_code", "G-16", "deleted-goods"],
      [18, "syohin_code", "G-17", "deleted-goods"],
      [19, "syohin_code", 'G-1"2', "stray-quote"],
    ]);
    expect(r.problems.every((p) => p.severity === "error" && p.reason.ja !== "" && p.reason.en !== "")).toBe(true);
    expect(r.errorLines).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 14, 15, 16, 17, 18, 19]);
    expect(r.counts).toEqual({ error: 17, up: 1, down: 1, none: 0 });
    expect(r.rowAt(12)).toMatchObject({ line: 14, status: "error", difference: null });
    expect(r.rowAt(18)).toMatchObject({ line: 20, code: "G-13", linked: false, current: 0, counted: 5, difference: 5, status: "up" });
  });

  it("says what is wrong in both languages", async () => {
    const r = await stocktakeOf(file, tables);
    const at = (line: number) => r.problems.find((p) => p.line === line)?.reason;
    expect(at(12)).toEqual({
      ja: "棚卸数 4 が引当数 5 より少ないため反映できません（在庫数 10）。引当済みの在庫は減らせません。引当を解除してから数え直してください",
      en: "the count 4 is below the allocated quantity 5 (stock 10); allocated stock cannot be subtracted: release the allocation and count again",
    });
    expect(at(14)?.ja).toContain("13行目にもあります");
    expect(at(14)?.en).toContain("already on line 13");
    expect(at(2)?.ja).toContain("棚卸数（tanaoroshi_su）にマイナスの数は指定できません");
  });

  it("a goods named by a row in error is not listed as unmentioned; rows that name no pair do not count", async () => {
    const r = await stocktakeOf(file, tables);
    const listed = Array.from({ length: r.unmentioned.length }, (_, k) => r.unmentionedAt(k).code);
    // G-04 (empty warehouse), G-06 (cell count) and G-11 (other warehouse) are named by no row of 東京倉庫.
    expect(listed).toEqual(["G-04", "G-06", "G-11", "G-12"]);
  });
});

describe("stocktakeUpload", () => {
  it("leave: kasan_su for up, gensan_su for down, no row for none; quoting, CRLF, lines and plan", async () => {
    const up = stocktakeUpload(await stocktakeOf(SMALL_FILE), { unmentioned: "leave" });
    expect(up.text).toBe(
      csv(["kyoten_mei,syohin_code,kasan_su,gensan_su,nyusyukko_riyu", "東京倉庫,G-1,2,,棚卸", "東京倉庫,G-2,,5,棚卸", "東京倉庫,G-7,4,,棚卸", '"大阪,南港倉庫",G-1,,5,棚卸']),
    );
    expect(up.rows).toBe(4);
    expect([...up.lines]).toEqual([2, 3, 5, 6]);
    expect(up.zeroed).toBe(0);
    expect(up.cannotZero).toEqual([]);
    expect(up.plan.kind).toBe("stocktake");
    expect(up.plan.rows.map((p) => [p.warehouse, p.code, p.linkedBefore, p.quantityBefore, p.change, p.linkedAfter, p.quantityAfter, p.counted, p.lines])).toEqual([
      ["東京倉庫", "G-1", true, 10, 2, true, 12, 12, [2]],
      ["東京倉庫", "G-2", true, 20, -5, true, 15, 15, [3]],
      ["東京倉庫", "G-3", true, 7, 0, true, 7, 7, [4]],
      ["東京倉庫", "G-7", false, 0, 4, true, 4, 4, [5]],
      ["大阪,南港倉庫", "G-1", true, 5, -5, true, 0, 0, [6]],
      ["東京倉庫", "G-9", false, 0, 0, false, 0, 0, [7]],
    ]);
  });

  it("zero: unmentioned goods with nothing allocated go to 0; allocated or deleted ones cannot", async () => {
    const up = stocktakeUpload(await stocktakeOf(SMALL_FILE), { unmentioned: "zero", reason: '棚卸 "12月"' });
    expect(up.text.split("\r\n").slice(-3)).toEqual(['"大阪,南港倉庫",G-1,,5,"棚卸 ""12月"""', '東京倉庫,G-4,,3,"棚卸 ""12月"""', ""]);
    expect([...up.lines]).toEqual([2, 3, 5, 6, 0]);
    expect(up.zeroed).toBe(1);
    expect(up.cannotZero.map((g) => [g.code, g.why, g.reason.ja])).toEqual([
      ["G-5", "allocated", "引当数が2あるため、在庫を0にできません（在庫数 6）"],
      ["G-8", "deleted", "商品「G-8」は商品マスタで削除されているため、在庫を0にできません"],
    ]);
    expect(up.plan.rows.at(-1)).toEqual({ warehouse: "東京倉庫", code: "G-4", linkedBefore: true, quantityBefore: 3, allocatedBefore: 0, change: -3, linkedAfter: true, quantityAfter: 0, counted: 0, lines: [] });
  });

  it("rows in error give no upload row; a refused file gives none at all", async () => {
    const r = await stocktakeOf(csv(["kyoten_mei,syohin_code,tanaoroshi_su", "東京倉庫,G-1,x", "東京倉庫,G-3,9"]));
    expect(stocktakeUpload(r, { unmentioned: "leave" }).text).toBe(csv(["kyoten_mei,syohin_code,kasan_su,gensan_su,nyusyukko_riyu", "東京倉庫,G-3,2,,棚卸"]));
    const refused = await stocktakeOf(csv(["kyoten_mei,syohin_code", "東京倉庫,G-1"]));
    const none = stocktakeUpload(refused, { unmentioned: "zero" });
    expect(none.rows).toBe(0);
    expect(none.plan.rows).toEqual([]);
  });
});

describe("restocktake: the stock read again just before sending", () => {
  it("shows the rows whose stock changed and recomputes them; the upload never uses the stale difference", async () => {
    const r = read(SMALL_FILE);
    const first = fakeStockApi(smallTables());
    const preview = computeStocktake(r, await fetchStocktakeStock(stocktakeNeeds(r), first.api));
    // Meanwhile: 1 more of G-1 arrived, 11 more of G-2 were allocated, G-9 was linked with 2,
    // G-4 was sold out and G-6 received 2.
    const fresh = smallTables([
      st("1", "G-1", 100),
      st("2", "G-1", 11),
      st("2", "G-2", 20, 16),
      st("2", "G-3", 7),
      st("2", "G-4", 0),
      st("2", "G-5", 6, 2),
      st("2", "G-6", 2),
      st("2", "G-8", 4),
      st("2", "G-9", 2),
      st("3", "G-1", 5),
    ]);
    const again = restocktake(preview, await fetchStocktakeStock(stocktakeNeeds(r), fakeStockApi(fresh).api));
    expect(again.changed.map((c) => [c.line, c.code, c.before, c.now])).toEqual([
      [2, "G-1", { linked: true, quantity: 10, allocated: 0 }, { linked: true, quantity: 11, allocated: 0 }],
      [3, "G-2", { linked: true, quantity: 20, allocated: 5 }, { linked: true, quantity: 20, allocated: 16 }],
      [7, "G-9", { linked: false, quantity: 0, allocated: 0 }, { linked: true, quantity: 2, allocated: 0 }],
    ]);
    expect(again.unmentionedChanged).toEqual([
      { warehouse: "東京倉庫", code: "G-4", before: { quantity: 3, allocated: 0 }, now: null },
      { warehouse: "東京倉庫", code: "G-6", before: null, now: { quantity: 2, allocated: 0 } },
    ]);
    expect(again.result.rowAt(0)).toMatchObject({ current: 11, difference: 1, status: "up" });
    expect(again.result.rowAt(1)).toMatchObject({ status: "error" });
    expect(again.result.problems.map((p) => [p.line, p.code])).toEqual([[3, "below-allocated"]]);
    expect(again.result.rowAt(5)).toMatchObject({ linked: true, current: 2, difference: -2, status: "down" });
    const up = stocktakeUpload(again.result, { unmentioned: "zero" });
    expect(up.text).toBe(
      csv([
        "kyoten_mei,syohin_code,kasan_su,gensan_su,nyusyukko_riyu",
        "東京倉庫,G-1,1,,棚卸",
        "東京倉庫,G-7,4,,棚卸",
        '"大阪,南港倉庫",G-1,,5,棚卸',
        "東京倉庫,G-9,,2,棚卸",
        "東京倉庫,G-6,,2,棚卸",
      ]),
    );
  });

  it("nothing changed: no rows listed, the same differences", async () => {
    const preview = await stocktakeOf(SMALL_FILE);
    const r = preview.read;
    const again = restocktake(preview, await fetchStocktakeStock(stocktakeNeeds(r), fakeStockApi(smallTables()).api));
    expect(again.changed).toEqual([]);
    expect(again.unmentionedChanged).toEqual([]);
    expect(stocktakeUpload(again.result, { unmentioned: "zero" }).text).toBe(stocktakeUpload(preview, { unmentioned: "zero" }).text);
  });
});

describe("fetchStocktakeStock: upstream calls", () => {
  const code = (i: number) => `S-${String(i).padStart(6, "0")}`;

  it("a 100,000-row stocktake against 100,000 stock rows: 15 calls, one at a time", async () => {
    // 4 warehouses of 25,000 stocked goods each; the file names 99,000 of the stocked pairs and
    // 1,000 goods without stock; 11 goods are deleted (10 stocked, 1 of those without stock).
    const names = ["基本拠点", "東京倉庫", "大阪倉庫", "福岡倉庫"];
    const stock: Row[] = [];
    for (let w = 0; w < 4; w++) for (let i = 0; i < 25_000; i++) stock.push(st(String(w + 1), code(w * 25_000 + i), 10 + (i % 7), i % 50 === 0 ? 1 : 0));
    const master: Row[] = [];
    for (let i = 0; i < 101_000; i++) master.push(goods(code(i), i % 10_000 === 5));
    const lines = ["kyoten_mei,syohin_code,tanaoroshi_su"];
    for (let k = 0; k < 100_000; k++) {
      // The first 99,000 stocked pairs, then 1,000 goods without stock in 東京倉庫.
      if (k < 99_000) lines.push(`${names[Math.floor(k / 25_000)]},${code(k)},${10 + ((k * 3) % 11)}`);
      else lines.push(`東京倉庫,${code(k + 1000)},3`);
    }
    const r = read(csv(lines));
    const fake = fakeStockApi({ "/api_v1_warehouse_base": names.map((n, i) => wh(String(i + 1), n)), "/api_v1_master_goods": master, "/api_v1_warehouse_stock": stock });
    const s = await fetchStocktakeStock(stocktakeNeeds(r), fake.api);
    expect(fake.paths()).toEqual([
      "/api_v1_warehouse_base/search",
      ...Array(11).fill("/api_v1_warehouse_stock/search"),
      "/api_v1_master_goods/search", // the 1,000 goods without stock: one `in` list
      "/api_v1_master_goods/count", // deleted goods among the stocked ones: counted, then one page
      "/api_v1_master_goods/search",
    ]);
    expect(fake.calls.length).toBeLessThanOrEqual(40);
    expect(s.size).toBe(100_000);
    const result = computeStocktake(r, s);
    // The 11 deleted goods are all named by the file: rows in error.
    expect(result.counts.error).toBe(11);
    expect(result.problems.every((p) => p.code === "deleted-goods")).toBe(true);
    expect(result.counts.up + result.counts.down + result.counts.none).toBe(99_989);
    expect(result.unmentioned.length).toBe(1000);
    expect(result.warehouses.map((w) => w.count)).toEqual([0, 0, 0, 1000]);
  }, 60_000);

  it("many goods without stock: one paging of the goods master answers them and the deleted ones", async () => {
    const master: Row[] = [];
    for (let i = 0; i < 30_000; i++) master.push(goods(code(i), i === 3 || i === 20_001));
    const lines = ["kyoten_mei,syohin_code,tanaoroshi_su", ...Array.from({ length: 20_000 }, (_, i) => `東京倉庫,${code(i + 10_000)},1`), `東京倉庫,${code(3)},1`];
    const r = read(csv(lines));
    const fake = fakeStockApi({ "/api_v1_warehouse_base": WAREHOUSES, "/api_v1_master_goods": master, "/api_v1_warehouse_stock": [st("2", code(3), 5), st("2", code(4), 5)] });
    const s = await fetchStocktakeStock(stocktakeNeeds(r), fake.api);
    expect(fake.paths()).toEqual(["/api_v1_warehouse_base/search", "/api_v1_warehouse_stock/search", "/api_v1_master_goods/count", ...Array(3).fill("/api_v1_master_goods/search")]);
    expect(s.goodsCodes.size).toBe(19_999);
    expect([...s.deletedCodes].sort()).toEqual([code(3), code(20_001)]);
    expect([...s.deleted]).toEqual([1, 0]);
  });

  it("a few goods: the warehouse master, the stock, one `in` call; none without a warehouse", async () => {
    const fake = fakeStockApi(smallTables());
    await fetchStocktakeStock({ warehouseNames: ["東京倉庫"], goodsCodes: ["G-1", "G-7"] }, fake.api);
    expect(fake.paths()).toEqual(["/api_v1_warehouse_base/search", "/api_v1_warehouse_stock/search", "/api_v1_master_goods/search", "/api_v1_master_goods/search"]);
    expect(fake.calls[1]?.conditions).toEqual([{ field: "warehouse_stock_warehouse_id", op: "in", value: ["2"] }]);
    const none = fakeStockApi(smallTables());
    const s = await fetchStocktakeStock({ warehouseNames: [], goodsCodes: ["G-1"] }, none.api);
    expect(none.paths()).toEqual(["/api_v1_master_goods/search"]);
    expect(s.size).toBe(0);
    expect(s.goodsCodes).toEqual(new Set(["G-1"]));
  });
});
