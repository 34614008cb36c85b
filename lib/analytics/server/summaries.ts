import "server-only";
// The summaries the views read (lib/db/schema.ts analytics_daily_sales, analytics_daily_goods and
// its monthly rollup analytics_monthly_goods),
// kept by the sync: each page that touches a JST day marks it in analytics_dirty_days (in the
// page's transaction), and the end of a sync recomputes exactly the marked days of the company
// from analytics_orders and analytics_order_rows (and those days' months of the rollup from the
// daily goods), then clears them (one transaction). A sync cut
// short leaves its marks for the next one. lib/analytics/README.md "Summaries" says why.
import { sql, type SQL } from "drizzle-orm";
import type { AppDatabase } from "@/lib/db";

type Db = AppDatabase["db"];
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** A slip's JST order date (the summaries' day). */
export const JST_DAY = (alias: string): SQL => sql.raw(`(${alias}.receive_order_date AT TIME ZONE 'Asia/Tokyo')::date`);

/** Marks dirty the JST order days of the company's slips that meet `which` (alias `o`). */
async function markDays(db: Db | Tx, company: string, which: SQL): Promise<void> {
  await db.execute(sql`
    INSERT INTO analytics_dirty_days (company_ne_id, day)
    SELECT DISTINCT ${company}, ${JST_DAY("o")} FROM analytics_orders o
     WHERE o.company_ne_id = ${company} AND o.receive_order_date IS NOT NULL AND ${which}
    ON CONFLICT DO NOTHING`);
}

/** Marks the JST order days of the company's slips `ids` (as stored now) dirty. */
export async function markSlipDays(db: Db | Tx, company: string, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await markDays(db, company, sql`o.receive_order_id = ANY(${`{${ids.join(",")}}`}::bigint[])`);
}

/** Marks the JST order days of the company's slips dated before `before` (pruned next) dirty. */
export async function markDaysBefore(db: Db | Tx, company: string, before: Date): Promise<void> {
  await markDays(db, company, sql`o.receive_order_date < ${before}`);
}

/** Marks every day of the company's copy dirty (a copy filled without the sync: benches, tests). */
export async function markAllDays(db: Db | Tx, company: string): Promise<void> {
  await markDays(db, company, sql`true`);
}

/**
 * Recomputes the company's dirty days' summaries from its slips and rows and clears the marks, in
 * one transaction. Answers how many days were recomputed.
 */
export async function recomputeDirtyDays(db: Db, company: string): Promise<number> {
  return db.transaction(async (tx) => {
    const marked = (await tx.execute(sql`SELECT count(*)::int AS n FROM analytics_dirty_days WHERE company_ne_id = ${company}`)) as unknown as { rows: { n: number }[] };
    const n = Number(marked.rows[0]?.n ?? 0);
    if (n === 0) return 0;
    // The dirty days as [start, end) instants, so the slips are read by their date index.
    const days = sql`
      SELECT d.day, (d.day::timestamp AT TIME ZONE 'Asia/Tokyo') AS start, ((d.day + 1)::timestamp AT TIME ZONE 'Asia/Tokyo') AS stop
        FROM analytics_dirty_days d WHERE d.company_ne_id = ${company}`;
    // The slips of the dirty days that count at all (not deleted), each with its day.
    const slips = sql`
      SELECT d.day, o.receive_order_id, o.receive_order_shop_id, o.receive_order_payment_method_id, o.receive_order_delivery_id,
             o.cancelled, o.receive_order_total_amount
        FROM (${days}) d JOIN analytics_orders o
          ON o.company_ne_id = ${company} AND o.receive_order_date >= d.start AND o.receive_order_date < d.stop
       WHERE o.receive_order_deleted_flag IS DISTINCT FROM '1'`;
    await tx.execute(sql`DELETE FROM analytics_daily_sales s USING analytics_dirty_days d WHERE s.company_ne_id = ${company} AND d.company_ne_id = ${company} AND s.day = d.day`);
    await tx.execute(sql`DELETE FROM analytics_daily_goods s USING analytics_dirty_days d WHERE s.company_ne_id = ${company} AND d.company_ne_id = ${company} AND s.day = d.day`);
    await tx.execute(sql`
      WITH o AS (${slips})
      INSERT INTO analytics_daily_sales (company_ne_id, day, receive_order_shop_id, receive_order_payment_method_id, receive_order_delivery_id,
        cancelled, orders, revenue, units, all_units)
      SELECT ${company}, o.day, o.receive_order_shop_id, o.receive_order_payment_method_id, o.receive_order_delivery_id, o.cancelled,
             count(*), sum(o.receive_order_total_amount), sum(r.units), sum(r.all_units)
        FROM o CROSS JOIN LATERAL (
          SELECT sum(r.receive_order_row_quantity) FILTER (WHERE r.receive_order_row_cancel_flag IS DISTINCT FROM '1') AS units,
                 sum(r.receive_order_row_quantity) AS all_units
            FROM analytics_order_rows r
           WHERE r.company_ne_id = ${company} AND r.receive_order_row_receive_order_id = o.receive_order_id
             AND r.receive_order_row_deleted_flag = '1'
        ) r
       GROUP BY o.day, o.receive_order_shop_id, o.receive_order_payment_method_id, o.receive_order_delivery_id, o.cancelled`);
    await tx.execute(sql`
      WITH o AS (${slips}),
      r AS (
        SELECT o.day, o.receive_order_id, o.receive_order_shop_id, o.cancelled, r.receive_order_row_goods_id AS goods_id,
               r.receive_order_row_goods_name AS goods_name, r.receive_order_row_quantity AS quantity, r.receive_order_row_sub_total_price AS sub_total,
               r.receive_order_row_cancel_flag IS DISTINCT FROM '1' AS counted
          FROM o JOIN analytics_order_rows r
            ON r.company_ne_id = ${company} AND r.receive_order_row_receive_order_id = o.receive_order_id
         WHERE r.receive_order_row_deleted_flag = '1' AND r.receive_order_row_goods_id IS NOT NULL
      )
      INSERT INTO analytics_daily_goods (company_ne_id, day, receive_order_shop_id, cancelled, receive_order_row_goods_id,
        orders, units, revenue, receive_order_row_goods_name, all_orders, all_units, all_revenue, all_rows_goods_name)
      SELECT ${company}, day, receive_order_shop_id, cancelled, goods_id,
             count(DISTINCT receive_order_id) FILTER (WHERE counted), sum(quantity) FILTER (WHERE counted), sum(sub_total) FILTER (WHERE counted),
             max(goods_name) FILTER (WHERE counted),
             count(DISTINCT receive_order_id), sum(quantity), sum(sub_total), max(goods_name)
        FROM r
       GROUP BY day, receive_order_shop_id, cancelled, goods_id`);
    // The dirty days' months, rolled up again from the daily goods summary.
    const months = sql`SELECT DISTINCT date_trunc('month', d.day)::date AS month FROM analytics_dirty_days d WHERE d.company_ne_id = ${company}`;
    await tx.execute(sql`DELETE FROM analytics_monthly_goods s WHERE s.company_ne_id = ${company} AND s.month IN (${months})`);
    await tx.execute(sql`
      INSERT INTO analytics_monthly_goods (company_ne_id, month, receive_order_shop_id, cancelled, receive_order_row_goods_id,
        orders, units, revenue, receive_order_row_goods_name, all_orders, all_units, all_revenue, all_rows_goods_name)
      SELECT ${company}, m.month, s.receive_order_shop_id, s.cancelled, s.receive_order_row_goods_id,
             sum(s.orders), sum(s.units), sum(s.revenue), max(s.receive_order_row_goods_name),
             sum(s.all_orders), sum(s.all_units), sum(s.all_revenue), max(s.all_rows_goods_name)
        FROM (${months}) m JOIN analytics_daily_goods s
          ON s.company_ne_id = ${company} AND s.day >= m.month AND s.day < (m.month + interval '1 month')::date
       GROUP BY m.month, s.receive_order_shop_id, s.cancelled, s.receive_order_row_goods_id`);
    await tx.execute(sql`DELETE FROM analytics_dirty_days WHERE company_ne_id = ${company}`);
    return n;
  });
}
