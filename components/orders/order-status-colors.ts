// The colour of each order status (spec 3.1) as a dot beside its name, light and dark, as data so a
// unit test can hold every pair to WCAG's non-text contrast (≥ 3:1, 1.4.11) against the surfaces
// the dot sits on (cards, popovers). Same hues as the status badges (components/data-grid/badge-tones.ts, components/ui/badge.tsx):
// "needs attention" red through the printing stages to shipped green; strong shades in light,
// light shades in dark, because the badges' pale fills vanish on a dark card.
export interface DotColour {
  light: string;
  dark: string;
}

export const ORDER_STATUS_DOT_COLOURS: Readonly<Record<string, DotColour>> = {
  "0": { light: "#dc2626", dark: "#f87171" }, // red
  "1": { light: "#c2410c", dark: "#fb923c" }, // orange
  "2": { light: "#b45309", dark: "#fbbf24" }, // amber
  "20": { light: "#0369a1", dark: "#38bdf8" }, // sky
  "30": { light: "#2563eb", dark: "#60a5fa" }, // blue
  "40": { light: "#7c3aed", dark: "#a78bfa" }, // violet
  "50": { light: "#047857", dark: "#34d399" }, // emerald
};

/** A status the table does not know (a classification added later). */
export const OTHER_STATUS_DOT: DotColour = { light: "#6b7384", dark: "#9ca3b0" }; // ink-500 / ink-400

/** Surfaces a dot is drawn on: the board's cards and the filters' popovers (tailwind.config.ts ink). */
export const DOT_SURFACES = {
  light: ["#ffffff", "#fbfbfc", "#f6f7f9"], // ink-0, ink-25, ink-50
  dark: ["#171a20", "#1f232b", "#101216", "#282d37"], // ink-900, ink-850, ink-950, ink-800
} as const;

export function dotColourOf(status: string): DotColour {
  return ORDER_STATUS_DOT_COLOURS[status] ?? OTHER_STATUS_DOT;
}

/** WCAG 2 relative luminance of `#rrggbb`. */
export function relativeLuminance(hex: string): number {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) throw new RangeError(`not a #rrggbb colour: ${hex}`);
  const [r, g, b] = [m[1], m[2], m[3]].map((h) => {
    const c = parseInt(h!, 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two `#rrggbb` colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}
