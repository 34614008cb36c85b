// The daily summaries kept by the sync (summaries.ts) against an upstream held in memory (pages
// answered by the conditions the sync sends): after a first sync, after slips move to another
// day, are cancelled or deleted and rows are cancelled, and after a sync cut short then resumed,
// the summaries equal the same summaries recomputed from scratch out of the copy.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { openDatabase, type AppDatabase } from "@/lib/db";
import type { NeRequest } from "@/lib/ne/encode";
import type { NeCallResult } from "@/lib/ne/server/client";
import { formatJstDateTime } from "@/lib/ne/jst-date";
import { syncCompany, type SyncCall, type SyncDeps } from "./sync";
import { markAllDays, recomputeDirtyDays } from "./summaries";
import { deleteCompanyCopy } from "./retention";

const COMPANY = "NE-SUM-1";
type Rec = Record<string, string>;

/** Upstream slips and rows (API field names, JST date strings). */
let slips: Rec[];
let rows: Rec[];
let clock: number;
let database: AppDatabase;

const jst = (iso: string) => formatJstDateTime(new Date(iso));

function seed() {
  slips = [];
  rows = [];
  for (let i = 1; i <= 24; i++) {
    // Four JST days, one slip at 23:30 JST (the day's last half hour) of each.
    const day = 1 + (i % 4);
    const at = i % 6 === 0 ? `2026-11-0${day}T23:30:00+09:00` : `2026-11-0${day}T${String(8 + (i % 10)).padStart(2, "0")}:00:00+09:00`;
    slips.push({
      receive_order_id: String(i),
      receive_order_shop_id: String(1 + (i % 2)),
      receive_order_date: jst(at),
      receive_order_cancel_type_id: "0",
      receive_order_payment_method_id: String(i % 3),
      receive_order_delivery_id: "1",
      receive_order_total_amount: String(1000 + i * 10),
      receive_order_deleted_flag: "0",
      receive_order_last_modified_null_safe_date: "2026-11-05 00:00:00",
    });
    for (let n = 1; n <= 1 + (i % 3); n++) {
      rows.push({
        receive_order_row_receive_order_id: String(i),
        receive_order_row_no: String(n),
        receive_order_row_goods_id: `G${(i + n) % 5}`,
        receive_order_row_goods_name: `goods ${(i + n) % 5}`,
        receive_order_row_quantity: String(n),
        receive_order_row_sub_total_price: String(n * 100),
        receive_order_row_cancel_flag: "0",
        receive_order_row_deleted_flag: "1",
        receive_order_row_last_modified_null_safe_date: "2026-11-05 00:00:00",
      });
    }
  }
}

/** The upstream's search: `gt` conditions, ordered by the key, offset and limit. */
const call: SyncCall = async (_key, path, request: NeRequest): Promise<NeCallResult> => {
  const source = path.includes("receiveorder_base") ? slips : path.includes("receiveorder_row") ? rows : [];
  const key = path.includes("receiveorder_base") ? "receive_order_id" : "receive_order_row_receive_order_id";
  let found = source.filter((r) =>
    (request.conditions ?? []).every((c) => {
      const v = r[c.field] ?? "";
      return c.field === key ? Number(v) > Number(c.value) : v > String(c.value);
    }),
  );
  found = [...found].sort((a, b) => Number(a[key]) - Number(b[key]) || Number(a.receive_order_row_no ?? 0) - Number(b.receive_order_row_no ?? 0));
  const offset = request.offset ?? 0;
  const data = found.slice(offset, offset + (request.limit ?? 10_000));
  return { envelope: { result: "success", count: String(data.length), data } as unknown as NeCallResult["envelope"], tokens: null };
};

const deps = (more: Partial<SyncDeps> = {}): SyncDeps => ({ database, call, now: () => clock, ...more });

async function summaries() {
  const all = async (table: string) =>
    ((await database.db.execute(sql.raw(`SELECT * FROM ${table} WHERE company_ne_id = '${COMPANY}'`))) as unknown as { rows: Record<string, unknown>[] }).rows
      .map((r) => JSON.stringify(r))
      .sort();
  return { sales: await all("analytics_daily_sales"), goods: await all("analytics_daily_goods"), monthly: await all("analytics_monthly_goods") };
}

/** The summaries recomputed from scratch out of the copy (every day), by the sync's own function. */
async function fromScratch() {
  await database.db.execute(sql`DELETE FROM analytics_daily_sales WHERE company_ne_id = ${COMPANY}`);
  await database.db.execute(sql`DELETE FROM analytics_daily_goods WHERE company_ne_id = ${COMPANY}`);
  await database.db.execute(sql`DELETE FROM analytics_monthly_goods WHERE company_ne_id = ${COMPANY}`);
  await markAllDays(database.db, COMPANY);
  await recomputeDirtyDays(database.db, COMPANY);
  return summaries();
}

async function dirtyDays(): Promise<string[]> {
  const r = (await database.db.execute(sql`SELECT to_char(day, 'YYYY-MM-DD') AS day FROM analytics_dirty_days WHERE company_ne_id = ${COMPANY} ORDER BY 1`)) as unknown as { rows: { day: string }[] };
  return r.rows.map((x) => x.day);
}

/** Orders of the day (cancelled slips included) from the sales summary. */
async function ordersOn(day: string): Promise<number> {
  const r = (await database.db.execute(sql`SELECT coalesce(sum(orders), 0)::int AS n FROM analytics_daily_sales WHERE company_ne_id = ${COMPANY} AND day = ${day}::date`)) as unknown as { rows: { n: number }[] };
  return Number(r.rows[0]!.n);
}

const touch = (r: Rec, at: string, change: Rec) => Object.assign(r, change, r.receive_order_id !== undefined ? { receive_order_last_modified_null_safe_date: at } : { receive_order_row_last_modified_null_safe_date: at });

beforeEach(async () => {
  database = await openDatabase({ dataDir: "memory://" });
  seed();
  clock = Date.parse("2026-11-20T03:00:00Z");
});

afterEach(async () => {
  await database?.close();
});

describe("analytics daily summaries", () => {
  it("a first sync builds them, and a day moved, a slip cancelled, a row cancelled, a slip deleted leave them equal to a recompute from scratch", async () => {
    expect((await syncCompany(COMPANY, "k", deps({ pageSize: 7 }))).status).toBe("done");
    expect(await dirtyDays()).toEqual([]);
    const first = await summaries();
    expect(first.sales.length).toBeGreaterThan(4);
    expect(await ordersOn("2026-11-02")).toBe(6);
    expect(first).toEqual(await fromScratch());

    const at = "2026-11-20 12:10:00";
    // Slip 1 moves from 11-02 to 11-03; slip 2 is cancelled; slip 3's first row is cancelled; slip 4 (11-01) is deleted.
    touch(slips[0]!, at, { receive_order_date: "2026-11-03 10:00:00" });
    touch(slips[1]!, at, { receive_order_cancel_type_id: "1" });
    touch(rows.find((r) => r.receive_order_row_receive_order_id === "3")!, at, { receive_order_row_cancel_flag: "1" });
    touch(slips[3]!, at, { receive_order_deleted_flag: "1" });
    clock = Date.parse("2026-11-20T03:15:00Z");
    expect((await syncCompany(COMPANY, "k", deps({ pageSize: 7 }))).status).toBe("done");
    expect(await dirtyDays()).toEqual([]);
    expect(await ordersOn("2026-11-02")).toBe(5);
    expect(await ordersOn("2026-11-03")).toBe(7);
    expect(await ordersOn("2026-11-01")).toBe(5);
    const second = await summaries();
    expect(second).not.toEqual(first);
    expect(second).toEqual(await fromScratch());
  }, 60_000);

  it("a sync cut short leaves its dirty days; the resumed sync recomputes them and clears them", async () => {
    expect((await syncCompany(COMPANY, "k", deps({ pageSize: 7 }))).status).toBe("done");
    const at = "2026-11-20 12:10:00";
    touch(slips[4]!, at, { receive_order_date: "2026-11-04 09:00:00" }); // slip 5: 11-02 → 11-04
    touch(slips[5]!, at, { receive_order_cancel_type_id: "2" }); // slip 6 (11-03 23:30) cancelled
    touch(slips[20]!, at, { receive_order_total_amount: "99999" }); // slip 21 (11-02), on the second page
    clock = Date.parse("2026-11-20T03:15:00Z");
    const cut = await syncCompany(
      COMPANY,
      "k",
      deps({
        pageSize: 2,
        onPage: (resource, page) => {
          if (resource === "orders" && page === 1) throw new Error("process killed");
        },
      }),
    );
    expect(cut.status).toBe("failed");
    // The first page (slips 5 and 6) was stored: its days are marked, the summaries not yet recomputed.
    expect(await dirtyDays()).toEqual(["2026-11-02", "2026-11-03", "2026-11-04"]);
    expect(await ordersOn("2026-11-04")).toBe(6);

    expect((await syncCompany(COMPANY, "k", deps({ pageSize: 2 }))).status).toBe("done");
    expect(await dirtyDays()).toEqual([]);
    expect(await ordersOn("2026-11-04")).toBe(7);
    expect(await ordersOn("2026-11-02")).toBe(5);
    expect(await summaries()).toEqual(await fromScratch());
  }, 60_000);

  it("deleteCompanyCopy deletes the company's summaries and dirty days", async () => {
    expect((await syncCompany(COMPANY, "k", deps())).status).toBe("done");
    await markAllDays(database.db, COMPANY);
    await deleteCompanyCopy(database.db, COMPANY);
    expect(await summaries()).toEqual({ sales: [], goods: [], monthly: [] });
    expect(await dirtyDays()).toEqual([]);
  }, 60_000);
});
