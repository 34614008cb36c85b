// A goods master file against the goods it names: what it creates and changes before it is sent
// (the diff), what it did once sent (the plan, kept by the journal, and its report), and how to
// take the changes back (undo, as a new goods upload). Pure and browser-safe: the uploads page
// runs it in its Web Worker; the only I/O is the `search`/`count` pair given to fetchGoodsForDiff.
//
// Values are compared as the sandbox's upload stores them (sandbox/uploads/goods.ts readValue):
// - text: stored as written, spaces included (only a cell blank once trimmed is empty), so it is
//   compared exactly: "abc " differs from "abc";
// - codes, JAN codes, choices and flags: trimmed; a flag or choice of a numeric (N) field by value;
// - numbers (commas dropped) and quantities: by value, "1,000" = "1000" = "1000.00";
// - dates: by date-time, 2026/1/2 = 2026-01-02 = "2026-01-02 00:00:00" (sandbox/time.ts rule);
// - tags: the `[name][name]` sequence goods_tag keeps (a bare name is `[name]`); the order counts,
//   as the field shows it.
// An empty cell leaves the field as it is: never a change. zaiko_su sets the goods' total stock,
// which the goods search shows as stock_quantity; yoyaku_zaiko_su the reserved stock, which the
// stock master shows (stock_advance_order_quantity). hs_code, invoice_commodity_name,
// nyusyukko_riyu, image_url_http and image_alt write nothing a search shows: "not compared".
// A deleted goods the file names is updated as any other (the upload finds it by its code) and
// stays deleted.
//
// The plan (goodsPlanCsv / readGoodsPlanCsv): UTF-8 CSV, CRLF, RFC 4180 quoting, no BOM, values
// exactly as read (nothing neutralised: it is read back by this module, not by a spreadsheet).
// Header: kind,code,line,deleted,column,old,new
// - `created` rows: one per goods the file creates; code and line set, the rest empty.
// - `changed` rows: one per changed cell; the rows of one goods are consecutive. `deleted` is 1
//   for a goods that is deleted (and stays so), else 0; `column` the file's column name; `old`
//   the value the API showed before (its null and "" are both empty); `new` the cell as written.
import { csvLine, protectFormula } from "@/lib/grid/csv";
import { goods as goodsResource } from "@/lib/ne/registry/resources/goods";
import { stock as stockResource } from "@/lib/ne/registry/resources/stock";
import { SEARCH_BASES } from "@/lib/ne/registry/search-bases";
import type { FieldDef } from "@/lib/ne/registry/types";
import { UPLOAD_COLUMNS, uploadColumn, type CheckedColumn, type ColumnKind } from "./columns";
import { MAX_ROW_BYTES, utf8Length } from "./limits";
import { IN_VALUES, PAGE_ROWS, type LookupCount, type LookupSearch } from "./lookups";
import { parseRecords } from "./parse";
import { MAX_FILE_BYTES, type Bilingual, type CsvRead, type CsvRecord } from "./types";
import { cellFault, cellTooLong } from "./values";

export type GoodsLocale = "ja" | "en";

type Resource = "goods" | "stock";

/** A column of the file whose current value is read and compared. */
export interface ComparedColumn {
  column: string;
  label: Bilingual;
  kind: ColumnKind;
  /** Its first position in the file's header. */
  index: number;
  /** Where its value is read: the goods search, or the stock master (yoyaku_zaiko_su). */
  resource: Resource;
  field: string;
}

/** A column of the file that writes nothing a search shows, and why. */
export interface NotComparedColumn {
  column: string;
  label: Bilingual;
  index: number;
  reason: Bilingual;
}

export interface GoodsDiffNeeds {
  /** Distinct goods codes of the file (trimmed, valid codes only). */
  codes: string[];
  compared: ComparedColumn[];
  notCompared: NotComparedColumn[];
}

/** Columns read from elsewhere than their own field (they have none in columns.ts). */
const READ_FROM: Readonly<Record<string, { resource: Resource; field: string }>> = {
  // The upload sets the goods' total stock to zaiko_su (the difference goes to 基本拠点); the goods
  // search shows that total as stock_quantity (the registry's joined stock master field).
  zaiko_su: { resource: "goods", field: "stock_quantity" },
  // The upload sets the stock master's reserved stock; the goods search offers no stock_* but stock_quantity.
  yoyaku_zaiko_su: { resource: "stock", field: "stock_advance_order_quantity" },
};

const NOT_COMPARED: Readonly<Record<string, Bilingual>> = {
  hs_code: { ja: "HSコードは検索で読める項目がないため比べません", en: "no search shows the HS code, so it is not compared" },
  invoice_commodity_name: { ja: "インボイス品名は検索で読める項目がないため比べません", en: "no search shows the invoice item name, so it is not compared" },
  nyusyukko_riyu: { ja: "入出庫理由は在庫数を変えるときの理由で、商品の項目ではないため比べません", en: "the reason goes with a stock change and is no field of the goods, so it is not compared" },
  image_url_http: { ja: "画像URLは商品画像を追加する列で、商品の項目ではないため比べません", en: "the image URL adds a goods image and is no field of the goods, so it is not compared" },
  image_alt: { ja: "画像の代替テキストは商品画像の項目で、商品の項目ではないため比べません", en: "the image alt text belongs to a goods image, not to the goods, so it is not compared" },
};
const NOT_COMPARED_OTHER: Bilingual = { ja: "検索で読める項目がないため比べません", en: "no search shows what it writes, so it is not compared" };

const RESOURCE_FIELDS: Record<Resource, ReadonlyMap<string, FieldDef>> = {
  goods: new Map(goodsResource.fields.map((f) => [f.name, f])),
  stock: new Map(stockResource.fields.map((f) => [f.name, f])),
};
for (const [name, from] of Object.entries(READ_FROM)) {
  if (!RESOURCE_FIELDS[from.resource].has(from.field)) throw new Error(`lib/csv/goods-diff: ${name} reads ${from.field}, which the ${from.resource} registry does not have`);
}

const GOODS_CODE = /^[\x21-\x7e]{1,50}$/;

/** Compared and not-compared columns of a header (first position of each known goods column). */
function columnsOf(header: readonly string[]): { compared: ComparedColumn[]; notCompared: NotComparedColumn[]; codeAt: number } {
  const compared: ComparedColumn[] = [];
  const notCompared: NotComparedColumn[] = [];
  const seen = new Set<string>();
  let codeAt = -1;
  header.forEach((raw, index) => {
    const name = raw.trim();
    if (seen.has(name)) return;
    seen.add(name);
    const c = uploadColumn("goods", name);
    if (!c) return;
    if (name === "syohin_code") {
      codeAt = index;
      return;
    }
    const from = READ_FROM[name] ?? (c.field && RESOURCE_FIELDS.goods.has(c.field) ? { resource: "goods" as const, field: c.field } : undefined);
    if (from) compared.push({ column: name, label: c.label, kind: c.kind, index, resource: from.resource, field: from.field });
    else notCompared.push({ column: name, label: c.label, index, reason: NOT_COMPARED[name] ?? NOT_COMPARED_OTHER });
  });
  return { compared, notCompared, codeAt };
}

/** What the diff must read: the file's goods codes and the fields of its columns. */
export function goodsDiffNeeds(read: CsvRead): GoodsDiffNeeds {
  const { compared, notCompared, codeAt } = columnsOf(read.header);
  const codes = new Set<string>();
  if (codeAt >= 0) {
    for (const r of read.records) {
      const code = r.cells[codeAt]?.trim();
      if (code && GOODS_CODE.test(code)) codes.add(code);
    }
  }
  return { codes: [...codes], compared, notCompared };
}

// ---------------------------------------------------------------------------------------------
// Reading the current goods.

export interface GoodsDiffApi {
  search: LookupSearch;
  count: LookupCount;
}

/** The goods the file names as the API shows them, by column of values (no object per goods). */
export interface CurrentGoods {
  /** Goods code → its row in `deleted` and `values`. */
  position: ReadonlyMap<string, number>;
  /** 1 where goods_deleted_flag is 1. */
  deleted: Uint8Array;
  /** Field name → value per row (null: the API showed null, or no stock row). */
  values: ReadonlyMap<string, readonly (string | null)[]>;
  /** Upstream calls made (search and count). */
  calls: number;
}

/**
 * Most values (rows × fields) one answer is asked to carry, a long text field (the columns of up
 * to 65,535 characters: notes, items, descriptions) counting LONG_TEXT_WEIGHT. The spec sets no
 * limit on `fields`; the bound is on the answer, which the BFF and the tab hold whole: a 10,000-row
 * page of 20 short fields, or 1,000 rows of 4 long texts.
 */
export const VALUES_PER_CALL = 200_000;
export const LONG_TEXT_WEIGHT = 50;
/** Short fields asked for in one call, and long text fields. */
const SHORT_FIELDS_PER_CALL = 20;
const LONG_FIELDS_PER_CALL = 4;

interface Piece {
  fields: string[];
  /** Rows one call of this piece may answer. */
  rows: number;
}

const isLongText = (c: CheckedColumn | undefined): boolean => c?.kind === "text" && (c.max ?? 0) > 255;

/** The fields of a resource in pieces; `key` (and `first`) lead the first piece, `key` every one. */
function piecesOf(key: string, first: readonly string[], columns: readonly ComparedColumn[]): Piece[] {
  const short: string[] = [...first];
  const long: string[] = [];
  for (const c of columns) {
    const list = isLongText(uploadColumn("goods", c.column)) ? long : short;
    if (!list.includes(c.field) && !short.includes(c.field) && !long.includes(c.field)) list.push(c.field);
  }
  const pieces: Piece[] = [];
  const add = (fields: string[], weight: number) => pieces.push({ fields: [key, ...fields], rows: Math.min(PAGE_ROWS, Math.floor(VALUES_PER_CALL / Math.max(1, weight))) });
  for (let i = 0; i < short.length; i += SHORT_FIELDS_PER_CALL) {
    const part = short.slice(i, i + SHORT_FIELDS_PER_CALL);
    add(part, part.length);
  }
  for (let i = 0; i < long.length; i += LONG_FIELDS_PER_CALL) {
    const part = long.slice(i, i + LONG_FIELDS_PER_CALL);
    add(part, part.length * LONG_TEXT_WEIGHT);
  }
  if (pieces.length === 0) add([], 1);
  return pieces;
}

type Row = Record<string, string | null>;

/**
 * Rows of `base` whose `key` is one of `codes`, piece by piece, one call at a time: by `in` lists
 * (≤ IN_VALUES codes, ≤ a piece's rows), or paging the whole master when that takes fewer calls
 * (a count says how many pages). A code holding a comma cannot go in an `in` list (the API splits
 * on commas): it is asked for with `eq`. `take` gets each wanted row of each piece.
 */
async function readPieces(
  api: GoodsDiffApi,
  base: `/${string}`,
  key: string,
  codes: readonly string[],
  pieces: readonly Piece[],
  take: (piece: number, row: Row) => void,
): Promise<number> {
  if (codes.length === 0) return 0;
  let calls = 0;
  const listed = codes.filter((c) => !c.includes(","));
  const single = codes.filter((c) => c.includes(","));
  let inCalls = 0;
  for (const p of pieces) inCalls += Math.ceil(listed.length / Math.min(IN_VALUES, p.rows)) + single.length;
  let total: number | undefined;
  if (inCalls > pieces.length) {
    total = await api.count(`${base}/count`, {});
    calls++;
    let pageCalls = 0;
    for (const p of pieces) pageCalls += Math.max(1, Math.ceil(total / p.rows));
    if (pageCalls >= inCalls) total = undefined;
  }
  const wanted = total === undefined ? undefined : new Set(codes);
  for (let k = 0; k < pieces.length; k++) {
    const p = pieces[k] as Piece;
    if (wanted && total !== undefined) {
      for (let offset = 0; offset < total; offset += p.rows) {
        const { rows } = await api.search(`${base}/search`, { fields: p.fields, offset, limit: p.rows });
        calls++;
        for (const r of rows) if (wanted.has(r[key] ?? "")) take(k, r);
        if (rows.length < p.rows) break;
      }
      continue;
    }
    const size = Math.min(IN_VALUES, p.rows);
    const lists: { op: "in" | "eq"; value: string | string[] }[] = [];
    for (let i = 0; i < listed.length; i += size) lists.push({ op: "in", value: listed.slice(i, i + size) });
    for (const c of single) lists.push({ op: "eq", value: c });
    for (const { op, value } of lists) {
      // The key is unique (goods_id, stock_goods_id): a list of ≤ p.rows codes answers in one page.
      const { rows } = await api.search(`${base}/search`, { fields: p.fields, conditions: [{ field: key, op, value }], limit: p.rows });
      calls++;
      for (const r of rows) take(k, r);
    }
  }
  return calls;
}

/**
 * The goods of `needs.codes` with the fields of the compared columns, plus goods_id and
 * goods_deleted_flag (and the stock master's reserved stock when yoyaku_zaiko_su is compared),
 * in few calls made one after another: see readPieces and VALUES_PER_CALL.
 */
export async function fetchGoodsForDiff(needs: GoodsDiffNeeds, api: GoodsDiffApi): Promise<CurrentGoods> {
  const position = new Map<string, number>();
  const values = new Map<string, (string | null)[]>();
  const deletedList: number[] = [];
  const goodsColumns = needs.compared.filter((c) => c.resource === "goods");
  const stockColumns = needs.compared.filter((c) => c.resource === "stock");
  const goodsPieces = piecesOf("goods_id", ["goods_deleted_flag"], goodsColumns);
  for (const p of goodsPieces) for (const f of p.fields.slice(1)) if (f !== "goods_deleted_flag") values.set(f, []);
  let calls = await readPieces(api, SEARCH_BASES.goods, "goods_id", needs.codes, goodsPieces, (piece, r) => {
    const code = r.goods_id;
    if (!code) return;
    let at = position.get(code);
    if (at === undefined) {
      // Goods are placed by the first piece; one that appears only in a later piece was created
      // between the calls, and is left to the next read.
      if (piece !== 0) return;
      at = position.size;
      position.set(code, at);
      if (r.goods_deleted_flag === "1") deletedList.push(at);
    }
    for (const f of (goodsPieces[piece] as Piece).fields) {
      const list = values.get(f);
      if (list) list[at] = r[f] ?? null;
    }
  });
  if (stockColumns.length > 0) {
    const stockPieces = piecesOf("stock_goods_id", [], stockColumns);
    for (const p of stockPieces) for (const f of p.fields.slice(1)) values.set(f, []);
    const existing = [...position.keys()];
    calls += await readPieces(api, SEARCH_BASES.stock, "stock_goods_id", existing, stockPieces, (piece, r) => {
      const at = position.get(r.stock_goods_id ?? "");
      if (at === undefined) return;
      for (const f of (stockPieces[piece] as Piece).fields) {
        const list = values.get(f);
        if (list) list[at] = r[f] ?? null;
      }
    });
  }
  // Holes (a goods a later piece did not answer) read as null.
  for (const list of values.values()) for (let i = 0; i < position.size; i++) if (list[i] === undefined) list[i] = null;
  const deleted = new Uint8Array(position.size);
  for (const at of deletedList) deleted[at] = 1;
  return { position, deleted, values, calls };
}

/** CurrentGoods from rows at hand (goods rows with goods_id; stock rows with stock_goods_id). */
export function currentGoodsOf(goodsRows: readonly Row[], stockRows: readonly Row[] = []): CurrentGoods {
  const position = new Map<string, number>();
  const values = new Map<string, (string | null)[]>();
  const flags: number[] = [];
  for (const r of goodsRows) {
    const code = r.goods_id;
    if (!code || position.has(code)) continue;
    const at = position.size;
    position.set(code, at);
    flags[at] = r.goods_deleted_flag === "1" ? 1 : 0;
    for (const [f, v] of Object.entries(r)) {
      if (f === "goods_id" || f === "goods_deleted_flag") continue;
      let list = values.get(f);
      if (!list) values.set(f, (list = []));
      list[at] = v;
    }
  }
  for (const r of stockRows) {
    const at = position.get(r.stock_goods_id ?? "");
    if (at === undefined) continue;
    for (const [f, v] of Object.entries(r)) {
      if (f === "stock_goods_id") continue;
      let list = values.get(f);
      if (!list) values.set(f, (list = []));
      list[at] = v;
    }
  }
  for (const list of values.values()) for (let i = 0; i < position.size; i++) if (list[i] === undefined) list[i] = null;
  return { position, deleted: Uint8Array.from(flags), values, calls: 0 };
}

// ---------------------------------------------------------------------------------------------
// Values as the upload stores them.

/**
 * A decimal without sign noise, leading or trailing zeros ("0012.50" → "12.5", "-0" → "0"), or
 * null when `v` (trimmed) is not one. By char codes: it runs for two values a cell of a number column.
 */
export function canonicalDecimal(v: string): string | null {
  v = v.trim();
  const n = v.length;
  let i = 0;
  const first = v.charCodeAt(0);
  const negative = first === 0x2d;
  if (negative || first === 0x2b) i++;
  const wholeFrom = i;
  while (i < n && v.charCodeAt(i) >= 0x30 && v.charCodeAt(i) <= 0x39) i++;
  const wholeTo = i;
  let fractionFrom = i;
  let fractionTo = i;
  if (i < n && v.charCodeAt(i) === 0x2e) {
    fractionFrom = ++i;
    while (i < n && v.charCodeAt(i) >= 0x30 && v.charCodeAt(i) <= 0x39) i++;
    fractionTo = i;
  }
  if (i !== n || (wholeTo === wholeFrom && fractionTo === fractionFrom)) return null;
  let a = wholeFrom;
  while (a < wholeTo && v.charCodeAt(a) === 0x30) a++;
  let b = fractionTo;
  while (b > fractionFrom && v.charCodeAt(b - 1) === 0x30) b--;
  const whole = a === wholeTo ? "0" : v.slice(a, wholeTo);
  const digits = b === fractionFrom ? whole : `${whole}.${v.slice(fractionFrom, b)}`;
  if (negative && digits !== "0") return `-${digits}`;
  // The common case, a plain whole number, is returned as the same string.
  return digits.length === n ? v : digits;
}

const PAD2 = Array.from({ length: 60 }, (_, i) => String(i).padStart(2, "0"));
const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * The sandbox's date-time rule (sandbox/time.ts normalizeDateTime): `YYYY-MM-DD` or `YYYY/MM/DD`,
 * month and day of 1 or 2 digits, an optional ` HH:MM[:SS]` (or `T`), a real date; written as
 * `YYYY-MM-DD HH:MM:SS`, or null. By char codes: it runs for two values a cell of a date column.
 */
export function canonicalDateTime(v: string): string | null {
  v = v.trim();
  const n = v.length;
  let i = 0;
  /** Up to `most` digits from i (at least one), or -1. */
  const digits = (most: number): number => {
    let value = 0;
    const start = i;
    while (i < n && i - start < most) {
      const c = v.charCodeAt(i);
      if (c < 0x30 || c > 0x39) break;
      value = value * 10 + (c - 0x30);
      i++;
    }
    return i === start ? -1 : value;
  };
  const year = digits(4);
  if (i !== 4) return null;
  const sep = v.charCodeAt(i);
  if (sep !== 0x2d && sep !== 0x2f) return null;
  i++;
  const month = digits(2);
  const sep2 = v.charCodeAt(i);
  if (month < 1 || month > 12 || (sep2 !== 0x2d && sep2 !== 0x2f)) return null;
  i++;
  const day = digits(2);
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  if (day < 1 || day > (month === 2 && leap ? 29 : (DAYS[month - 1] as number))) return null;
  let hour = 0;
  let minute = 0;
  let second = 0;
  if (i < n) {
    const t = v.charCodeAt(i);
    if (t !== 0x20 && t !== 0x54) return null;
    i++;
    hour = digits(2);
    if (hour < 0 || v.charCodeAt(i) !== 0x3a) return null;
    i++;
    minute = digits(2);
    if (minute < 0) return null;
    if (i < n) {
      if (v.charCodeAt(i) !== 0x3a) return null;
      i++;
      second = digits(2);
      if (second < 0) return null;
    }
    if (i !== n || hour > 23 || minute > 59 || second > 59) return null;
  }
  if (i !== n) return null;
  return `${v.slice(0, 4)}-${PAD2[month]}-${PAD2[day]} ${PAD2[hour]}:${PAD2[minute]}:${PAD2[second]}`;
}

/** The tags the upload stores for a cell: `[a][b]` as written, a bare name as `[name]`. */
function writtenTags(raw: string): string {
  const t = raw.trim();
  if (t.includes("[") || t.includes("]")) return [...t.matchAll(/\[([^\]]+)\]/g)].map((m) => `[${m[1] ?? ""}]`).join("");
  return `[${t}]`;
}

/** How a compared column's values are made comparable (the written cell, the API's value). */
interface Comparer {
  written(raw: string): string;
  current(value: string | null): string;
}

const asIs = (v: string | null): string => v ?? "";
const decimalOr = (v: string): string => canonicalDecimal(v) ?? v.trim();

/** `f` remembering its last answer: the cells of a column repeat (a date, a price) more often than not. */
function lastOf(f: (v: string) => string): (v: string) => string {
  let last: string | undefined;
  let answer = "";
  return (v) => (v === last ? answer : ((last = v), (answer = f(v))));
}

function comparerOf(c: ComparedColumn): Comparer {
  const numeric = RESOURCE_FIELDS[c.resource].get(c.field)?.type === "N";
  switch (c.kind) {
    case "text":
      return { written: (raw) => raw, current: asIs };
    case "number":
      return { written: (raw) => decimalOr(raw.includes(",") ? raw.replace(/,/g, "") : raw), current: (v) => decimalOr(v ?? "") };
    case "quantity":
      return { written: (raw) => decimalOr(raw.trim()), current: (v) => decimalOr(v ?? "") };
    case "date": {
      const written = lastOf((raw) => canonicalDateTime(raw) ?? raw.trim());
      const current = lastOf((v) => canonicalDateTime(v) ?? v);
      return { written, current: (v) => (v === null ? "" : current(v)) };
    }
    case "tags":
      return { written: writtenTags, current: asIs };
    case "flag":
    case "choice":
      return numeric ? { written: (raw) => decimalOr(raw.trim()), current: (v) => decimalOr(v ?? "") } : { written: (raw) => raw.trim(), current: asIs };
    default:
      return { written: (raw) => raw.trim(), current: asIs };
  }
}

// ---------------------------------------------------------------------------------------------
// The diff.

/** excluded: a line left out; skipped: a row the upload refuses whatever (no or a bad or repeated code, wrong cell count). */
export type GoodsRowStatus = "new" | "changed" | "unchanged" | "excluded" | "skipped";
const STATUS: readonly GoodsRowStatus[] = ["skipped", "new", "changed", "unchanged", "excluded"];
const NEW = 1;
const CHANGED = 2;
const UNCHANGED = 3;
const EXCLUDED = 4;

export interface GoodsCellChange {
  column: string;
  label: Bilingual;
  /** The value as the API shows it (null: it showed none). */
  old: string | null;
  /** The cell as written in the file. */
  new: string;
}

export interface GoodsDiffEntry {
  line: number;
  code: string;
  status: "new" | "changed";
  /** A deleted goods (DELETED_GOODS_NOTE). */
  deleted: boolean;
  /** The changed cells (none for a new goods: the file's row is what it gets). */
  changes: GoodsCellChange[];
}

export interface GoodsDiffCounts {
  /** The file's data rows. */
  rows: number;
  new: number;
  changed: number;
  unchanged: number;
  excluded: number;
  skipped: number;
  /** Changed cells over all changed goods. */
  cells: number;
  /** Deleted goods among the rows compared (changed or unchanged). */
  deleted: number;
}

export interface GoodsDiff {
  counts: GoodsDiffCounts;
  compared: ComparedColumn[];
  notCompared: NotComparedColumn[];
  /** New and changed rows, in file order; unchanged rows are only counted (see statusOf). */
  entries: GoodsDiffEntry[];
  /** Deleted goods the file names: the upload updates them and they stay deleted. */
  deletedGoods: { code: string; line: number }[];
  /** The status of the record at `index` of the read. */
  statusAt(index: number): GoodsRowStatus;
  /** The status of the record starting on file line `line`, or undefined for no such record. */
  statusOfLine(line: number): GoodsRowStatus | undefined;
}

export const DELETED_GOODS_NOTE: Bilingual = {
  ja: "削除済みの商品です。アップロードはこの商品の項目を書き換えますが、商品は削除済みのままです",
  en: "a deleted goods: the upload changes its fields, and the goods stays deleted",
};

/** Index of the record that starts on `line`, or -1 (records are in line order). */
function recordAt(records: readonly CsvRecord[], line: number): number {
  let lo = 0;
  let hi = records.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const at = (records[mid] as CsvRecord).line;
    if (at === line) return mid;
    if (at < line) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/**
 * Each row of the file against the goods as they are: new (no such goods), changed (the cells
 * that change, old → new), or unchanged. Lines in `excludedLines` are left out; rows the upload
 * would refuse whatever their values (blank, no code, a bad or repeated code, a misplaced quote,
 * a wrong cell count) are "skipped". One pass; an unchanged row costs its cells' comparisons and one status byte.
 */
export function diffGoods(read: CsvRead, current: CurrentGoods, excludedLines: Iterable<number> = []): GoodsDiff {
  const { compared, notCompared, codeAt } = columnsOf(read.header);
  const excluded = new Set(excludedLines);
  const records = read.records;
  const status = new Uint8Array(records.length);
  const columns = compared.map((c) => ({ c, at: c.index, cmp: comparerOf(c), values: current.values.get(c.field) }));
  const counts: GoodsDiffCounts = { rows: records.length, new: 0, changed: 0, unchanged: 0, excluded: 0, skipped: 0, cells: 0, deleted: 0 };
  const entries: GoodsDiffEntry[] = [];
  const deletedGoods: { code: string; line: number }[] = [];
  const seenRows = new Uint8Array(current.position.size);
  const seenNew = new Set<string>();
  const width = read.header.length;
  for (let i = 0; i < records.length; i++) {
    const r = records[i] as CsvRecord;
    if (excluded.has(r.line)) {
      status[i] = EXCLUDED;
      counts.excluded++;
      continue;
    }
    const cells = r.cells;
    const code = codeAt < 0 ? "" : (cells[codeAt] ?? "").trim();
    if (cells.length !== width || r.quoteProblem || !GOODS_CODE.test(code)) {
      counts.skipped++;
      continue;
    }
    const at = current.position.get(code);
    // A repeated code: an existing goods is marked by its row, a new one kept by its code.
    if (at === undefined ? seenNew.has(code) : seenRows[at] === 1) {
      counts.skipped++;
      continue;
    }
    if (at === undefined) {
      seenNew.add(code);
      status[i] = NEW;
      counts.new++;
      entries.push({ line: r.line, code, status: "new", deleted: false, changes: [] });
      continue;
    }
    seenRows[at] = 1;
    let changes: GoodsCellChange[] | undefined;
    for (const { c, at: cellAt, cmp, values } of columns) {
      const raw = cells[cellAt] as string;
      if (raw === "" || raw.trim() === "") continue;
      const old = values ? (values[at] ?? null) : null;
      if (cmp.written(raw) === cmp.current(old)) continue;
      (changes ??= []).push({ column: c.column, label: c.label, old, new: raw });
    }
    const deleted = current.deleted[at] === 1;
    if (deleted) {
      counts.deleted++;
      deletedGoods.push({ code, line: r.line });
    }
    if (changes) {
      status[i] = CHANGED;
      counts.changed++;
      counts.cells += changes.length;
      entries.push({ line: r.line, code, status: "changed", deleted, changes });
    } else {
      status[i] = UNCHANGED;
      counts.unchanged++;
    }
  }
  const statusAt = (index: number): GoodsRowStatus => STATUS[status[index] ?? 0] as GoodsRowStatus;
  return {
    counts,
    compared,
    notCompared,
    entries,
    deletedGoods,
    statusAt,
    statusOfLine: (line) => {
      const index = recordAt(records, line);
      return index < 0 ? undefined : statusAt(index);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The plan, its report and the diff's CSV.

export interface GoodsPlanChange {
  column: string;
  /** The value before ("" where the API showed null or ""). */
  old: string;
  new: string;
}

export interface GoodsPlan {
  created: { code: string; line: number }[];
  changed: { code: string; line: number; deleted: boolean; changes: GoodsPlanChange[] }[];
}

/** What the diff says the upload will do, as the journal keeps it. */
export function goodsPlan(diff: GoodsDiff): GoodsPlan {
  const plan: GoodsPlan = { created: [], changed: [] };
  for (const e of diff.entries) {
    if (e.status === "new") plan.created.push({ code: e.code, line: e.line });
    else plan.changed.push({ code: e.code, line: e.line, deleted: e.deleted, changes: e.changes.map((c) => ({ column: c.column, old: c.old ?? "", new: c.new })) });
  }
  return plan;
}

const PLAN_HEADER = ["kind", "code", "line", "deleted", "column", "old", "new"] as const;

/** The plan as CSV text (format: this file's top comment). */
export function goodsPlanCsv(diff: GoodsDiff | GoodsPlan): string {
  const plan = "entries" in diff ? goodsPlan(diff) : diff;
  const lines = [csvLine([...PLAN_HEADER])];
  for (const c of plan.created) lines.push(csvLine(["created", c.code, String(c.line), "0", "", "", ""]));
  for (const g of plan.changed) {
    for (const c of g.changes) lines.push(csvLine(["changed", g.code, String(g.line), g.deleted ? "1" : "0", c.column, c.old, c.new]));
  }
  return `${lines.join("\r\n")}\r\n`;
}

export type GoodsPlanOutcome = { ok: true; plan: GoodsPlan } | { ok: false; reason: Bilingual };

const planRefusal = (ja: string, en: string): GoodsPlanOutcome => ({ ok: false, reason: { ja: `商品の変更記録を読めません: ${ja}`, en: `the goods plan cannot be read: ${en}` } });

/** A plan written by goodsPlanCsv, read back (refused, with the line, when it is not one). */
export function readGoodsPlanCsv(text: string): GoodsPlanOutcome {
  const parsed = parseRecords(text, 0x2c);
  if (!parsed.ok) return planRefusal(parsed.refusal.reason.ja, parsed.refusal.reason.en);
  const { header, records } = parsed.parsed;
  if (header.join(",") !== PLAN_HEADER.join(",")) return planRefusal("1行目が見出しではありません", "line 1 is not its header");
  const plan: GoodsPlan = { created: [], changed: [] };
  let last: GoodsPlan["changed"][number] | undefined;
  for (const r of records) {
    const [kind, code, lineText, deletedText, column, old, written] = r.cells as [string, string, string, string, string, string, string];
    const line = Number(lineText);
    if (r.cells.length !== PLAN_HEADER.length || !code || !/^\d+$/.test(lineText) || (deletedText !== "0" && deletedText !== "1")) {
      return planRefusal(`${r.line}行目の形が違います`, `line ${r.line} is malformed`);
    }
    if (kind === "created") {
      plan.created.push({ code, line });
      last = undefined;
    } else if (kind === "changed") {
      if (!column) return planRefusal(`${r.line}行目に列名がありません`, `line ${r.line} names no column`);
      if (!last || last.code !== code || last.line !== line) plan.changed.push((last = { code, line, deleted: deletedText === "1", changes: [] }));
      last.changes.push({ column, old, new: written });
    } else return planRefusal(`${r.line}行目の種類が違います: ${kind}`, `line ${r.line} has an unknown kind: ${kind}`);
  }
  return { ok: true, plan };
}

export interface GoodsReportRow {
  kind: "created" | "changed";
  code: string;
  line: number;
  deleted: boolean;
  /** Column name ("" for a created goods). */
  column: string;
  /** The column's label in the locale ("" for a created goods). */
  label: string;
  old: string;
  new: string;
}

export interface GoodsReport {
  counts: { created: number; changed: number; cells: number };
  /** One row per created goods, then one per changed cell. */
  rows: GoodsReportRow[];
  /** The rows as a download (UTF-8 with BOM, CRLF, formula-looking cells neutralised). */
  csv: string;
}

const REPORT_HEADERS = {
  ja: ["商品コード", "行", "区分", "列", "項目", "変更前", "変更後"],
  en: ["Goods code", "Line", "Change", "Column", "Field", "Before", "After"],
} as const;
const KIND_LABELS: Record<GoodsLocale, Record<"created" | "changed" | "deleted", string>> = {
  ja: { created: "新規", changed: "変更", deleted: "変更（削除済みの商品）" },
  en: { created: "New", changed: "Changed", deleted: "Changed (deleted goods)" },
};

const labelOf = (column: string, locale: GoodsLocale): string => uploadColumn("goods", column)?.label[locale] ?? column;

/** The goods created and changed, as the page lists them after the upload, and its CSV. */
export function goodsReport(plan: GoodsPlan, locale: GoodsLocale): GoodsReport {
  const rows: GoodsReportRow[] = [];
  for (const c of plan.created) rows.push({ kind: "created", code: c.code, line: c.line, deleted: false, column: "", label: "", old: "", new: "" });
  let cells = 0;
  for (const g of plan.changed) {
    for (const c of g.changes) {
      rows.push({ kind: "changed", code: g.code, line: g.line, deleted: g.deleted, column: c.column, label: labelOf(c.column, locale), old: c.old, new: c.new });
      cells++;
    }
  }
  const kinds = KIND_LABELS[locale];
  const lines = [csvLine([...REPORT_HEADERS[locale]])];
  for (const r of rows) {
    const kind = r.kind === "created" ? kinds.created : r.deleted ? kinds.deleted : kinds.changed;
    lines.push(csvLine([r.code, String(r.line), kind, r.column, r.label, r.old, r.new].map((v) => protectFormula(v))));
  }
  return { counts: { created: plan.created.length, changed: plan.changed.length, cells }, rows, csv: `\ufeff${lines.join("\r\n")}\r\n` };
}

/** The diff as a download: one row per changed cell, new goods one row each, headed in the locale's language. */
export function goodsDiffCsv(diff: GoodsDiff, locale: GoodsLocale): string {
  return goodsReport(goodsPlan(diff), locale).csv;
}

// ---------------------------------------------------------------------------------------------
// Undo.

export interface GoodsUnrestorable {
  code: string;
  line: number;
  column: string;
  label: Bilingual;
  old: string;
  new: string;
  reason: Bilingual;
}

export interface GoodsUndo {
  /**
   * Goods upload CSV texts (header + rows, CRLF, to be sent as UTF-8) that write the old values
   * back; a cell is empty where its goods did not change that column (empty = unchanged). One text
   * unless it would pass MAX_FILE_BYTES, or a goods' old values pass a row's MAX_ROW_BYTES (then
   * its cells go in a further text, so no text names a goods twice). Empty: nothing to restore.
   */
  texts: string[];
  /** Goods whose values go back. */
  goods: number;
  /** Goods the upload created: the API cannot delete them; the operator is shown them. */
  created: { code: string; line: number }[];
  /** Cells an upload cannot restore (an empty cell changes nothing), with why. */
  unrestorable: GoodsUnrestorable[];
}

const WAS_EMPTY: Bilingual = {
  ja: "変更前は空（または空白だけ）でした。空のセルは項目を変えないため、アップロードでは空に戻せません",
  en: "it was empty (or blank) before; an empty cell leaves a field as it is, so an upload cannot empty it again",
};
const NOT_A_GOODS_COLUMN: Bilingual = { ja: "商品マスタのアップロードの列ではありません", en: "not a column of the goods upload" };

const faultOf = (c: CheckedColumn, cell: string) => cellTooLong(c, cell) ?? cellFault(c, cell);

/** The cell that writes `old` back to column `c`, or why there is none. */
function restoreCell(c: CheckedColumn, old: string): string | Bilingual {
  if (old.trim() === "") return WAS_EMPTY;
  const fault = faultOf(c, old);
  if (!fault) return old;
  // The API may show a whole number of a numeric field as "5.00", which a quantity or flag column
  // does not take as written: its canonical form writes the same value.
  if (c.kind === "quantity" || c.kind === "number" || c.kind === "flag") {
    const canonical = canonicalDecimal(old);
    if (canonical !== null && !faultOf(c, canonical)) return canonical;
  }
  return { ja: `変更前の値はアップロードで書けません（${fault.ja}）`, en: `the old value cannot be written by an upload (${fault.en})` };
}

/**
 * The uploads that take a goods upload back: the old value of each changed cell, where an upload
 * can write it. Created goods are listed apart (no API deletes a goods).
 */
export function undoGoods(plan: GoodsPlan): GoodsUndo {
  const unrestorable: GoodsUnrestorable[] = [];
  const restored: { code: string; cells: Map<string, string> }[] = [];
  const used = new Set<string>();
  for (const g of plan.changed) {
    const cells = new Map<string, string>();
    for (const ch of g.changes) {
      const c = uploadColumn("goods", ch.column);
      const cell = c && ch.column !== "syohin_code" ? restoreCell(c, ch.old) : NOT_A_GOODS_COLUMN;
      if (typeof cell === "string") {
        cells.set(ch.column, cell);
        used.add(ch.column);
      } else unrestorable.push({ code: g.code, line: g.line, column: ch.column, label: c?.label ?? { ja: ch.column, en: ch.column }, old: ch.old, new: ch.new, reason: cell });
    }
    if (cells.size > 0) restored.push({ code: g.code, cells });
  }
  const header = ["syohin_code", ...UPLOAD_COLUMNS.goods.map((c) => c.name).filter((n) => used.has(n))];
  const headerLine = csvLine(header);
  const headerBytes = utf8Length(headerLine) + 2;
  // Layers: a goods whose cells do not fit one row puts the rest in the next layer's row.
  const layers: string[][] = [];
  const rowLimit = MAX_ROW_BYTES.goods;
  for (const { code, cells } of restored) {
    let layer = 0;
    let row: (string | null)[] = [code, ...header.slice(1).map(() => null)];
    let bytes = utf8Length(csvLine(row));
    const flush = () => {
      (layers[layer] ??= []).push(csvLine(row));
      layer++;
      row = [code, ...header.slice(1).map(() => null)];
      bytes = utf8Length(csvLine(row));
    };
    let pending = false;
    header.forEach((name, k) => {
      const cell = k === 0 ? undefined : cells.get(name);
      if (cell === undefined) return;
      const size = utf8Length(csvLine([cell]));
      if (pending && bytes + size > rowLimit) flush();
      row[k] = cell;
      bytes += size;
      pending = true;
    });
    if (pending) flush();
  }
  const texts: string[] = [];
  for (const rows of layers) {
    let part: string[] = [];
    let bytes = headerBytes;
    for (const row of rows) {
      const size = utf8Length(row) + 2;
      if (part.length > 0 && bytes + size > MAX_FILE_BYTES) {
        texts.push(`${[headerLine, ...part].join("\r\n")}\r\n`);
        part = [];
        bytes = headerBytes;
      }
      part.push(row);
      bytes += size;
    }
    if (part.length > 0) texts.push(`${[headerLine, ...part].join("\r\n")}\r\n`);
  }
  return { texts, goods: restored.length, created: plan.created.map((c) => ({ ...c })), unrestorable };
}
