import "server-only";
// The analytics views' numbers, from the company's copy (lib/db/schema.ts analytics_*), as SQL
// aggregates in the database over the daily summaries the sync keeps (analytics_daily_sales,
// analytics_daily_goods: lib/analytics/server/summaries.ts): days, weeks (from Monday) and months
// are date_trunc of the order date's JST day, so nothing but the buckets' sums leaves the database.
//
// What is counted (the same rules as the tests' expectations from the sandbox):
// - A slip counts when its order date (receive_order_date) is in the period, it is not deleted
//   (receive_order_deleted_flag other than 1) and, unless cancelled slips are asked for, it is not
//   cancelled (receive_order_cancel_type_id other than 0: the `cancelled` column).
// - Revenue is the slip's total (receive_order_total_amount: goods + tax + charge + delivery fee
//   + other − points); orders are the slips; average order value is revenue ÷ orders.
// - Units and goods revenue come from the counted slips' rows that are valid
//   (receive_order_row_deleted_flag 1, spec 2.6) and, unless cancelled ones are asked for, not
//   cancelled (receive_order_row_cancel_flag other than 1); goods revenue is the rows' sub-totals.
import { sql, type SQL } from "drizzle-orm";
import type { AppDatabase } from "@/lib/db";
import { addDays } from "@/lib/board/period";
import type { DayRange } from "@/lib/board/period";
import {
  addMonths,
  averageOrderValue,
  bucketsOf,
  movingAverage,
  previousRange,
  type GoodsDailyAnswer,
  type GoodsDailyQuery,
  type GoodsRankingAnswer,
  type GoodsRankingQuery,
  type Grouping,
  type SalesAnswer,
  type SalesNumbers,
  type SalesQuery,
  type SalesRow,
  type Split,
} from "../query";

type Db = Pick<AppDatabase, "db">;


async function rows<T>(database: Db, query: SQL): Promise<T[]> {
  const result = await database.db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));

/** The company's copy: as of its last complete sync (null: the first sync has not finished). */
export async function readModelState(database: Db, company: string): Promise<{ asOf: string | null }> {
  const [row] = await rows<{ as_of: string | Date | null }>(database, sql`SELECT as_of FROM analytics_companies WHERE company_ne_id = ${company}`);
  const asOf = row?.as_of ?? null;
  return { asOf: asOf === null ? null : new Date(asOf).toISOString() };
}

/**
 * The summary rows of a question (analytics_daily_sales, analytics_daily_goods or
 * analytics_monthly_goods, alias s): the company, the JST day in [from, to] (null: the caller
 * bounds the month itself), cancelled slips or not, the filters. Deleted slips and
 * invalid rows are not in the summaries.
 */
function summaryConditions(company: string, range: DayRange | null, q: { includeCancelled: boolean; shops?: readonly string[]; payments?: readonly string[]; deliveries?: readonly string[] }): SQL {
  const parts: SQL[] = [sql`s.company_ne_id = ${company}`];
  if (range) parts.push(sql`s.day >= ${range.from}::date`, sql`s.day <= ${range.to}::date`);
  if (!q.includeCancelled) parts.push(sql`NOT s.cancelled`);
  if (q.shops?.length) parts.push(sql`s.receive_order_shop_id IN (${sql.join(q.shops.map((v) => sql`${Number(v)}`), sql`, `)})`);
  if (q.payments?.length) parts.push(sql`s.receive_order_payment_method_id IN (${sql.join(q.payments.map((v) => sql`${v}`), sql`, `)})`);
  if (q.deliveries?.length) parts.push(sql`s.receive_order_delivery_id IN (${sql.join(q.deliveries.map((v) => sql`${v}`), sql`, `)})`);
  return sql.join(parts, sql` AND `);
}

/** The goods summary's sums of the rows that count: every valid row (cancelled included) or the counted ones. */
function goodsColumns(includeCancelled: boolean): { orders: SQL; units: SQL; revenue: SQL; name: SQL } {
  return includeCancelled
    ? { orders: sql.raw("s.all_orders"), units: sql.raw("s.all_units"), revenue: sql.raw("s.all_revenue"), name: sql.raw("s.all_rows_goods_name") }
    : { orders: sql.raw("s.orders"), units: sql.raw("s.units"), revenue: sql.raw("s.revenue"), name: sql.raw("s.receive_order_row_goods_name") };
}

const SPLIT_COLUMN: Record<Exclude<Split, "none">, string> = {
  shop: "receive_order_shop_id",
  payment: "receive_order_payment_method_id",
  delivery: "receive_order_delivery_id",
};

function bucketSql(by: Grouping): SQL {
  // date_trunc of the summary's JST day: 'week' starts on Monday (ISO).
  return sql`to_char(date_trunc(${sql.raw(`'${by}'`)}, s.day::timestamp), 'YYYY-MM-DD')`;
}

const ZERO: SalesNumbers = { orders: 0, revenue: 0, units: 0, aov: 0 };

function numbers(orders: number, revenue: number, units: number): SalesNumbers {
  return { orders, revenue, units, aov: averageOrderValue(revenue, orders) };
}

/**
 * Revenue, orders, average order value and units per bucket (day, week from Monday, month) of the
 * period and of the previous one (lib/analytics/query.ts previousRange), split by shop, payment or
 * delivery method when asked. One statement over both periods (adjacent: one range scan) of the
 * daily summary (analytics_daily_sales).
 */
export async function salesSeries(database: Db, company: string, query: SalesQuery): Promise<SalesAnswer> {
  const range = { from: query.from, to: query.to };
  const previous = previousRange(range);
  const whole = { from: previous.from, to: range.to };
  const q = { includeCancelled: query.cancelled, shops: query.shop, payments: query.payment, deliveries: query.delivery };
  const key = query.split === "none" ? sql`''` : sql`coalesce(s.${sql.raw(SPLIT_COLUMN[query.split])}::text, '')`;
  const units = query.cancelled ? sql.raw("s.all_units") : sql.raw("s.units");
  const found = await rows<{ cur: boolean; bucket: string; key: string; orders: string | number; revenue: string | null; units: string | null }>(
    database,
    sql`
      SELECT s.day >= ${range.from}::date AS cur, ${bucketSql(query.by)} AS bucket, ${key} AS key,
             sum(s.orders) AS orders, sum(s.revenue) AS revenue, sum(${units}) AS units
        FROM analytics_daily_sales s
       WHERE ${summaryConditions(company, whole, q)}
       GROUP BY 1, 2, 3`,
  );

  const buckets = bucketsOf(range, query.by);
  const previousBuckets = bucketsOf(previous, query.by);
  // The previous period's n-th bucket stands beside the current n-th one.
  const placeOfPrevious = new Map(previousBuckets.map((b, i) => [b, i]));
  const split = query.split !== "none";
  const byKey = new Map<string, SalesRow>();
  const rowOf = (bucket: string, k: string | null): SalesRow => {
    const id = `${bucket}\t${k ?? ""}`;
    let row = byKey.get(id);
    if (!row) {
      row = { bucket, key: k, current: ZERO, previous: ZERO };
      byKey.set(id, row);
    }
    return row;
  };
  const totals = { current: { orders: 0, revenue: 0, units: 0 }, previous: { orders: 0, revenue: 0, units: 0 } };
  for (const f of found) {
    const n = numbers(num(f.orders), num(f.revenue), num(f.units));
    const side = f.cur ? "current" : "previous";
    totals[side].orders += n.orders;
    totals[side].revenue += n.revenue;
    totals[side].units += n.units;
    const k = split ? f.key : null;
    if (f.cur) {
      rowOf(f.bucket, k).current = n;
    } else {
      const place = placeOfPrevious.get(f.bucket);
      const bucket = place === undefined ? undefined : buckets[place];
      // A previous bucket with no current one at its place (a longer previous month) still counts in the totals.
      if (bucket !== undefined) rowOf(bucket, k).previous = n;
    }
  }
  // Without a split every bucket has its row (zeros included), so the chart's axis is the period's.
  if (!split) for (const b of buckets) rowOf(b, null);
  const order = new Map(buckets.map((b, i) => [b, i]));
  const out = [...byKey.values()].sort((a, b) => (order.get(a.bucket) ?? 0) - (order.get(b.bucket) ?? 0) || b.current.revenue - a.current.revenue || (a.key ?? "").localeCompare(b.key ?? ""));
  const state = await readModelState(database, company);
  return {
    ...state,
    range,
    previousRange: previous,
    by: query.by,
    split: query.split,
    buckets,
    previousBuckets,
    rows: out,
    totals: {
      current: numbers(totals.current.orders, totals.current.revenue, totals.current.units),
      previous: numbers(totals.previous.orders, totals.previous.revenue, totals.previous.units),
    },
  };
}

/**
 * The goods summary rows of a period: its whole months from analytics_monthly_goods and the days
 * before the first whole month and after the last from analytics_daily_goods (a 13-month ranking
 * reads about 14 rows per goods and shop instead of one per day: lib/analytics/README.md "Summaries").
 */
function goodsSource(company: string, range: DayRange, q: { includeCancelled: boolean; shops?: readonly string[] }, c: ReturnType<typeof goodsColumns>): SQL {
  const cols = sql`s.receive_order_row_goods_id AS goods_id, ${c.units} AS units, ${c.revenue} AS revenue, ${c.orders} AS orders`;
  // [first, end): the whole months of the range (the first month starting on or after `from`, up to the month of the day after `to`).
  const first = range.from.endsWith("-01") ? range.from : addMonths(`${range.from.slice(0, 7)}-01`, 1);
  const end = `${addDays(range.to, 1).slice(0, 7)}-01`;
  if (first >= end) return sql`SELECT ${cols} FROM analytics_daily_goods s WHERE ${summaryConditions(company, range, q)}`;
  return sql`
    SELECT ${cols} FROM analytics_monthly_goods s
     WHERE ${summaryConditions(company, null, q)} AND s.month >= ${first}::date AND s.month < ${end}::date
    UNION ALL
    SELECT ${cols} FROM analytics_daily_goods s
     WHERE ${summaryConditions(company, range, q)} AND (s.day < ${first}::date OR s.day >= ${end}::date)`;
}

/** Units, revenue (rows' sub-totals) and orders per goods code in the period, ranked by units or revenue (from the goods summaries). */
export async function goodsRanking(database: Db, company: string, query: GoodsRankingQuery): Promise<GoodsRankingAnswer> {
  const range = { from: query.from, to: query.to };
  const q = { includeCancelled: query.cancelled, shops: query.shop };
  const order = query.sort === "units" ? sql`units DESC, revenue DESC` : sql`revenue DESC, units DESC`;
  // A goods code whose rows of the period are all cancelled has no counted slip: not ranked.
  const c = goodsColumns(query.cancelled);
  const found = await rows<{ goods_id: string; goods_name: string | null; units: string | null; revenue: string | null; orders: string | number; goods_count: string | number; all_units: string | null; all_revenue: string | null }>(
    database,
    sql`
      WITH g AS (
        SELECT s.goods_id,
               coalesce(sum(s.units), 0) AS units,
               coalesce(sum(s.revenue), 0) AS revenue,
               sum(s.orders) AS orders
          FROM (${goodsSource(company, range, q, c)}) s
         GROUP BY s.goods_id
        HAVING sum(s.orders) > 0
      ),
      ranked AS (
        SELECT g.*, count(*) OVER () AS goods_count, sum(units) OVER () AS all_units, sum(revenue) OVER () AS all_revenue
          FROM g ORDER BY ${order}, goods_id LIMIT ${query.top}
      )
      SELECT ranked.goods_id,
             -- The rows' name only for a ranked code the master does not name (COALESCE stops at the first value).
             coalesce(m.goods_name, (SELECT max(${c.name}) FROM analytics_daily_goods s WHERE s.receive_order_row_goods_id = ranked.goods_id AND ${summaryConditions(company, range, q)})) AS goods_name, ranked.units, ranked.revenue, ranked.orders,
             ranked.goods_count, ranked.all_units, ranked.all_revenue
        FROM ranked LEFT JOIN analytics_goods m ON m.company_ne_id = ${company} AND m.goods_id = ranked.goods_id
       ORDER BY ${order}, ranked.goods_id`,
  );
  const state = await readModelState(database, company);
  return {
    ...state,
    range,
    sort: query.sort,
    rows: found.map((f, i) => ({ rank: i + 1, goodsId: f.goods_id, goodsName: f.goods_name, units: num(f.units), revenue: num(f.revenue), orders: num(f.orders) })),
    goodsCount: num(found[0]?.goods_count),
    totals: { units: num(found[0]?.all_units), revenue: num(found[0]?.all_revenue) },
  };
}

/** Days a 30-day average needs before the period's first day. */
const LOOKBACK_DAYS = 29;

/**
 * One goods code's units and revenue per JST day of the period, with the 7- and 30-day trailing
 * averages of units (the days before the period are read too, so the first day's averages are whole).
 */
export async function goodsDaily(database: Db, company: string, query: GoodsDailyQuery): Promise<GoodsDailyAnswer> {
  const range = { from: query.from, to: query.to };
  const read = { from: addDays(range.from, -LOOKBACK_DAYS), to: range.to };
  const q = { includeCancelled: query.cancelled, shops: query.shop };
  const c = goodsColumns(query.cancelled);
  const found = await rows<{ day: string; units: string | null; revenue: string | null }>(
    database,
    sql`
      SELECT to_char(s.day, 'YYYY-MM-DD') AS day,
             coalesce(sum(${c.units}), 0) AS units,
             coalesce(sum(${c.revenue}), 0) AS revenue
        FROM analytics_daily_goods s
       WHERE s.receive_order_row_goods_id = ${query.goods} AND ${summaryConditions(company, read, q)}
       GROUP BY 1`,
  );
  const [named] = await rows<{ goods_name: string | null }>(
    database,
    sql`SELECT coalesce(
          (SELECT goods_name FROM analytics_goods WHERE company_ne_id = ${company} AND goods_id = ${query.goods}),
          (SELECT max(receive_order_row_goods_name) FROM analytics_order_rows WHERE company_ne_id = ${company} AND receive_order_row_goods_id = ${query.goods})
        ) AS goods_name`,
  );
  const byDay = new Map(found.map((f) => [f.day, f]));
  const days = bucketsOf(read, "day");
  const units = days.map((d) => num(byDay.get(d)?.units));
  const avg7 = movingAverage(units, 7);
  const avg30 = movingAverage(units, 30);
  const out = days.flatMap((d, i) => (d < range.from ? [] : [{ day: d, units: units[i]!, revenue: num(byDay.get(d)?.revenue), avg7: round2(avg7[i]!), avg30: round2(avg30[i]!) }]));
  const state = await readModelState(database, company);
  return {
    ...state,
    range,
    goodsId: query.goods,
    goodsName: named?.goods_name ?? null,
    days: out,
    totals: { units: out.reduce((s, d) => s + d.units, 0), revenue: out.reduce((s, d) => s + d.revenue, 0) },
  };
}

const round2 = (n: number) => Math.round(n * 100) / 100;
