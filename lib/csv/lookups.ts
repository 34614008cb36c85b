// What the master checks need to know, fetched in few calls. For each master the cheaper of two
// plans is taken: `in` lists of the file's keys (≤ 1000 values a call), or paging through the
// whole master (10,000 rows a call, counted first). A 100,000-code goods file against 100,000
// goods thus costs a count and 10 pages instead of 100 `in` calls.
// Conditions are { field, op, value } with ops eq and in (value: an array of ≤ 1000 strings);
// rows of a master come in primary-key order.
import type { CsvRead, UploadKind, UploadLookups } from "./types";

type Condition = { field: string; op: string; value?: string | string[] };

export type LookupSearch = (
  path: `/${string}`,
  request: { fields: string[]; conditions?: Condition[]; offset?: number; limit?: number },
) => Promise<{ rows: Record<string, string | null>[] }>;
export type LookupCount = (path: `/${string}`, request: { conditions?: Condition[] }) => Promise<number>;

/** Most values of one `in` condition, and most rows of one search (the API's limits). */
export const IN_VALUES = 1000;
export const PAGE_ROWS = 10_000;

export interface LookupNeeds {
  goodsCodes: string[];
  warehouseNames: string[];
}

/** What the master look-ups must cover for this file: distinct trimmed, non-empty codes and names. */
export function lookupNeeds(kind: UploadKind, read: CsvRead): LookupNeeds {
  const position = (name: string) => read.header.findIndex((h) => h.trim() === name);
  const distinct = (index: number): string[] => {
    if (index < 0) return [];
    const out = new Set<string>();
    for (const r of read.records) {
      const v = r.cells[index]?.trim();
      if (v) out.add(v);
    }
    return [...out];
  };
  return {
    goodsCodes: distinct(position("syohin_code")),
    warehouseNames: kind === "warehouse-stock" ? distinct(position("kyoten_mei")) : [],
  };
}

interface Api {
  search: LookupSearch;
  count: LookupCount;
}

/** Every row of a search, page by page (stops at a short page, or at `total` when it is known). */
async function allRows(api: Api, path: `/${string}`, fields: string[], conditions: Condition[], total?: number): Promise<Record<string, string | null>[]> {
  const out: Record<string, string | null>[] = [];
  for (let offset = 0; total === undefined || offset < total; offset += PAGE_ROWS) {
    const { rows } = await api.search(path, { fields, ...(conditions.length ? { conditions } : {}), offset, limit: PAGE_ROWS });
    for (const r of rows) out.push(r);
    if (rows.length < PAGE_ROWS) break;
  }
  return out;
}

/**
 * Rows of a master whose `key` is one of `keys`: by `in` lists, or the whole master when that
 * takes fewer calls. A key holding a comma cannot go in an `in` list (the API splits on commas);
 * such keys are asked for with `eq`, one call each (rare: goods codes may hold commas).
 */
async function rowsByKey(
  api: Api,
  base: `/${string}`,
  key: string,
  keys: readonly string[],
  fields: string[],
  extra: Condition[] = [],
): Promise<Record<string, string | null>[]> {
  if (keys.length === 0) return [];
  const listed = keys.filter((k) => !k.includes(","));
  const single = keys.filter((k) => k.includes(","));
  const inCalls = Math.ceil(listed.length / IN_VALUES) + single.length;
  const out: Record<string, string | null>[] = [];
  if (inCalls > 1) {
    const total = await api.count(`${base}/count`, extra.length ? { conditions: extra } : {});
    const pageCalls = Math.floor(total / PAGE_ROWS) + 1;
    if (pageCalls < inCalls) {
      const wanted = new Set(keys);
      for (const r of await allRows(api, `${base}/search`, fields, extra, total)) if (wanted.has(r[key] ?? "")) out.push(r);
      return out;
    }
  }
  for (let i = 0; i < listed.length; i += IN_VALUES) {
    const chunk = listed.slice(i, i + IN_VALUES);
    out.push(...(await allRows(api, `${base}/search`, fields, [...extra, { field: key, op: "in", value: chunk }])));
  }
  for (const k of single) out.push(...(await allRows(api, `${base}/search`, fields, [...extra, { field: key, op: "eq", value: k }])));
  return out;
}

const STOCK_FIELDS = ["warehouse_stock_warehouse_id", "warehouse_stock_goods_id", "warehouse_stock_quantity", "warehouse_stock_allocation_quantity"];

/**
 * Fetches the look-ups in few batched calls.
 * - Warehouses: the whole (small) warehouse master: 1 call.
 * - Goods upload: which of the file's codes exist (deleted goods included: the upload updates
 *   them), by `in` lists or paging the goods master, whichever is fewer calls.
 * - Warehouse stock upload: first the stock rows of the file's goods in the file's warehouses.
 *   A goods with a stock row exists in the goods master (the row refers to it), so the goods
 *   master is asked only which of those are deleted (a deleted goods counts as missing, as in the
 *   sandbox's queue) and about the codes without a stock row. A 100,000-code file then costs the
 *   stock pages, not the stock pages and the whole goods master.
 */
export async function fetchLookups(kind: UploadKind, needs: LookupNeeds, api: Api): Promise<UploadLookups> {
  const goodsCodes = new Set<string>();
  if (kind === "goods") {
    for (const r of await rowsByKey(api, "/api_v1_master_goods", "goods_id", needs.goodsCodes, ["goods_id"])) if (r.goods_id) goodsCodes.add(r.goods_id);
    return { warehouseNames: new Set(), goodsCodes, warehouseStock: new Map() };
  }

  const warehouseNames = new Set<string>();
  const warehouseIds = new Map<string, string>();
  if (needs.warehouseNames.length > 0) {
    const wanted = new Set(needs.warehouseNames);
    // The warehouse list has no deletion flag (the official 拠点 table shows none): every warehouse it
    // answers can be named.
    const rows = await allRows(api, "/api_v1_warehouse_base/search", ["warehouse_id", "warehouse_name"], []);
    for (const r of rows) {
      const name = r.warehouse_name;
      if (!name || !wanted.has(name) || r.warehouse_id == null) continue;
      warehouseNames.add(name);
      warehouseIds.set(String(r.warehouse_id), name);
    }
  }

  // One `in` list of warehouses takes IN_VALUES of them: more are asked for in turns.
  const stockRows: Record<string, string | null>[] = [];
  const ids = [...warehouseIds.keys()];
  for (let i = 0; i < ids.length; i += IN_VALUES) {
    stockRows.push(
      ...(await rowsByKey(api, "/api_v1_warehouse_stock", "warehouse_stock_goods_id", needs.goodsCodes, STOCK_FIELDS, [
        { field: "warehouse_stock_warehouse_id", op: "in", value: ids.slice(i, i + IN_VALUES) },
      ])),
    );
  }
  const withStock = new Set<string>();
  for (const r of stockRows) if (r.warehouse_stock_goods_id) withStock.add(r.warehouse_stock_goods_id);
  const deleted = new Set<string>();
  const deletedRows = await rowsByKey(api, "/api_v1_master_goods", "goods_id", [...withStock], ["goods_id"], [{ field: "goods_deleted_flag", op: "eq", value: "1" }]);
  for (const r of deletedRows) if (r.goods_id) deleted.add(r.goods_id);
  for (const code of withStock) if (!deleted.has(code)) goodsCodes.add(code);
  const rest = needs.goodsCodes.filter((c) => !withStock.has(c));
  for (const r of await rowsByKey(api, "/api_v1_master_goods", "goods_id", rest, ["goods_id", "goods_deleted_flag"])) {
    if (r.goods_id && r.goods_deleted_flag !== "1") goodsCodes.add(r.goods_id);
  }

  const stock: StockPair[] = [];
  for (const r of stockRows) {
    const name = warehouseIds.get(String(r.warehouse_stock_warehouse_id ?? ""));
    const code = r.warehouse_stock_goods_id;
    if (name === undefined || !code || !goodsCodes.has(code)) continue;
    stock.push({
      warehouseName: name,
      code,
      quantity: Number(r.warehouse_stock_quantity ?? 0),
      allocated: Number(r.warehouse_stock_allocation_quantity ?? 0),
    });
  }
  return stockLookups(warehouseNames, goodsCodes, stock);
}

/** One warehouse's stock of one goods, as stockLookups takes it. */
export interface StockPair {
  warehouseName: string;
  code: string;
  quantity: number;
  allocated: number;
}

/**
 * Look-ups of a warehouse stock upload with the stock in both of its views: `warehouseStock` by
 * `${warehouseName}\t${code}` and `stockIndex` (warehouse → code → position), which lets
 * checkUpload skip a key string and two map look-ups a row. Built here, once per fetch, because
 * the pairs come apart (name and code) here; splitting the keys again in the check costs more
 * than it saves. A pair given twice keeps its last stock, as a Map would.
 */
export function stockLookups(warehouseNames: ReadonlySet<string>, goodsCodes: ReadonlySet<string>, stock: Iterable<StockPair>): UploadLookups {
  const warehouseStock = new Map<string, { quantity: number; allocated: number }>();
  const positions = new Map<string, Map<string, number>>();
  const entries: { quantity: number; allocated: number }[] = [];
  for (const p of stock) {
    const entry = { quantity: p.quantity, allocated: p.allocated };
    warehouseStock.set(`${p.warehouseName}\t${p.code}`, entry);
    let codes = positions.get(p.warehouseName);
    if (!codes) positions.set(p.warehouseName, (codes = new Map()));
    const at = codes.get(p.code);
    if (at === undefined) {
      codes.set(p.code, entries.length);
      entries.push(entry);
    } else entries[at] = entry;
  }
  return { warehouseNames, goodsCodes, warehouseStock, stockIndex: { positions, entries } };
}
