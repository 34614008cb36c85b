import { describe, expect, it } from "vitest";
import { fitFontSize, textEm } from "./fit-number";

describe("numbers that fit their card", () => {
  it("grows with the characters: a longer number gets a smaller font in the same card", () => {
    expect(textEm("1,205", "件")).toBeGreaterThan(textEm("12", "件"));
    expect(textEm("1,205", "orders")).toBeGreaterThan(textEm("1,205", "件"));
    expect(textEm("¥15,494,178")).toBeGreaterThan(textEm("1,205"));
  });

  it("is CSS: the card's width over the text's width in em, never above the largest size", () => {
    expect(fitFontSize("1,205", "件", "4.5rem")).toMatch(/^min\(4\.5rem, calc\(100cqi \/ \d+\.\d{3}\)\)$/);
  });
});
