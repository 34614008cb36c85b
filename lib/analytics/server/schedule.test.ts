// The schedule, the status and the routes against the in-process sandbox, on PGlite; and the one
// sync per company across two instances sharing PostgreSQL (127.0.0.1:5432, database `test`).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { openDatabase, type AppDatabase } from "@/lib/db";
import { analyticsCompanies, analyticsOrders, tokenSessions } from "@/lib/db/schema";
import { createTokenStore, type TokenStore } from "@/lib/gateway/token-store";
import { deriveTokenKey } from "@/lib/gateway/token-crypto";
import { createGateway, type Gateway } from "@/lib/gateway/gateway";
import { createNeClient } from "@/lib/ne/server/client";
import { noSession } from "@/lib/http/json-route";
import { login, startTestSandbox } from "@/sandbox/test-support";
import type { RunningSandbox } from "@/sandbox/server";
import { TEST_PG_URL, postgresReachable } from "@/lib/test/postgres";
import { deleteCopyOnRequest, markRequested, scheduleTick, syncStatus } from "./schedule";
import { handleDeleteData, handleSyncRequest, handleSyncStatus, type AnalyticsRouteDeps } from "./routes";
import { syncCompany, type SyncCall } from "./sync";
import { deleteCompanyCopy } from "./retention";

const COMPANY = "NE0000000001";
const ORIGIN = "http://localhost:3000";
const DAY_MS = 86_400_000;
let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox({ data: "generate", orders: 300, seed: 3 });
}, 120_000);

afterAll(async () => {
  await sandbox?.close();
});

async function newSession(store: TokenStore, company = COMPANY): Promise<string> {
  const t = await login(sandbox.url, "manager@sandbox.test");
  return store.create({
    companyNeId: company,
    uid: "u",
    picNeId: null,
    tokens: { accessToken: t.access_token, refreshToken: t.refresh_token, accessTokenEndDate: null, refreshTokenEndDate: null },
  });
}

function setup(database: AppDatabase) {
  const store = createTokenStore(database, deriveTokenKey("analytics-schedule-test-secret-0123456789"));
  const gateway: Gateway = createGateway({ client: createNeClient({ baseUrl: sandbox.url }), store, database });
  let calls = 0;
  const call: SyncCall = (k, p, r, o) => {
    calls += 1;
    return gateway.call(k, p, r, o);
  };
  return { store, gateway, call, calls: () => calls };
}

const countOrders = async (database: AppDatabase, company: string) =>
  (await database.db.select({ n: sql<number>`count(*)::int` }).from(analyticsOrders).where(eq(analyticsOrders.companyNeId, company)))[0]!.n;

describe("analytics schedule and status (PGlite)", () => {
  let database: AppDatabase;
  let s: ReturnType<typeof setup>;

  beforeAll(async () => {
    database = await openDatabase({ dataDir: "memory://" });
    s = setup(database);
  });
  afterAll(async () => {
    await database?.close();
  });

  it("a tick syncs a company with a live sign-in once; the next tick waits for the interval or a request", async () => {
    await newSession(s.store);
    const first = await scheduleTick({ database, call: s.call, syncEveryMs: 15 * 60_000 });
    expect(first.synced).toEqual({ [COMPANY]: "done" });
    expect(await countOrders(database, COMPANY)).toBeGreaterThan(100);
    const status = await syncStatus(database.db, COMPANY);
    expect(status.asOf).toBeInstanceOf(Date);
    expect(status.running).toBe(false);
    expect(status.lastError).toBeNull();

    const before = s.calls();
    expect((await scheduleTick({ database, call: s.call, syncEveryMs: 15 * 60_000 })).synced).toEqual({});
    expect(s.calls()).toBe(before);
    // Sixteen minutes later it is due again.
    const later = Date.now() + 16 * 60_000;
    expect((await scheduleTick({ database, call: s.call, syncEveryMs: 15 * 60_000, now: () => later, limits: { idleMs: DAY_MS, absoluteMs: 7 * DAY_MS } })).synced).toEqual({ [COMPANY]: "done" });
  }, 120_000);

  it("with the schedule off (ANALYTICS_SYNC_MINUTES=off) a signed-in company is synced only when someone asks", async () => {
    const key = await newSession(s.store, "asking-company");
    const before = s.calls();
    expect((await scheduleTick({ database, call: s.call, syncEveryMs: null })).synced).toEqual({});
    expect(s.calls()).toBe(before);
    await markRequested(database.db, "asking-company");
    expect((await scheduleTick({ database, call: s.call, syncEveryMs: null })).synced).toEqual({ "asking-company": "done" });
    expect(s.calls()).toBeGreaterThan(before);
    expect((await scheduleTick({ database, call: s.call, syncEveryMs: null })).synced).toEqual({});
    await deleteCompanyCopy(database.db, "asking-company");
    await s.store.delete(key);
  }, 120_000);

  it("a scheduled sync is not the session's activity: the person's idle clock goes on", async () => {
    const key = await newSession(s.store, "quiet-company");
    const lastSeen = new Date(Date.now() - 10 * 60_000);
    await s.store.touch(key, lastSeen);
    const result = await scheduleTick({ database, call: s.call });
    expect(result.synced["quiet-company"]).toBe("done");
    expect((await s.store.get(key))?.lastSeenAt.getTime()).toBe(lastSeen.getTime());
    await deleteCompanyCopy(database.db, "quiet-company");
    await s.store.delete(key);
  }, 120_000);

  it("without the routes' gateway a tick syncs nothing but still keeps the retention", async () => {
    const result = await scheduleTick({ database, call: null });
    expect(result.synced).toEqual({});
  });

  it("retention: a copy with no sign-in for ANALYTICS_RETENTION_DAYS is deleted, a younger one and a signed-in one stay", async () => {
    const at = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY_MS);
    await database.db.insert(analyticsCompanies).values([
      { companyNeId: "old-company", lastSignInSeenAt: at(31) },
      { companyNeId: "young-company", lastSignInSeenAt: at(29) },
    ]);
    await database.db.insert(analyticsOrders).values([
      { companyNeId: "old-company", receiveOrderId: 1 },
      { companyNeId: "young-company", receiveOrderId: 1 },
    ]);
    // Company 1 was last seen long ago too, but someone of it is signed in now: seen again, kept.
    await database.db.update(analyticsCompanies).set({ lastSignInSeenAt: at(40) }).where(eq(analyticsCompanies.companyNeId, COMPANY));
    const result = await scheduleTick({ database, call: null, retentionMs: 30 * DAY_MS });
    expect(result.deleted).toEqual(["old-company"]);
    expect(await countOrders(database, "old-company")).toBe(0);
    expect(await countOrders(database, "young-company")).toBe(1);
    expect(await countOrders(database, COMPANY)).toBeGreaterThan(100);
    // Once nobody of company 1 is signed in either, its copy goes after the period too.
    await database.db.delete(tokenSessions).where(eq(tokenSessions.companyNeId, COMPANY));
    const much = Date.now() + 31 * DAY_MS;
    expect((await scheduleTick({ database, call: null, retentionMs: 30 * DAY_MS, now: () => much })).deleted.sort()).toEqual([COMPANY, "young-company"]);
    expect(await countOrders(database, COMPANY)).toBe(0);
  }, 120_000);

  it("a failed sync says why in the status", async () => {
    const key = await newSession(s.store, "failing-company");
    const failing: SyncCall = async () => {
      throw Object.assign(new Error("upstream down"), { code: "003001" });
    };
    const outcome = await syncCompany("failing-company", key, { database, call: failing });
    expect(outcome.status).toBe("failed");
    const status = await syncStatus(database.db, "failing-company");
    expect(status.lastError).toBe("003001: upstream down");
    expect(status.asOf).toBeNull();
    expect(status.running).toBe(false);
  });

  it("a copy deleted on request is not built again by the schedule, however late; a refresh asked builds it", async () => {
    const company = "deleting-company";
    const key = await newSession(s.store, company);
    const every = 15 * 60_000;
    const limits = { idleMs: DAY_MS, absoluteMs: 7 * DAY_MS };
    expect((await scheduleTick({ database, call: s.call, syncEveryMs: every })).synced[company]).toBe("done");
    expect(await countOrders(database, company)).toBeGreaterThan(100);

    // While a sync holds the company's lock, the delete is refused and deletes nothing.
    await database.tryAdvisoryLock(`analytics-sync:${company}`, async () => {
      expect(await deleteCopyOnRequest(database, company)).toBe(false);
    });
    expect(await countOrders(database, company)).toBeGreaterThan(100);

    expect(await deleteCopyOnRequest(database, company)).toBe(true);
    expect(await countOrders(database, company)).toBe(0);
    expect(await syncStatus(database.db, company)).toMatchObject({ asOf: null, running: false, requested: false });
    // (Other companies signed in by the tests before are synced by these ticks: only this one is looked at.)
    for (const minutes of [0, 16, 24 * 60]) {
      const at = Date.now() + minutes * 60_000;
      const tick = await scheduleTick({ database, call: s.call, syncEveryMs: every, now: () => at, limits });
      expect(tick.synced[company]).toBeUndefined();
      expect(tick.deleted).not.toContain(company);
    }
    expect(await countOrders(database, company)).toBe(0);
    expect(await syncStatus(database.db, company)).toMatchObject({ asOf: null, running: false, requested: false });

    // Someone of the company asks (the refresh button): built again, and kept up to date on the schedule from then on.
    await markRequested(database.db, company);
    expect((await scheduleTick({ database, call: s.call, syncEveryMs: every })).synced[company]).toBe("done");
    expect(await countOrders(database, company)).toBeGreaterThan(100);
    const [row] = await database.db.select().from(analyticsCompanies).where(eq(analyticsCompanies.companyNeId, company));
    expect(row?.deletedOnRequestAt).toBeNull();
    const later = Date.now() + 16 * 60_000;
    expect((await scheduleTick({ database, call: s.call, syncEveryMs: every, now: () => later, limits })).synced[company]).toBe("done");
    await deleteCompanyCopy(database.db, company);
    await s.store.delete(key);
  }, 180_000);
});

describe("analytics routes (PGlite)", () => {
  let database: AppDatabase;
  let s: ReturnType<typeof setup>;
  let key: string;
  let signedIn = true;

  beforeAll(async () => {
    database = await openDatabase({ dataDir: "memory://" });
    s = setup(database);
    key = await newSession(s.store);
  });
  afterAll(async () => {
    await database?.close();
  });

  const deps = (): AnalyticsRouteDeps => ({
    session: async () => (signedIn ? { key, companyNeId: COMPANY } : { response: noSession() }),
    database,
    call: s.call,
  });
  const req = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    new Request(`${ORIGIN}${path}`, {
      method,
      headers: { origin: ORIGIN, "sec-fetch-site": "same-origin", ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  it("GET answers the status; POST starts a refresh; DELETE deletes the copy", async () => {
    let res = await handleSyncStatus(req("GET", "/api/analytics/sync"), deps());
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ asOf: null, running: false, lastError: null, lastErrorAt: null, requested: false });

    res = await handleSyncRequest(req("POST", "/api/analytics/sync", {}), deps());
    expect(res.status).toBe(202);
    const asked = (await res.json()) as { started: boolean; requestedAt: string; requested: boolean };
    expect(asked).toMatchObject({ started: true, requested: true });
    // The sync runs in the background: wait for its state, not for a time.
    await expect.poll(async () => (await syncStatus(database.db, COMPANY)).asOf, { timeout: 60_000, interval: 50 }).toBeInstanceOf(Date);
    // The copy is as of the request or later: what the refresh button waits for.
    expect((await syncStatus(database.db, COMPANY)).asOf!.getTime()).toBeGreaterThanOrEqual(Date.parse(asked.requestedAt));
    res = await handleSyncStatus(req("GET", "/api/analytics/sync"), deps());
    const status = (await res.json()) as { asOf: string; requested: boolean };
    expect(Number.isNaN(Date.parse(status.asOf))).toBe(false);
    expect(status.requested).toBe(false);
    expect(await countOrders(database, COMPANY)).toBeGreaterThan(100);

    res = await handleDeleteData(req("DELETE", "/api/analytics/data", {}), deps());
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ deleted: true });
    expect(await countOrders(database, COMPANY)).toBe(0);
    expect((await syncStatus(database.db, COMPANY)).asOf).toBeNull();
    // Deleted on request: the next tick leaves it deleted.
    expect((await scheduleTick({ database, call: s.call, syncEveryMs: 15 * 60_000 })).synced).toEqual({});
    expect(await countOrders(database, COMPANY)).toBe(0);

    // A sync holding the lock: 409 sync-running.
    await database.tryAdvisoryLock(`analytics-sync:${COMPANY}`, async () => {
      const refused = await handleDeleteData(req("DELETE", "/api/analytics/data", {}), deps());
      expect(refused.status).toBe(409);
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("sync-running");
    });
  }, 120_000);

  it("refuses what it should: signed out 401, a query parameter or a body field 400, another site 403", async () => {
    signedIn = false;
    expect((await handleSyncStatus(req("GET", "/api/analytics/sync"), deps())).status).toBe(401);
    signedIn = true;
    expect((await handleSyncStatus(req("GET", "/api/analytics/sync?company=NE0000000002"), deps())).status).toBe(400);
    expect((await handleSyncRequest(req("POST", "/api/analytics/sync", { company: "NE0000000002" }), deps())).status).toBe(400);
    expect((await handleDeleteData(req("DELETE", "/api/analytics/data", {}, { origin: "https://evil.example", "sec-fetch-site": "cross-site" }), deps())).status).toBe(403);
  });
});

describe("one sync per company across instances (PostgreSQL)", () => {
  let a: AppDatabase;
  let b: AppDatabase;
  const company = `test-analytics-${crypto.randomUUID()}`;

  beforeAll(async () => {
    expect(await postgresReachable()).toBe(true);
    a = await openDatabase({ databaseUrl: TEST_PG_URL });
    b = await openDatabase({ databaseUrl: TEST_PG_URL });
  });
  afterAll(async () => {
    if (a) await deleteCompanyCopy(a.db, company);
    await a?.close();
    await b?.close();
  });

  it("two instances sync one company at once: one runs, the other answers running-elsewhere at once", async () => {
    const sa = setup(a);
    const sb = setup(b);
    const keyA = await newSession(sa.store, company);
    const keyB = await newSession(sb.store, company);
    const [one, two] = await Promise.all([syncCompany(company, keyA, { database: a, call: sa.call }), syncCompany(company, keyB, { database: b, call: sb.call })]);
    expect([one.status, two.status].sort()).toEqual(["done", "running-elsewhere"]);
    // The one refused made no call.
    expect(Math.min(sa.calls(), sb.calls())).toBe(0);
    expect(await countOrders(a, company)).toBeGreaterThan(100);
    // Afterwards the other instance takes the lock and syncs incrementally.
    const again = await syncCompany(company, keyB, { database: b, call: sb.call });
    expect(again.status).toBe("done");
  }, 120_000);
});
