// Stocktakes: a file of counted quantities (kyoten_mei, syohin_code, tanaoroshi_su; or the
// Japanese headers 倉庫名, 商品コード, 棚卸数) compared with the current warehouse stock, turned
// into the additions and subtractions the API takes (kasan_su, gensan_su). Browser-safe: it runs
// in the page's Web Worker.
//
// - fetchStocktakeStock: the warehouse master, ALL stock rows of the file's warehouses (the goods
//   the file does not mention are needed too) and which goods exist and are not deleted, in few
//   calls one at a time (lookups.ts's rules: `in` lists of ≤ 1000 values or pages of 10,000 rows,
//   whichever is fewer). A 100,000-row stocktake against 100,000 stock rows costs about 14.
// - computeStocktake: per row current, allocated, counted, difference and status, the problems
//   (CsvProblem, shown like any file's), and per warehouse the stocked goods the file does not
//   mention. Kept in typed arrays by row (rowAt builds one row's object for the page's
//   virtualized table), as check.ts keeps its simulated stock.
// - stocktakeUpload: the warehouse-stock upload of the differences, with its plan (stock-plan.ts).
// - restocktake: the same file against stock read again just before sending.
//
// A row names a pair when its warehouse and code cells are not empty, whatever else is wrong with
// it: such a pair is never counted as "not mentioned" (a goods the file names is never set to 0
// by the unmentioned choice, even when its row is in error and left out).
import { csvField, csvLine } from "@/lib/grid/csv";
import { MAX_QUANTITY, uploadColumn, type CheckedColumn } from "./columns";
import { isBlank } from "./parse";
import { eachByInLists, eachByKeys, eachRow, inCalls, pageCalls, STOCK_FIELDS, warehouseIdsOf, type StockApi, type StockPlan, type StockPlanRow } from "./stock-plan";
import { cellFault, cellTooLong, readQuantity, type CellFault } from "./values";
import { IN_VALUES, type LookupNeeds } from "./lookups";
import type { Bilingual, CheckResult, CsvProblem, CsvRead, CsvRecord } from "./types";

/** The stocktake's columns and the Japanese header each may be given as. */
export const STOCKTAKE_COLUMNS = [
  { name: "kyoten_mei", ja: "倉庫名", label: { ja: "倉庫名", en: "Warehouse name" } },
  { name: "syohin_code", ja: "商品コード", label: { ja: "商品コード", en: "Goods code" } },
  { name: "tanaoroshi_su", ja: "棚卸数", label: { ja: "棚卸数", en: "Counted quantity" } },
] as const;

export type StocktakeColumn = (typeof STOCKTAKE_COLUMNS)[number]["name"];

const WH_COLUMN = uploadColumn("warehouse-stock", "kyoten_mei") as CheckedColumn;
const CODE_COLUMN = uploadColumn("warehouse-stock", "syohin_code") as CheckedColumn;
/** The counted quantity: a whole number 0..MAX_QUANTITY (values.ts readQuantity). */
export const COUNT_COLUMN: CheckedColumn = {
  name: "tanaoroshi_su",
  label: { ja: "棚卸数", en: "Counted quantity" },
  guide: "数えた在庫数を0以上の半角整数で入力します（必須）。",
  required: true,
  kind: "quantity",
  min: 0,
  max: MAX_QUANTITY,
};

/** Column positions of a stocktake header (-1 when absent), trimmed names or their Japanese forms. */
function stocktakePositions(header: readonly string[]): Record<StocktakeColumn, number> {
  const out = { kyoten_mei: -1, syohin_code: -1, tanaoroshi_su: -1 };
  header.forEach((raw, i) => {
    const name = raw.trim();
    const c = STOCKTAKE_COLUMNS.find((x) => x.name === name || x.ja === name);
    if (c && out[c.name] < 0) out[c.name] = i;
  });
  return out;
}

/** What the look-ups must cover: distinct trimmed, non-empty warehouse names and goods codes. */
export function stocktakeNeeds(read: CsvRead): LookupNeeds {
  const at = stocktakePositions(read.header);
  const distinct = (index: number): string[] => {
    if (index < 0) return [];
    const out = new Set<string>();
    for (const r of read.records) {
      const v = r.cells[index]?.trim();
      if (v) out.add(v);
    }
    return [...out];
  };
  return { goodsCodes: distinct(at.syohin_code), warehouseNames: distinct(at.kyoten_mei) };
}

// ------------------------------------------------------------------------------------------------
// The stock of a stocktake.

/** The current stock a stocktake is compared with: every stock row of the file's warehouses. */
export interface StocktakeStock {
  /** The file's warehouse names that the warehouse master holds → warehouse_id. */
  warehouseIds: ReadonlyMap<string, string>;
  /** Stock rows (pairs), by position: */
  size: number;
  warehouse: readonly string[];
  code: readonly string[];
  quantity: Float64Array;
  allocated: Float64Array;
  /** 1 when the goods is deleted in the goods master (the API refuses an upload row naming it). */
  deleted: Uint8Array;
  /** Warehouse name → goods code → position. */
  positions: ReadonlyMap<string, ReadonlyMap<string, number>>;
  /** Of the file's goods codes: those that exist in the goods master and are not deleted. */
  goodsCodes: ReadonlySet<string>;
  /** Of the file's goods codes and the stocked ones: those the goods master marks deleted. */
  deletedCodes: ReadonlySet<string>;
}

/** One stock row as buildStocktakeStock takes it. */
export interface StocktakePair {
  warehouse: string;
  code: string;
  quantity: number;
  allocated: number;
}

/** Stock rows gathered into columns as they come (no object per row), indexed by warehouse and code. */
class StockColumns {
  readonly warehouse: string[] = [];
  readonly code: string[] = [];
  private quantity = new Float64Array(1024);
  private allocated = new Float64Array(1024);
  readonly positions = new Map<string, Map<string, number>>();
  private codes: Map<string, number> | undefined;
  private codesOf: string | null = null;

  /** A pair given twice keeps its last stock. */
  add(warehouse: string, code: string, quantity: number, allocated: number): void {
    if (warehouse !== this.codesOf) {
      this.codes = this.positions.get(warehouse);
      if (!this.codes) this.positions.set(warehouse, (this.codes = new Map()));
      this.codesOf = warehouse;
    }
    const codes = this.codes as Map<string, number>;
    let at = codes.get(code);
    if (at === undefined) {
      at = this.warehouse.length;
      codes.set(code, at);
      this.warehouse.push(warehouse);
      this.code.push(code);
      if (at === this.quantity.length) {
        const q = new Float64Array(at * 2);
        q.set(this.quantity);
        this.quantity = q;
        const a = new Float64Array(at * 2);
        a.set(this.allocated);
        this.allocated = a;
      }
    }
    this.quantity[at] = quantity;
    this.allocated[at] = allocated;
  }

  done(warehouseIds: ReadonlyMap<string, string>, goodsCodes: ReadonlySet<string>, deletedCodes: ReadonlySet<string>): StocktakeStock {
    const size = this.warehouse.length;
    const deleted = new Uint8Array(size);
    if (deletedCodes.size > 0) for (let i = 0; i < size; i++) if (deletedCodes.has(this.code[i] as string)) deleted[i] = 1;
    const { warehouse, code, positions } = this;
    return { warehouseIds, size, warehouse, code, quantity: this.quantity.slice(0, size), allocated: this.allocated.slice(0, size), deleted, positions, goodsCodes, deletedCodes };
  }
}

/**
 * A StocktakeStock from its parts (fetchStocktakeStock builds the same from the API's pages;
 * tests may build one by hand). A pair given twice keeps its last stock.
 */
export function buildStocktakeStock(warehouseIds: ReadonlyMap<string, string>, pairs: Iterable<StocktakePair>, goodsCodes: ReadonlySet<string>, deletedCodes: ReadonlySet<string> = new Set()): StocktakeStock {
  const columns = new StockColumns();
  for (const p of pairs) columns.add(p.warehouse, p.code, p.quantity, p.allocated);
  return columns.done(warehouseIds, goodsCodes, deletedCodes);
}

const GOODS = "/api_v1_master_goods";

/**
 * Which goods exist: `stocked` codes have a stock row, so they exist; only which of them are
 * deleted is asked. `rest` (no stock row) are asked whether they exist and are deleted. When the
 * rest would page through the whole goods master, that one paging answers both.
 */
async function goodsStatus(api: StockApi, stocked: ReadonlySet<string>, rest: readonly string[]): Promise<{ existing: Set<string>; deleted: Set<string> }> {
  const existing = new Set<string>();
  const deleted = new Set<string>();
  const restIn = inCalls(rest);
  if (restIn > 1) {
    const total = await api.count(`${GOODS}/count`, {});
    if (pageCalls(total) < restIn) {
      const wanted = new Set(rest);
      await eachRow(api, `${GOODS}/search`, ["goods_id", "goods_deleted_flag"], [], (r) => {
        const id = r.goods_id;
        if (!id) return;
        const isDeleted = r.goods_deleted_flag === "1";
        if (wanted.has(id)) (isDeleted ? deleted : existing).add(id);
        else if (isDeleted && stocked.has(id)) deleted.add(id);
      }, total);
      return { existing, deleted };
    }
  }
  await eachByInLists(api, GOODS, "goods_id", rest, ["goods_id", "goods_deleted_flag"], [], (r) => {
    if (r.goods_id) (r.goods_deleted_flag === "1" ? deleted : existing).add(r.goods_id);
  });
  await eachByKeys(api, GOODS, "goods_id", stocked, ["goods_id"], [{ field: "goods_deleted_flag", op: "eq", value: "1" }], (r) => {
    if (r.goods_id) deleted.add(r.goods_id);
  });
  return { existing, deleted };
}

/**
 * The stock a stocktake needs, in few calls made one at a time: the warehouse master (1 call);
 * every stock row of the file's warehouses (pages of 10,000, warehouses in `in` lists of ≤ 1000);
 * then the goods: a goods with a stock row exists, so the goods master is asked only which of
 * those are deleted and about the file's codes without a stock row (by `in` lists or paging,
 * whichever is fewer; one paging of the master answers both when the rest needs it).
 */
export async function fetchStocktakeStock(needs: LookupNeeds, api: StockApi): Promise<StocktakeStock> {
  const warehouseIds = await warehouseIdsOf(api, needs.warehouseNames);
  const nameOf = new Map<string, string>();
  for (const [name, id] of warehouseIds) nameOf.set(id, name);
  const ids = [...nameOf.keys()];
  const columns = new StockColumns();
  // The stocked codes are gathered on the way.
  const stocked = new Set<string>();
  for (let i = 0; i < ids.length; i += IN_VALUES) {
    await eachRow(api, "/api_v1_warehouse_stock/search", STOCK_FIELDS, [{ field: "warehouse_stock_warehouse_id", op: "in", value: ids.slice(i, i + IN_VALUES) }], (r) => {
      const warehouse = nameOf.get(String(r.warehouse_stock_warehouse_id ?? ""));
      const code = r.warehouse_stock_goods_id;
      if (warehouse === undefined || !code) return;
      stocked.add(code);
      columns.add(warehouse, code, Number(r.warehouse_stock_quantity ?? 0), Number(r.warehouse_stock_allocation_quantity ?? 0));
    });
  }
  const rest = needs.goodsCodes.filter((c) => !stocked.has(c));
  const { existing, deleted } = await goodsStatus(api, stocked, rest);
  const goodsCodes = new Set<string>(existing);
  for (const c of needs.goodsCodes) if (stocked.has(c) && !deleted.has(c)) goodsCodes.add(c);
  return columns.done(warehouseIds, goodsCodes, deleted);
}

// ------------------------------------------------------------------------------------------------
// The comparison.

export type StocktakeStatus = "error" | "up" | "down" | "none";
/** The status codes of StocktakeResult.status. */
export const STOCKTAKE_STATUS: readonly StocktakeStatus[] = ["error", "up", "down", "none"];
const ERROR = 0;
const UP = 1;
const DOWN = 2;
const NONE = 3;

/** One row of a stocktake as the page shows it. */
export interface StocktakeRow {
  index: number;
  line: number;
  warehouse: string;
  code: string;
  /** Whether the pair has a warehouse stock row; when not, current and allocated are 0. */
  linked: boolean;
  /** null when the pair is not known (unknown warehouse or goods, or the row could not be read). */
  current: number | null;
  allocated: number | null;
  counted: number | null;
  /** counted − current; null for a row in error. */
  difference: number | null;
  status: StocktakeStatus;
}

/** A stocked goods (quantity > 0) of a warehouse of the file that the file does not mention. */
export interface UnmentionedGoods {
  /** Position in the stock (StocktakeStock). */
  at: number;
  warehouse: string;
  code: string;
  quantity: number;
  allocated: number;
  deleted: boolean;
}

export interface StocktakeWarehouse {
  name: string;
  /** Its unmentioned goods are unmentioned[from .. from + count). */
  from: number;
  count: number;
}

export interface StocktakeResult extends CheckResult {
  read: CsvRead;
  stock: StocktakeStock;
  /** Column positions in the file (-1 when absent). */
  columns: Record<StocktakeColumn, number>;
  /** Rows (records), by index: */
  size: number;
  /** STOCKTAKE_STATUS index. */
  status: Uint8Array;
  /** 1 when the pair has a stock row. */
  linked: Uint8Array;
  /** NaN when unknown. */
  current: Float64Array;
  allocated: Float64Array;
  counted: Float64Array;
  /** Position of the pair in the stock, or -1. */
  stockAt: Int32Array;
  counts: Record<StocktakeStatus, number>;
  /** Indexes of the rows with no difference. */
  noDifference: Int32Array;
  /** The file's known warehouses, in the order the file first names them. */
  warehouses: StocktakeWarehouse[];
  /** Stock positions of the unmentioned goods, grouped by warehouse (see warehouses). */
  unmentioned: Int32Array;
  rowAt(index: number): StocktakeRow;
  unmentionedAt(index: number): UnmentionedGoods;
}

class Problems {
  readonly problems: CsvProblem[] = [];
  readonly errorLines: number[] = [];
  add(line: number, column: string | null, value: string | null, code: string, ja: string, en: string): void {
    this.problems.push({ line, column, value, code, reason: { ja, en }, severity: "error" });
    if (line > 1 && this.errorLines[this.errorLines.length - 1] !== line) this.errorLines.push(line);
  }
  fault(line: number, column: string, value: string, f: CellFault): void {
    this.add(line, column, value, f.code, f.ja, f.en);
  }
}

const accepted: Bilingual = {
  ja: STOCKTAKE_COLUMNS.map((c) => `${c.name}（${c.ja}）`).join("、"),
  en: STOCKTAKE_COLUMNS.map((c) => `${c.name} (${c.ja}, ${c.label.en.toLowerCase()})`).join(", "),
};

function checkHeader(header: readonly string[], rows: number, out: Problems): Record<StocktakeColumn, number> {
  const first = new Map<StocktakeColumn, number>();
  header.forEach((raw, i) => {
    const name = raw.trim();
    if (name === "") {
      out.add(1, null, raw, "empty-column", `ヘッダー（1行目）の${i + 1}列目の列名が空です。使える列名は ${accepted.ja} です`, `the header (line 1) has an empty column name in column ${i + 1}; the columns are ${accepted.en}`);
      return;
    }
    const c = STOCKTAKE_COLUMNS.find((x) => x.name === name || x.ja === name);
    if (!c) {
      out.add(1, raw, raw, "unknown-column", `「${name}」は棚卸のファイルにない列名です（${i + 1}列目）。使える列名は ${accepted.ja} です`, `"${name}" (column ${i + 1}) is not a column of a stocktake; the columns are ${accepted.en}`);
      return;
    }
    const seen = first.get(c.name);
    if (seen !== undefined) {
      out.add(1, raw, raw, "duplicate-column", `列「${c.name}」（${c.ja}）が重複しています（${seen + 1}列目と${i + 1}列目）`, `column "${c.name}" (${c.ja}) appears twice (columns ${seen + 1} and ${i + 1})`);
      return;
    }
    first.set(c.name, i);
  });
  for (const c of STOCKTAKE_COLUMNS) {
    if (!first.has(c.name)) out.add(1, c.name, null, "missing-column", `必須の列「${c.name}」（${c.ja}）がありません`, `the required column "${c.name}" (${c.ja}, ${c.label.en.toLowerCase()}) is missing`);
  }
  if (rows === 0) out.add(1, null, null, "no-rows", "ヘッダー行の後にデータ行がありません", "there are no data rows after the header");
  return stocktakePositions(header);
}

/**
 * The stocktake file against the stock: per row current (0 and not linked when the pair has no
 * stock row), allocated, counted, difference and status; the rows with no difference; per
 * warehouse of the file, its stocked goods the file does not mention. Problems (all errors; a
 * header problem refuses the file and its rows are not compared):
 * - header: missing, duplicate, unknown or empty column names, no rows;
 * - row: blank line, misplaced quote, cell count, empty warehouse or code, a cell too long, the
 *   count not a whole number 0..MAX_QUANTITY, the same warehouse and goods as an earlier line;
 * - stock: unknown warehouse, unknown or deleted goods, counted below the allocated quantity (the
 *   API never subtracts allocated stock).
 */
export function computeStocktake(read: CsvRead, stock: StocktakeStock): StocktakeResult {
  const records = read.records;
  const n = records.length;
  const out = new Problems();
  const at = checkHeader(read.header, n, out);
  const fileRefused = out.problems.length > 0;
  const status = new Uint8Array(n);
  const linked = new Uint8Array(n);
  const current = new Float64Array(n).fill(NaN);
  const allocated = new Float64Array(n).fill(NaN);
  const counted = new Float64Array(n).fill(NaN);
  const stockAt = new Int32Array(n).fill(-1);
  const counts: Record<StocktakeStatus, number> = { error: 0, up: 0, down: 0, none: 0 };
  const noDifference: number[] = [];
  // The first line naming each stocked pair (0: none yet), and of other pairs by key.
  const firstLine = new Int32Array(stock.size);
  const otherFirst = new Map<string, number>();
  const whAt = at.kyoten_mei;
  const codeAt = at.syohin_code;
  const countAt = at.tanaoroshi_su;
  const whName = whAt >= 0 ? (read.header[whAt] as string) : "kyoten_mei";
  const codeName = codeAt >= 0 ? (read.header[codeAt] as string) : "syohin_code";
  const countName = countAt >= 0 ? (read.header[countAt] as string) : "tanaoroshi_su";
  const fileWarehouses: string[] = [];
  const seenWarehouse = new Set<string>();
  let byCode: ReadonlyMap<string, number> | undefined;
  let byCodeOf: string | null = null;
  const whMax = WH_COLUMN.max as number;
  for (let i = 0; i < n && !fileRefused; i++) {
    const r = records[i] as CsvRecord;
    const line = r.line;
    const cells = r.cells;
    const before = out.problems.length;
    if (isBlank(cells)) {
      out.add(line, null, null, "blank-line", `${line}行目が空行です。行を削除するか、この行を除いてください`, `line ${line} is blank; delete it or leave the line out`);
    } else if (r.quoteProblem) {
      const name = read.header[r.quoteProblem.cell] ?? null;
      const value = cells[r.quoteProblem.cell] ?? null;
      if (r.quoteProblem.kind === "stray-quote") {
        out.add(line, name, value, "stray-quote", `引用符（"）で囲まれていない値に引用符があります。値全体を "" で囲み、中の " は "" と2つ重ねてください`, `a double quote inside an unquoted value; put the whole value in quotes and double the quote inside ("")`);
      } else out.add(line, name, value, "text-after-quote", `閉じ引用符（"）の後に文字があります`, `characters after a closing double quote`);
    } else if (cells.length !== read.header.length) {
      out.add(line, null, null, "cell-count", `列の数がヘッダーと違います（ヘッダーは${read.header.length}列、この行は${cells.length}列）`, `${cells.length} cells where the header has ${read.header.length} columns`);
    } else {
      const whRaw = cells[whAt] as string;
      const codeRaw = cells[codeAt] as string;
      const countRaw = cells[countAt] as string;
      const warehouse = whRaw.trim();
      const code = codeRaw.trim();
      let whOk = false;
      if (warehouse === "") out.add(line, whName, whRaw, "empty-warehouse", "倉庫名（kyoten_mei）が空です", "the warehouse name (kyoten_mei) is empty");
      else if (whRaw.length > whMax) out.fault(line, whName, whRaw, cellFault(WH_COLUMN, whRaw) as CellFault);
      else whOk = true;
      let codeOk = false;
      const longCode = cellTooLong(CODE_COLUMN, codeRaw);
      if (code === "") out.add(line, codeName, codeRaw, "empty-code", "商品コード（syohin_code）が空です", "the goods code (syohin_code) is empty");
      else if (longCode) out.fault(line, codeName, codeRaw, longCode);
      else codeOk = true;
      let count = NaN;
      const countValue = countRaw.trim();
      if (countValue === "") out.add(line, countName, countRaw, "empty-quantity", "棚卸数（tanaoroshi_su）が空です。数えた数を0以上の整数で入力してください", "the counted quantity (tanaoroshi_su) is empty; enter the count as a whole number, 0 or more");
      else {
        const fault = cellTooLong(COUNT_COLUMN, countRaw);
        const q = fault ?? readQuantity(COUNT_COLUMN, countValue);
        if (typeof q === "number") count = q;
        else out.fault(line, countName, countRaw, q);
      }
      counted[i] = count;
      // The warehouse and the goods against the masters, each on its own; the pair when both are read.
      const known = whOk && stock.warehouseIds.has(warehouse);
      if (whOk && !known) out.add(line, whName, whRaw, "unknown-warehouse", `倉庫「${warehouse}」は倉庫マスタにありません`, `no warehouse named "${warehouse}" in the warehouse master`);
      if (known && !seenWarehouse.has(warehouse)) {
        seenWarehouse.add(warehouse);
        fileWarehouses.push(warehouse);
      }
      let pos = -1;
      if (known && codeOk) {
        if (warehouse !== byCodeOf) {
          byCode = stock.positions.get(warehouse);
          byCodeOf = warehouse;
        }
        pos = byCode?.get(code) ?? -1;
      }
      let goodsOk = false;
      if (codeOk) {
        if (pos >= 0 ? stock.deleted[pos] === 1 : stock.deletedCodes.has(code)) {
          out.add(line, codeName, codeRaw, "deleted-goods", `商品「${code}」は商品マスタで削除されています`, `goods "${code}" is deleted in the goods master`);
        } else if (pos < 0 && !stock.goodsCodes.has(code)) {
          out.add(line, codeName, codeRaw, "unknown-goods", `商品コード「${code}」は商品マスタにありません`, `no goods with the code "${code}" in the goods master`);
        } else goodsOk = true;
      }
      if (whOk && codeOk) {
        // The same pair twice: the later line is the error, naming the first.
        let first: number;
        if (pos >= 0) {
          first = firstLine[pos] as number;
          if (first === 0) firstLine[pos] = line;
        } else {
          const key = `${warehouse}\t${code}`;
          first = otherFirst.get(key) ?? 0;
          if (first === 0) otherFirst.set(key, line);
        }
        if (first !== 0) {
          out.add(line, codeName, codeRaw, "duplicate-pair", `倉庫「${warehouse}」の商品「${code}」は${first}行目にもあります。1つの倉庫・商品は1行で数えてください`, `goods "${code}" of warehouse "${warehouse}" is already on line ${first}; count each warehouse and goods on one line`);
        }
      }
      if (known && goodsOk) {
        stockAt[i] = pos;
        const q = pos >= 0 ? (stock.quantity[pos] as number) : 0;
        const a = pos >= 0 ? (stock.allocated[pos] as number) : 0;
        linked[i] = pos >= 0 ? 1 : 0;
        current[i] = q;
        allocated[i] = a;
        if (count < a) {
          out.add(
            line,
            countName,
            countRaw,
            "below-allocated",
            `棚卸数 ${count} が引当数 ${a} より少ないため反映できません（在庫数 ${q}）。引当済みの在庫は減らせません。引当を解除してから数え直してください`,
            `the count ${count} is below the allocated quantity ${a} (stock ${q}); allocated stock cannot be subtracted: release the allocation and count again`,
          );
        }
      }
    }
    if (out.problems.length > before) {
      status[i] = ERROR;
      counts.error++;
      continue;
    }
    const diff = (counted[i] as number) - (current[i] as number);
    if (diff > 0) {
      status[i] = UP;
      counts.up++;
    } else if (diff < 0) {
      status[i] = DOWN;
      counts.down++;
    } else {
      status[i] = NONE;
      counts.none++;
      noDifference.push(i);
    }
  }
  if (fileRefused) counts.error = n;

  // The stocked goods of each of the file's warehouses that no row names.
  const warehouses: StocktakeWarehouse[] = [];
  const unmentioned: number[] = [];
  for (const name of fileWarehouses) {
    const from = unmentioned.length;
    const codes = stock.positions.get(name);
    if (codes) for (const pos of codes.values()) if (firstLine[pos] === 0 && (stock.quantity[pos] as number) > 0) unmentioned.push(pos);
    warehouses.push({ name, from, count: unmentioned.length - from });
  }
  const unmentionedArray = Int32Array.from(unmentioned);
  const cell = (i: number, col: number): string => (col < 0 ? "" : (records[i]?.cells[col] ?? "").trim());
  const orNull = (v: number): number | null => (Number.isNaN(v) ? null : v);
  return {
    problems: out.problems,
    errorLines: out.errorLines,
    warningLines: [],
    fileRefused,
    read,
    stock,
    columns: at,
    size: n,
    status,
    linked,
    current,
    allocated,
    counted,
    stockAt,
    counts,
    noDifference: Int32Array.from(noDifference),
    warehouses,
    unmentioned: unmentionedArray,
    rowAt(index: number): StocktakeRow {
      const r = records[index];
      if (!r) throw new RangeError(`rowAt: no row ${index}`);
      const s = STOCKTAKE_STATUS[status[index] as number] as StocktakeStatus;
      const cur = orNull(current[index] as number);
      const cnt = orNull(counted[index] as number);
      return {
        index,
        line: r.line,
        warehouse: cell(index, whAt),
        code: cell(index, codeAt),
        linked: linked[index] === 1,
        current: cur,
        allocated: orNull(allocated[index] as number),
        counted: cnt,
        difference: s === "error" || cur === null || cnt === null ? null : cnt - cur,
        status: s,
      };
    },
    unmentionedAt(index: number): UnmentionedGoods {
      const pos = unmentionedArray[index];
      if (pos === undefined || index < 0) throw new RangeError(`unmentionedAt: no goods ${index}`);
      return {
        at: pos,
        warehouse: stock.warehouse[pos] as string,
        code: stock.code[pos] as string,
        quantity: stock.quantity[pos] as number,
        allocated: stock.allocated[pos] as number,
        deleted: stock.deleted[pos] === 1,
      };
    },
  };
}

// ------------------------------------------------------------------------------------------------
// The upload.

export const STOCKTAKE_UPLOAD_HEADER = "kyoten_mei,syohin_code,kasan_su,gensan_su,nyusyukko_riyu";

export interface StocktakeUploadOptions {
  /** What to do with the stocked goods the file does not mention: leave them, or set them to 0. */
  unmentioned: "leave" | "zero";
  /** nyusyukko_riyu of every row (default 棚卸). */
  reason?: string;
}

/** An unmentioned goods that "set to 0" cannot set to 0 (the API would refuse its row). */
export interface CannotZero extends UnmentionedGoods {
  why: "allocated" | "deleted";
  reason: Bilingual;
}

export interface StocktakeUpload {
  /** The warehouse-stock upload: header + one row per difference, CRLF after every line, no BOM. */
  text: string;
  rows: number;
  /** The stocktake's line of each upload row (0 for an unmentioned goods set to 0). */
  lines: Int32Array;
  /** The plan: every row compared without error (change 0 for no difference) and the goods set to 0. */
  plan: StockPlan;
  /** Unmentioned goods set to 0 by the upload. */
  zeroed: number;
  cannotZero: CannotZero[];
}

/**
 * The warehouse-stock upload of a stocktake's differences: up → kasan_su, down → gensan_su, no
 * difference or a row in error → no row; with unmentioned "zero", a gensan_su of their quantity
 * for each unmentioned goods whose allocated quantity is 0 (others are listed in cannotZero: the
 * API never subtracts allocated stock, nor takes a deleted goods). Rows in file order, then the
 * unmentioned goods by warehouse.
 */
export function stocktakeUpload(result: StocktakeResult, options: StocktakeUploadOptions): StocktakeUpload {
  const reason = csvField(options.reason ?? "棚卸");
  const out: string[] = [STOCKTAKE_UPLOAD_HEADER];
  const lines: number[] = [];
  const plan: StockPlanRow[] = [];
  const { records } = result.read;
  const whAt = result.columns.kyoten_mei;
  const codeAt = result.columns.syohin_code;
  for (let i = 0; i < result.size; i++) {
    const s = result.status[i] as number;
    if (s === ERROR) continue;
    const cells = (records[i] as { cells: string[] }).cells;
    const warehouse = (cells[whAt] as string).trim();
    const code = (cells[codeAt] as string).trim();
    const before = result.current[i] as number;
    const count = result.counted[i] as number;
    const diff = count - before;
    const wasLinked = result.linked[i] === 1;
    const line = (records[i] as { line: number }).line;
    if (diff > 0) out.push(`${csvField(warehouse)},${csvField(code)},${diff},,${reason}`);
    else if (diff < 0) out.push(`${csvField(warehouse)},${csvField(code)},,${-diff},${reason}`);
    if (diff !== 0) lines.push(line);
    plan.push({
      warehouse,
      code,
      linkedBefore: wasLinked,
      quantityBefore: before,
      allocatedBefore: result.allocated[i] as number,
      change: diff,
      // An addition links a pair without a stock row; a count of 0 leaves it unlinked.
      linkedAfter: wasLinked || diff > 0,
      quantityAfter: count,
      counted: count,
      lines: [line],
    });
  }
  const cannotZero: CannotZero[] = [];
  let zeroed = 0;
  if (options.unmentioned === "zero") {
    for (let k = 0; k < result.unmentioned.length; k++) {
      const g = result.unmentionedAt(k);
      if (g.deleted) {
        cannotZero.push({ ...g, why: "deleted", reason: { ja: `商品「${g.code}」は商品マスタで削除されているため、在庫を0にできません`, en: `goods "${g.code}" is deleted in the goods master, so its stock cannot be set to 0` } });
        continue;
      }
      if (g.allocated > 0) {
        cannotZero.push({
          ...g,
          why: "allocated",
          reason: { ja: `引当数が${g.allocated}あるため、在庫を0にできません（在庫数 ${g.quantity}）`, en: `${g.allocated} are allocated, so the stock cannot be set to 0 (stock ${g.quantity})` },
        });
        continue;
      }
      out.push(`${csvField(g.warehouse)},${csvField(g.code)},,${g.quantity},${reason}`);
      lines.push(0);
      zeroed++;
      plan.push({ warehouse: g.warehouse, code: g.code, linkedBefore: true, quantityBefore: g.quantity, allocatedBefore: 0, change: -g.quantity, linkedAfter: true, quantityAfter: 0, counted: 0, lines: [] });
    }
  }
  return { text: `${out.join("\r\n")}\r\n`, rows: lines.length, lines: Int32Array.from(lines), plan: { kind: "stocktake", rows: plan }, zeroed, cannotZero };
}

// ------------------------------------------------------------------------------------------------
// Just before sending.

export interface PairState {
  linked: boolean;
  /** null when the pair is not known (unknown warehouse or goods). */
  quantity: number | null;
  allocated: number | null;
}

export interface ChangedRow {
  index: number;
  line: number;
  warehouse: string;
  code: string;
  before: PairState;
  now: PairState;
}

export interface ChangedUnmentioned {
  warehouse: string;
  code: string;
  /** null: not listed at the preview (not stocked then). */
  before: { quantity: number; allocated: number } | null;
  /** null: no longer listed (not stocked now). */
  now: { quantity: number; allocated: number } | null;
}

export interface Restocktake {
  /** The file against the fresh stock: its differences are the ones to send. */
  result: StocktakeResult;
  /** Rows whose current stock (quantity, allocated or link) changed since the preview. */
  changed: ChangedRow[];
  /** Unmentioned goods that appeared, went or changed since the preview. */
  unmentionedChanged: ChangedUnmentioned[];
}

/**
 * The stocktake of `previous` recomputed against `freshStock` (fetchStocktakeStock again, just
 * before sending): the rows whose stock changed (before → now) and the new result, whose
 * differences are computed from the fresh stock only, never the preview's.
 */
export function restocktake(previous: StocktakeResult, freshStock: StocktakeStock): Restocktake {
  const result = computeStocktake(previous.read, freshStock);
  const changed: ChangedRow[] = [];
  const state = (r: StocktakeResult, i: number): PairState => {
    const q = r.current[i] as number;
    const a = r.allocated[i] as number;
    return { linked: r.linked[i] === 1, quantity: Number.isNaN(q) ? null : q, allocated: Number.isNaN(a) ? null : a };
  };
  for (let i = 0; i < result.size; i++) {
    if (
      previous.linked[i] === result.linked[i] &&
      Object.is(previous.current[i], result.current[i]) &&
      Object.is(previous.allocated[i], result.allocated[i])
    ) {
      continue;
    }
    const row = result.rowAt(i);
    changed.push({ index: i, line: row.line, warehouse: row.warehouse, code: row.code, before: state(previous, i), now: state(result, i) });
  }
  const listed = (r: StocktakeResult) => {
    const m = new Map<string, { warehouse: string; code: string; quantity: number; allocated: number }>();
    for (let k = 0; k < r.unmentioned.length; k++) {
      const g = r.unmentionedAt(k);
      m.set(`${g.warehouse}\t${g.code}`, { warehouse: g.warehouse, code: g.code, quantity: g.quantity, allocated: g.allocated });
    }
    return m;
  };
  const was = listed(previous);
  const now = listed(result);
  const unmentionedChanged: ChangedUnmentioned[] = [];
  for (const [key, b] of was) {
    const a = now.get(key);
    if (!a) unmentionedChanged.push({ warehouse: b.warehouse, code: b.code, before: { quantity: b.quantity, allocated: b.allocated }, now: null });
    else if (a.quantity !== b.quantity || a.allocated !== b.allocated) {
      unmentionedChanged.push({ warehouse: b.warehouse, code: b.code, before: { quantity: b.quantity, allocated: b.allocated }, now: { quantity: a.quantity, allocated: a.allocated } });
    }
  }
  for (const [key, a] of now) if (!was.has(key)) unmentionedChanged.push({ warehouse: a.warehouse, code: a.code, before: null, now: { quantity: a.quantity, allocated: a.allocated } });
  return { result, changed, unmentionedChanged };
}

/** The stocktake template's header line (the machine names). */
export const STOCKTAKE_HEADER = csvLine(STOCKTAKE_COLUMNS.map((c) => c.name));
