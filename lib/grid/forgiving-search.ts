// The orders grid's one search box (components/data-grid/forgiving-search.tsx), without React:
// what was typed → a few "readings", each a set of conditions the API accepts, and how they are
// tried. The API has no normalisation and no "or" (conditions are ANDed; `like` is MySQL's LIKE,
// `%` any run of characters, `_` one character: lib/ne/registry/testing/operator-table.md), so a
// name typed without a space, a phone typed without hyphens or a kana in the other width only
// matches when the box asks for the forms that are stored:
//
// - digits: a slip number (`receive_order_id` eq); a phone of 10 or 11 digits starting with 0, as
//   the hyphenations Japanese numbers use (`in` on purchaser_tel, then consignee_tel); a shop's
//   order number (`receive_order_shop_cut_form_id` like);
// - an address with @: purchaser_mail_address eq, else like;
// - kana (hiragana typed → katakana): purchaser_kana in full- and half-width katakana;
// - any other text: purchaser_name (then consignee_name when the purchaser's find nothing).
//
// A name typed with a space is asked as typed (`杉本_拓也`: `_` is one character, a half- or
// full-width space) and without the space (`杉本拓也`). A name typed without one is asked as typed
// and with a space between family and given name: first one guard, the name's characters with `%`
// between them (`%杉%本%拓%也%`), which every split matches: when it finds nothing no split can,
// and the box moves on after one call; else the splits, the likeliest family-name length first
// (kanji 2, 3, 1, 4; kana 3, 4, 2, 5), until one finds rows.
//
// Readings are asked as counts one after another (a person's calls go upstream one at a time),
// with the grid's other filters, at most MAX_CALLS of them; the grid then shows the reading with
// the most rows and offers the others that found some.
import { filterKey, filterValues, findFilter, type GridFilter } from "./filters";
import { ORDER_SEARCH_KEYS } from "./forgiving-keys";

const P = "receive_order_";

/** The fields a reading names, for its label ("購入者名（スペース区切り）"). */
export type ReadingField = "slip" | "shopOrder" | "purchaserName" | "consigneeName" | "purchaserKana" | "consigneeKana" | "purchaserTel" | "consigneeTel" | "mail";
/** How a reading differs from what was typed. */
export type ReadingVariant = "spaced" | "unspaced" | "full" | "half" | "exact" | "contains" | "hyphens";

export interface Reading {
  /** Stable id (the field, its variants, a split's family length): tests and keys. */
  id: string;
  field: ReadingField;
  variants: readonly ReadingVariant[];
  /** The conditions of this reading, replacing every filter of ORDER_SEARCH_KEYS. */
  filters: readonly GridFilter[];
  /** Asked first (once, shared by the readings naming it); when it finds nothing, this reading is skipped. */
  guard?: GridFilter;
  /** Readings of one group stand for the same rows: once one finds rows, the rest of the group is skipped. */
  group?: string;
  /** Asked only when no reading before it found rows (the recipient after the purchaser). */
  fallback?: boolean;
}

export { ORDER_SEARCH_KEYS, stockSearchKeys } from "./forgiving-keys";

/** At most this many counts for one search (guards included). */
export const MAX_CALLS = 12;
/** At most this many family/given splits of one name. */
const MAX_SPLITS = 4;

// ----- Text ---------------------------------------------------------------------------------

/** NFKC (full-width ASCII and space → half-width, half-width katakana → full-width), trimmed, one space between words. */
export function normalizeTyped(text: string): string {
  return text.normalize("NFKC").replace(/\s+/g, " ").trim();
}

/** Hiragana → katakana (ゔ and the small ones included). */
export function toKatakana(text: string): string {
  return text.replace(/[\u3041-\u3096\u309d\u309e]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0x60));
}

// Full-width katakana → half-width, built from NFKC's own mapping of the half-width block.
const HALF: Map<string, string> = (() => {
  const map = new Map<string, string>();
  for (let code = 0xff61; code <= 0xff9d; code++) {
    const half = String.fromCharCode(code);
    const full = half.normalize("NFKC");
    if (full.length === 1 && !map.has(full)) map.set(full, half);
    for (const mark of ["\uff9e", "\uff9f"]) {
      const voiced = (half + mark).normalize("NFKC");
      if (voiced.length === 1) map.set(voiced, half + mark);
    }
  }
  map.set("ー", "ｰ");
  map.set(" ", " ");
  return map;
})();

/** Full-width katakana → half-width (characters without a half-width form stay). */
export function toHalfWidthKana(text: string): string {
  return [...text].map((c) => HALF.get(c) ?? c).join("");
}

const KATAKANA_TEXT = /^[\u30a1-\u30fa\u30fc\u30fb ]+$/;

/** Whether (normalized, katakana) text is only kana: a kana reading. */
export function isKana(text: string): boolean {
  return KATAKANA_TEXT.test(text) && /[^\s・]/.test(text);
}

/** The digits of a phone or number as typed (hyphens, dashes, spaces, parentheses dropped), or null when other characters remain. */
export function digitsOf(text: string): string | null {
  const digits = text.replace(/[-‐‑–—−ｰー() ]/g, "");
  return /^\d+$/.test(digits) ? digits : null;
}

/**
 * The ways a Japanese number of these digits is written: mobile, IP and 0800 numbers (11 digits)
 * 3-4-4 and 4-3-4; landlines (10 digits) by area-code length 2-4-4, 3-3-4, 4-2-4, 5-1-4; free dial
 * and navi dial 4-3-3; and the digits alone. Empty when the digits are not a full number.
 */
export function phoneForms(digits: string): string[] {
  if (!/^0\d{9,10}$/.test(digits)) return [];
  const cut = (...lengths: number[]) => {
    const parts: string[] = [];
    let at = 0;
    for (const n of lengths) {
      parts.push(digits.slice(at, at + n));
      at += n;
    }
    return parts.join("-");
  };
  const forms = digits.length === 11 ? [cut(3, 4, 4), cut(4, 3, 4)] : [cut(2, 4, 4), cut(3, 3, 4), cut(4, 2, 4), cut(5, 1, 4), cut(4, 3, 3)];
  return [...new Set([...forms, digits])];
}

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

// ----- Readings ---------------------------------------------------------------------------------

/** Family-name lengths to try, likeliest first, for a name of `units` characters. */
function splitLengths(units: number, kana: boolean): number[] {
  const order = kana ? [3, 4, 2, 5, 6, 1] : [2, 3, 1, 4];
  return order.filter((n) => n >= 1 && n <= units - 1).slice(0, MAX_SPLITS);
}

/** Readings of a name on one field: as typed, and with the space added (by a guard) or dropped. */
function nameReadings(field: ReadingField, apiField: string, words: readonly string[], kana: "full" | "half" | null, fallback: boolean): Reading[] {
  const form = (s: string) => (kana === "half" ? toHalfWidthKana(s) : s);
  const widths: ReadingVariant[] = kana ? [kana] : [];
  const id = `${field}${kana ? `.${kana}` : ""}`;
  const base = { field, ...(fallback ? { fallback } : {}) };
  const like = (value: string): GridFilter => ({ field: apiField, op: "like", value });
  if (words.length > 1) {
    return [
      { ...base, id: `${id}.typed`, variants: widths, filters: [like(words.map(form).join("_"))], group: `${id}.name` },
      { ...base, id: `${id}.unspaced`, variants: [...widths, "unspaced"], filters: [like(words.map(form).join(""))], group: `${id}.name` },
    ];
  }
  const word = words[0] ?? "";
  const units = [...word];
  const out: Reading[] = [{ ...base, id: `${id}.typed`, variants: widths, filters: [like(form(word))] }];
  const lengths = splitLengths(units.length, kana !== null);
  const guard = units.length > 2 ? like(`%${units.map(form).join("%")}%`) : undefined;
  for (const n of lengths) {
    const split = `${form(units.slice(0, n).join(""))}_${form(units.slice(n).join(""))}`;
    out.push({ ...base, id: `${id}.spaced.${n}`, variants: [...widths, "spaced"], filters: [like(split)], group: `${id}.split`, ...(guard ? { guard } : {}) });
  }
  return out;
}

/** The readings of what was typed in the orders search, in the order they are asked. */
export function orderReadings(typed: string): Reading[] {
  const text = normalizeTyped(typed);
  if (!text) return [];
  if (text.includes("@")) {
    const value = text.replace(/\s/g, "");
    const eq: Reading = { id: "mail.exact", field: "mail", variants: ["exact"], filters: [{ field: `${P}purchaser_mail_address`, op: "eq", value }], group: "mail" };
    const like: Reading = { id: "mail.contains", field: "mail", variants: ["contains"], filters: [{ field: `${P}purchaser_mail_address`, op: "like", value }], group: "mail" };
    return EMAIL.test(value) ? [eq, like] : [like];
  }
  const digits = digitsOf(text);
  if (digits) {
    const out: Reading[] = [];
    const phones = phoneForms(digits);
    const typedPlain = text === digits;
    const phoneReadings: Reading[] = phones.length
      ? [
          { id: "tel.purchaser", field: "purchaserTel", variants: typedPlain ? ["hyphens"] : [], filters: [{ field: `${P}purchaser_tel`, op: "in", value: phones }], group: "tel" },
          { id: "tel.consignee", field: "consigneeTel", variants: typedPlain ? ["hyphens"] : [], filters: [{ field: `${P}consignee_tel`, op: "in", value: phones }], group: "tel" },
        ]
      : [];
    const slip: Reading[] = typedPlain && /^[1-9]\d{0,9}$/.test(digits) ? [{ id: "slip", field: "slip", variants: [], filters: [{ field: `${P}id`, op: "eq", value: digits }] }] : [];
    const shopOrder: Reading = { id: "shopOrder", field: "shopOrder", variants: [], filters: [{ field: `${P}shop_cut_form_id`, op: "like", value: text.replace(/\s/g, "") }] };
    if (phones.length) out.push(...phoneReadings, ...slip, shopOrder);
    else out.push(...slip, shopOrder);
    return out;
  }
  const katakana = toKatakana(text);
  const words = text.split(" ");
  const out: Reading[] = [];
  if (isKana(katakana)) {
    const kanaWords = katakana.split(" ");
    out.push(...nameReadings("purchaserKana", `${P}purchaser_kana`, kanaWords, "full", false), ...nameReadings("purchaserKana", `${P}purchaser_kana`, kanaWords, "half", false));
    // Some shops keep the name itself in kana.
    out.push({ id: "purchaserName.typed", field: "purchaserName", variants: [], filters: [{ field: `${P}purchaser_name`, op: "like", value: words.join("_") }] });
    out.push(...nameReadings("consigneeKana", `${P}consignee_kana`, kanaWords, "full", true));
    return out;
  }
  out.push(...nameReadings("purchaserName", `${P}purchaser_name`, words, null, false));
  // A shop's order number is one word of letters, digits and signs.
  if (words.length === 1 && /[0-9A-Za-z]/.test(text)) out.push({ id: "shopOrder", field: "shopOrder", variants: [], filters: [{ field: `${P}shop_cut_form_id`, op: "like", value: text }] });
  out.push(...nameReadings("consigneeName", `${P}consignee_name`, words, null, true));
  return out;
}

// ----- Asking -------------------------------------------------------------------------------

export interface ReadingResult {
  reading: Reading;
  count: number;
}

export interface ReadingRun {
  /** Readings that found rows, most rows first (ties in the order asked). */
  found: ReadingResult[];
  /** Readings asked (guards not counted), in order. */
  asked: Reading[];
  /** Counts asked, guards included. */
  calls: number;
  /** Some count failed (its reading is neither found nor ruled out). */
  failed: boolean;
}

const guardKey = (f: GridFilter) => `${filterKey(f)}:${filterValues(f).join(",")}`;

/**
 * Asks the readings' counts one after another (never at once): a reading whose guard found
 * nothing, the rest of a group once one of it found rows, and a fallback once anything found
 * rows, are skipped; at most `maxCalls` counts.
 */
export async function runReadings(readings: readonly Reading[], count: (filters: readonly GridFilter[]) => Promise<number | undefined>, maxCalls = MAX_CALLS): Promise<ReadingRun> {
  const found: ReadingResult[] = [];
  const asked: Reading[] = [];
  const guards = new Map<string, number | undefined>();
  const doneGroups = new Set<string>();
  let calls = 0;
  let failed = false;
  for (const reading of readings) {
    if (calls >= maxCalls) break;
    if (reading.group && doneGroups.has(reading.group)) continue;
    if (reading.fallback && found.length) continue;
    if (reading.guard) {
      const key = guardKey(reading.guard);
      if (!guards.has(key)) {
        calls++;
        const n = await count([reading.guard]);
        if (n === undefined) failed = true;
        guards.set(key, n);
        if (calls >= maxCalls) break;
      }
      if (guards.get(key) === 0) continue;
    }
    calls++;
    asked.push(reading);
    const n = await count(reading.filters);
    if (n === undefined) failed = true;
    else if (n > 0) {
      found.push({ reading, count: n });
      if (reading.group) doneGroups.add(reading.group);
    }
  }
  return { found: [...found].sort((a, b) => b.count - a.count), asked, calls, failed };
}

// ----- Reading back -------------------------------------------------------------------------

/** Whether every condition of the reading is among the filters (the URL still holds it). */
export function readingApplies(reading: Reading, filters: readonly GridFilter[]): boolean {
  return reading.filters.every((f) => {
    const have = findFilter(filters, f.field, f.op);
    return have !== undefined && filterValues(have).join("\n") === filterValues(f).join("\n");
  });
}

/**
 * The reading the URL's filters hold: one of the typed text's (`q=`), else one read back from the
 * filters alone (a saved view keeps the filters, not the text), with the text it stands for.
 */
export function activeReading(typed: string | null, filters: readonly GridFilter[]): { text: string; reading: Reading } | null {
  if (typed) {
    const reading = orderReadings(typed).find((r) => readingApplies(r, filters));
    if (reading) return { text: typed, reading };
  }
  for (const key of ORDER_SEARCH_KEYS) {
    const filter = filters.find((f) => filterKey(f) === key);
    if (!filter) continue;
    const values = filterValues(filter);
    // The text that gives this filter back: a phone's digits, a name's `_` as its space.
    const text = filter.op === "in" ? (values.find((v) => /^\d+$/.test(v)) ?? values[0] ?? "") : (values[0] ?? "").replace(/_/g, " ").replace(/%/g, "");
    const reading = orderReadings(text).find((r) => readingApplies(r, filters));
    if (reading) return { text, reading };
  }
  return null;
}

/** The filter keys of ORDER_SEARCH_KEYS present: what a search replaces or "clear" removes. */
export function searchKeysIn(filters: readonly GridFilter[]): string[] {
  return filters.map(filterKey).filter((k) => ORDER_SEARCH_KEYS.includes(k));
}

// ----- Goods in the stock grids ---------------------------------------------------------------
// Stock rows carry only the goods code: a code is searched on the stock's own field (`like`); a name
// or a JAN first finds the goods codes through one goods search (capped) and then filters the stock
// with `in` on those codes.

/** How a stock search found its goods. */
export type GoodsBy = "code" | "name" | "jan";

/** What a stock search tries, in order: the code, then JAN (for 8-14 digits) or the name. */
export function goodsLookups(typed: string): GoodsBy[] {
  const text = normalizeTyped(typed);
  if (!text) return [];
  return /^\d{8,14}$/.test(text) ? ["code", "jan", "name"] : ["code", "name"];
}

/** The goods master field a lookup searches. */
export const GOODS_LOOKUP_FIELD: Record<Exclude<GoodsBy, "code">, string> = { name: "goods_name", jan: "goods_jan_code" };

/** At most this many goods codes in one stock filter: the API's `in` limit. */
export const MAX_GOODS_CODES = 1000;
/** A URL or saved-view filter token holds at most 12,000 characters (lib/grid/filters.ts): room for the field. */
const MAX_CODES_LENGTH = 11_500;

/** The `in` filter of the goods codes found (as many as one filter and one URL token hold), and how many it names. */
export function goodsCodesFilter(goodsField: string, codes: readonly string[]): { filter: GridFilter; shown: number } | null {
  const kept: string[] = [];
  let length = 0;
  for (const code of new Set(codes)) {
    if (!code || code.includes(",")) continue;
    if (kept.length >= MAX_GOODS_CODES || length + code.length + 1 > MAX_CODES_LENGTH) break;
    kept.push(code);
    length += code.length + 1;
  }
  return kept.length ? { filter: { field: goodsField, op: "in", value: kept }, shown: kept.length } : null;
}

/** The stock search the URL holds: the typed text (`q=`) and how its goods were found, else null. */
export function activeGoodsSearch(typed: string | null, filters: readonly GridFilter[], goodsField: string): { text: string; by: GoodsBy; codes: number } | null {
  const like = findFilter(filters, goodsField, "like");
  if (like) return { text: (filterValues(like)[0] ?? "").replace(/%/g, ""), by: "code", codes: 0 };
  const list = findFilter(filters, goodsField, "in");
  const text = typed ? normalizeTyped(typed) : "";
  if (!list || !text) return null;
  return { text, by: /^\d{8,14}$/.test(text) ? "jan" : "name", codes: filterValues(list).length };
}
