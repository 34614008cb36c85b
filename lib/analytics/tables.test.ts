// The views' tables as their CSV: the columns shown in order, plain numbers (no ¥, no separators),
// the totals row last, names guarded against formulas, months written YYYY-MM.
import { describe, expect, it } from "vitest";
import type { GoodsRankingAnswer, SalesAnswer } from "./query";
import { goodsRankingTable, salesTable, tableCsvText } from "./tables";

const n = (orders: number, revenue: number, units: number) => ({ orders, revenue, units, aov: orders ? Math.round(revenue / orders) : 0 });
const words = { bucket: "月", splitId: "店舗コード", split: "店舗", orders: "受注数", revenue: "売上", aov: "平均単価", units: "数量", prevOrders: "前期間の受注数", prevRevenue: "前期間の売上", prevAov: "前期間の平均単価", prevUnits: "前期間の数量", total: "合計" };

const byShop: SalesAnswer = {
  asOf: null,
  range: { from: "2026-10-01", to: "2026-11-30" },
  previousRange: { from: "2026-08-01", to: "2026-09-30" },
  by: "month",
  split: "shop",
  buckets: ["2026-10-01", "2026-11-01"],
  previousBuckets: ["2026-08-01", "2026-09-01"],
  rows: [
    { bucket: "2026-10-01", key: "1", current: n(3, 1234567, 9), previous: n(1, 500, 1) },
    { bucket: "2026-11-01", key: "2", current: n(1, 1000, 2), previous: n(0, 0, 0) },
  ],
  totals: { current: n(4, 1235567, 11), previous: n(1, 500, 1) },
};

describe("salesTable → CSV", () => {
  it("writes the columns shown, plain numbers and the totals row", () => {
    const names: Record<string, string> = { "1": "=HYPERLINK(\"x\")", "2": "楽天, 本店" };
    const text = tableCsvText(salesTable(byShop, words, (k) => names[k]));
    expect(text.split("\r\n")).toEqual([
      "月,店舗コード,店舗,受注数,売上,平均単価,数量,前期間の受注数,前期間の売上,前期間の平均単価,前期間の数量",
      `2026-10,1,"'=HYPERLINK(""x"")",3,1234567,411522,9,1,500,500,1`,
      `2026-11,2,"楽天, 本店",1,1000,1000,2,0,0,0,0`,
      "合計,,,4,1235567,308892,11,1,500,500,1",
      "",
    ]);
  });

  it("a split whose values have no names (delivery methods) writes their codes only; a code the master lacks keeps an empty name", () => {
    const answer: SalesAnswer = {
      ...byShop,
      split: "delivery",
      rows: [{ bucket: "2026-10-01", key: "7", current: n(2, 3000, 4), previous: n(0, 0, 0) }],
      totals: { current: n(2, 3000, 4), previous: n(0, 0, 0) },
    };
    const lines = tableCsvText(salesTable(answer, { ...words, splitId: "発送方法コード", split: "発送方法" })).split("\r\n");
    expect(lines[0]).toBe("月,発送方法コード,受注数,売上,平均単価,数量,前期間の受注数,前期間の売上,前期間の平均単価,前期間の数量");
    expect(lines[1]).toBe("2026-10,7,2,3000,1500,4,0,0,0,0");
    expect(lines[2]).toBe("合計,,2,3000,1500,4,0,0,0,0");
    const shop = tableCsvText(salesTable({ ...answer, split: "shop" }, words, () => undefined)).split("\r\n");
    expect(shop[1]).toBe("2026-10,7,,2,3000,1500,4,0,0,0,0");
  });
});

describe("goodsRankingTable → CSV", () => {
  it("rank, code, name, units, revenue, orders", () => {
    const answer: GoodsRankingAnswer = { asOf: null, range: { from: "2026-10-01", to: "2026-10-31" }, sort: "units", goodsCount: 1, totals: { units: 5, revenue: 2500 }, rows: [{ rank: 1, goodsId: "A-1", goodsName: null, units: 5, revenue: 2500, orders: 2 }] };
    const text = tableCsvText(goodsRankingTable(answer, { rank: "Rank", goodsId: "Goods code", goodsName: "Goods name", units: "Units", revenue: "Revenue", orders: "Orders" }));
    expect(text).toBe("Rank,Goods code,Goods name,Units,Revenue,Orders\r\n1,A-1,,5,2500,2\r\n");
  });
});
