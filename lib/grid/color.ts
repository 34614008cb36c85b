// Colours the shops choose (grouping tags) made readable: a text colour that does not reach the
// WCAG AA contrast of 4.5:1 on its background is swapped for black or white, whichever reads best.

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** `#e53935`, `e53935` or `#fff` → [r, g, b] 0..255, or null for anything else. */
export function parseHexColor(input: string | null | undefined): [number, number, number] | null {
  const m = HEX.exec((input ?? "").trim());
  if (!m) return null;
  let hex = m[1] as string;
  if (hex.length === 3) hex = [...hex].map((c) => c + c).join("");
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

function luminance([r, g, b]: [number, number, number]): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

export function contrastRatio(a: [number, number, number], b: [number, number, number]): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

export interface ChipColors {
  background: string;
  text: string;
}

/** The chip's colours: the shop's background, and its text colour if readable on it. */
export function readableChipColors(background: string | null | undefined, text: string | null | undefined): ChipColors | null {
  const bg = parseHexColor(background);
  if (!bg) return null;
  const toHex = (c: [number, number, number]) => `#${c.map((v) => v.toString(16).padStart(2, "0")).join("")}`;
  const preferred = parseHexColor(text);
  if (preferred && contrastRatio(preferred, bg) >= 4.5) return { background: toHex(bg), text: toHex(preferred) };
  const black: [number, number, number] = [0, 0, 0];
  const white: [number, number, number] = [255, 255, 255];
  return { background: toHex(bg), text: contrastRatio(black, bg) >= contrastRatio(white, bg) ? "#000000" : "#ffffff" };
}
