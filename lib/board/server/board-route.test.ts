// The board endpoint against the real sandbox (generated shop data): its numbers equal what the
// API's own count twin says for the same conditions, per status and per day, with and without
// cancelled slips, for several periods and shop filters, on every path (one page, several pages,
// the counts fallback past the row ceiling); and it makes few upstream calls, shared by sessions.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type AppDatabase } from "@/lib/db";
import { createGateway, type Gateway } from "@/lib/gateway/gateway";
import { deriveTokenKey } from "@/lib/gateway/token-crypto";
import { createTokenStore, type TokenStore } from "@/lib/gateway/token-store";
import { createNeClient } from "@/lib/ne/server/client";
import { addDays, jstToday } from "@/lib/board/period";
import { BOARD_CACHE_TTL_MS, parseBoardAnswer, type BoardAnswer } from "@/lib/board/contract";
import type { RunningSandbox } from "@/sandbox/server";
import { filtersToConditions } from "@/lib/grid/filters";
import { receiveOrder } from "@/lib/ne/registry/resources/receive-order";
import { WORK_QUEUES, queueFilters } from "@/lib/orders/work-queues";
import { admin, call, login, startTestSandbox } from "@/sandbox/test-support";
import { createSingleFlightCache } from "@/lib/http/single-flight-cache";
import { noSession } from "@/lib/http/json-route";
import { handleBoard, type BoardRouteDeps } from "./board-route";
import type { BoardLimits, BoardNumbers } from "./compute";

const COUNT = "/api_v1_receiveorder_base/count";
const ORIGIN = "http://localhost:3000";

let sandbox: RunningSandbox;
let database: AppDatabase;
let store: TokenStore;
let gateway: Gateway;
/** Upstream calls the gateway's client made, by path. */
const upstream = { calls: [] as string[], inFlight: 0, most: 0 };
let accessToken = "";

beforeAll(async () => {
  sandbox = await startTestSandbox({ data: "generate", orders: 3000, seed: 13 });
  database = await openDatabase({ dataDir: "memory://" });
  store = createTokenStore(database, deriveTokenKey("board-test-secret-0123456789"));
  const countingFetch: typeof fetch = async (input, init) => {
    upstream.calls.push(new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url).pathname);
    upstream.most = Math.max(upstream.most, ++upstream.inFlight);
    try {
      return await fetch(input, init);
    } finally {
      upstream.inFlight -= 1;
    }
  };
  gateway = createGateway({ client: createNeClient({ baseUrl: sandbox.url, fetch: countingFetch }), store, database });
  accessToken = (await login(sandbox.url, "manager@sandbox.test")).access_token;
});

afterAll(async () => {
  await database?.close();
  await sandbox?.close();
});

async function newSession(loginCode = "manager@sandbox.test", companyNeId = "NE0000000001"): Promise<string> {
  const t = await login(sandbox.url, loginCode);
  return store.create({
    companyNeId,
    uid: loginCode,
    picNeId: null,
    tokens: { accessToken: t.access_token, refreshToken: t.refresh_token, accessTokenEndDate: null, refreshTokenEndDate: null },
  });
}

function deps(sessionKey: string | null, cache = createSingleFlightCache<BoardNumbers>({ ttlMs: 30_000 }), limits?: BoardLimits): BoardRouteDeps {
  return {
    // As the route's shared check (lib/auth/route-session.ts) answers: the gateway's check.
    session: async () => {
      if (!sessionKey) return { response: noSession() };
      const live = await gateway.check(sessionKey);
      return "session" in live ? { key: sessionKey, companyNeId: live.session.companyNeId } : { response: noSession() };
    },
    call: (key, path, request, options) => gateway.call(key, path, request, options),
    cache,
    ...(limits ? { limits } : {}),
  };
}

function get(query: string, headers: Record<string, string> = {}): Request {
  return new Request(`${ORIGIN}/api/board?${query}`, { headers: { host: "localhost:3000", ...headers } });
}

async function board(d: BoardRouteDeps, query: string): Promise<BoardAnswer> {
  const res = await handleBoard(get(query), d);
  const body: unknown = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(200);
  const answer = parseBoardAnswer(body);
  expect(answer).not.toBeNull();
  return answer!;
}

const nextDay = (day: string) => addDays(day, 1);

/** The API's own count for the period (and status, shops), live only unless cancelled are asked. */
async function twin(from: string, to: string, opts: { status?: string; shops?: readonly string[]; includeCancelled: boolean; hour?: string }): Promise<number> {
  const h = opts.hour === undefined ? null : Number(opts.hour);
  const conditions: Record<string, string> = {
    "receive_order_date-gte": h === null ? `${from} 00:00:00` : `${from} ${String(h).padStart(2, "0")}:00:00`,
    "receive_order_date-lt": h === null || h === 23 ? `${nextDay(to)} 00:00:00` : `${from} ${String(h + 1).padStart(2, "0")}:00:00`,
    ...(opts.status !== undefined ? { "receive_order_order_status_id-eq": opts.status } : {}),
    ...(opts.shops?.length ? { "receive_order_shop_id-in": opts.shops.join(",") } : {}),
  };
  const all = await call(sandbox.url, COUNT, { access_token: accessToken, ...conditions });
  expect(all.result, all.message).toBe("success");
  if (opts.includeCancelled) return Number(all.count);
  // Live: the cancel type is "0" or empty. Its twin: everything less what is cancelled.
  const cancelled = await call(sandbox.url, COUNT, { access_token: accessToken, ...conditions, "receive_order_cancel_type_id-nblank": "", "receive_order_cancel_type_id-neq": "0" });
  return Number(all.count) - Number(cancelled.count);
}

/**
 * Revenue (the sum of receive_order_total_amount) per bucket, per shop and in all, from the
 * sandbox's own slips of the period read here (pages of 1,000), with the same cancel exclusion.
 */
async function expectRevenueOfTheSandbox(answer: BoardAnswer, shops: readonly string[]): Promise<void> {
  const rows: Record<string, string | null>[] = [];
  for (let offset = 0; ; offset += 1000) {
    const page = await call(sandbox.url, "/api_v1_receiveorder_base/search", {
      access_token: accessToken,
      fields: "receive_order_id,receive_order_total_amount,receive_order_shop_id,receive_order_date,receive_order_cancel_type_id",
      "receive_order_date-gte": `${answer.from} 00:00:00`,
      "receive_order_date-lt": `${nextDay(answer.to)} 00:00:00`,
      ...(shops.length ? { "receive_order_shop_id-in": shops.join(",") } : {}),
      offset,
      limit: 1000,
    });
    expect(page.result, page.message).toBe("success");
    rows.push(...(page.data ?? []));
    if ((page.data ?? []).length < 1000) break;
  }
  const counted = rows.filter((r) => answer.includeCancelled || r.receive_order_cancel_type_id === "0");
  const yen = (r: Record<string, string | null>) => Number(r.receive_order_total_amount);
  const sum = (list: typeof rows) => list.reduce((n, r) => n + yen(r), 0);
  expect(counted.length).toBe(answer.totals.orders);
  expect(answer.totals.revenue).toBe(sum(counted));
  expect(answer.totals.revenue).toBeGreaterThan(0);
  for (const b of answer.buckets) {
    const inside = counted.filter((r) => {
      const date = r.receive_order_date ?? "";
      const day = date.slice(0, 10);
      return day >= b.from && day <= b.to && (answer.unit !== "hour" || date.slice(11, 13) === b.key);
    });
    expect({ key: b.key, orders: b.orders, revenue: b.revenue }).toEqual({ key: b.key, orders: inside.length, revenue: sum(inside) });
  }
  const shopIds = [...new Set(counted.map((r) => r.receive_order_shop_id ?? ""))];
  const expected = shopIds.map((shopId) => {
    const of = counted.filter((r) => r.receive_order_shop_id === shopId);
    return { shopId, orders: of.length, revenue: sum(of) };
  });
  expect([...(answer.shopTotals ?? [])].sort((a, b) => a.shopId.localeCompare(b.shopId))).toEqual(expected.sort((a, b) => a.shopId.localeCompare(b.shopId)));
  const revenues = (answer.shopTotals ?? []).map((s) => s.revenue);
  expect(revenues).toEqual([...revenues].sort((a, b) => b - a));
}

/** Status ids of the classification list (the board's cards). */
async function statusIds(): Promise<string[]> {
  const info = await call(sandbox.url, "/api_v1_system_orderstatus/info", { access_token: accessToken });
  return (info.data ?? []).map((r) => r.order_status_id ?? "");
}

async function expectEqualToTwins(answer: BoardAnswer, shops: readonly string[]): Promise<void> {
  const { from, to, includeCancelled } = answer;
  const byId = new Map(answer.statuses.map((s) => [s.id, s.count]));
  for (const id of await statusIds()) {
    const expected = await twin(from, to, { status: id, shops, includeCancelled });
    // Rows: a status with no slip is absent (0); counts: every status of the list is counted.
    expect(byId.get(id) ?? 0, `status ${id} ${from}..${to} shops=${shops.join()} cancelled=${includeCancelled}`).toBe(expected);
  }
  // Every bucket of the period, each the count twin of its hour or days.
  expect(answer.buckets.map((b) => b.from)[0]).toBe(from);
  expect(answer.buckets.at(-1)?.to).toBe(to);
  for (const b of answer.buckets) {
    const hour = answer.unit === "hour" ? { hour: b.key } : {};
    expect(b.orders, `${answer.unit} ${b.key} shops=${shops.join()} cancelled=${includeCancelled}`).toBe(await twin(b.from, b.to, { shops, includeCancelled, ...hour }));
  }
  expect(answer.totals.orders).toBe(await twin(from, to, { shops, includeCancelled }));
  if (answer.source === "rows") await expectRevenueOfTheSandbox(answer, shops);
  else {
    expect(answer.totals.revenue).toBeNull();
    expect(answer.shopTotals).toBeNull();
    expect(answer.buckets.every((b) => b.revenue === null)).toBe(true);
  }
  expect(answer.slips).toBe(await twin(from, to, { shops, includeCancelled: true }));
  expect(answer.slips - answer.cancelled).toBe(await twin(from, to, { shops, includeCancelled: false }));
  // The work queues (lib/orders/work-queues.ts): each the count twin of its conditions in the period.
  expect(answer.queues.map((q) => q.id)).toEqual(WORK_QUEUES.map((q) => q.id));
  for (const queue of WORK_QUEUES) {
    const params: Record<string, string> = {};
    for (const c of filtersToConditions(receiveOrder, queueFilters(queue, new Date()))) params[`${c.field}-${c.op}`] = Array.isArray(c.value) ? c.value.join(",") : (c.value ?? "");
    const n = await call(sandbox.url, COUNT, {
      access_token: accessToken,
      ...params,
      "receive_order_date-gte": `${from} 00:00:00`,
      "receive_order_date-lt": `${nextDay(to)} 00:00:00`,
      ...(shops.length ? { "receive_order_shop_id-in": shops.join(",") } : {}),
    });
    expect(answer.queues.find((q) => q.id === queue.id)?.count, `queue ${queue.id} ${from}..${to} shops=${shops.join()}`).toBe(Number(n.count));
  }
}

const today = () => jstToday(new Date());

describe("GET /api/board against the sandbox", () => {
  let session: string;
  beforeAll(async () => {
    session = await newSession();
  });
  beforeEach(() => {
    upstream.calls = [];
    upstream.most = 0;
  });

  it("the data has cancelled slips, and cancel types are 0 for live ones (what isCancelled assumes)", async () => {
    const from = addDays(today(), -89);
    const all = await twin(from, today(), { includeCancelled: true });
    const eq0 = Number((await call(sandbox.url, COUNT, { access_token: accessToken, "receive_order_date-gte": `${from} 00:00:00`, "receive_order_cancel_type_id-eq": "0" })).count);
    const blank = Number((await call(sandbox.url, COUNT, { access_token: accessToken, "receive_order_cancel_type_id-blank": "" })).count);
    const live = await twin(from, today(), { includeCancelled: false });
    expect(blank).toBe(0);
    expect(live).toBe(eq0);
    expect(all - live).toBeGreaterThan(0);
  });

  for (const [name, back] of [
    ["today", 0],
    ["7 days", 6],
    ["30 days", 29],
    ["60 days (by week)", 59],
    ["200 days (by month)", 199],
  ] as const) {
    for (const includeCancelled of [false, true]) {
      it(`${name}, every shop, ${includeCancelled ? "with" : "without"} cancelled: equal to the count twins`, async () => {
        const from = addDays(today(), -back);
        const answer = await board(deps(session), `from=${from}&to=${today()}${includeCancelled ? "&cancelled=1" : ""}`);
        expect(answer.source).toBe("rows");
        expect(answer.unit).toBe(back === 0 ? "hour" : back < 31 ? "day" : back < 120 ? "week" : "month");
        if (back === 0) expect(answer.buckets).toHaveLength(24);
        if (back > 0 && back < 31) expect(answer.buckets).toHaveLength(back + 1);
        expect(answer.periodDays).toBe(back + 1);
        await expectEqualToTwins(answer, []);
      });
    }
  }

  it("filtered to two shops, with and without cancelled: equal to the count twins", async () => {
    const from = addDays(today(), -29);
    for (const includeCancelled of [false, true]) {
      const answer = await board(deps(session), `from=${from}&to=${today()}&shop=3,1${includeCancelled ? "&cancelled=1" : ""}`);
      expect(answer.shops).toEqual(["1", "3"]);
      await expectEqualToTwins(answer, ["1", "3"]);
    }
  });

  it("without cancelled a status counts fewer when some of its slips are cancelled, and the newest skip them", async () => {
    const from = addDays(today(), -89);
    const d = deps(session);
    const live = await board(d, `from=${from}&to=${today()}`);
    const all = await board(d, `from=${from}&to=${today()}&cancelled=1`);
    expect(all.cancelled).toBeGreaterThan(0);
    const sum = (a: BoardAnswer) => a.statuses.reduce((n, s) => n + s.count, 0);
    expect(sum(all) - sum(live)).toBe(all.cancelled);
    // The newest slips of a status are the last ones of the API's slip-number order.
    const status = all.statuses.find((s) => s.count > 0)!;
    const last = await call(sandbox.url, "/api_v1_receiveorder_base/search", {
      access_token: accessToken,
      fields: "receive_order_id",
      "receive_order_order_status_id-eq": status.id,
      "receive_order_date-gte": `${from} 00:00:00`,
      "receive_order_date-lt": `${nextDay(today())} 00:00:00`,
      offset: Math.max(0, status.count - 5),
      limit: 5,
    });
    expect(status.newest.map((s) => s.id)).toEqual((last.data ?? []).map((r) => r.receive_order_id).reverse());
    expect(status.newest[0]).toMatchObject({ shopId: expect.stringMatching(/^\d+$/), purchaserName: expect.any(String), totalAmount: expect.stringMatching(/^\d+$/), date: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/) });
  });

  it("several pages (a small page size) give the same numbers, one call after the other: the first page, the count, the other pages", async () => {
    const from = addDays(today(), -59);
    const query = `from=${from}&to=${today()}`;
    const onePage = await board(deps(session), query);
    upstream.calls = [];
    const paged = await board(deps(session, undefined, { pageSize: 300 }), query);
    const pages = Math.ceil(paged.slips / 300);
    expect(pages).toBeGreaterThan(2);
    expect({ ...paged, computedAt: 0 }).toEqual({ ...onePage, computedAt: 0 });
    expect(upstream.calls.filter((p) => p.endsWith("/search"))).toHaveLength(pages);
    expect(upstream.calls.filter((p) => p.endsWith("/count"))).toHaveLength(1);
    expect(upstream.calls.slice(0, 2)).toEqual(["/api_v1_receiveorder_base/search", "/api_v1_receiveorder_base/count"]);
    expect(upstream.most).toBe(1);
  });

  it("past the row ceiling it counts instead of reading rows, says so, and the numbers still equal the twins", async () => {
    const from = addDays(today(), -59);
    for (const includeCancelled of [false, true]) {
      const answer = await board(deps(session, undefined, { maxRows: 200, pageSize: 100 }), `from=${from}&to=${today()}&shop=1,2${includeCancelled ? "&cancelled=1" : ""}`);
      expect(answer.source).toBe("counts");
      await expectEqualToTwins(answer, ["1", "2"]);
      // Newest from the period's last page: still the newest of their status where it has any there.
      expect(answer.statuses.some((s) => s.newest.length > 0)).toBe(true);
    }
    expect(upstream.most).toBe(1); // every count in turn
  });

  it("one refresh of a 30-day board is 1 upstream call: a page that is not full holds the whole period (it was 44: a count and a search per status, a count per day)", async () => {
    const answer = await board(deps(session), `from=${addDays(today(), -29)}&to=${today()}`);
    expect(answer.slips).toBeLessThanOrEqual(10_000);
    expect(upstream.calls).toEqual(["/api_v1_receiveorder_base/search"]);
  });

  it("passes the page's priority to every call: a timer's refresh is background, no header interactive, another value a 400 without a call", async () => {
    const seen: (string | undefined)[] = [];
    const watching = (cache = createSingleFlightCache<BoardNumbers>({ ttlMs: 30_000 })): BoardRouteDeps => {
      const d = deps(session, cache);
      return { ...d, call: (key, path, request, options) => (seen.push(options?.priority), d.call(key, path, request, options)) };
    };
    const query = `from=${addDays(today(), -6)}&to=${today()}`;
    expect((await handleBoard(get(query, { "x-backyard-priority": "background" }), watching())).status).toBe(200);
    expect((await handleBoard(get(query), watching())).status).toBe(200);
    expect(seen).toEqual(["background", "interactive"]);
    const refused = await handleBoard(get(query, { "x-backyard-priority": "now" }), watching());
    expect(refused.status).toBe(400);
    expect(seen).toHaveLength(2);
  });

  it("two sessions of the same company asking at once share one computation; the cache serves the next refresh; fresh computes again", async () => {
    const other = await newSession("staff@sandbox.test");
    const cache = createSingleFlightCache<BoardNumbers>({ ttlMs: 30_000 });
    const query = `from=${addDays(today(), -6)}&to=${today()}`;
    const [a, b] = await Promise.all([board(deps(session, cache), query), board(deps(other, cache), `${query}&cancelled=1`)]);
    expect(cache.computations).toBe(1);
    expect(upstream.calls).toHaveLength(1);
    expect(a.computedAt).toBe(b.computedAt);
    expect(b.slips).toBe(a.slips);

    await board(deps(other, cache), query);
    expect(upstream.calls).toHaveLength(1);

    // "Refresh now" from both at once: one new computation.
    await Promise.all([board(deps(session, cache), `${query}&fresh=1`), board(deps(other, cache), `${query}&fresh=1`)]);
    expect(cache.computations).toBe(2);
    expect(upstream.calls).toHaveLength(2);
  });

  it("computes once per refresh interval per company: every session of it, timers included, gets the kept numbers until BOARD_CACHE_TTL_MS, then one computation", async () => {
    const other = await newSession("staff@sandbox.test");
    let clock = 0;
    const cache = createSingleFlightCache<BoardNumbers>({ ttlMs: BOARD_CACHE_TTL_MS, now: () => clock });
    const query = `from=${addDays(today(), -29)}&to=${today()}`;
    const first = await board(deps(session, cache), query);
    clock = BOARD_CACHE_TTL_MS - 1;
    const timer = await handleBoard(get(query, { "x-backyard-priority": "background" }), deps(other, cache));
    expect(timer.status).toBe(200);
    expect((await board(deps(other, cache), `${query}&cancelled=1`)).computedAt).toBe(first.computedAt);
    expect(cache.computations).toBe(1);
    expect(upstream.calls).toHaveLength(1);
    clock = BOARD_CACHE_TTL_MS;
    await Promise.all([board(deps(session, cache), query), board(deps(other, cache), query)]);
    expect(cache.computations).toBe(2);
    expect(upstream.calls).toHaveLength(2);
  });

  it("another company's session never gets this company's numbers", async () => {
    const operator = await newSession("operator@another.test", "NE0000000002");
    const cache = createSingleFlightCache<BoardNumbers>({ ttlMs: 30_000 });
    const query = `from=${addDays(today(), -29)}&to=${today()}`;
    const mine = await board(deps(session, cache), query);
    const theirs = await board(deps(operator, cache), query);
    expect(cache.computations).toBe(2);
    expect(theirs.slips).not.toBe(mine.slips);
  });
});

describe("GET /api/board refusals", () => {
  let session: string;
  beforeAll(async () => {
    session = await newSession();
  });
  beforeEach(() => {
    upstream.calls = [];
  });

  async function errorOf(res: Response) {
    return ((await res.json()) as { error: { code: string; kind: string; retryable: boolean } }).error;
  }

  it("signed out: 401 no-session, nothing sent", async () => {
    const res = await handleBoard(get(`from=${today()}&to=${today()}`), deps(null));
    expect(res.status).toBe(401);
    expect(await errorOf(res)).toMatchObject({ code: "no-session", kind: "auth-expired" });
    expect(upstream.calls).toEqual([]);
  });

  it.each([
    ["from=2026-02-30&to=2026-03-01", /from/],
    ["from=2026-03-02&to=2026-03-01", /to/],
    ["to=2026-03-01", /from/],
    ["from=2000-01-01&to=2026-03-01", /3660/],
    ["from=2026-03-01&to=2026-03-01&shop=1,x", /shop/],
    ["from=2026-03-01&to=2026-03-01&cancelled=yes", /cancelled/],
    ["from=2026-03-01&to=2026-03-01&from=2026-03-01", /from/],
    ["from=2026-03-01&to=2026-03-01&extra=1", /extra|unrecognized/i],
  ])("refuses %s with 400 invalid-request, nothing sent", async (query, message) => {
    const res = await handleBoard(get(query), deps(session));
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error).toMatchObject({ code: "invalid-request", kind: "invalid-request" });
    expect(JSON.stringify(error)).toMatch(message);
    expect(upstream.calls).toEqual([]);
  });

  it("refuses another site's request (403) and other methods (405)", async () => {
    const cross = await handleBoard(get(`from=${today()}&to=${today()}`, { "sec-fetch-site": "cross-site" }), deps(session));
    expect(cross.status).toBe(403);
    const post = await handleBoard(new Request(`${ORIGIN}/api/board?from=${today()}&to=${today()}`, { method: "POST", headers: { host: "localhost:3000", origin: ORIGIN } }), deps(session));
    expect(post.status).toBe(405);
    expect(upstream.calls).toEqual([]);
  });

  it("an upstream failure is the proxy's error shape and status, and is not kept", async () => {
    const cache = createSingleFlightCache<BoardNumbers>({ ttlMs: 30_000 });
    const query = `from=${today()}&to=${today()}`;
    const added = await admin(sandbox.url, "POST", "/faults", { path: "/api_v1_receiveorder_base/search", kind: "http500" });
    expect(added.status).toBe(201);
    try {
      const res = await handleBoard(get(query), deps(session, cache));
      expect(res.status).toBe(502);
      expect(await errorOf(res)).toMatchObject({ kind: "upstream-failure", retryable: true });
    } finally {
      await admin(sandbox.url, "DELETE", "/faults");
    }
    await board(deps(session, cache), query);
    expect(cache.computations).toBe(2);
  });
});
