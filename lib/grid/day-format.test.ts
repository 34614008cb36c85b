import { describe, expect, it } from "vitest";
import { dayToLocalDate, formatDay, localDateToDay } from "./day-format";

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
