import { describe, expect, it } from "vitest";
import { formatJstDateTime, parseJstDateTime } from "./jst-date";

describe("parseJstDateTime", () => {
  it("reads the wall time as JST (UTC+9)", () => {
    expect(parseJstDateTime("2024-03-01 09:30:00")?.toISOString()).toBe("2024-03-01T00:30:00.000Z");
    expect(parseJstDateTime("2024-01-01 08:59:59")?.toISOString()).toBe("2023-12-31T23:59:59.000Z");
    expect(parseJstDateTime("2024-02-29")?.toISOString()).toBe("2024-02-28T15:00:00.000Z");
  });

  it("gives null for empty dates and anything that is not one", () => {
    for (const s of [
      "0000-00-00 00:00:00",
      "0000-00-00",
      "",
      null,
      undefined,
      "2024-02-30 00:00:00",
      "2023-02-29 00:00:00",
      "2024-13-01 00:00:00",
      "2024-01-01 24:00:00",
      "2024-01-01T00:00:00",
      "2024-01-01 00:00:00+09:00",
      "yesterday",
    ]) {
      expect(parseJstDateTime(s), String(s)).toBeNull();
    }
  });
});

describe("formatJstDateTime", () => {
  it("writes an instant in JST", () => {
    expect(formatJstDateTime(new Date("2024-03-01T00:30:00Z"))).toBe("2024-03-01 09:30:00");
    expect(formatJstDateTime(new Date("2023-12-31T15:00:00Z"))).toBe("2024-01-01 00:00:00");
    expect(formatJstDateTime(new Date("2024-06-30T14:59:59.999Z"))).toBe("2024-06-30 23:59:59");
  });

  it("round-trips with parseJstDateTime", () => {
    const s = "2025-11-05 17:04:09";
    const d = parseJstDateTime(s);
    expect(d).not.toBeNull();
    if (d) expect(formatJstDateTime(d)).toBe(s);
  });

  it("refuses an invalid date", () => {
    expect(() => formatJstDateTime(new Date(Number.NaN))).toThrow(RangeError);
  });
});
