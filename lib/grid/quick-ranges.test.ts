import { describe, expect, it } from "vitest";
import { matchingQuickRange, quickRange } from "./quick-ranges";

// 2026-11-23 00:30 in Japan is still 2026-11-22 in UTC: the ranges follow Japan's day.
const earlyMorningJst = new Date("2026-11-22T15:30:00Z");

describe("quickRange (JST)", () => {
  it("reads today in Japan, not in UTC", () => {
    expect(quickRange("today", earlyMorningJst)).toEqual({ from: "2026-11-23", to: "2026-11-23" });
    expect(quickRange("yesterday", earlyMorningJst)).toEqual({ from: "2026-11-22", to: "2026-11-22" });
  });

  it("counts the last 7 days with today", () => {
    expect(quickRange("last7", earlyMorningJst)).toEqual({ from: "2026-11-17", to: "2026-11-23" });
  });

  it("takes this month up to today and the whole of last month", () => {
    expect(quickRange("thisMonth", earlyMorningJst)).toEqual({ from: "2026-11-01", to: "2026-11-23" });
    expect(quickRange("lastMonth", earlyMorningJst)).toEqual({ from: "2026-10-01", to: "2026-10-31" });
  });

  it("crosses a year and a leap February", () => {
    const newYear = new Date("2027-01-01T00:00:00+09:00");
    expect(quickRange("yesterday", newYear)).toEqual({ from: "2026-12-31", to: "2026-12-31" });
    expect(quickRange("lastMonth", newYear)).toEqual({ from: "2026-12-01", to: "2026-12-31" });
    expect(quickRange("last7", newYear)).toEqual({ from: "2026-12-26", to: "2027-01-01" });
    expect(quickRange("lastMonth", new Date("2028-03-10T12:00:00+09:00"))).toEqual({ from: "2028-02-01", to: "2028-02-29" });
  });

  it("names the quick range a range is, if any", () => {
    expect(matchingQuickRange({ from: "2026-11-17", to: "2026-11-23" }, earlyMorningJst)).toBe("last7");
    expect(matchingQuickRange({ from: "2026-11-16", to: "2026-11-23" }, earlyMorningJst)).toBeUndefined();
  });
});
