import { describe, expect, it } from "vitest";
import { parseCancelled, parseDay, parseShops, parseWall } from "./board-url-state";

describe("board URL values", () => {
  it("shops: digits only, deduplicated, empty is none", () => {
    expect(parseShops("1,3,1")).toEqual(["1", "3"]);
    expect(parseShops("1,x,<b>,4")).toEqual(["1", "4"]);
    expect(parseShops(",,")).toBeNull();
  });

  it("days must exist", () => {
    expect(parseDay("2026-11-01")).toBe("2026-11-01");
    expect(parseDay("2026-11-31")).toBeNull();
    expect(parseDay("today")).toBeNull();
  });

  it("wall is on only with 1", () => {
    expect(parseWall("1")).toBe(true);
    expect(parseWall("true")).toBeNull();
  });

  it("cancelled slips are counted only with cancelled=1", () => {
    expect(parseCancelled("1")).toBe(true);
    expect(parseCancelled("0")).toBeNull();
    expect(parseCancelled("yes")).toBeNull();
  });
});
