// The views' period arithmetic and query checks: the previous period (whole months go back by
// months, other ranges by their own days), buckets from Monday and the 1st, moving averages.
import { describe, expect, it } from "vitest";
import { averageOrderValue, bucketsOf, goodsRankingQuerySchema, movingAverage, previousRange, salesQuerySchema } from "./query";

describe("previousRange", () => {
  it("whole months go back as many months", () => {
    expect(previousRange({ from: "2026-10-01", to: "2026-10-31" })).toEqual({ from: "2026-09-01", to: "2026-09-30" });
    expect(previousRange({ from: "2026-03-01", to: "2026-03-31" })).toEqual({ from: "2026-02-01", to: "2026-02-28" });
    expect(previousRange({ from: "2026-01-01", to: "2026-03-31" })).toEqual({ from: "2025-10-01", to: "2025-12-31" });
  });
  it("other ranges go back their own number of days", () => {
    expect(previousRange({ from: "2026-11-23", to: "2026-11-29" })).toEqual({ from: "2026-11-16", to: "2026-11-22" });
    expect(previousRange({ from: "2026-11-01", to: "2026-11-28" })).toEqual({ from: "2026-10-04", to: "2026-10-31" });
  });
});

describe("bucketsOf", () => {
  it("weeks from Monday, months from the 1st, the ends partial", () => {
    expect(bucketsOf({ from: "2026-11-01", to: "2026-11-10" }, "week")).toEqual(["2026-10-26", "2026-11-02", "2026-11-09"]);
    expect(bucketsOf({ from: "2025-12-15", to: "2026-02-01" }, "month")).toEqual(["2025-12-01", "2026-01-01", "2026-02-01"]);
    expect(bucketsOf({ from: "2026-02-27", to: "2026-03-01" }, "day")).toEqual(["2026-02-27", "2026-02-28", "2026-03-01"]);
  });
});

describe("numbers", () => {
  it("average order value in whole yen, 0 without orders", () => {
    expect(averageOrderValue(1000, 3)).toBe(333);
    expect(averageOrderValue(0, 0)).toBe(0);
  });
  it("trailing moving average", () => {
    expect(movingAverage([3, 0, 3, 6], 2)).toEqual([3, 1.5, 1.5, 4.5]);
  });
});

describe("query schemas", () => {
  it("take the URL's values and refuse what is not a question", () => {
    expect(salesQuerySchema.parse({ from: "2026-10-01", to: "2026-10-31", by: "month", shop: "3,1,3" })).toMatchObject({ by: "month", split: "none", shop: ["1", "3"], cancelled: false });
    expect(salesQuerySchema.safeParse({ from: "2026-10-31", to: "2026-10-01" }).success).toBe(false);
    expect(salesQuerySchema.safeParse({ from: "2026-02-30", to: "2026-03-01" }).success).toBe(false);
    expect(salesQuerySchema.safeParse({ from: "2020-01-01", to: "2026-01-01" }).success).toBe(false);
    expect(salesQuerySchema.safeParse({ from: "2026-10-01", to: "2026-10-31", shop: "1;DROP" }).success).toBe(false);
    expect(salesQuerySchema.safeParse({ from: "2026-10-01", to: "2026-10-31", extra: "1" }).success).toBe(false);
    expect(goodsRankingQuerySchema.safeParse({ from: "2026-10-01", to: "2026-10-31", top: "7" }).success).toBe(false);
    expect(goodsRankingQuerySchema.parse({ from: "2026-10-01", to: "2026-10-31", top: "500" }).top).toBe(500);
  });
});
