import { describe, expect, it } from "vitest";
import { dayToLocalDate, formatDay, formatDayTime, formatShortDay, localDateToDay, rangeEnds } from "./day-format";
import { formatJstDateTime } from "./format";

describe("formatDay", () => {
  it("writes a day in the page's language", () => {
    expect(formatDay("2026-11-23", "ja")).toBe("2026/11/23");
    expect(formatDay("2026-01-05", "ja")).toBe("2026/01/05");
    expect(formatDay("2026-11-23", "en")).toBe("Nov 23, 2026");
  });

  it("leaves what is not a day alone", () => {
    expect(formatDay("", "ja")).toBe("");
    expect(formatDay("2026/11/23", "en")).toBe("2026/11/23");
  });
});

describe("local dates of a calendar", () => {
  it("round-trips a day", () => {
    const date = dayToLocalDate("2026-02-28");
    expect(date).toBeDefined();
    expect(localDateToDay(date as Date)).toBe("2026-02-28");
    expect(dayToLocalDate("nope")).toBeUndefined();
  });
});

describe("one date style per language", () => {
  it("with a time of day: 2026/11/21 14:05, Nov 21, 2026 14:05", () => {
    expect(formatDayTime("2026-11-21", "14:05", "ja")).toBe("2026/11/21 14:05");
    expect(formatDayTime("2026-11-21", "14:05", "en")).toBe("Nov 21, 2026 14:05");
    expect(formatJstDateTime("2026-11-21 14:05:09", true, "en")).toBe("Nov 21, 2026 14:05");
    expect(formatJstDateTime("2026-11-21 14:05:09", false, "en")).toBe("Nov 21, 2026");
    expect(formatJstDateTime("2026-11-21 14:05:09", true, "ja")).toBe("2026/11/21 14:05");
  });

  it("ranges within this year leave the year out; others keep it", () => {
    expect(formatShortDay("2026-11-05", "ja")).toBe("11/5");
    expect(formatShortDay("2026-11-05", "en")).toBe("Nov 5");
    expect(rangeEnds("2026-11-21", "2026-11-27", "2026-11-28", "ja")).toEqual({ from: "11/21", to: "11/27" });
    expect(rangeEnds("2026-11-21", "2026-11-27", "2026-11-28", "en")).toEqual({ from: "Nov 21", to: "Nov 27" });
    expect(rangeEnds("2026-12-28", "2027-01-03", "2027-01-01", "ja")).toEqual({ from: "2026/12/28", to: "2027/01/03" });
  });
});
