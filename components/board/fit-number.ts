// Numbers that fit their card at any width (a wall screen of 1280 to 3840 px): the number and its
// unit ("1,205件", "1,205 orders", "¥15,494,178") stay on one line (the unit never wraps alone)
// and their font size follows the card's width in CSS, with container query units: the card is a
// size container (`@container`) and the font is `min(max, 100cqi / width-in-em)`, where the
// width in em is estimated from the characters (generously: digits and Latin letters 0.62 em,
// separators 0.34 em, CJK 1 em, the unit at its own smaller scale). No JS measuring and no resize
// observer: the browser scales it as the card changes.

/** The unit's size against the number's (the unit is read as a label, the number from across a room). */
export const UNIT_SCALE = 0.32;
/** The space between the number and its unit, in the number's em. */
export const UNIT_GAP_EM = 0.15;
/** Room left for font differences (tabular figures, the system's CJK face). */
const SAFETY = 1.12;

function charEm(ch: string): number {
  if (/[0-9]/.test(ch)) return 0.62;
  if (/[,.:'\s]/.test(ch)) return 0.34;
  if (/[\u2e80-\u9fff\uff00-\uffef\u3000-\u303f]/.test(ch)) return 1;
  if (/[A-Z¥$€%]/.test(ch)) return 0.72;
  return 0.62;
}

/** The width of `text` (and its `unit` at UNIT_SCALE) in ems of the number's font. */
export function textEm(text: string, unit = ""): number {
  const number = [...text].reduce((n, ch) => n + charEm(ch), 0);
  const label = unit ? UNIT_GAP_EM + [...unit].reduce((n, ch) => n + charEm(ch), 0) * UNIT_SCALE : 0;
  return (number + label) * SAFETY;
}

/** The CSS font size of a number that fills at most its container's width and is never above `max`. */
export function fitFontSize(text: string, unit: string, max: string): string {
  return `min(${max}, calc(100cqi / ${textEm(text, unit).toFixed(3)}))`;
}
