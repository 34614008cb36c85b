// The views' route checks: cross-site 403, no session 401, rate limit 429, a bad query 400 with its
// issues, and the answer for the session's own company only.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type AppDatabase } from "@/lib/db";
import { analyticsOrders } from "@/lib/db/schema";
import { salesQuerySchema } from "../query";
import { salesSeries } from "./queries";
import { markAllDays, recomputeDirtyDays } from "./summaries";
import { handleView, type ViewRouteDeps } from "./view-route";

const ORIGIN = "http://localhost:3000";
let database: AppDatabase;

beforeAll(async () => {
  database = await openDatabase({ dataDir: "memory://" });
  for (const [company, id, total] of [["NE1", 1, 100], ["NE2", 2, 5000]] as const) {
    await database.db.insert(analyticsOrders).values({ companyNeId: company, receiveOrderId: id, receiveOrderDate: new Date("2026-10-05T12:00:00+09:00"), receiveOrderTotalAmount: String(total), receiveOrderDeletedFlag: "0" });
    // The views read the daily summaries the sync keeps: the same recompute after rows written directly.
    await markAllDays(database.db, company);
    await recomputeDirtyDays(database.db, company);
  }
}, 60_000);
afterAll(async () => {
  await database?.close();
});

const get = (query: string, headers: Record<string, string> = {}) => new Request(`${ORIGIN}/api/analytics/sales?${query}`, { headers: { host: "localhost:3000", ...headers } });
const deps = (over: Partial<ViewRouteDeps> = {}): ViewRouteDeps => ({
  session: async () => ({ key: "k", companyNeId: "NE1" }),
  database: async () => database,
  ...over,
});
const run = (request: Request, d = deps()) => handleView(request, d, salesQuerySchema, salesSeries);

describe("handleView", () => {
  it("answers the session's company's numbers only", async () => {
    const res = await run(get("from=2026-10-01&to=2026-10-31&by=month"));
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.totals.current).toEqual({ orders: 1, revenue: 100, units: 0, aov: 100 });
    expect(body.asOf).toBeNull();
  });
  it("refuses a cross-site request, no session, too many requests and a bad query", async () => {
    expect((await run(get("from=2026-10-01&to=2026-10-31", { "sec-fetch-site": "cross-site" }))).status).toBe(403);
    expect((await run(get("from=2026-10-01&to=2026-10-31"), deps({ session: async () => ({ response: new Response(null, { status: 401 }) }) }))).status).toBe(401);
    expect((await run(get("from=2026-10-01&to=2026-10-31"), deps({ rateLimit: async () => ({ ok: false, retryAfterS: 7 }) as never }))).status).toBe(429);
    const bad = await run(get("from=2026-10-31&to=2026-10-01&by=year"));
    expect(bad.status).toBe(400);
    const body = await bad.json();
    expect(body.error.issues.map((i: { path: string }) => i.path)).toContain("by");
  });
});
