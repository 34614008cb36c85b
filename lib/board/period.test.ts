import { describe, expect, it } from "vitest";
import { addDays, chartDays, dateConditions, daysOf, isDay, jstToday, parsePeriod, PERIOD_KINDS, periodRange } from "./period";

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

  it("keeps the chart to the last 31 days and says when it cut", () => {
    const short = chartDays({ from: "2026-11-16", to: "2026-11-22" });
    expect(short).toEqual({ days: daysOf({ from: "2026-11-16", to: "2026-11-22" }), truncated: false, total: 7 });
    const long = chartDays({ from: "2026-01-01", to: "2026-03-31" });
    expect(long.truncated).toBe(true);
    expect(long.total).toBe(90);
    expect(long.days).toHaveLength(31);
    expect(long.days[0]).toBe("2026-03-01");
    expect(long.days.at(-1)).toBe("2026-03-31");
  });

  it("isDay and addDays follow the calendar", () => {
    expect(isDay("2028-02-29")).toBe(true);
    expect(isDay("2026-02-29")).toBe(false);
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(() => addDays("nope", 1)).toThrow(RangeError);
  });
});
