import { describe, expect, it } from "vitest";
import { addDays, bucketKeyOf, chartBuckets, chartUnitOf, weekStart, dateConditions, daysOf, isDay, jstToday, parsePeriod, PERIOD_KINDS, periodRange } from "./period";

// 2026-11-21 15:30 UTC is already 2026-11-22 00:30 in Japan.
const LATE_UTC = new Date("2026-11-21T15:30:00Z");
const EARLY_UTC = new Date("2026-11-21T14:59:59Z");

describe("jstToday", () => {
  it("is the day in Japan, not the browser's or UTC's", () => {
    expect(jstToday(LATE_UTC)).toBe("2026-11-22");
    expect(jstToday(EARLY_UTC)).toBe("2026-11-21");
  });
});

describe("periodRange", () => {
  it("today, 7 and 30 days end today in Japan", () => {
    expect(periodRange("today", LATE_UTC)).toEqual({ from: "2026-11-22", to: "2026-11-22" });
    expect(periodRange("last-7", LATE_UTC)).toEqual({ from: "2026-11-16", to: "2026-11-22" });
    expect(periodRange("last-30", LATE_UTC)).toEqual({ from: "2026-10-24", to: "2026-11-22" });
  });

  it("this week and last week are the grids' weeks, Monday to Sunday in Japan", () => {
    // 2026-11-22 (Japan) is a Sunday.
    expect(periodRange("this-week", LATE_UTC)).toEqual({ from: "2026-11-16", to: "2026-11-22" });
    expect(periodRange("last-week", LATE_UTC)).toEqual({ from: "2026-11-09", to: "2026-11-15" });
    // A minute earlier in UTC it is still Saturday 2026-11-21 in Japan: the same week.
    expect(periodRange("this-week", EARLY_UTC)).toEqual({ from: "2026-11-16", to: "2026-11-22" });
  });

  it("reads the period's names and the older 7d and 30d", () => {
    for (const kind of PERIOD_KINDS) expect(parsePeriod(kind)).toBe(kind);
    expect(parsePeriod("7d")).toBe("last-7");
    expect(parsePeriod("30d")).toBe("last-30");
    expect(parsePeriod("week")).toBeNull();
  });

  it("custom takes the days given, swaps a reversed pair, fills a missing end", () => {
    expect(periodRange("custom", LATE_UTC, { from: "2026-01-05", to: "2026-01-10" })).toEqual({ from: "2026-01-05", to: "2026-01-10" });
    expect(periodRange("custom", LATE_UTC, { from: "2026-01-10", to: "2026-01-05" })).toEqual({ from: "2026-01-05", to: "2026-01-10" });
    expect(periodRange("custom", LATE_UTC, { from: "2026-11-01" })).toEqual({ from: "2026-11-01", to: "2026-11-22" });
    expect(periodRange("custom", LATE_UTC, { to: "2026-11-01" })).toEqual({ from: "2026-11-01", to: "2026-11-01" });
  });

  it("custom with an impossible day is null", () => {
    expect(periodRange("custom", LATE_UTC, { from: "2026-02-30", to: "2026-03-01" })).toBeNull();
    expect(periodRange("custom", LATE_UTC, { from: "yesterday" })).toBeNull();
  });
});

describe("dateConditions", () => {
  it("runs from the first JST midnight up to, not including, the midnight after the last day", () => {
    expect(dateConditions({ from: "2026-02-28", to: "2026-02-28" })).toEqual([
      { field: "receive_order_date", op: "gte", value: "2026-02-28 00:00:00" },
      { field: "receive_order_date", op: "lt", value: "2026-03-01 00:00:00" },
    ]);
    expect(dateConditions({ from: "2026-12-31", to: "2026-12-31" })[1]?.value).toBe("2027-01-01 00:00:00");
    expect(dateConditions({ from: "2028-02-28", to: "2028-02-28" })[1]?.value).toBe("2028-02-29 00:00:00");
  });
});

describe("day buckets", () => {
  it("lists every day, oldest first, across month ends", () => {
    expect(daysOf({ from: "2026-01-30", to: "2026-02-02" })).toEqual(["2026-01-30", "2026-01-31", "2026-02-01", "2026-02-02"]);
    expect(daysOf({ from: "2026-01-02", to: "2026-01-01" })).toEqual([]);
  });

  it("groups the chart by hour for one day, by day up to 31 days, by week up to 120, by month past that", () => {
    expect(chartUnitOf({ from: "2026-11-22", to: "2026-11-22" })).toBe("hour");
    expect(chartUnitOf({ from: "2026-11-16", to: "2026-11-22" })).toBe("day");
    expect(chartUnitOf({ from: "2026-11-01", to: "2026-12-01" })).toBe("day");
    expect(chartUnitOf({ from: "2026-11-01", to: "2026-12-02" })).toBe("week");
    expect(chartUnitOf({ from: "2026-01-01", to: "2026-04-30" })).toBe("week");
    expect(chartUnitOf({ from: "2026-01-01", to: "2026-05-01" })).toBe("month");
  });

  it("lists every bucket of the period, none left out, the first and last cut by the period's ends", () => {
    const hours = chartBuckets({ from: "2026-11-22", to: "2026-11-22" });
    expect(hours.map((b) => b.key)).toEqual(Array.from({ length: 24 }, (_, h) => String(h).padStart(2, "0")));
    const days = chartBuckets({ from: "2026-11-16", to: "2026-11-22" });
    expect(days.map((b) => b.key)).toEqual(daysOf({ from: "2026-11-16", to: "2026-11-22" }));
    // 90 days from Thursday 2026-01-01: weeks start on Monday; the first week is the period's Thursday to Sunday.
    const weeks = chartBuckets({ from: "2026-01-01", to: "2026-03-31" });
    expect(weeks[0]).toEqual({ key: "2025-12-29", from: "2026-01-01", to: "2026-01-04" });
    expect(weeks[1]).toEqual({ key: "2026-01-05", from: "2026-01-05", to: "2026-01-11" });
    expect(weeks.at(-1)).toEqual({ key: "2026-03-30", from: "2026-03-30", to: "2026-03-31" });
    expect(weeks).toHaveLength(14);
    const months = chartBuckets({ from: "2025-11-15", to: "2026-11-22" });
    expect(months.map((b) => b.key)).toEqual(["2025-11", "2025-12", ...Array.from({ length: 11 }, (_, i) => `2026-${String(i + 1).padStart(2, "0")}`)]);
    expect(months[0]).toEqual({ key: "2025-11", from: "2025-11-15", to: "2025-11-30" });
  });

  it("puts an order date in its bucket (JST hour, day, week's Monday, month)", () => {
    expect(bucketKeyOf("2026-11-22 09:59:59", "hour")).toBe("09");
    expect(bucketKeyOf("2026-11-22 23:00:00", "day")).toBe("2026-11-22");
    expect(bucketKeyOf("2026-11-22 23:00:00", "week")).toBe("2026-11-16");
    expect(bucketKeyOf("2026-11-23 00:00:00", "week")).toBe("2026-11-23");
    expect(bucketKeyOf("2026-11-22 23:00:00", "month")).toBe("2026-11");
    expect(weekStart("2026-03-01")).toBe("2026-02-23");
  });

  it("isDay and addDays follow the calendar", () => {
    expect(isDay("2028-02-29")).toBe(true);
    expect(isDay("2026-02-29")).toBe(false);
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(() => addDays("nope", 1)).toThrow(RangeError);
  });
});
