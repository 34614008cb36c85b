import { describe, expect, it } from "vitest";
import { readableReturnPath, safeReturnPath } from "./return-to";

describe("safeReturnPath", () => {
  it("keeps a path of this site with its query", () => {
    expect(safeReturnPath("/orders?page=2")).toBe("/orders?page=2");
    expect(safeReturnPath("/goods?f=goods_name.like%3Aa")).toBe("/goods?f=goods_name.like%3Aa");
  });

  it("decodes a path that arrived percent-encoded once or twice too often", () => {
    expect(safeReturnPath("%2Forders%3Fpage%3D2")).toBe("/orders?page=2");
    expect(safeReturnPath("%252Forders%253Fpage%253D2")).toBe("/orders?page=2");
  });

  it("refuses other origins, its own sign-in pages, control characters and bad encodings", () => {
    for (const bad of ["https://evil.example/", "//evil.example", "/\\evil.example", "%2F%2Fevil.example", "/login?from=/orders", "/auth/start", "/api/ne/x", "/a\nb", "%2F%E0%A4%A", "orders", "", null, undefined]) {
      expect(safeReturnPath(bad)).toBe("/orders");
    }
    expect(safeReturnPath(`/${"a".repeat(2001)}`)).toBe("/orders");
  });
});

describe("readableReturnPath", () => {
  it("shows a path as a person reads it", () => {
    expect(readableReturnPath("/goods?page=2&f=goods_name.like%3A%E3%82%B7%E3%83%A3%E3%83%84")).toBe("/goods?page=2&f=goods_name.like:シャツ");
    expect(readableReturnPath("/orders?page=2")).toBe("/orders?page=2");
  });

  it("leaves a path that does not decode cleanly as it is", () => {
    expect(readableReturnPath("/a%E0%A4%A")).toBe("/a%E0%A4%A");
    expect(readableReturnPath("/a%0Ab")).toBe("/a%0Ab");
  });
});
