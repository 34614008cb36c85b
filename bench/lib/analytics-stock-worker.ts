// Run by bench/analytics-stock.ts in a child process with the `react-server` condition (the
// queries are server-only modules): fills one company's read model in PGlite directly with SQL
// (13 months of ORDERS slips, 1 to 4 rows each, GOODS goods, SETS sets of 2 to 4 components,
// stock and the stock of 3 warehouses), builds the daily summaries as the sync does (timed), then times reorderList and sellableSets (all warehouses
// and one) against a plain count over the same order rows, and prints the numbers as JSON.
import { sql } from "drizzle-orm";
import { openDatabase } from "@/lib/db";
import { reorderList, sellableSets } from "@/lib/analytics/server/stock-queries";
import { markAllDays, recomputeDirtyDays } from "@/lib/analytics/server/summaries";

const ORDERS = Number(process.env.BENCH_ANALYTICS_ORDERS ?? 100_000);
const GOODS = 5_000;
const SETS = 500;
const RUNS = 7;
const C = "NE-BENCH-1";

async function median(fn: () => Promise<unknown>): Promise<number> {
  await fn(); // warm-up (plans, caches)
  const times: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

async function main() {
  const database = await openDatabase({ dataDir: "memory://" });
  const { db } = database;
  const now = new Date();
  const fillStart = performance.now();
  await db.execute(sql`INSERT INTO analytics_companies (company_ne_id, last_sign_in_seen_at, as_of) VALUES (${C}, now(), now())`);
  await db.execute(sql`
    INSERT INTO analytics_goods (company_ne_id, goods_id, goods_name, goods_supplier_id, supplier_name, goods_order_point, goods_stock_constant, goods_lot, goods_deleted_flag)
    SELECT ${C}, 'G' || lpad(i::text, 5, '0'), '商品 ' || i, 'S' || (i % 40), '仕入先 ' || (i % 40), (i % 4) * 5, (i % 5) * 10, (ARRAY[1, 6, 10, 12, 24])[1 + i % 5], CASE WHEN i % 97 = 0 THEN '1' ELSE '0' END
      FROM generate_series(1, ${GOODS}) i`);
  await db.execute(sql`
    INSERT INTO analytics_stock (company_ne_id, stock_goods_id, stock_quantity, stock_free_quantity)
    SELECT ${C}, 'G' || lpad(i::text, 5, '0'), (i * 7) % 60, (i * 7) % 60 - (i % 3) FROM generate_series(1, ${GOODS}) i WHERE i % 50 <> 0`);
  await db.execute(sql`
    INSERT INTO analytics_warehouse_stock (company_ne_id, warehouse_stock_warehouse_id, warehouse_stock_goods_id, warehouse_stock_quantity, warehouse_stock_free_quantity, seen_at)
    SELECT ${C}, w, 'G' || lpad(i::text, 5, '0'), (i * w) % 25, (i * w) % 25, now() FROM generate_series(1, ${GOODS}) i, generate_series(1, 3) w WHERE (i + w) % 4 <> 0`);
  await db.execute(sql`
    INSERT INTO analytics_set_goods (company_ne_id, set_goods_id, set_goods_detail_goods_id, set_goods_name, set_goods_detail_quantity, seen_at)
    SELECT DISTINCT ON (s, g) ${C}, 'SET-' || lpad(s::text, 4, '0'), g, 'セット ' || s, 1 + (s + k) % 3, now()
      FROM generate_series(1, ${SETS}) s, generate_series(0, 3) k,
           LATERAL (SELECT 'G' || lpad((1 + (s * 37 + k * 11) % ${GOODS})::text, 5, '0') AS g) x
     WHERE k < 2 + s % 3`);
  // Slips spread evenly over 13 months back from now; 1 to 4 rows each.
  await db.execute(sql`
    INSERT INTO analytics_orders (company_ne_id, receive_order_id, receive_order_shop_id, receive_order_date, receive_order_order_status_id, receive_order_cancel_type_id, receive_order_total_amount, receive_order_deleted_flag, cancelled)
    SELECT ${C}, i, 1 + i % 5, ${now}::timestamptz - (i::float8 / ${ORDERS} * 395) * interval '1 day', '50', CASE WHEN i % 40 = 0 THEN '1' ELSE '0' END, 1000 + i % 9000, '0', i % 40 = 0
      FROM generate_series(1, ${ORDERS}) i`);
  await db.execute(sql`
    INSERT INTO analytics_order_rows (company_ne_id, receive_order_row_receive_order_id, receive_order_row_no, receive_order_row_goods_id, receive_order_row_quantity, receive_order_row_unit_price, receive_order_row_cancel_flag, receive_order_row_deleted_flag)
    SELECT ${C}, i, n, 'G' || lpad((1 + (i * 13 + n * 101) % ${GOODS})::text, 5, '0'), 1 + (i + n) % 3, 1000, CASE WHEN (i + n) % 60 = 0 THEN '1' ELSE '0' END, '1'
      FROM generate_series(1, ${ORDERS}) i, generate_series(1, 4) n WHERE n <= 1 + i % 4`);
  await db.execute(sql`ANALYZE`);
  const fillMs = performance.now() - fillStart;
  // The daily summaries the sync keeps (every day dirty, recomputed), timed apart from the fill.
  const summaryStart = performance.now();
  await markAllDays(db, C);
  await recomputeDirtyDays(db, C);
  await db.execute(sql`ANALYZE analytics_daily_goods`);
  const summaryMs = performance.now() - summaryStart;
  const counted = (await db.execute(sql`SELECT count(*)::int AS n FROM analytics_order_rows WHERE company_ne_id = ${C}`)) as unknown as { rows: { n: number }[] };
  const rowCount = counted.rows[0]?.n ?? 0;

  const baseline = await median(() => db.execute(sql`SELECT count(*) FROM analytics_order_rows r JOIN analytics_orders o ON o.company_ne_id = r.company_ne_id AND o.receive_order_id = r.receive_order_row_receive_order_id WHERE r.company_ne_id = ${C}`));
  const reorderAll = await median(() => reorderList(db, C, { now }));
  const reorderOne = await median(() => reorderList(db, C, { now, warehouse: 2 }));
  const setsAll = await median(() => sellableSets(db, C));
  const setsOne = await median(() => sellableSets(db, C, { warehouse: 2 }));
  const reorderRows = (await reorderList(db, C, { now })).rows.length;
  const setRows = (await sellableSets(db, C)).rows.length;
  await database.close();
  process.stdout.write(JSON.stringify({ orders: ORDERS, rowCount, fillMs, summaryMs, baseline, reorderAll, reorderOne, setsAll, setsOne, reorderRows, setRows }) + "\n");
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
