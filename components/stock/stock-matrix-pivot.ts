// The goods × warehouse stock matrix (/stock/matrix, issue 35 item 6), as data: a page of goods
// (codes and names from the goods master, in its order) pivoted against the warehouse stock rows of
// those goods (`/api_v1_warehouse_stock/search`, spec 2.9): one row per goods, one pair of numbers
// (free, on hand: `warehouse_stock_free_quantity`, `warehouse_stock_quantity`) per warehouse.
//
// A goods with no warehouse stock row for a warehouse is NOT LINKED to it (NextEngine keeps a row per
// linked pair: the warehouse stock upload links with `kyoten_syohin_himoduke` and unlinks by deleting
// the row, lib/csv/stock-plan.ts), which is not the same as linked with 0 in stock: an upload to an
// unlinked pair is refused. So a missing cell is blank (null), never 0; the goods stock (spec 2.8)
// counts it as nothing, as a sum over the linked warehouses does.
//
// Pure and browser-safe: the screen (./stock-matrix.tsx), its CSV and the unit tests share it.
import { protectFormula, type CsvDocument } from "@/lib/grid/csv";
import type { ApiRow } from "@/lib/query/call-operation";

const P = "warehouse_stock_";
export const MATRIX_STOCK_FIELDS = [`${P}warehouse_id`, `${P}goods_id`, `${P}free_quantity`, `${P}quantity`] as const;
export const MATRIX_GOODS_FIELDS = ["goods_id", "goods_name"] as const;

export interface MatrixWarehouse {
  id: string;
  name: string;
}

export interface MatrixCell {
  free: number;
  onHand: number;
}

export interface MatrixRow {
  code: string;
  name: string;
  /** By warehouse id; null: the goods is not linked to that warehouse (no row). */
  cells: Readonly<Record<string, MatrixCell | null>>;
}

export interface StockMatrix {
  warehouses: readonly MatrixWarehouse[];
  rows: readonly MatrixRow[];
}

/** A quantity of an answer as a number (the API sends numbers as strings); null when it is none. */
function quantity(value: string | null | undefined): number | null {
  if (value === null || value === undefined || value.trim() === "") return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

/**
 * The matrix of a page of goods (`goods`: goods master rows, in page order) and the warehouse stock
 * rows of those goods. Columns: `warehouses` (the warehouse master, in its order), or only those of
 * `chosen` when some are chosen; a warehouse a stock row names that the master lacks is added after
 * them, named by its id, so no stock is left out. Stock rows of goods not on the page are ignored.
 */
export function pivotWarehouseStock(goods: readonly ApiRow[], stockRows: readonly ApiRow[], warehouses: readonly MatrixWarehouse[], chosen: readonly string[] = []): StockMatrix {
  const wanted = chosen.length ? new Set(chosen) : null;
  const columns: MatrixWarehouse[] = warehouses.filter((w) => !wanted || wanted.has(w.id));
  const known = new Set(columns.map((w) => w.id));
  const byGoods = new Map<string, Record<string, MatrixCell | null>>();
  for (const g of goods) {
    const code = g.goods_id;
    if (code && !byGoods.has(code)) byGoods.set(code, {});
  }
  for (const row of stockRows) {
    const code = row[`${P}goods_id`];
    const warehouse = row[`${P}warehouse_id`];
    if (!code || !warehouse) continue;
    const cells = byGoods.get(code);
    if (!cells) continue;
    if (wanted && !wanted.has(warehouse)) continue;
    if (!known.has(warehouse)) {
      known.add(warehouse);
      columns.push({ id: warehouse, name: warehouse });
    }
    cells[warehouse] = { free: quantity(row[`${P}free_quantity`]) ?? 0, onHand: quantity(row[`${P}quantity`]) ?? 0 };
  }
  const rows: MatrixRow[] = [];
  const seen = new Set<string>();
  for (const g of goods) {
    const code = g.goods_id;
    if (!code || seen.has(code)) continue;
    seen.add(code);
    const found = byGoods.get(code) ?? {};
    const cells: Record<string, MatrixCell | null> = {};
    for (const w of columns) cells[w.id] = found[w.id] ?? null;
    rows.push({ code, name: g.goods_name ?? "", cells });
  }
  return { warehouses: columns, rows };
}

export interface MatrixCsvLabels {
  code: string;
  name: string;
  /** The header of a warehouse's free column ("倉庫A フリー在庫数"). */
  free: (warehouse: string) => string;
  /** The header of a warehouse's on-hand column ("倉庫A 在庫数"). */
  onHand: (warehouse: string) => string;
}

/**
 * The CSV of the matrix as shown: goods code, goods name, then per warehouse its free and on-hand
 * quantity, plain numbers (no separators), a blank cell where the goods is not linked. Text cells
 * go through the grids' formula guard (lib/grid/csv.ts); the grids' writer encodes the document.
 */
export function matrixCsvDocument(matrix: StockMatrix, labels: MatrixCsvLabels): CsvDocument {
  const header = [labels.code, labels.name, ...matrix.warehouses.flatMap((w) => [labels.free(w.name), labels.onHand(w.name)])].map((h) => protectFormula(h) ?? "");
  const rows = matrix.rows.map((row) => [
    protectFormula(row.code),
    protectFormula(row.name),
    ...matrix.warehouses.flatMap((w) => {
      const cell = row.cells[w.id];
      return cell ? [String(cell.free), String(cell.onHand)] : ["", ""];
    }),
  ]);
  return { header, rows };
}

/** The goods codes a page's warehouse stock search names (`in`, at most 1,000: the page sizes keep to it). */
export function pageGoodsCodes(goods: readonly ApiRow[]): string[] {
  return [...new Set(goods.map((g) => g.goods_id ?? "").filter(Boolean))];
}

/** The matrix's page sizes: one `in` list holds at most 1,000 goods codes. */
export const MATRIX_PAGE_SIZES = [50, 100, 500, 1000] as const;
