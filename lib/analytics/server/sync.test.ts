// The analytics sync against the in-process sandbox (generated data) through the gateway, on
// PGlite: the first sync copies exactly the sandbox's slips and rows of 13 months and its masters;
// an incremental sync asks only for what changed (one call per resource) and shows a change and
// a cancellation; a sync cut after page k resumes at page k+1 and stores nothing twice; two syncs
// of one company at once: one runs; the copy is deleted on request.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { openDatabase, type AppDatabase } from "@/lib/db";
import { analyticsCompanies, analyticsOrderRows, analyticsOrders, analyticsSyncState } from "@/lib/db/schema";
import { createTokenStore } from "@/lib/gateway/token-store";
import { deriveTokenKey } from "@/lib/gateway/token-crypto";
import { createGateway, type Gateway } from "@/lib/gateway/gateway";
import { createNeClient } from "@/lib/ne/server/client";
import type { NeRequest } from "@/lib/ne/encode";
import { login, startTestSandbox } from "@/sandbox/test-support";
import type { RunningSandbox } from "@/sandbox/server";
import { formatJst } from "@/sandbox/time";
import { RESOURCE_TABLES, syncCompany, type ResourceName, type SyncCall, type SyncDeps } from "./sync";
import { deleteCompanyCopy } from "./retention";

const COMPANY = "NE0000000001";
let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox({ data: "generate", orders: 700, seed: 7 });
  // Some slips older than 13 months: the copy must leave them (and their rows) out.
  await sandbox.db.query(
    `UPDATE ne_receive_order SET receive_order_date = receive_order_date - interval '14 months'
      WHERE company_ne_id = $1 AND receive_order_id IN (SELECT receive_order_id FROM ne_receive_order WHERE company_ne_id = $1 ORDER BY receive_order_id LIMIT 25 OFFSET 10)`,
    [COMPANY],
  );
}, 120_000);

afterAll(async () => {
  await sandbox?.close();
});

interface Logged {
  path: string;
  request: NeRequest;
}

/** A database, a gateway and a signed-in session of company 1, with every sync call logged. */
async function setup(database?: AppDatabase) {
  const db = database ?? (await openDatabase({ dataDir: "memory://" }));
  const store = createTokenStore(db, deriveTokenKey("analytics-sync-test-secret-0123456789"));
  const gateway: Gateway = createGateway({ client: createNeClient({ baseUrl: sandbox.url }), store, database: db });
  const t = await login(sandbox.url, "manager@sandbox.test");
  const key = await store.create({
    companyNeId: COMPANY,
    uid: "u",
    picNeId: null,
    tokens: { accessToken: t.access_token, refreshToken: t.refresh_token, accessTokenEndDate: null, refreshTokenEndDate: null },
  });
  const log: Logged[] = [];
  const priorities: string[] = [];
  const call: SyncCall = (k, path, request, options) => {
    log.push({ path, request });
    priorities.push(options.priority);
    return gateway.call(k, path, request, options);
  };
  return { database: db, key, log, priorities, call, deps: (more: Partial<SyncDeps> = {}): SyncDeps => ({ database: db, call, ...more }) };
}

/** The sandbox's own totals for company 1: slips of the last 13 months, their valid rows, the masters. */
async function sandboxTotals(windowStart: string) {
  const [orders] = await sandbox.db.query<{ n: string; total: string; cancelled: string }>(
    `SELECT count(*) AS n, coalesce(sum(receive_order_total_amount), 0) AS total,
            count(*) FILTER (WHERE receive_order_cancel_type_id IS NOT NULL AND receive_order_cancel_type_id <> '0') AS cancelled
       FROM ne_receive_order WHERE company_ne_id = $1 AND receive_order_date > $2`,
    [COMPANY, windowStart],
  );
  const [rows] = await sandbox.db.query<{ n: string; quantity: string; sub_total: string }>(
    `SELECT count(*) AS n, coalesce(sum(r.receive_order_row_quantity), 0) AS quantity, coalesce(sum(r.receive_order_row_sub_total_price), 0) AS sub_total
       FROM ne_receive_order_row r JOIN ne_receive_order o
         ON o.company_ne_id = r.company_ne_id AND o.receive_order_id = r.receive_order_row_receive_order_id
      WHERE r.company_ne_id = $1 AND o.receive_order_date > $2`,
    [COMPANY, windowStart],
  );
  const count = async (table: string) => Number((await sandbox.db.query<{ n: string }>(`SELECT count(*) AS n FROM ${table} WHERE company_ne_id = $1`, [COMPANY]))[0]!.n);
  const [stock] = await sandbox.db.query<{ free: string }>(`SELECT coalesce(sum(stock_free_quantity), 0) AS free FROM ne_stock WHERE company_ne_id = $1`, [COMPANY]);
  const [warehouse] = await sandbox.db.query<{ free: string }>(`SELECT coalesce(sum(warehouse_stock_free_quantity), 0) AS free FROM ne_warehouse_stock WHERE company_ne_id = $1`, [COMPANY]);
  return {
    orders: { n: Number(orders!.n), total: Number(orders!.total), cancelled: Number(orders!.cancelled) },
    rows: { n: Number(rows!.n), quantity: Number(rows!.quantity), subTotal: Number(rows!.sub_total) },
    goods: await count("ne_goods"),
    stock: { n: await count("ne_stock"), free: Number(stock!.free) },
    warehouseStock: { n: await count("ne_warehouse_stock"), free: Number(warehouse!.free) },
    setGoods: await count("ne_set_goods"),
  };
}

/** The same totals from the copy (rows joined to their slips, as the views will read them). */
async function copyTotals(database: AppDatabase) {
  const { db } = database;
  const one = async <T,>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows[0]!;
  const orders = await one<{ n: string; total: string; cancelled: string }>(
    sql`SELECT count(*) AS n, coalesce(sum(receive_order_total_amount), 0) AS total, count(*) FILTER (WHERE cancelled) AS cancelled FROM analytics_orders WHERE company_ne_id = ${COMPANY}`,
  );
  const rows = await one<{ n: string; quantity: string; sub_total: string }>(
    sql`SELECT count(*) AS n, coalesce(sum(r.receive_order_row_quantity), 0) AS quantity, coalesce(sum(r.receive_order_row_sub_total_price), 0) AS sub_total
          FROM analytics_order_rows r JOIN analytics_orders o ON o.company_ne_id = r.company_ne_id AND o.receive_order_id = r.receive_order_row_receive_order_id
         WHERE r.company_ne_id = ${COMPANY}`,
  );
  const count = async (table: string) => Number((await one<{ n: string }>(sql.raw(`SELECT count(*) AS n FROM ${table} WHERE company_ne_id = '${COMPANY}'`))).n);
  const stock = await one<{ free: string }>(sql`SELECT coalesce(sum(stock_free_quantity), 0) AS free FROM analytics_stock WHERE company_ne_id = ${COMPANY}`);
  const warehouse = await one<{ free: string }>(sql`SELECT coalesce(sum(warehouse_stock_free_quantity), 0) AS free FROM analytics_warehouse_stock WHERE company_ne_id = ${COMPANY}`);
  return {
    orders: { n: Number(orders.n), total: Number(orders.total), cancelled: Number(orders.cancelled) },
    rows: { n: Number(rows.n), quantity: Number(rows.quantity), subTotal: Number(rows.sub_total) },
    goods: await count("analytics_goods"),
    stock: { n: await count("analytics_stock"), free: Number(stock.free) },
    warehouseStock: { n: await count("analytics_warehouse_stock"), free: Number(warehouse.free) },
    setGoods: await count("analytics_set_goods"),
  };
}

/** The window's start the sync used (its cursor's receive_order_date-gt). */
function windowStartOf(log: Logged[]): string {
  const cond = log.find((l) => l.path.includes("receiveorder_base"))?.request.conditions?.find((c) => c.field === "receive_order_date");
  return String(cond?.value);
}

const callsOf = (log: Logged[], fragment: string) => log.filter((l) => l.path.includes(fragment));
const conditionValue = (l: Logged, field: string, op = "gt") => l.request.conditions?.find((c) => c.field === field && c.op === op)?.value;

describe("analytics sync (PGlite, in-process sandbox)", () => {
  it("the first sync copies exactly the sandbox's slips and rows of 13 months, and its goods, stock and sets", async () => {
    const s = await setup();
    try {
      const outcome = await syncCompany(COMPANY, s.key, s.deps({ pageSize: 200 }));
      expect(outcome.status).toBe("done");
      const windowStart = windowStartOf(s.log);
      const expected = await sandboxTotals(windowStart);
      expect(expected.orders.n).toBeGreaterThan(400);
      expect(await copyTotals(s.database)).toEqual(expected);
      // The slips older than 13 months were asked for by date: not one is in the copy.
      const [old] = await sandbox.db.query<{ n: string }>(`SELECT count(*) AS n FROM ne_receive_order WHERE company_ne_id = $1 AND receive_order_date <= $2`, [COMPANY, windowStart]);
      expect(Number(old!.n)).toBe(25);
      // Every call was background work, and every page but each resource's last was full.
      expect(new Set(s.priorities)).toEqual(new Set(["background"]));
      const slipPages = callsOf(s.log, "receiveorder_base").length;
      expect(slipPages).toBe(Math.floor(expected.orders.n / 200) + 1);
      const state = await s.database.db.select().from(analyticsSyncState).where(eq(analyticsSyncState.companyNeId, COMPANY));
      expect(state.map((r) => [r.resource, r.cursor, r.mark !== null]).sort()).toEqual(
        (["goods", "orders", "rows", "setGoods", "stock", "warehouseStock"] as ResourceName[]).map((r) => [r, null, true]),
      );
      const [company] = await s.database.db.select().from(analyticsCompanies).where(eq(analyticsCompanies.companyNeId, COMPANY));
      expect(company?.asOf).toBeInstanceOf(Date);
      expect(company?.lastError).toBeNull();
    } finally {
      await s.database.close();
    }
  }, 120_000);

  it("an incremental sync asks only for what changed since the mark, one call per resource, and shows a change and a cancellation", async () => {
    const s = await setup();
    try {
      expect((await syncCompany(COMPANY, s.key, s.deps())).status).toBe("done");
      const marks = Object.fromEntries((await s.database.db.select().from(analyticsSyncState)).map((r) => [r.resource, r.mark]));
      // Two slips change in NextEngine: one's total, one is cancelled; one row's quantity changes.
      const [a, b] = await sandbox.db.query<{ id: string }>(
        `SELECT receive_order_id AS id FROM ne_receive_order WHERE company_ne_id = $1 AND receive_order_cancel_type_id = '0' ORDER BY receive_order_id DESC LIMIT 2`,
        [COMPANY],
      );
      const now = formatJst(sandbox.clock.now() + 2000);
      await sandbox.db.query(
        `UPDATE ne_receive_order SET receive_order_total_amount = receive_order_total_amount + 1000, receive_order_last_modified_date = $3, receive_order_last_modified_null_safe_date = $3
          WHERE company_ne_id = $1 AND receive_order_id = $2`,
        [COMPANY, a!.id, now],
      );
      await sandbox.db.query(
        `UPDATE ne_receive_order SET receive_order_cancel_type_id = '1', receive_order_cancel_date = $3, receive_order_last_modified_date = $3, receive_order_last_modified_null_safe_date = $3
          WHERE company_ne_id = $1 AND receive_order_id = $2`,
        [COMPANY, b!.id, now],
      );
      await sandbox.db.query(
        `UPDATE ne_receive_order_row SET receive_order_row_quantity = receive_order_row_quantity + 3, receive_order_row_last_modified_date = $3, receive_order_row_last_modified_null_safe_date = $3
          WHERE company_ne_id = $1 AND receive_order_row_receive_order_id = $2 AND receive_order_row_no = 1`,
        [COMPANY, a!.id, now],
      );
      s.log.length = 0;
      const outcome = await syncCompany(COMPANY, s.key, s.deps());
      expect(outcome.status).toBe("done");
      // One call per resource; each incremental one with -gt its mark.
      expect(s.log.map((l) => l.path)).toEqual([
        "/api_v1_receiveorder_base/search",
        "/api_v1_receiveorder_row/search",
        "/api_v1_master_goods/search",
        "/api_v1_master_stock/search",
        "/api_v1_warehouse_stock/search",
        "/api_v1_master_setgoods/search",
      ]);
      expect(conditionValue(s.log[0]!, "receive_order_last_modified_null_safe_date")).toBe(marks.orders);
      expect(conditionValue(s.log[1]!, "receive_order_row_last_modified_null_safe_date")).toBe(marks.rows);
      expect(conditionValue(s.log[2]!, "goods_last_modified_null_safe_date")).toBe(marks.goods);
      expect(conditionValue(s.log[3]!, "stock_last_modified_null_safe_date")).toBe(marks.stock);
      // Only the changed records came back.
      if (outcome.status !== "done") throw new Error("not done");
      expect(outcome.fetched.orders).toBe(2);
      expect(outcome.fetched.rows).toBe(1);
      expect(outcome.fetched.goods).toBe(0);
      expect(outcome.fetched.stock).toBe(0);
      expect(await copyTotals(s.database)).toEqual(await sandboxTotals(windowStartOf(s.log)));
      const [cancelled] = await s.database.db
        .select({ cancelled: analyticsOrders.cancelled })
        .from(analyticsOrders)
        .where(and(eq(analyticsOrders.companyNeId, COMPANY), eq(analyticsOrders.receiveOrderId, Number(b!.id))));
      expect(cancelled?.cancelled).toBe(true);
    } finally {
      await s.database.close();
    }
  }, 120_000);

  it("a sync cut after page k resumes at page k+1 and stores no page twice", async () => {
    const s = await setup();
    try {
      const cut = new Error("process killed");
      const failed = await syncCompany(
        COMPANY,
        s.key,
        s.deps({
          pageSize: 100,
          onPage: (resource, page) => {
            if (resource === "rows" && page === 3) throw cut;
          },
        }),
      );
      expect(failed.status).toBe("failed");
      const rowCalls = callsOf(s.log, "receiveorder_row");
      expect(rowCalls).toHaveLength(3);
      const afterPage3 = conditionValue(rowCalls[2]!, "receive_order_row_receive_order_id");
      // What the third page stored: the cursor points past it.
      const [state] = await s.database.db.select().from(analyticsSyncState).where(and(eq(analyticsSyncState.companyNeId, COMPANY), eq(analyticsSyncState.resource, "rows")));
      const cursor = state!.cursor as { after: number; pages: number };
      expect(cursor.pages).toBe(3);
      expect(cursor.after).toBeGreaterThan(Number(afterPage3));
      expect(state!.lastError).toContain("process killed");

      s.log.length = 0;
      const resumed = await syncCompany(COMPANY, s.key, s.deps({ pageSize: 100 }));
      expect(resumed.status).toBe("done");
      // The slips' first pass had finished: they are asked only what changed since (one call). The
      // rows' first pass goes on from the cursor its third page saved.
      const slips = callsOf(s.log, "receiveorder_base");
      expect(slips).toHaveLength(1);
      expect(conditionValue(slips[0]!, "receive_order_last_modified_null_safe_date")).toBeTruthy();
      const again = callsOf(s.log, "receiveorder_row");
      expect(conditionValue(again[0]!, "receive_order_row_receive_order_id")).toBe(cursor.after);
      // No key was asked twice across both runs (each page's start is new).
      const starts = [...rowCalls, ...again].map((l) => Number(conditionValue(l, "receive_order_row_receive_order_id")));
      expect(new Set(starts).size).toBe(starts.length);
      expect(starts).toEqual([...starts].sort((x, y) => x - y));
      expect(await copyTotals(s.database)).toEqual(await sandboxTotals(await firstWindow(s.database)));
    } finally {
      await s.database.close();
    }
  }, 120_000);

  it("two syncs of one company at once: one runs, the other answers running-elsewhere", async () => {
    const s = await setup();
    try {
      const [one, two] = await Promise.all([syncCompany(COMPANY, s.key, s.deps()), syncCompany(COMPANY, s.key, s.deps())]);
      expect([one.status, two.status].sort()).toEqual(["done", "running-elsewhere"]);
    } finally {
      await s.database.close();
    }
  }, 120_000);

  it("deleteCompanyCopy removes every row of the company and nothing of another", async () => {
    const s = await setup();
    try {
      expect((await syncCompany(COMPANY, s.key, s.deps())).status).toBe("done");
      await s.database.db.insert(analyticsOrderRows).values({ companyNeId: "NE-other", receiveOrderRowReceiveOrderId: 1, receiveOrderRowNo: 1 });
      await deleteCompanyCopy(s.database.db, COMPANY);
      for (const table of Object.values(RESOURCE_TABLES)) {
        const rows = (await s.database.db.execute(sql`SELECT count(*) AS n FROM ${table} WHERE company_ne_id = ${COMPANY}`)) as unknown as { rows: { n: string }[] };
        expect(Number(rows.rows[0]!.n)).toBe(0);
      }
      expect(await s.database.db.select().from(analyticsSyncState).where(eq(analyticsSyncState.companyNeId, COMPANY))).toEqual([]);
      expect(await s.database.db.select().from(analyticsCompanies).where(eq(analyticsCompanies.companyNeId, COMPANY))).toEqual([]);
      expect(await s.database.db.select().from(analyticsOrderRows).where(eq(analyticsOrderRows.companyNeId, "NE-other"))).toHaveLength(1);
    } finally {
      await s.database.close();
    }
  }, 120_000);
});

/** The window start the copy's slips were asked with (the orders state's first pass). */
async function firstWindow(database: AppDatabase): Promise<string> {
  const [state] = await database.db.select().from(analyticsSyncState).where(and(eq(analyticsSyncState.companyNeId, COMPANY), eq(analyticsSyncState.resource, "orders")));
  return windowFrom(state!.passStartedAt!);
}

/** 13 months before a pass's start, as the sync writes it. */
function windowFrom(started: Date): string {
  const d = new Date(started.getTime());
  d.setUTCMonth(d.getUTCMonth() - 13);
  return formatJst(d.getTime());
}
