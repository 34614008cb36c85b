// The warehouse-stock plan: what an upload is expected to do to each (warehouse, goods) pair it
// names, kept beside the upload so that the page can later say what the upload did (the stock read
// back against the plan) and take it back (undoUpload). Built from a warehouse-stock file
// (stockPlan) or from a stocktake (stocktake.ts stocktakeUpload). Browser-safe: it runs in the
// page's Web Worker.
//
// The plan as CSV (planCsv / readPlanCsv; the journal stores it gzipped beside the file): UTF-8,
// no BOM, CRLF after every line, RFC 4180 quoting, no formula protection (machine data: every
// value must come back exactly). One header line, then one line per pair in the plan's order:
//
//   kyoten_mei        warehouse name
//   syohin_code       goods code
//   linked_before     1 when the pair had a warehouse stock row (was linked) before, else 0
//   quantity_before   stock before (0 when not linked)
//   allocated_before  allocated quantity before (0 when not linked)
//   change            the upload's net change of the quantity, signed (quantity_after − quantity_before)
//   linked_after      1 when the pair is expected to be linked afterwards, else 0
//   quantity_after    expected stock afterwards (0 when not linked)
//   counted           (stocktake plans only: the column is absent from a warehouse-stock plan)
//                     the counted quantity; 0 for a goods the stocktake did not mention and set to 0
//   lines             the file lines involved, ascending, separated by single spaces (empty for a
//                     goods a stocktake did not mention)
//
// Whole numbers are written in decimal ASCII. The header tells the kind: with `counted` it is a
// stocktake plan.
import { csvField, csvLine, protectFormula } from "@/lib/grid/csv";
import { MAX_QUANTITY } from "./columns";
import { IN_VALUES, PAGE_ROWS, type LookupCount, type LookupSearch } from "./lookups";
import { parseRecords } from "./parse";
import type { CsvRead, CsvRecord, UploadLookups } from "./types";

/** The API seam of the look-ups (lookups.ts's): search and count, conditions eq and in. */
export interface StockApi {
  search: LookupSearch;
  count: LookupCount;
}

type Condition = { field: string; op: string; value?: string | string[] };
type ApiRow = Record<string, string | null>;

export type StockPlanKind = "warehouse-stock" | "stocktake";

/** One (warehouse, goods) pair an upload touches. */
export interface StockPlanRow {
  warehouse: string;
  code: string;
  linkedBefore: boolean;
  quantityBefore: number;
  allocatedBefore: number;
  /** Net change of the quantity the upload makes, signed (quantityAfter − quantityBefore). */
  change: number;
  linkedAfter: boolean;
  /** Expected quantity afterwards (0 when not linked). */
  quantityAfter: number;
  /** Stocktake: the counted quantity (0 for an unmentioned goods set to 0); null otherwise. */
  counted: number | null;
  /** File lines involved, ascending (empty for a goods a stocktake did not mention). */
  lines: number[];
}

export interface StockPlan {
  kind: StockPlanKind;
  rows: StockPlanRow[];
}

/** Whether the upload links the pair (it had no stock row) or unlinks it (deletes its row). */
export function planLink(row: StockPlanRow): "link" | "unlink" | null {
  if (!row.linkedBefore && row.linkedAfter) return "link";
  if (row.linkedBefore && !row.linkedAfter) return "unlink";
  return null;
}

/** The key of a pair in the maps of this module and of UploadLookups.warehouseStock. */
export const pairKey = (warehouse: string, code: string): string => `${warehouse}\t${code}`;

// ------------------------------------------------------------------------------------------------
// Look-up calls, as lookups.ts makes them: one at a time, `in` lists of ≤ IN_VALUES values or
// pages of PAGE_ROWS rows, whichever a count says is fewer calls.

/** Calls of `in` lists for these keys (a key holding a comma is asked alone with eq). */
export function inCalls(keys: readonly string[]): number {
  let single = 0;
  for (const k of keys) if (k.includes(",")) single++;
  return Math.ceil((keys.length - single) / IN_VALUES) + single;
}

/** Calls of paging through `total` rows (a known total: the loop stops there). */
export const pageCalls = (total: number): number => Math.ceil(total / PAGE_ROWS);

/**
 * Every row of a search, page by page, handed to `each` as each page arrives (no array of all
 * rows is kept). Stops at a short page, or at `total` when it is known.
 */
export async function eachRow(api: StockApi, path: `/${string}`, fields: string[], conditions: Condition[], each: (row: ApiRow) => void, total?: number): Promise<void> {
  for (let offset = 0; total === undefined || offset < total; offset += PAGE_ROWS) {
    const { rows } = await api.search(path, { fields, ...(conditions.length ? { conditions } : {}), offset, limit: PAGE_ROWS });
    for (const r of rows) each(r);
    if (rows.length < PAGE_ROWS) break;
  }
}

/** Rows whose `key` is one of `keys`, by `in` lists (and eq for keys holding a comma). */
export async function eachByInLists(api: StockApi, base: `/${string}`, key: string, keys: readonly string[], fields: string[], extra: Condition[], each: (row: ApiRow) => void): Promise<void> {
  const listed: string[] = [];
  const single: string[] = [];
  for (const k of keys) (k.includes(",") ? single : listed).push(k);
  for (let i = 0; i < listed.length; i += IN_VALUES) {
    await eachRow(api, `${base}/search`, fields, [...extra, { field: key, op: "in", value: listed.slice(i, i + IN_VALUES) }], each);
  }
  for (const k of single) await eachRow(api, `${base}/search`, fields, [...extra, { field: key, op: "eq", value: k }], each);
}

/**
 * Rows of a resource whose `key` is one of `keys` (and which meet `extra`): by `in` lists, or
 * paging through all rows meeting `extra` when a count says that is fewer calls (lookups.ts's rule).
 */
export async function eachByKeys(api: StockApi, base: `/${string}`, key: string, keys: ReadonlySet<string> | readonly string[], fields: string[], extra: Condition[], each: (row: ApiRow) => void): Promise<void> {
  const list = Array.isArray(keys) ? (keys as readonly string[]) : [...keys];
  if (list.length === 0) return;
  const calls = inCalls(list);
  if (calls > 1) {
    const total = await api.count(`${base}/count`, extra.length ? { conditions: extra } : {});
    if (pageCalls(total) < calls) {
      const wanted: ReadonlySet<string> = keys instanceof Set ? keys : new Set(list);
      await eachRow(api, `${base}/search`, fields, extra, (r) => {
        if (wanted.has(r[key] ?? "")) each(r);
      }, total);
      return;
    }
  }
  await eachByInLists(api, base, key, list, fields, extra, each);
}

/** The warehouse master (one call): id of each of `names` that it holds. */
export async function warehouseIdsOf(api: StockApi, names: Iterable<string>): Promise<Map<string, string>> {
  const wanted = new Set(names);
  const out = new Map<string, string>();
  if (wanted.size === 0) return out;
  await eachRow(api, "/api_v1_warehouse_base/search", ["warehouse_id", "warehouse_name"], [], (r) => {
    const name = r.warehouse_name;
    if (name && wanted.has(name) && r.warehouse_id != null && !out.has(name)) out.set(name, String(r.warehouse_id));
  });
  return out;
}

export const STOCK_FIELDS = ["warehouse_stock_warehouse_id", "warehouse_stock_goods_id", "warehouse_stock_quantity", "warehouse_stock_allocation_quantity"];

/** Current stock of a pair as the API answers it. */
export interface PairStock {
  quantity: number;
  allocated: number;
}

/**
 * The current stock of the plan's pairs (the read-back after an upload): the warehouse master
 * (1 call), then the stock rows of the plan's goods in the plan's warehouses by `in` lists or
 * pages, whichever is fewer (as fetchLookups). A pair missing from the answer is not linked.
 */
export async function readBackStock(plan: StockPlan, api: StockApi): Promise<Map<string, PairStock>> {
  const out = new Map<string, PairStock>();
  if (plan.rows.length === 0) return out;
  const wanted = new Set<string>();
  const codes = new Set<string>();
  const names = new Set<string>();
  for (const r of plan.rows) {
    wanted.add(pairKey(r.warehouse, r.code));
    codes.add(r.code);
    names.add(r.warehouse);
  }
  const ids = await warehouseIdsOf(api, names);
  const nameOf = new Map<string, string>();
  for (const [name, id] of ids) nameOf.set(id, name);
  const idList = [...nameOf.keys()];
  const codeList = [...codes];
  for (let i = 0; i < idList.length; i += IN_VALUES) {
    const extra = [{ field: "warehouse_stock_warehouse_id", op: "in", value: idList.slice(i, i + IN_VALUES) }];
    await eachByKeys(api, "/api_v1_warehouse_stock", "warehouse_stock_goods_id", codeList, STOCK_FIELDS, extra, (r) => {
      const name = nameOf.get(String(r.warehouse_stock_warehouse_id ?? ""));
      const code = r.warehouse_stock_goods_id;
      if (name === undefined || !code) return;
      const key = pairKey(name, code);
      if (wanted.has(key)) out.set(key, { quantity: Number(r.warehouse_stock_quantity ?? 0), allocated: Number(r.warehouse_stock_allocation_quantity ?? 0) });
    });
  }
  return out;
}

// ------------------------------------------------------------------------------------------------
// The plan of a warehouse-stock file.

const OPERATIONS = ["kasan_su", "gensan_su", "kyoten_syohin_himoduke", "kyoten_syohin_sakujyo"] as const;

interface PairState {
  row: StockPlanRow;
  linked: boolean;
  quantity: number;
  allocated: number;
}

/** A whole number 1..MAX_QUANTITY (the queue's rule for kasan_su and gensan_su), or NaN. */
function amountOf(raw: string): number {
  const v = raw.trim();
  if (!/^\d+$/.test(v)) return NaN;
  const n = Number(v);
  return n >= 1 && n <= MAX_QUANTITY ? n : NaN;
}

/**
 * The plan of a warehouse-stock file: its rows applied in file order to the current stock of
 * `lookups` by the sandbox queue's rules (sandbox/uploads/warehouse-stock.ts, mirrored by
 * check.ts's simulation), the lines in `excludedLines` left out. The lines in `alone` (confirmed
 * warnings, which makeBatches sends in batches of their own after the others) are applied after
 * all the others, in file order. A row the queue would refuse (stock below 0 or below the
 * allocated quantity, not linked, over MAX_QUANTITY, unknown warehouse or goods, no or several
 * operations) changes nothing: the plan expects what the queue would do. Every pair a row names
 * (of a known warehouse and goods) is in the plan, in the order of its first row, with the lines
 * of all its rows.
 */
export function stockPlan(read: CsvRead, lookups: UploadLookups, excludedLines: ReadonlySet<number> = new Set(), alone: ReadonlySet<number> = new Set()): StockPlan {
  const position = (name: string) => read.header.findIndex((h) => h.trim() === name);
  const whAt = position("kyoten_mei");
  const codeAt = position("syohin_code");
  const opAt = OPERATIONS.map(position);
  const pairs = new Map<string, PairState>();
  const rows: StockPlanRow[] = [];
  const apply = (r: CsvRecord) => {
    const cells = r.cells;
    if (cells.length !== read.header.length || whAt < 0 || codeAt < 0) return;
    const warehouse = (cells[whAt] as string).trim();
    const code = (cells[codeAt] as string).trim();
    if (warehouse === "" || code === "" || !lookups.warehouseNames.has(warehouse)) return;
    let op = -1;
    for (let k = 0; k < 4; k++) {
      const at = opAt[k] as number;
      if (at < 0 || (cells[at] as string).trim() === "") continue;
      if (op >= 0) return; // several operations: refused
      op = k;
    }
    if (op < 0) return;
    const raw = cells[opAt[op] as number] as string;
    const amount = op < 2 ? amountOf(raw) : 0;
    if (op < 2 && Number.isNaN(amount)) return;
    if (op === 2 && raw.trim() !== "a") return;
    if (op === 3 && raw.trim() !== "d") return;
    const key = pairKey(warehouse, code);
    let s = pairs.get(key);
    if (!s) {
      const now = lookups.warehouseStock.get(key);
      if (!now && !lookups.goodsCodes.has(code)) return; // unknown or deleted goods: refused
      const row: StockPlanRow = {
        warehouse,
        code,
        linkedBefore: now !== undefined,
        quantityBefore: now?.quantity ?? 0,
        allocatedBefore: now?.allocated ?? 0,
        change: 0,
        linkedAfter: now !== undefined,
        quantityAfter: now?.quantity ?? 0,
        counted: null,
        lines: [],
      };
      s = { row, linked: row.linkedBefore, quantity: row.quantityBefore, allocated: row.allocatedBefore };
      pairs.set(key, s);
      rows.push(row);
    }
    s.row.lines.push(r.line);
    switch (op) {
      case 0: {
        const base = s.linked ? s.quantity : 0;
        if (base + amount > MAX_QUANTITY) return;
        if (!s.linked) {
          s.linked = true;
          s.allocated = 0;
        }
        s.quantity = base + amount;
        return;
      }
      case 1:
        if (!s.linked || s.quantity - amount < 0 || s.quantity - amount < s.allocated) return;
        s.quantity -= amount;
        return;
      case 2:
        if (!s.linked) {
          s.linked = true;
          s.quantity = 0;
          s.allocated = 0;
        }
        return;
      case 3:
        if (!s.linked || s.allocated > 0) return;
        s.linked = false;
        s.quantity = 0;
    }
  };
  const later: CsvRecord[] = [];
  for (const r of read.records) {
    if (excludedLines.has(r.line)) continue;
    if (alone.has(r.line)) later.push(r);
    else apply(r);
  }
  for (const r of later) apply(r);
  for (const s of pairs.values()) {
    s.row.linkedAfter = s.linked;
    s.row.quantityAfter = s.linked ? s.quantity : 0;
    s.row.change = s.row.quantityAfter - s.row.quantityBefore;
    if (later.length > 0) s.row.lines.sort((a, b) => a - b);
  }
  return { kind: "warehouse-stock", rows };
}

// ------------------------------------------------------------------------------------------------
// The plan as CSV.

const PLAN_HEAD = ["kyoten_mei", "syohin_code", "linked_before", "quantity_before", "allocated_before", "change", "linked_after", "quantity_after"] as const;
export const PLAN_COLUMNS: Record<StockPlanKind, readonly string[]> = {
  "warehouse-stock": [...PLAN_HEAD, "lines"],
  stocktake: [...PLAN_HEAD, "counted", "lines"],
};

/** The plan as CSV text (see the header comment of this file for its columns). */
export function planCsv(plan: StockPlan): string {
  const stocktake = plan.kind === "stocktake";
  const out: string[] = [csvLine(PLAN_COLUMNS[plan.kind])];
  for (const r of plan.rows) {
    const cells = [
      csvField(r.warehouse),
      csvField(r.code),
      r.linkedBefore ? "1" : "0",
      String(r.quantityBefore),
      String(r.allocatedBefore),
      String(r.change),
      r.linkedAfter ? "1" : "0",
      String(r.quantityAfter),
    ];
    if (stocktake) cells.push(r.counted === null ? "" : String(r.counted));
    cells.push(r.lines.join(" "));
    out.push(cells.join(","));
  }
  return `${out.join("\r\n")}\r\n`;
}

/** A plan read back from planCsv's text. Throws on anything planCsv does not write. */
export function readPlanCsv(text: string): StockPlan {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const parsed = parseRecords(body, 0x2c);
  if (!parsed.ok) throw new Error(`stock plan: ${parsed.refusal.reason.en}`);
  const { header, records } = parsed.parsed;
  const kind: StockPlanKind | undefined = (["warehouse-stock", "stocktake"] as const).find((k) => PLAN_COLUMNS[k].join(",") === header.join(","));
  if (!kind) throw new Error(`stock plan: unknown header ${header.join(",")}`);
  const stocktake = kind === "stocktake";
  const rows: StockPlanRow[] = [];
  for (const r of records) {
    const c = r.cells;
    const bad = (what: string) => new Error(`stock plan: line ${r.line}: ${what}`);
    if (c.length !== header.length) throw bad(`${c.length} cells where the header has ${header.length}`);
    const int = (at: number): number => {
      const v = c[at] as string;
      if (!/^-?\d+$/.test(v)) throw bad(`${header[at]} is not a whole number: ${v}`);
      return Number(v);
    };
    const flag = (at: number): boolean => {
      const v = c[at] as string;
      if (v !== "0" && v !== "1") throw bad(`${header[at]} is not 0 or 1: ${v}`);
      return v === "1";
    };
    const linesCell = c[c.length - 1] as string;
    if (linesCell !== "" && !/^\d+( \d+)*$/.test(linesCell)) throw bad(`lines: ${linesCell}`);
    const row: StockPlanRow = {
      warehouse: c[0] as string,
      code: c[1] as string,
      linkedBefore: flag(2),
      quantityBefore: int(3),
      allocatedBefore: int(4),
      change: int(5),
      linkedAfter: flag(6),
      quantityAfter: int(7),
      counted: stocktake && c[8] !== "" ? int(8) : null,
      lines: linesCell === "" ? [] : linesCell.split(" ").map(Number),
    };
    if (row.change !== row.quantityAfter - row.quantityBefore) throw bad(`change ${row.change} is not ${row.quantityAfter} − ${row.quantityBefore}`);
    rows.push(row);
  }
  return { kind, rows };
}

// ------------------------------------------------------------------------------------------------
// What the upload did: the plan against the stock read back.

export interface StockReportRow {
  warehouse: string;
  code: string;
  before: number;
  linkedBefore: boolean;
  change: number;
  expected: number;
  linkedExpected: boolean;
  /** The quantity read back (0 when not linked now). */
  actual: number;
  linkedActual: boolean;
  counted: number | null;
  /** Stocktake: actual equals the count; otherwise actual equals expected (quantity and link). */
  match: boolean;
  /** Link changes and states worth saying, in the report's language ("" when none). */
  note: string;
}

export interface StockReport {
  kind: StockPlanKind;
  rows: StockReportRow[];
  matched: number;
  mismatched: number;
}

const NOTES = {
  link: { ja: "この送信で倉庫に紐付け", en: "linked to the warehouse by this upload" },
  unlink: { ja: "この送信で紐付けを削除", en: "unlinked by this upload" },
  neverLinked: { ja: "紐付けなし", en: "not linked" },
  notLinkedNow: { ja: "現在は紐付けがありません", en: "not linked now" },
  linkedNow: { ja: "現在は紐付いています", en: "linked now" },
} as const;

/**
 * The report rows of a finished upload: per pair of the plan, before, change, expected after,
 * actual after (from readBack: readBackStock's answer, a pair missing from it is not linked) and
 * whether they match.
 */
export function stockReport(plan: StockPlan, readBack: ReadonlyMap<string, PairStock>, locale: "ja" | "en"): StockReport {
  let matched = 0;
  const rows = plan.rows.map((p): StockReportRow => {
    const now = readBack.get(pairKey(p.warehouse, p.code));
    const actual = now?.quantity ?? 0;
    const linkedActual = now !== undefined;
    const match = p.counted !== null ? actual === p.counted : actual === p.quantityAfter && linkedActual === p.linkedAfter;
    if (match) matched++;
    const notes: string[] = [];
    const link = planLink(p);
    if (link) notes.push(NOTES[link][locale]);
    else if (!p.linkedBefore && !p.linkedAfter && !linkedActual) notes.push(NOTES.neverLinked[locale]);
    if (p.linkedAfter && !linkedActual) notes.push(NOTES.notLinkedNow[locale]);
    if (!p.linkedAfter && linkedActual) notes.push(NOTES.linkedNow[locale]);
    return {
      warehouse: p.warehouse,
      code: p.code,
      before: p.quantityBefore,
      linkedBefore: p.linkedBefore,
      change: p.change,
      expected: p.quantityAfter,
      linkedExpected: p.linkedAfter,
      actual,
      linkedActual,
      counted: p.counted,
      match,
      note: notes.join(locale === "ja" ? "、" : "; "),
    };
  });
  return { kind: plan.kind, rows, matched, mismatched: rows.length - matched };
}

export const STOCK_REPORT_HEADERS = {
  ja: ["倉庫名", "商品コード", "変更前", "変更数", "変更後（予定）", "変更後（実際）", "棚卸数", "一致", "備考"],
  en: ["Warehouse", "Goods code", "Before", "Change", "After (expected)", "After (actual)", "Counted", "Match", "Note"],
} as const;

const MATCH = { ja: ["一致", "不一致"], en: ["yes", "no"] } as const;

/**
 * The report as a download for Excel: headers in the page's language, UTF-8 with a BOM, CRLF,
 * RFC 4180 quoting, formula-looking cells neutralised (lib/grid/csv.ts protectFormula; signed
 * numbers stay numbers).
 */
export function stockReportCsv(report: StockReport, locale: "ja" | "en"): string {
  const lines = [csvLine([...STOCK_REPORT_HEADERS[locale]])];
  const [yes, no] = MATCH[locale];
  for (const r of report.rows) {
    lines.push(
      csvLine(
        [r.warehouse, r.code, String(r.before), String(r.change), String(r.expected), String(r.actual), r.counted === null ? "" : String(r.counted), r.match ? yes : no, r.note].map((v) =>
          protectFormula(v),
        ),
      ),
    );
  }
  return `\ufeff${lines.join("\r\n")}\r\n`;
}

// ------------------------------------------------------------------------------------------------
// Undo.

export const WAREHOUSE_STOCK_HEADER = "kyoten_mei,syohin_code,kasan_su,gensan_su,nyusyukko_riyu,kyoten_syohin_himoduke,kyoten_syohin_sakujyo";

export interface UndoUpload {
  /** Warehouse-stock upload CSV (CRLF after every line, no BOM). */
  text: string;
  rows: number;
  /** The plan row each upload row takes back (index into plan.rows). */
  planRows: number[];
}

/**
 * The warehouse-stock upload that takes a plan back, pair by pair in the plan's order:
 * - linked before and after: a net addition becomes a gensan_su, a subtraction a kasan_su;
 * - linked by the upload (no stock row before): gensan_su of its quantity afterwards (when > 0),
 *   then kyoten_syohin_sakujyo d (the API deletes a link only when nothing is allocated: the
 *   page's check against current stock flags it otherwise);
 * - unlinked by the upload: kyoten_syohin_himoduke a, then kasan_su of its old quantity (when > 0);
 * - neither linked before nor after: nothing.
 * Every row gives `reason` (default 取り消し) as nyusyukko_riyu. The changes are relative, so a
 * movement made since the upload stays; the text goes through the page's normal check with fresh
 * look-ups, which catches what current stock no longer allows.
 */
export function undoUpload(plan: StockPlan, options: { reason?: string } = {}): UndoUpload {
  const reason = csvField(options.reason ?? "取り消し");
  const out: string[] = [WAREHOUSE_STOCK_HEADER];
  const planRows: number[] = [];
  plan.rows.forEach((p, i) => {
    const pair = `${csvField(p.warehouse)},${csvField(p.code)}`;
    const add = (n: number) => {
      out.push(`${pair},${n},,${reason},,`);
      planRows.push(i);
    };
    const subtract = (n: number) => {
      out.push(`${pair},,${n},${reason},,`);
      planRows.push(i);
    };
    if (p.linkedBefore && p.linkedAfter) {
      if (p.change > 0) subtract(p.change);
      else if (p.change < 0) add(-p.change);
    } else if (!p.linkedBefore && p.linkedAfter) {
      if (p.quantityAfter > 0) subtract(p.quantityAfter);
      out.push(`${pair},,,${reason},,d`);
      planRows.push(i);
    } else if (p.linkedBefore && !p.linkedAfter) {
      out.push(`${pair},,,${reason},a,`);
      planRows.push(i);
      if (p.quantityBefore > 0) add(p.quantityBefore);
    }
  });
  return { text: `${out.join("\r\n")}\r\n`, rows: planRows.length, planRows };
}

// ------------------------------------------------------------------------------------------------
// The read-back as the journal keeps it (the file's report document): one line per pair linked
// when it was read, `kyoten_mei,syohin_code,quantity,allocated`; a plan's pair missing from it was
// not linked. With the plan it gives stockReport again, in either language, whenever it is shown.

const READ_BACK_HEADER = ["kyoten_mei", "syohin_code", "quantity", "allocated"] as const;

export function readBackCsv(readBack: ReadonlyMap<string, PairStock>): string {
  const out: string[] = [csvLine([...READ_BACK_HEADER])];
  for (const [key, stock] of readBack) {
    const tab = key.indexOf("\t");
    out.push([csvField(key.slice(0, tab)), csvField(key.slice(tab + 1)), String(stock.quantity), String(stock.allocated)].join(","));
  }
  return `${out.join("\r\n")}\r\n`;
}

/** A read-back written by readBackCsv. Throws on anything it does not write. */
export function readReadBackCsv(text: string): Map<string, PairStock> {
  const parsed = parseRecords(text, 0x2c);
  if (!parsed.ok) throw new Error(`stock read-back: ${parsed.refusal.reason.en}`);
  const { header, records } = parsed.parsed;
  if (header.join(",") !== READ_BACK_HEADER.join(",")) throw new Error(`stock read-back: unknown header ${header.join(",")}`);
  const out = new Map<string, PairStock>();
  for (const r of records) {
    const [warehouse, code, quantity, allocated] = r.cells as [string, string, string, string];
    if (r.cells.length !== 4 || !/^\d+$/.test(quantity) || !/^\d+$/.test(allocated)) throw new Error(`stock read-back: line ${r.line} is malformed`);
    out.set(pairKey(warehouse, code), { quantity: Number(quantity), allocated: Number(allocated) });
  }
  return out;
}
