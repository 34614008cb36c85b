import "server-only";
// The reorder list and the sellable sets, answered from the company's read model with one SQL
// statement each (aggregates in the database; lib/analytics/README.md "Reorder list and sellable
// sets" says what every number means and why).
import { sql, type SQL } from "drizzle-orm";
import type { AppDatabase } from "@/lib/db";
import { JST_OFFSET_MS } from "@/lib/ne/registry/types";
import { jstToday } from "@/lib/board/period";
import { DEFAULT_COVER_DAYS, SALES_WINDOW_DAYS, type ReorderAnswer, type ReorderRow, type SetRow, type SetsAnswer } from "../stock-query";

type Db = AppDatabase["db"];
const DAY_MS = 24 * 60 * 60 * 1000;

export interface StockOptions {
  /** One warehouse's free stock (analytics_warehouse_stock) instead of all warehouses' (analytics_stock). */
  warehouse?: number;
  /** Reorder list: goods whose days of cover are under this are flagged (default DEFAULT_COVER_DAYS). */
  days?: number;
  /** The clock (tests). */
  now?: Date;
}

/** [from, to) of the sales window: SALES_WINDOW_DAYS JST days ending with today. */
export function salesWindow(now: Date): { from: Date; to: Date } {
  const todayStart = Math.floor((now.getTime() + JST_OFFSET_MS) / DAY_MS) * DAY_MS - JST_OFFSET_MS;
  return { from: new Date(todayStart - (SALES_WINDOW_DAYS - 1) * DAY_MS), to: new Date(todayStart + DAY_MS) };
}

/** goods_id → free stock of all warehouses or of one. */
function freeStock(company: string, warehouse: number | undefined): SQL {
  return warehouse === undefined
    ? sql`SELECT stock_goods_id AS goods_id, stock_free_quantity AS free FROM analytics_stock WHERE company_ne_id = ${company}`
    : sql`SELECT warehouse_stock_goods_id AS goods_id, warehouse_stock_free_quantity AS free FROM analytics_warehouse_stock
           WHERE company_ne_id = ${company} AND warehouse_stock_warehouse_id = ${warehouse}`;
}

type Raw = Record<string, unknown>;
const rowsOf = (result: unknown): Raw[] => (result as { rows: Raw[] }).rows;
const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));
const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const str = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

async function header(db: Db, company: string): Promise<{ asOf: string | null; warehouses: number[] }> {
  const [company_] = rowsOf(await db.execute(sql`SELECT as_of FROM analytics_companies WHERE company_ne_id = ${company}`));
  const warehouses = rowsOf(
    await db.execute(sql`SELECT DISTINCT warehouse_stock_warehouse_id AS id FROM analytics_warehouse_stock WHERE company_ne_id = ${company} ORDER BY 1`),
  ).map((r) => Number(r.id));
  const asOf = company_?.as_of;
  return { asOf: asOf ? new Date(asOf as string | Date).toISOString() : null, warehouses };
}

/**
 * Goods (not deleted) whose free stock is at or below their reorder point (when it is above 0),
 * or whose days of cover are under `days` (selling faster than their cover), by supplier and code.
 */
export async function reorderList(db: Db, company: string, options: StockOptions = {}): Promise<ReorderAnswer> {
  const days = options.days ?? DEFAULT_COVER_DAYS;
  const { from, to } = salesWindow(options.now ?? new Date());
  const result = await db.execute(sql`
    WITH sold AS (
      -- The window's counted units per goods code from the daily summary (lib/analytics/server/summaries.ts).
      SELECT s.receive_order_row_goods_id AS goods_id, SUM(s.units) AS units
        FROM analytics_daily_goods s
       WHERE s.company_ne_id = ${company}
         AND s.day >= ${jstToday(from)}::date AND s.day < ${jstToday(to)}::date
         AND NOT s.cancelled
       GROUP BY s.receive_order_row_goods_id
    ), free AS (${freeStock(company, options.warehouse)}),
    g AS (
      SELECT g.goods_id, g.goods_name, g.goods_supplier_id, g.supplier_name, g.goods_order_point, g.goods_stock_constant,
             GREATEST(COALESCE(g.goods_lot, 1), 1) AS lot,
             COALESCE(f.free, 0) AS free,
             COALESCE(s.units, 0) AS units
        FROM analytics_goods g
        LEFT JOIN free f ON f.goods_id = g.goods_id
        LEFT JOIN sold s ON s.goods_id = g.goods_id
       WHERE g.company_ne_id = ${company} AND g.goods_deleted_flag IS DISTINCT FROM '1'
    ), flagged AS (
      SELECT *,
             COALESCE(goods_order_point > 0 AND free <= goods_order_point, false) AS below_point,
             (units > 0 AND GREATEST(free, 0) * ${SALES_WINDOW_DAYS} < units * ${days}) AS fast
        FROM g
    )
    SELECT goods_id, goods_name, goods_supplier_id, supplier_name, goods_order_point, goods_stock_constant, lot, free, units,
           ROUND(units / ${SALES_WINDOW_DAYS}::numeric, 2) AS daily,
           CASE WHEN units > 0 THEN ROUND(GREATEST(free, 0) * ${SALES_WINDOW_DAYS} / units, 1) END AS cover,
           CEIL(GREATEST(COALESCE(goods_stock_constant, 0) - free, 0) / lot) * lot AS suggested,
           below_point, fast
      FROM flagged
     WHERE below_point OR fast
     ORDER BY supplier_name NULLS LAST, goods_supplier_id NULLS LAST, goods_id`);
  const rows: ReorderRow[] = rowsOf(result).map((r) => ({
    goodsId: String(r.goods_id),
    goodsName: str(r.goods_name),
    supplierId: str(r.goods_supplier_id),
    supplierName: str(r.supplier_name),
    free: num(r.free),
    orderPoint: numOrNull(r.goods_order_point),
    stockConstant: numOrNull(r.goods_stock_constant),
    lot: num(r.lot),
    units30: num(r.units),
    dailyUnits: num(r.daily),
    coverDays: numOrNull(r.cover),
    suggested: num(r.suggested),
    belowPoint: r.below_point === true,
    fast: r.fast === true,
  }));
  return { ...(await header(db, company)), days, rows };
}

/**
 * Every set goods: how many can be sold now (the minimum over its components of
 * floor(max(free, 0) / quantity per set); a component missing from stock has 0) and the component
 * giving it. Components with no quantity per set (0 or none) do not limit.
 */
export async function sellableSets(db: Db, company: string, options: StockOptions = {}): Promise<SetsAnswer> {
  const result = await db.execute(sql`
    WITH free AS (${freeStock(company, options.warehouse)}),
    comp AS (
      SELECT s.set_goods_id, s.set_goods_name, s.set_goods_detail_goods_id AS goods_id, s.set_goods_detail_quantity AS quantity,
             COALESCE(f.free, 0) AS free,
             CASE WHEN s.set_goods_detail_quantity > 0 THEN FLOOR(GREATEST(COALESCE(f.free, 0), 0) / s.set_goods_detail_quantity) END AS can,
             COUNT(*) OVER (PARTITION BY s.set_goods_id) AS components
        FROM analytics_set_goods s
        LEFT JOIN free f ON f.goods_id = s.set_goods_detail_goods_id
       WHERE s.company_ne_id = ${company}
    )
    SELECT DISTINCT ON (c.set_goods_id) c.set_goods_id, c.set_goods_name, c.goods_id, g.goods_name, c.quantity, c.free, COALESCE(c.can, 0) AS sellable, c.components
      FROM comp c
      LEFT JOIN analytics_goods g ON g.company_ne_id = ${company} AND g.goods_id = c.goods_id
     ORDER BY c.set_goods_id, c.can ASC NULLS LAST, c.goods_id`);
  const rows: SetRow[] = rowsOf(result).map((r) => ({
    setId: String(r.set_goods_id),
    setName: str(r.set_goods_name),
    sellable: num(r.sellable),
    components: num(r.components),
    limitingId: String(r.goods_id),
    limitingName: str(r.goods_name),
    limitingQuantity: num(r.quantity),
    limitingFree: num(r.free),
  }));
  return { ...(await header(db, company)), rows };
}
