import { describe, expect, it } from "vitest";
import { ORDER_STATUS } from "@/lib/ne/registry/resources/receive-order";
import { contrastRatio, DOT_SURFACES, dotColourOf, ORDER_STATUS_DOT_COLOURS, OTHER_STATUS_DOT, relativeLuminance } from "./order-status-colors";

describe("contrast arithmetic", () => {
  it("follows WCAG 2: black on white is 21, a colour on itself 1", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#767676", "#ffffff")).toBeCloseTo(4.54, 2);
    expect(contrastRatio("#123456", "#123456")).toBe(1);
    expect(relativeLuminance("#ffffff")).toBe(1);
    expect(() => relativeLuminance("red")).toThrow(RangeError);
  });
});

describe("order status dots", () => {
  it("every status of spec 3.1 has its own colour", () => {
    const ids = ORDER_STATUS.map((s) => s.value);
    expect(Object.keys(ORDER_STATUS_DOT_COLOURS).sort()).toEqual([...ids].sort());
    expect(new Set(ids.map((id) => dotColourOf(id).light)).size).toBe(ids.length);
    expect(new Set(ids.map((id) => dotColourOf(id).dark)).size).toBe(ids.length);
    expect(dotColourOf("99")).toBe(OTHER_STATUS_DOT);
  });

  for (const mode of ["light", "dark"] as const) {
    it(`keeps WCAG non-text contrast ≥ 3:1 against every ${mode} surface`, () => {
      for (const [id, colour] of [...Object.entries(ORDER_STATUS_DOT_COLOURS), ["other", OTHER_STATUS_DOT] as const]) {
        for (const surface of DOT_SURFACES[mode]) {
          expect(contrastRatio(colour[mode], surface), `status ${id} ${colour[mode]} on ${surface}`).toBeGreaterThanOrEqual(3);
        }
      }
    });
  }
});
