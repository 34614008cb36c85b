// The analytics views' queries on PGlite with hand-made slips and rows: totals per day, week (from
// Monday) and month in Japan time, the previous period beside the chosen one, the cancelled toggle,
// deleted slips and invalid rows left out, average order value, units, the splits and filters,
// another company's rows never counted, the goods ranking and the goods' daily units with averages.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type AppDatabase } from "@/lib/db";
import { analyticsCompanies, analyticsGoods, analyticsOrderRows, analyticsOrders } from "@/lib/db/schema";
import { goodsDailyQuerySchema, goodsRankingQuerySchema, salesQuerySchema } from "../query";
import { goodsDaily, goodsRanking, readModelState, salesSeries } from "./queries";
import { markAllDays, recomputeDirtyDays } from "./summaries";

const COMPANY = "NE0000000001";
const OTHER = "NE0000000002";
let database: AppDatabase;
let nextId = 1;

interface Slip {
  at: string; // ISO with offset
  total: number;
  shop?: number;
  payment?: string;
  delivery?: string;
  cancel?: string;
  deleted?: string;
  company?: string;
  rows?: { goods: string; qty: number; sub: number; cancel?: string; deleted?: string; name?: string }[];
}

async function add(...slips: Slip[]) {
  for (const s of slips) {
    const id = nextId++;
    const company = s.company ?? COMPANY;
    const cancel = s.cancel ?? "0";
    await database.db.insert(analyticsOrders).values({
      companyNeId: company,
      receiveOrderId: id,
      receiveOrderShopId: s.shop ?? 1,
      receiveOrderDate: new Date(s.at),
      receiveOrderCancelTypeId: cancel,
      receiveOrderPaymentMethodId: s.payment ?? "0",
      receiveOrderDeliveryId: s.delivery ?? "1",
      receiveOrderTotalAmount: String(s.total),
      receiveOrderDeletedFlag: s.deleted ?? "0",
      cancelled: cancel !== "0",
    });
    let no = 1;
    for (const r of s.rows ?? []) {
      await database.db.insert(analyticsOrderRows).values({
        companyNeId: company,
        receiveOrderRowReceiveOrderId: id,
        receiveOrderRowNo: no++,
        receiveOrderRowGoodsId: r.goods,
        receiveOrderRowGoodsName: r.name ?? `row name ${r.goods}`,
        receiveOrderRowQuantity: String(r.qty),
        receiveOrderRowSubTotalPrice: String(r.sub),
        receiveOrderRowCancelFlag: r.cancel ?? "0",
        receiveOrderRowDeletedFlag: r.deleted ?? "1",
      });
    }
  }
}

const sales = (q: Record<string, string>) => salesSeries(database, COMPANY, salesQuerySchema.parse(q));

beforeAll(async () => {
  database = await openDatabase({ dataDir: "memory://" });
  await database.db.insert(analyticsCompanies).values({ companyNeId: COMPANY, lastSignInSeenAt: new Date(), asOf: new Date("2026-11-20T01:02:00Z") });
  await database.db.insert(analyticsGoods).values({ companyNeId: COMPANY, goodsId: "A", goodsName: "Apple (master)" });
  await add(
    // 2026-10-05 is a Monday. 23:59:59 JST on Sunday 10-04 is 14:59:59Z: still Sunday (previous week).
    { at: "2026-10-04T14:59:59Z", total: 1000, rows: [{ goods: "A", qty: 1, sub: 900 }] },
    // 00:00 JST Monday 10-05 is 15:00Z on 10-04: Monday in Japan, Sunday in UTC.
    { at: "2026-10-04T15:00:00Z", total: 2000, shop: 2, payment: "1", rows: [{ goods: "A", qty: 2, sub: 1800 }, { goods: "B", qty: 3, sub: 300 }] },
    { at: "2026-10-05T03:00:00+09:00", total: 3000, shop: 1, delivery: "2", rows: [{ goods: "B", qty: 1, sub: 100 }] },
    // Cancelled slip (counted only with the toggle), its row too.
    { at: "2026-10-06T12:00:00+09:00", total: 5000, cancel: "1", rows: [{ goods: "A", qty: 4, sub: 3600 }] },
    // A cancelled row of a live slip and an invalid (deleted) row: the invalid one never counts.
    { at: "2026-10-07T12:00:00+09:00", total: 700, rows: [{ goods: "A", qty: 5, sub: 4500, cancel: "1" }, { goods: "B", qty: 6, sub: 600, deleted: "0" }, { goods: "C", qty: 1, sub: 700 }] },
    // A deleted slip: never counted.
    { at: "2026-10-08T12:00:00+09:00", total: 9999, deleted: "1", rows: [{ goods: "A", qty: 9, sub: 9 }] },
    // The last second of October in Japan, and the first of November.
    { at: "2026-10-31T23:59:59+09:00", total: 400, shop: 2, rows: [{ goods: "C", qty: 2, sub: 400 }] },
    { at: "2026-11-01T00:00:00+09:00", total: 800, rows: [{ goods: "C", qty: 8, sub: 800 }] },
    // September (the previous month of October).
    { at: "2026-09-01T00:00:00+09:00", total: 100, rows: [{ goods: "A", qty: 1, sub: 90 }] },
    { at: "2026-09-30T23:59:59+09:00", total: 200, shop: 2, rows: [{ goods: "B", qty: 2, sub: 200 }] },
    // Another company, same days: never counted.
    { at: "2026-10-05T12:00:00+09:00", total: 77777, company: OTHER, rows: [{ goods: "A", qty: 70, sub: 77777 }] },
  );
  // The slips went in directly (not through the sync): their days' summaries are computed as the sync does.
  for (const company of [COMPANY, OTHER]) {
    await markAllDays(database.db, company);
    await recomputeDirtyDays(database.db, company);
  }
}, 60_000);

afterAll(async () => {
  await database?.close();
});

describe("salesSeries", () => {
  it("totals per JST day: a slip at 00:00 JST Monday is Monday's, one at 23:59:59 Sunday is Sunday's", async () => {
    const a = await sales({ from: "2026-10-04", to: "2026-10-05", by: "day" });
    expect(a.rows.map((r) => [r.bucket, r.current.orders, r.current.revenue, r.current.units])).toEqual([
      ["2026-10-04", 1, 1000, 1],
      ["2026-10-05", 2, 5000, 6],
    ]);
    expect(a.totals.current).toEqual({ orders: 3, revenue: 6000, units: 7, aov: 2000 });
    expect(a.asOf).toBe("2026-11-20T01:02:00.000Z");
  });

  it("weeks start on Monday (Japan time)", async () => {
    const a = await sales({ from: "2026-10-01", to: "2026-10-11", by: "week" });
    expect(a.buckets).toEqual(["2026-09-28", "2026-10-05"]);
    const [w1, w2] = a.rows;
    expect([w1!.bucket, w1!.current.orders, w1!.current.revenue]).toEqual(["2026-09-28", 1, 1000]);
    // 10-05 (2), 10-07 (1); the cancelled 10-06 and deleted 10-08 left out.
    expect([w2!.bucket, w2!.current.orders, w2!.current.revenue, w2!.current.units]).toEqual(["2026-10-05", 3, 5700, 7]);
  });

  it("months end at midnight JST, with the previous month beside", async () => {
    const a = await sales({ from: "2026-10-01", to: "2026-10-31", by: "month" });
    expect(a.previousRange).toEqual({ from: "2026-09-01", to: "2026-09-30" });
    expect(a.rows).toHaveLength(1);
    const oct = a.rows[0]!;
    expect(oct.current).toEqual({ orders: 5, revenue: 7100, units: 10, aov: 1420 });
    expect(oct.previous).toEqual({ orders: 2, revenue: 300, units: 3, aov: 150 });
  });

  it("cancelled slips (and cancelled rows) counted only with the toggle; deleted slips and invalid rows never", async () => {
    const off = await sales({ from: "2026-10-06", to: "2026-10-08" });
    expect(off.totals.current).toEqual({ orders: 1, revenue: 700, units: 1, aov: 700 });
    const on = await sales({ from: "2026-10-06", to: "2026-10-08", cancelled: "1" });
    // + the cancelled slip (5000, 4 units) and the cancelled row (5 units); the invalid row and the deleted slip never.
    expect(on.totals.current).toEqual({ orders: 2, revenue: 5700, units: 10, aov: 2850 });
  });

  it("previous period of a day range: as many days just before, bucket by bucket", async () => {
    const a = await sales({ from: "2026-10-05", to: "2026-10-06" });
    expect(a.previousRange).toEqual({ from: "2026-10-03", to: "2026-10-04" });
    expect(a.rows.map((r) => [r.bucket, r.current.revenue, r.previous.revenue])).toEqual([
      ["2026-10-05", 5000, 0],
      ["2026-10-06", 0, 1000],
    ]);
    expect(a.totals.previous.revenue).toBe(1000);
  });

  it("split by shop, filtered by payment method", async () => {
    const a = await sales({ from: "2026-10-01", to: "2026-10-31", by: "month", split: "shop" });
    expect(a.rows.map((r) => [r.key, r.current.orders, r.current.revenue, r.previous.revenue])).toEqual([
      ["1", 3, 4700, 100],
      ["2", 2, 2400, 200],
    ]);
    const paid = await sales({ from: "2026-10-01", to: "2026-10-31", by: "month", payment: "1" });
    expect(paid.totals.current).toEqual({ orders: 1, revenue: 2000, units: 5, aov: 2000 });
    const shop2 = await sales({ from: "2026-10-01", to: "2026-10-31", by: "month", shop: "2", split: "delivery" });
    expect(shop2.rows.map((r) => [r.key, r.current.revenue])).toEqual([["1", 2400]]);
  });
});

describe("goodsRanking", () => {
  it("units and revenue per goods code, ranked, master name first", async () => {
    const a = await goodsRanking(database, COMPANY, goodsRankingQuerySchema.parse({ from: "2026-10-01", to: "2026-10-31" }));
    expect(a.rows.map((r) => [r.rank, r.goodsId, r.units, r.revenue, r.orders])).toEqual([
      [1, "B", 4, 400, 2],
      [2, "A", 3, 2700, 2],
      [3, "C", 3, 1100, 2],
    ]);
    expect(a.rows[1]!.goodsName).toBe("Apple (master)");
    expect(a.rows[0]!.goodsName).toBe("row name B");
    expect(a.totals).toEqual({ units: 10, revenue: 4200 });
    const byRevenue = await goodsRanking(database, COMPANY, goodsRankingQuerySchema.parse({ from: "2026-10-01", to: "2026-10-31", sort: "revenue", top: "20" }));
    expect(byRevenue.rows.map((r) => r.goodsId)).toEqual(["A", "C", "B"]);
    const cancelled = await goodsRanking(database, COMPANY, goodsRankingQuerySchema.parse({ from: "2026-10-01", to: "2026-10-31", cancelled: "1" }));
    expect(cancelled.rows.find((r) => r.goodsId === "A")!.units).toBe(3 + 4 + 5);
    const shop2 = await goodsRanking(database, COMPANY, goodsRankingQuerySchema.parse({ from: "2026-10-01", to: "2026-10-31", shop: "2" }));
    expect(shop2.rows.map((r) => [r.goodsId, r.units])).toEqual([["B", 3], ["A", 2], ["C", 2]]);
  });

  it("whole months (monthly rollup), edge days (daily summary) and both add up to the same rows", async () => {
    const rank = async (from: string, to: string) =>
      (await goodsRanking(database, COMPANY, goodsRankingQuerySchema.parse({ from, to }))).rows.map((r) => [r.goodsId, r.units, r.revenue, r.orders]);
    // September 30 (B 2) + October + November 1 (C 8).
    expect(await rank("2026-09-30", "2026-11-01")).toEqual([
      ["C", 11, 1900, 3],
      ["B", 6, 600, 3],
      ["A", 3, 2700, 2],
    ]);
    // Edge days only (no whole month).
    expect(await rank("2026-10-31", "2026-11-01")).toEqual([["C", 10, 1200, 2]]);
    // Two whole months: September (A 1, B 2) and October.
    expect(await rank("2026-09-01", "2026-10-31")).toEqual([
      ["B", 6, 600, 3],
      ["A", 4, 2790, 3],
      ["C", 3, 1100, 2],
    ]);
  });
});

describe("goodsDaily", () => {
  it("units per JST day with trailing 7- and 30-day averages (days before the period read too)", async () => {
    const a = await goodsDaily(database, COMPANY, goodsDailyQuerySchema.parse({ from: "2026-10-31", to: "2026-11-01", goods: "C" }));
    expect(a.days.map((d) => [d.day, d.units, d.revenue])).toEqual([
      ["2026-10-31", 2, 400],
      ["2026-11-01", 8, 800],
    ]);
    // C: 1 on 10-07, 2 on 10-31, 8 on 11-01. 7 days to 10-31: 2/7; 30 days to 10-31 (10-02..10-31): 3/30.
    expect(a.days[0]!.avg7).toBeCloseTo(2 / 7, 2);
    expect(a.days[0]!.avg30).toBeCloseTo(3 / 30, 2);
    // To 11-01: 7 days 10/7; 30 days (10-03..11-01): 11/30.
    expect(a.days[1]!.avg7).toBeCloseTo(10 / 7, 2);
    expect(a.days[1]!.avg30).toBeCloseTo(11 / 30, 2);
    expect(a.totals).toEqual({ units: 10, revenue: 1200 });
  });
});

describe("readModelState", () => {
  it("null before the first sync finished", async () => {
    expect(await readModelState(database, "NE9999999999")).toEqual({ asOf: null });
  });
});
