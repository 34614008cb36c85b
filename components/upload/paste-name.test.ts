import { describe, expect, it } from "vitest";
import { pasteName } from "./paste-name";

describe("pasteName", () => {
  it("stamps the time in Japan, not UTC (23:30 UTC is 08:30 the next day in Tokyo)", () => {
    expect(pasteName("goods", new Date("2026-11-26T23:30:15Z"))).toBe("paste-goods-20261127-083015.tsv");
    expect(pasteName("warehouse-stock", new Date("2026-12-31T15:00:00Z"))).toBe("paste-warehouse-stock-20270101-000000.tsv");
  });
});
