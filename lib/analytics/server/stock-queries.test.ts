// The reorder list and sellable sets against PGlite with hand-made rows: cover, suggested quantity
// (lot rounding, stock constant), the flag above the reorder point, warehouse choice, sets' minimum
// over components, the limiting component, sets at 0 and a component missing from stock.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type AppDatabase } from "@/lib/db";
import {
  analyticsCompanies,
  analyticsGoods,
  analyticsOrderRows,
  analyticsOrders,
  analyticsSetGoods,
  analyticsStock,
  analyticsWarehouseStock,
} from "@/lib/db/schema";
import { reorderList, salesWindow, sellableSets } from "./stock-queries";
import { markAllDays, recomputeDirtyDays } from "./summaries";

const C = "NE-STOCK-1";
const OTHER = "NE-STOCK-2";
// 2026-11-28 10:00 JST: the window is 2026-10-30 00:00 JST .. 2026-11-29 00:00 JST.
const NOW = new Date("2026-11-28T01:00:00Z");
const SEEN = new Date("2026-11-28T00:00:00Z");
let database: AppDatabase;

const goods = (goodsId: string, o: { point?: number | null; constant?: number | null; lot?: number | null; supplier?: string; deleted?: string; company?: string } = {}) => ({
  companyNeId: o.company ?? C,
  goodsId,
  goodsName: `name ${goodsId}`,
  goodsSupplierId: o.supplier ?? "S1",
  supplierName: o.supplier === "S2" ? "仕入先B" : "仕入先A",
  goodsOrderPoint: o.point === null ? null : String(o.point ?? 0),
  goodsStockConstant: o.constant === null ? null : String(o.constant ?? 0),
  goodsLot: o.lot === null ? null : String(o.lot ?? 1),
  goodsDeletedFlag: o.deleted ?? "0",
});
const stock = (goodsId: string, free: number, company = C) => ({ companyNeId: company, stockGoodsId: goodsId, stockFreeQuantity: String(free), stockQuantity: String(free) });
const wh = (warehouse: number, goodsId: string, free: number) => ({
  companyNeId: C,
  warehouseStockWarehouseId: warehouse,
  warehouseStockGoodsId: goodsId,
  warehouseStockFreeQuantity: String(free),
  warehouseStockQuantity: String(free),
  seenAt: SEEN,
});
let slip = 0;
/** One slip with one row of `quantity` of `goodsId` on `date`. */
async function sell(goodsId: string, quantity: number, date: string, o: { cancelled?: boolean; rowCancel?: string; rowDeleted?: string; company?: string } = {}) {
  slip += 1;
  const company = o.company ?? C;
  await database.db.insert(analyticsOrders).values({ companyNeId: company, receiveOrderId: slip, receiveOrderDate: new Date(date), cancelled: o.cancelled ?? false, receiveOrderCancelTypeId: o.cancelled ? "1" : "0", receiveOrderDeletedFlag: "0" });
  await database.db.insert(analyticsOrderRows).values({
    companyNeId: company,
    receiveOrderRowReceiveOrderId: slip,
    receiveOrderRowNo: 1,
    receiveOrderRowGoodsId: goodsId,
    receiveOrderRowQuantity: String(quantity),
    receiveOrderRowCancelFlag: o.rowCancel ?? "0",
    receiveOrderRowDeletedFlag: o.rowDeleted ?? "1",
  });
}

beforeAll(async () => {
  database = await openDatabase({ dataDir: "memory://" });
  await database.db.insert(analyticsCompanies).values({ companyNeId: C, lastSignInSeenAt: SEEN, asOf: SEEN });
  await database.db.insert(analyticsGoods).values([
    goods("A", { point: 10, constant: 50, lot: 12 }), // free 8 ≤ 10: need 42 → 48 (4 lots of 12)
    goods("B", { point: 5, constant: 30, lot: 1, supplier: "S2" }), // free 20 > 5, but sells 3/day: cover 6.7 < 14 → fast
    goods("C", { point: 5, constant: 20, lot: 6 }), // free 20 > 5, sells 0.5/day: cover 40 → not listed
    goods("D", { point: 3, constant: 10, lot: 5 }), // no stock row at all: free 0 ≤ 3, need 10 → 10
    goods("E", { point: 0, constant: 0 }), // reorder point 0, free 0, nothing sold: not managed → not listed
    goods("F", { point: 10, constant: 5, lot: 4, deleted: "1" }), // deleted goods: never listed
    goods("G", { point: 10, constant: 8, lot: 4 }), // free 9 ≤ 10, constant 8 < free → suggested 0
    goods("H", { point: null, constant: null, lot: null }), // no master values, free −2, sells → fast, suggested 2, lot 1
    goods("A", { point: 100, company: OTHER }),
  ]);
  await database.db.insert(analyticsStock).values([stock("A", 8), stock("B", 20), stock("C", 20), stock("E", 0), stock("F", 0), stock("G", 9), stock("H", -2), stock("A", 0, OTHER)]);
  await database.db.insert(analyticsWarehouseStock).values([wh(1, "A", 3), wh(2, "A", 5), wh(1, "B", 20), wh(1, "C", 2), wh(1, "G", 9), wh(2, "D", 4)]);
  // B: 90 units in the window (3/day), plus units that must not count.
  await sell("B", 40, "2026-10-29T15:00:00Z"); // 2026-10-30 00:00 JST: first day of the window
  await sell("B", 50, "2026-11-28T14:59:00Z"); // 2026-11-28 23:59 JST: today
  await sell("B", 1000, "2026-10-29T14:59:00Z"); // the day before the window
  await sell("B", 1000, "2026-11-20T00:00:00Z", { cancelled: true }); // cancelled slip
  await sell("B", 1000, "2026-11-20T00:00:00Z", { rowCancel: "1" }); // cancelled row
  await sell("B", 1000, "2026-11-20T00:00:00Z", { rowDeleted: "0" }); // invalid row (1 = valid)
  await sell("B", 1000, "2026-11-20T00:00:00Z", { company: OTHER });
  await sell("C", 15, "2026-11-10T00:00:00Z"); // 0.5/day
  await sell("H", 3, "2026-11-10T00:00:00Z");
  // The slips went in directly (not through the sync): their days' summaries are computed as the sync does.
  for (const company of [C, OTHER]) {
    await markAllDays(database.db, company);
    await recomputeDirtyDays(database.db, company);
  }
  // Sets: S-1 = 2 A + 1 B; S-2 = 1 C + 3 G; S-3 = 1 B + 1 X (X not in stock at all).
  await database.db.insert(analyticsSetGoods).values(
    [
      ["S-1", "A", 2],
      ["S-1", "B", 1],
      ["S-2", "C", 1],
      ["S-2", "G", 3],
      ["S-3", "B", 1],
      ["S-3", "X", 1],
    ].map(([set, part, q]) => ({ companyNeId: C, setGoodsId: String(set), setGoodsName: `set ${set}`, setGoodsDetailGoodsId: String(part), setGoodsDetailQuantity: String(q), seenAt: SEEN })),
  );
}, 180_000);

afterAll(async () => {
  await database?.close();
});

describe("salesWindow", () => {
  it("is 30 JST days ending with today", () => {
    expect(salesWindow(NOW)).toEqual({ from: new Date("2026-10-29T15:00:00Z"), to: new Date("2026-11-28T15:00:00Z") });
    // 2026-11-28 23:30 JST is still the 28th; 2026-11-29 00:10 JST moves the window a day.
    expect(salesWindow(new Date("2026-11-28T14:30:00Z")).from).toEqual(new Date("2026-10-29T15:00:00Z"));
    expect(salesWindow(new Date("2026-11-28T15:10:00Z")).from).toEqual(new Date("2026-10-30T15:00:00Z"));
  });
});

describe("reorderList", () => {
  it("lists goods at or below their reorder point and goods selling faster than their cover, all warehouses", async () => {
    const answer = await reorderList(database.db, C, { now: NOW });
    expect(answer.asOf).toBe(SEEN.toISOString());
    expect(answer.warehouses).toEqual([1, 2]);
    expect(answer.days).toBe(14);
    const byId = new Map(answer.rows.map((r) => [r.goodsId, r]));
    // Supplier A's goods first (by code), then supplier B's.
    expect(answer.rows.map((r) => r.goodsId)).toEqual(["A", "D", "G", "H", "B"]);
    expect(byId.get("A")).toMatchObject({ free: 8, orderPoint: 10, stockConstant: 50, lot: 12, suggested: 48, belowPoint: true, fast: false, units30: 0, coverDays: null, supplierName: "仕入先A", goodsName: "name A" });
    expect(byId.get("B")).toMatchObject({ free: 20, units30: 90, dailyUnits: 3, coverDays: 6.7, suggested: 10, belowPoint: false, fast: true, supplierName: "仕入先B" });
    expect(byId.get("D")).toMatchObject({ free: 0, suggested: 10, belowPoint: true, fast: false });
    expect(byId.get("G")).toMatchObject({ free: 9, suggested: 0, belowPoint: true });
    // A negative free stock (oversold) is made up to 0 at least: suggested 2.
    expect(byId.get("H")).toMatchObject({ free: -2, lot: 1, suggested: 2, coverDays: 0, dailyUnits: 0.1, belowPoint: false, fast: true });
  });

  it("uses the days setting for the flag", async () => {
    const shorter = await reorderList(database.db, C, { now: NOW, days: 6 });
    expect(shorter.rows.map((r) => r.goodsId)).not.toContain("B");
    const longer = await reorderList(database.db, C, { now: NOW, days: 41 });
    expect(longer.rows.find((r) => r.goodsId === "C")).toMatchObject({ coverDays: 40, fast: true, belowPoint: false, suggested: 0 });
  });

  it("uses one warehouse's free stock when one is chosen", async () => {
    const w1 = await reorderList(database.db, C, { now: NOW, warehouse: 1 });
    const byId = new Map(w1.rows.map((r) => [r.goodsId, r]));
    expect(byId.get("A")).toMatchObject({ free: 3, suggested: 48 });
    expect(byId.get("C")).toMatchObject({ free: 2, belowPoint: true, coverDays: 4, fast: true, suggested: 18 });
    expect(byId.get("D")).toMatchObject({ free: 0 }); // D is only in warehouse 2
    const w2 = await reorderList(database.db, C, { now: NOW, warehouse: 2 });
    // D has 4 free in warehouse 2, above its reorder point of 3, and sells nothing: not listed there.
    expect(w2.rows.map((r) => r.goodsId)).not.toContain("D");
    expect(w2.rows.find((r) => r.goodsId === "A")).toMatchObject({ free: 5, suggested: 48 });
  });

  it("answers an empty list for a company without a copy", async () => {
    expect(await reorderList(database.db, "NE-NONE", { now: NOW })).toEqual({ asOf: null, warehouses: [], days: 14, rows: [] });
  });
});

describe("sellableSets", () => {
  it("gives the minimum over components and the limiting component", async () => {
    const { rows } = await sellableSets(database.db, C);
    expect(rows).toEqual([
      // A: floor(8/2) = 4, B: 20 → 4, limited by A.
      { setId: "S-1", setName: "set S-1", sellable: 4, components: 2, limitingId: "A", limitingName: "name A", limitingQuantity: 2, limitingFree: 8 },
      // C: 20, G: floor(9/3) = 3 → 3, limited by G.
      { setId: "S-2", setName: "set S-2", sellable: 3, components: 2, limitingId: "G", limitingName: "name G", limitingQuantity: 3, limitingFree: 9 },
      // X is missing from stock (and from the goods master): 0.
      { setId: "S-3", setName: "set S-3", sellable: 0, components: 2, limitingId: "X", limitingName: null, limitingQuantity: 1, limitingFree: 0 },
    ]);
  });

  it("uses one warehouse's stock when one is chosen", async () => {
    const { rows } = await sellableSets(database.db, C, { warehouse: 1 });
    expect(rows.map((r) => [r.setId, r.sellable, r.limitingId])).toEqual([
      ["S-1", 1, "A"], // A: floor(3/2) = 1
      ["S-2", 2, "C"], // C: 2, G: 3
      ["S-3", 0, "X"],
    ]);
  });
});
