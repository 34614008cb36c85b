import { describe, expect, it } from "vitest";
import { matchingQuickRange, mondayOf, parseQuickRange, QUICK_RANGES, quickRange, quickRangeOn } from "./quick-ranges";

// 2026-11-23 00:30 in Japan is still 2026-11-22 in UTC: the ranges follow Japan's day.
const earlyMorningJst = new Date("2026-11-22T15:30:00Z");

describe("quickRange (JST)", () => {
  it("reads today in Japan, not in UTC", () => {
    expect(quickRange("today", earlyMorningJst)).toEqual({ from: "2026-11-23", to: "2026-11-23" });
    expect(quickRange("yesterday", earlyMorningJst)).toEqual({ from: "2026-11-22", to: "2026-11-22" });
  });

  it("counts the last 7 and 30 days with today", () => {
    expect(quickRange("last-7", earlyMorningJst)).toEqual({ from: "2026-11-17", to: "2026-11-23" });
    expect(quickRange("last-30", earlyMorningJst)).toEqual({ from: "2026-10-25", to: "2026-11-23" });
  });

  it("takes this month up to today and the whole of last month", () => {
    expect(quickRange("this-month", earlyMorningJst)).toEqual({ from: "2026-11-01", to: "2026-11-23" });
    expect(quickRange("last-month", earlyMorningJst)).toEqual({ from: "2026-10-01", to: "2026-10-31" });
  });

  it("crosses a year and a leap February", () => {
    const newYear = new Date("2027-01-01T00:00:00+09:00");
    expect(quickRange("yesterday", newYear)).toEqual({ from: "2026-12-31", to: "2026-12-31" });
    expect(quickRange("last-month", newYear)).toEqual({ from: "2026-12-01", to: "2026-12-31" });
    expect(quickRange("last-7", newYear)).toEqual({ from: "2026-12-26", to: "2027-01-01" });
    expect(quickRange("last-month", new Date("2028-03-10T12:00:00+09:00"))).toEqual({ from: "2028-02-01", to: "2028-02-29" });
  });

  it("names the quick range a range is, if any", () => {
    expect(matchingQuickRange({ from: "2026-11-17", to: "2026-11-23" }, earlyMorningJst)).toBe("last-7");
    expect(matchingQuickRange({ from: "2026-11-16", to: "2026-11-23" }, earlyMorningJst)).toBeUndefined();
  });
});

describe("weeks start on Monday", () => {
  it("goes back to Monday from every day of the week, Sunday included", () => {
    // 2026-11-23 is a Monday; 2026-11-29 a Sunday.
    for (const day of ["2026-11-23", "2026-11-24", "2026-11-27", "2026-11-28", "2026-11-29"]) expect(mondayOf(day), day).toBe("2026-11-23");
    expect(mondayOf("2026-11-22")).toBe("2026-11-16");
  });

  it("this week is Monday to Sunday; last week the seven days before", () => {
    expect(quickRangeOn("this-week", "2026-11-27")).toEqual({ from: "2026-11-23", to: "2026-11-29" });
    expect(quickRangeOn("last-week", "2026-11-27")).toEqual({ from: "2026-11-16", to: "2026-11-22" });
    // On a Sunday, this week started six days ago.
    expect(quickRangeOn("this-week", "2026-11-29")).toEqual({ from: "2026-11-23", to: "2026-11-29" });
    expect(quickRangeOn("last-week", "2026-11-29")).toEqual({ from: "2026-11-16", to: "2026-11-22" });
    // On a Monday, last week is the whole of the one before.
    expect(quickRangeOn("last-week", "2026-11-30")).toEqual({ from: "2026-11-23", to: "2026-11-29" });
  });

  it("crosses month and year ends", () => {
    // 2027-01-01 is a Friday: its week began on Monday 2026-12-28.
    expect(quickRangeOn("this-week", "2027-01-01")).toEqual({ from: "2026-12-28", to: "2027-01-03" });
    expect(quickRangeOn("last-week", "2027-01-03")).toEqual({ from: "2026-12-21", to: "2026-12-27" });
    expect(quickRangeOn("this-week", "2026-03-01")).toEqual({ from: "2026-02-23", to: "2026-03-01" });
    expect(quickRangeOn("last-30", "2028-03-01")).toEqual({ from: "2028-02-01", to: "2028-03-01" });
  });

  it("reads Japan's week whatever the machine's zone: Monday 00:30 in Japan is still Sunday in UTC", () => {
    const mondayEarlyJst = new Date("2026-11-29T15:30:00Z");
    expect(quickRange("this-week", mondayEarlyJst)).toEqual({ from: "2026-11-30", to: "2026-12-06" });
    expect(quickRange("last-week", mondayEarlyJst)).toEqual({ from: "2026-11-23", to: "2026-11-29" });
    // One minute before Japan's midnight it is still the week before.
    expect(quickRange("this-week", new Date("2026-11-29T14:59:00Z"))).toEqual({ from: "2026-11-23", to: "2026-11-29" });
  });
});

describe("names", () => {
  it("reads every name and the older spellings, nothing else", () => {
    for (const kind of QUICK_RANGES) expect(parseQuickRange(kind)).toBe(kind);
    expect(parseQuickRange("last7")).toBe("last-7");
    expect(parseQuickRange("7d")).toBe("last-7");
    expect(parseQuickRange("30d")).toBe("last-30");
    expect(parseQuickRange("thisMonth")).toBe("this-month");
    expect(parseQuickRange("next-week")).toBeNull();
    expect(parseQuickRange("")).toBeNull();
    expect(parseQuickRange("constructor")).toBeNull();
  });
});
