// One cell against its column's kind. The rules are the sandbox queue's (sandbox/uploads/goods.ts
// readValue, warehouse-stock.ts parseCount, sandbox/time.ts normalizeDateTime): a cell the client
// passes must not be one the queue refuses. Cells are trimmed (with String.prototype.trim, as the
// sandbox does) except text, whose length counts as written.
import type { CheckedColumn } from "./columns";

export interface CellFault {
  code: string;
  ja: string;
  en: string;
}

const fault = (code: string, ja: string, en: string): CellFault => ({ code, ja, en });

/** `在庫数（zaiko_su）`: how a column is named in a reason. */
export const jaName = (c: CheckedColumn): string => `${c.label.ja}（${c.name}）`;
export const enName = (c: CheckedColumn): string => `${c.label.en} (${c.name})`;

function hasFullWidthDigit(v: string): boolean {
  for (let k = 0; k < v.length; k++) {
    const c = v.charCodeAt(k);
    if ((c >= 0xff10 && c <= 0xff19) || c === 0xff0d || c === 0xff0e || c === 0x2212) return true;
  }
  return false;
}

/** Whether v is one or more ASCII digits (a char scan: this runs for every quantity cell). */
function allDigits(v: string, from = 0, to = v.length): boolean {
  if (to <= from) return false;
  for (let k = from; k < to; k++) {
    const c = v.charCodeAt(k);
    if (c < 0x30 || c > 0x39) return false;
  }
  return true;
}

/** A whole number min..max, or why not. `v` is already trimmed and not empty. */
export function readQuantity(c: CheckedColumn, v: string): number | CellFault {
  const min = c.min ?? 0;
  const max = c.max ?? Number.MAX_SAFE_INTEGER;
  if (allDigits(v)) {
    const n = Number(v);
    if (n < min) return fault("below-minimum", `${jaName(c)}は${min}以上の整数で入力してください: ${v}`, `${enName(c)} must be ${min} or more: ${v}`);
    if (n > max) return fault("too-large", `${jaName(c)}は${max}以下で入力してください: ${v}`, `${enName(c)} must be ${max} or less: ${v}`);
    return n;
  }
  if (hasFullWidthDigit(v)) {
    return fault("full-width", `${jaName(c)}に全角の数字や記号があります。半角数字で入力してください: ${v}`, `${enName(c)} has full-width digits; use half-width digits 0-9: ${v}`);
  }
  if (/^-\s*\d+(\.\d+)?$/.test(v)) return fault("negative", `${jaName(c)}にマイナスの数は指定できません: ${v}`, `${enName(c)} cannot be negative: ${v}`);
  if (/^\d+\.\d+$/.test(v)) return fault("not-whole", `${jaName(c)}は整数で入力してください（小数は使えません）: ${v}`, `${enName(c)} must be a whole number (no decimals): ${v}`);
  return fault("not-a-quantity", `${jaName(c)}が数値ではありません。半角の整数で入力してください: ${v}`, `${enName(c)} is not a number; enter a whole number in half-width digits: ${v}`);
}

/** sandbox/time.ts normalizeDateTime's rule: a real date, `-` or `/`, optional time. */
export function isDateTime(v: string): boolean {
  const m = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[ T](\d{1,2}):(\d{1,2})(?::(\d{1,2}))?)?$/.exec(v);
  if (!m) return false;
  const [y, mo, d, h, mi, s] = m.slice(1).map((x) => Number(x ?? 0)) as [number, number, number, number, number, number];
  const t = new Date(Date.UTC(y, mo - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d && h <= 23 && mi <= 59 && s <= 59;
}

/**
 * Longest cell of a kind without a length rule of its own (quantities, numbers, dates, flags,
 * choices, JAN, operations), once trimmed: the API's longest such value is a date with its time
 * (19 characters). Tags have no maximum in the spec or the registry: a long text column's.
 */
export const SHORT_CELL_CHARS = 64;
export const TAGS_CELL_CHARS = 65_535;

/** The most characters a cell of column `c` may hold (text: as written; others: trimmed). */
export function cellLimit(c: CheckedColumn): number {
  switch (c.kind) {
    case "text":
    case "code":
    case "url":
      return c.max ?? TAGS_CELL_CHARS;
    case "tags":
      return TAGS_CELL_CHARS;
    default:
      return SHORT_CELL_CHARS;
  }
}

/**
 * `cell-too-long` for a cell past its column's limit, or null. Checked before the kind's own rule
 * (except text, whose `too-long` says the same), so a reason never quotes a huge value.
 */
export function cellTooLong(c: CheckedColumn, raw: string): CellFault | null {
  if (c.kind === "text") return null;
  const max = cellLimit(c);
  if (raw.length <= max) return null;
  const length = raw.trim().length;
  return length > max
    ? fault("cell-too-long", `${jaName(c)}が長すぎます（${length}文字、上限${max}文字）`, `${enName(c)} is too long (${length} characters; at most ${max})`)
    : null;
}

const DECIMAL = /^\d+(\.\d+)?$/;
const CODE = /^[\x21-\x7e]+$/;

/** The fault of a non-empty cell of a goods column, or null. */
export function cellFault(c: CheckedColumn, raw: string): CellFault | null {
  if (c.kind === "text") {
    const max = c.max ?? Infinity;
    return raw.length > max ? fault("too-long", `${jaName(c)}は${max}文字以内で入力してください（${raw.length}文字）`, `${enName(c)} must be ${max} characters or fewer (${raw.length})`) : null;
  }
  const v = raw.trim();
  switch (c.kind) {
    case "quantity": {
      const q = readQuantity(c, v);
      return typeof q === "number" ? null : q;
    }
    case "number": {
      if (/^-\s*\d/.test(v)) return fault("negative", `${jaName(c)}にマイナスの数は指定できません: ${v}`, `${enName(c)} cannot be negative: ${v}`);
      const plain = v.replace(/,/g, "");
      if (!DECIMAL.test(plain)) {
        if (hasFullWidthDigit(v)) return fault("full-width", `${jaName(c)}に全角の数字や記号があります。半角数字で入力してください: ${v}`, `${enName(c)} has full-width digits; use half-width digits: ${v}`);
        return fault("not-a-number", `${jaName(c)}が数値ではありません: ${v}`, `${enName(c)} is not a number: ${v}`);
      }
      const max = c.max ?? Infinity;
      return Number(plain) > max ? fault("too-large", `${jaName(c)}は${max}以下で入力してください: ${v}`, `${enName(c)} must be ${max} or less: ${v}`) : null;
    }
    case "date":
      return isDateTime(v) ? null : fault("not-a-date", `${jaName(c)}が日付ではありません。YYYY-MM-DD か YYYY/MM/DD で入力してください: ${v}`, `${enName(c)} is not a date; use YYYY-MM-DD or YYYY/MM/DD: ${v}`);
    case "flag":
    case "choice":
    case "operation": {
      const choices = c.choices ?? [];
      if (choices.some((x) => x.value === v)) return null;
      const list = choices.map((x) => `${x.value}（${x.label.ja}）`).join("、");
      const listEn = choices.map((x) => `${x.value} (${x.label.en})`).join(", ");
      return fault("not-a-choice", `${jaName(c)}に指定できるのは ${list} です: ${v}`, `${enName(c)} must be one of ${listEn}: ${v}`);
    }
    case "code": {
      const max = c.max ?? 50;
      return CODE.test(v) && v.length <= max
        ? null
        : fault("invalid-code", `${jaName(c)}は半角英数字・記号${max}文字以内で入力してください: ${v}`, `${enName(c)} must be at most ${max} half-width letters, digits or symbols: ${v}`);
    }
    case "jan":
      return /^(\d{8}|\d{12,14})$/.test(v) ? null : fault("invalid-jan", `${jaName(c)}は8桁か13桁の半角数字で入力してください: ${v}`, `${enName(c)} is 8 or 13 half-width digits: ${v}`);
    case "url":
      return /^https?:\/\/\S+$/.test(v) && v.length <= (c.max ?? 2000)
        ? null
        : fault("invalid-url", `${jaName(c)}は http:// か https:// で始まるURLで入力してください: ${v}`, `${enName(c)} must be an http:// or https:// URL: ${v}`);
    case "tags":
      if ((v.includes("[") || v.includes("]")) && !/^(\[[^[\]]+\])+$/.test(v)) {
        return fault("invalid-tags", `${jaName(c)}は [タグ名][タグ名] の形で入力してください: ${v}`, `${enName(c)} must be written [name][name]: ${v}`);
      }
      return null;
  }
}
