// The analytics views' queries at scale (lib/analytics/server/queries.ts), on PGlite (the default
// database): one company's read model filled directly in SQL with 100,000 synthetic slips over 13
// months and their rows (1 to 4 each, 2.5 on average, 2,000 goods codes, 5 shops, a few payment
// and delivery methods, 3% cancelled), plus another company's 20,000 slips beside them. Each view's
// query over the 13 months is timed (median of RUNS after a warm-up) against a baseline measured
// in the same run: a plain `SELECT count(*)` of the same company's slips of the same period. The
// daily summaries the views read are built as the sync builds them (lib/analytics/server/summaries.ts),
// and that build, a recompute of all 13 months and of one day are timed as rows of their own.
// Target: each view ≤ 300 ms.
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import type { AppDatabase } from "@/lib/db";
import { addDays } from "@/lib/board/period";
import { goodsDailyQuerySchema, goodsRankingQuerySchema, salesQuerySchema } from "@/lib/analytics/query";
import type { Bench, BenchRow } from "./types";

// `server-only` throws outside React's server build; the bench calls the server modules directly
// (as the unit tests do through their alias), so they are required after it is stubbed.
const serverOnly = require.resolve("server-only");
require.cache[serverOnly] = { id: serverOnly, filename: serverOnly, loaded: true, exports: {} } as NodeJS.Module;
// eslint-disable-next-line @typescript-eslint/no-require-imports -- after the stub above, in order
const { openDatabase } = require("@/lib/db") as typeof import("@/lib/db");
// eslint-disable-next-line @typescript-eslint/no-require-imports -- after the stub above, in order
const views = require("@/lib/analytics/server/queries") as typeof import("@/lib/analytics/server/queries");
// eslint-disable-next-line @typescript-eslint/no-require-imports -- after the stub above, in order
const summaries = require("@/lib/analytics/server/summaries") as typeof import("@/lib/analytics/server/summaries");

const ORDERS = Number(process.env.BENCH_ANALYTICS_ORDERS ?? 100_000);
const RUNS = 7;
const TARGET_MS = 300;
const COMPANY = "NE0000000001";
const OTHER = "NE0000000002";
/** The last day of the 13 months (JST). */
const TO = "2026-11-27";
const FROM = addDays(TO, -395);

/** Slips spread evenly over [FROM, TO] in JST, their rows, and the company's sync state. */
async function fill(database: AppDatabase, company: string, orders: number, firstId: number): Promise<void> {
  const spanSeconds = 396 * 86_400;
  await database.db.execute(sql`
    INSERT INTO analytics_orders (company_ne_id, receive_order_id, receive_order_shop_id, receive_order_date, receive_order_order_status_id,
      receive_order_cancel_type_id, receive_order_payment_method_id, receive_order_delivery_id, receive_order_total_amount,
      receive_order_goods_amount, receive_order_deleted_flag, cancelled, receive_order_last_modified_null_safe_date)
    SELECT ${company}, ${firstId} + g, 1 + g % 5,
           ${`${FROM}T00:00:00+09:00`}::timestamptz + ((g::bigint * ${spanSeconds}) / ${orders}) * interval '1 second',
           '50', CASE WHEN g % 33 = 0 THEN '1' ELSE '0' END, (ARRAY['0','1','15','32'])[1 + g % 4], (ARRAY['1','2','3'])[1 + g % 3],
           1000 + (g * 37) % 20000, 900 + (g * 37) % 18000, '0', g % 33 = 0, now()
      FROM generate_series(0, ${orders - 1}) AS g`);
  await database.db.execute(sql`
    INSERT INTO analytics_order_rows (company_ne_id, receive_order_row_receive_order_id, receive_order_row_no, receive_order_row_goods_id,
      receive_order_row_goods_name, receive_order_row_quantity, receive_order_row_unit_price, receive_order_row_sub_total_price,
      receive_order_row_cancel_flag, receive_order_row_deleted_flag, receive_order_row_last_modified_null_safe_date)
    SELECT ${company}, ${firstId} + g, n, 'G' || lpad(((g * 7 + n * 13) % 2000)::text, 5, '0'), 'goods ' || ((g * 7 + n * 13) % 2000),
           1 + (g + n) % 3, 500 + (g * 11) % 3000, (1 + (g + n) % 3) * (500 + (g * 11) % 3000), '0', '1', now()
      FROM generate_series(0, ${orders - 1}) AS g, generate_series(1, 1 + g % 4) AS n`);
  await database.db.execute(sql`
    INSERT INTO analytics_companies (company_ne_id, last_sign_in_seen_at, as_of) VALUES (${company}, now(), now())`);
  await database.db.execute(sql`ANALYZE analytics_orders`);
  await database.db.execute(sql`ANALYZE analytics_order_rows`);
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  await fn(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  return median(times);
}

export const analyticsViews: Bench = {
  name: "analytics-views",
  async run() {
    const database = await openDatabase({ dataDir: "memory://" });
    try {
      const t0 = performance.now();
      await fill(database, COMPANY, ORDERS, 1);
      await fill(database, OTHER, Math.round(ORDERS / 5), 10_000_000);
      process.stdout.write(`  filled ${ORDERS} slips in ${Math.round(performance.now() - t0)} ms\n`);
      // The daily summaries the sync keeps: every day of the 13 months marked dirty and recomputed
      // (what the sync's end costs after a first sync), then one day (an incremental sync's usual end).
      const built = performance.now();
      for (const company of [COMPANY, OTHER]) {
        await summaries.markAllDays(database.db, company);
        await summaries.recomputeDirtyDays(database.db, company);
      }
      const buildMs = performance.now() - built;
      const all = performance.now();
      await summaries.markAllDays(database.db, COMPANY);
      const allDays = await summaries.recomputeDirtyDays(database.db, COMPANY);
      const allMs = performance.now() - all;
      await database.db.execute(sql`ANALYZE analytics_daily_sales`);
      await database.db.execute(sql`ANALYZE analytics_daily_goods`);
      const oneDay = await timed(async () => {
        await database.db.execute(sql`INSERT INTO analytics_dirty_days (company_ne_id, day) VALUES (${COMPANY}, ${addDays(TO, -3)}::date)`);
        await summaries.recomputeDirtyDays(database.db, COMPANY);
      });
      const period = { from: FROM, to: TO };
      const baseline = await timed(() =>
        database.db.execute(sql`SELECT count(*) FROM analytics_orders
          WHERE company_ne_id = ${COMPANY} AND receive_order_date >= ${`${FROM}T00:00:00+09:00`}::timestamptz AND receive_order_date < ${`${addDays(TO, 1)}T00:00:00+09:00`}::timestamptz`),
      );
      const cases: [string, () => Promise<unknown>][] = [
        ["sales by month, 13 months (+ previous)", () => views.salesSeries(database, COMPANY, salesQuerySchema.parse({ ...period, by: "month" }))],
        ["sales by day, 13 months (+ previous)", () => views.salesSeries(database, COMPANY, salesQuerySchema.parse({ ...period, by: "day" }))],
        ["sales by week by shop, 13 months", () => views.salesSeries(database, COMPANY, salesQuerySchema.parse({ ...period, by: "week", split: "shop" }))],
        ["goods ranking top 100, 13 months", () => views.goodsRanking(database, COMPANY, goodsRankingQuerySchema.parse(period))],
        ["sales by day, last 30 days (+ previous)", () => views.salesSeries(database, COMPANY, salesQuerySchema.parse({ from: addDays(TO, -29), to: TO, by: "day" }))],
        ["goods ranking top 100, last 30 days", () => views.goodsRanking(database, COMPANY, goodsRankingQuerySchema.parse({ from: addDays(TO, -29), to: TO }))],
        ["goods daily + 7/30-day averages, 13 months", () => views.goodsDaily(database, COMPANY, goodsDailyQuerySchema.parse({ ...period, goods: "G00007" }))],
        ["sales by day, 13 months, cancelled included", () => views.salesSeries(database, COMPANY, salesQuerySchema.parse({ ...period, by: "day", cancelled: "1" }))],
        ["goods ranking top 100, 13 months, one shop", () => views.goodsRanking(database, COMPANY, goodsRankingQuerySchema.parse({ ...period, shop: "2" }))],
      ];
      const rows: BenchRow[] = [
        { bench: "analytics-views", name: `build the daily summaries (${ORDERS} + ${Math.round(ORDERS / 5)} slips, every day of both companies)`, value: buildMs, unit: "ms" },
        { bench: "analytics-views", name: `recompute all ${allDays} days of 13 months, ${ORDERS} orders`, value: allMs, unit: "ms" },
        { bench: "analytics-views", name: `recompute one day, ${ORDERS} orders (median of ${RUNS})`, value: oneDay, unit: "ms" },
      ];
      for (const [name, fn] of cases) {
        const value = await timed(fn);
        rows.push({
          bench: "analytics-views",
          name: `${name}, ${ORDERS} orders (median of ${RUNS})`,
          value,
          unit: "ms",
          baseline: { name: "count(*) of the period's slips", value: baseline },
          ratio: value / baseline,
          target: `≤ ${TARGET_MS} ms`,
          pass: value <= TARGET_MS,
        });
      }
      return rows;
    } finally {
      await database.close();
    }
  },
};
