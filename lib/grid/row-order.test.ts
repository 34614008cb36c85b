import { describe, expect, it } from "vitest";
import { inRowOrder, isPastEnd, pageCount, pageRange, pageWindow, parseRowOrder } from "./row-order";

describe("row order", () => {
  it("reads asc and desc from the URL, nothing else", () => {
    expect(parseRowOrder("asc")).toBe("asc");
    expect(parseRowOrder("desc")).toBe("desc");
    expect(parseRowOrder("DESC")).toBeNull();
    expect(parseRowOrder("newest")).toBeNull();
  });

  it("oldest first asks for page N directly, without the total", () => {
    expect(pageWindow("asc", 1, 100, undefined)).toEqual({ offset: 0, limit: 100 });
    expect(pageWindow("asc", 3, 100, 4250)).toEqual({ offset: 200, limit: 100 });
  });

  it("newest first waits for the total, then pages from the end", () => {
    expect(pageWindow("desc", 1, 100, undefined)).toBeNull();
    // 4,250 rows: page 1 holds the API's rows 4150-4249, page 2 4050-4149.
    expect(pageWindow("desc", 1, 100, 4250)).toEqual({ offset: 4150, limit: 100 });
    expect(pageWindow("desc", 2, 100, 4250)).toEqual({ offset: 4050, limit: 100 });
    // The last page (43) holds the 50 oldest rows: a short window at offset 0.
    expect(pageWindow("desc", 43, 100, 4250)).toEqual({ offset: 0, limit: 50 });
    expect(pageWindow("desc", 1, 100, 30)).toEqual({ offset: 0, limit: 30 });
  });

  it("newest first past the end, and of nothing, asks for rows that do not exist", () => {
    expect(pageWindow("desc", 44, 100, 4250)).toEqual({ offset: 4250, limit: 100 });
    expect(pageWindow("desc", 999, 100, 4250)).toEqual({ offset: 4250, limit: 100 });
    expect(pageWindow("desc", 1, 100, 0)).toEqual({ offset: 0, limit: 100 });
  });

  it("every row lands on exactly one page, newest first, in both orders", () => {
    const total = 257;
    for (const size of [50, 100]) {
      const desc = Array.from({ length: pageCount(total, size) }, (_, i) => pageWindow("desc", i + 1, size, total)!);
      const ids = desc.flatMap((w) => inRowOrder(Array.from({ length: w.limit }, (_, k) => w.offset + k), "desc"));
      expect(ids).toEqual(Array.from({ length: total }, (_, k) => total - 1 - k));
      const asc = Array.from({ length: pageCount(total, size) }, (_, i) => pageWindow("asc", i + 1, size, total)!);
      expect(asc.flatMap((w) => Array.from({ length: Math.min(w.limit, total - w.offset) }, (_, k) => w.offset + k))).toEqual(Array.from({ length: total }, (_, k) => k));
    }
  });

  it("turns the API's rows around for newest first, without touching them", () => {
    const rows = [{ id: "1" }, { id: "2" }, { id: "3" }];
    expect(inRowOrder(rows, "desc").map((r) => r.id)).toEqual(["3", "2", "1"]);
    expect(inRowOrder(rows, "asc").map((r) => r.id)).toEqual(["1", "2", "3"]);
    expect(rows.map((r) => r.id)).toEqual(["1", "2", "3"]);
  });

  it("says a page past the end is past the end, with the last page and no range of rows it lacks", () => {
    expect(isPastEnd(999, 100, 4250)).toBe(true);
    expect(isPastEnd(44, 100, 4250)).toBe(true);
    expect(isPastEnd(43, 100, 4250)).toBe(false);
    expect(isPastEnd(1, 100, 0)).toBe(false);
    expect(pageCount(4250, 100)).toBe(43);
    expect(pageCount(0, 100)).toBe(1);
    expect(pageRange(999, 100, 0)).toEqual({ first: 0, last: 0 });
    expect(pageRange(43, 100, 50)).toEqual({ first: 4201, last: 4250 });
  });
});
