// GET /api/analytics/stock: the query checked with zod before anything, the session required,
// the company taken from the session (never from the request).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type AppDatabase } from "@/lib/db";
import { analyticsGoods, analyticsStock } from "@/lib/db/schema";
import { handleStock, type StockRouteDeps } from "./stock-route";

let database: AppDatabase;
beforeAll(async () => {
  database = await openDatabase({ dataDir: "memory://" });
  await database.db.insert(analyticsGoods).values({ companyNeId: "NE-A", goodsId: "A1", goodsOrderPoint: "5", goodsStockConstant: "10", goodsLot: "1", goodsDeletedFlag: "0" });
  await database.db.insert(analyticsStock).values({ companyNeId: "NE-A", stockGoodsId: "A1", stockFreeQuantity: "2" });
}, 180_000);
afterAll(async () => {
  await database?.close();
});

const deps = (company: string | null): StockRouteDeps => ({
  session: async () => (company ? { companyNeId: company } : { response: new Response(null, { status: 401 }) }),
  database: async () => database,
});
const get = (query: string, company: string | null = "NE-A") => handleStock(new Request(`http://localhost/api/analytics/stock?${query}`), deps(company));

describe("handleStock", () => {
  it("refuses a bad query before reading the session", async () => {
    for (const q of ["view=nope", "view=reorder&warehouse=-1", "view=reorder&days=0", "view=reorder&days=abc", "view=sets&company=NE-B"]) {
      const res = await get(q, null);
      expect(res.status, q).toBe(400);
    }
  });

  it("answers 401 without a session", async () => {
    expect((await get("view=reorder", null)).status).toBe(401);
  });

  it("answers the session's company's list", async () => {
    const res = await get("view=reorder&days=7");
    expect(res.status).toBe(200);
    const body = (await res.json()) as { days: number; rows: { goodsId: string; suggested: number }[] };
    expect(body.days).toBe(7);
    expect(body.rows).toMatchObject([{ goodsId: "A1", suggested: 8 }]);
    const other = (await (await get("view=reorder", "NE-B")).json()) as { rows: unknown[]; asOf: unknown };
    expect(other).toMatchObject({ rows: [], asOf: null });
    const sets = (await (await get("view=sets&warehouse=3")).json()) as { rows: unknown[] };
    expect(sets.rows).toEqual([]);
  });
});
