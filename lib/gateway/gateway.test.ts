// The gateway against the sandbox (a faithful upstream): one call in flight per person and at most
// callsPerCompany per company (in one process and across instances on PostgreSQL), interactive
// calls before background ones, people of a company served in turn, one rotation for many
// parallel calls on an expired access token, every rotation saved.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_PG_URL } from "@/lib/test/postgres";
import { openDatabase, type AppDatabase } from "@/lib/db";
import { createTokenStore, type TokenStore } from "./token-store";
import { deriveTokenKey } from "./token-crypto";
import { startTestSandbox, login, advanceClock, admin } from "@/sandbox/test-support";
import type { RunningSandbox } from "@/sandbox/server";
import { createNeClient } from "@/lib/ne/server/client";
import { createGateway, type Gateway } from "./gateway";
import type { CallPriority } from "./priority";
import { gatewayCalls } from "@/lib/db/schema";
import { and, eq } from "drizzle-orm";
import { isNeError } from "@/lib/ne/errors";

const key = deriveTokenKey("gateway-test-secret-0123456789");
const DAY_S = 86_400;

interface IssuedToken {
  access_token: string;
  refresh_token: string;
  company_ne_id: string;
  rotated: boolean;
}

let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox();
});

afterAll(async () => {
  await sandbox?.close();
});

async function issuedTokens(): Promise<IssuedToken[]> {
  return (await (await admin(sandbox.url, "GET", "/tokens")).json()) as IssuedToken[];
}

/** A company name of this run alone (the PostgreSQL tests share their database with other runs). */
const newCompany = () => `test-${crypto.randomUUID()}`;

/**
 * A session of `loginCode`; `accessEnd` is the access token's end date as the gateway knows it
 * (null: unknown); `company` is the company the gateway counts it under (default: one of its own).
 */
async function newSession(store: TokenStore, loginCode = "staff@sandbox.test", accessEnd: Date | null = null, company = newCompany()): Promise<{ id: string; access: string }> {
  const t = await login(sandbox.url, loginCode);
  const id = await store.create({
    companyNeId: company,
    uid: "u",
    picNeId: null,
    tokens: { accessToken: t.access_token, refreshToken: t.refresh_token, accessTokenEndDate: accessEnd, refreshTokenEndDate: null },
  });
  return { id, access: t.access_token };
}

/** The access token a call sends (the form body's access_token). */
function accessTokenOf(init: RequestInit | undefined): string {
  const body = init?.body;
  const text = typeof body === "string" ? body : body instanceof Uint8Array ? new TextDecoder().decode(body) : "";
  return new URLSearchParams(text).get("access_token") ?? "";
}

/**
 * A fetch that counts upstream calls, the 002002 answers among them, the most in flight at once
 * (all, per access token, per group of tokens), and the order calls started in.
 */
function countingFetch() {
  const seen = { calls: 0, stale: 0 };
  let inFlight = 0;
  let most = 0;
  const perToken = new Map<string, number>();
  let mostPerToken = 0;
  /** Tokens counted together (a company's people), by the test's own name for them. */
  const groups = new Map<string, string>();
  const perGroup = new Map<string, number>();
  let mostPerGroup = 0;
  const starts: string[] = [];
  const fetchFn: typeof fetch = async (input, init) => {
    const token = accessTokenOf(init);
    const group = groups.get(token);
    seen.calls += 1;
    inFlight += 1;
    most = Math.max(most, inFlight);
    perToken.set(token, (perToken.get(token) ?? 0) + 1);
    mostPerToken = Math.max(mostPerToken, perToken.get(token)!);
    if (group) {
      perGroup.set(group, (perGroup.get(group) ?? 0) + 1);
      mostPerGroup = Math.max(mostPerGroup, perGroup.get(group)!);
    }
    starts.push(token);
    try {
      const res = await fetch(input, init);
      const text = await res.clone().text();
      if (text.includes('"002002"')) seen.stale += 1;
      return res;
    } finally {
      inFlight -= 1;
      perToken.set(token, perToken.get(token)! - 1);
      if (group) perGroup.set(group, perGroup.get(group)! - 1);
    }
  };
  return {
    seen,
    fetchFn,
    starts,
    mostInFlight: () => most,
    mostPerToken: () => mostPerToken,
    mostPerGroup: () => mostPerGroup,
    /** Counts the calls of `token` in `group` from now on. */
    group(token: string, name: string) {
      groups.set(token, name);
    },
    reset() {
      seen.calls = 0;
      seen.stale = 0;
      most = 0;
      mostPerToken = 0;
      mostPerGroup = 0;
      starts.length = 0;
    },
  };
}

const inADay = () => new Date(Date.now() + DAY_S * 1000);

/** Every answer of the sandbox `ms` later, for the calls of `fn` (so calls can overlap). */
async function withLatency<T>(ms: number, fn: () => Promise<T>): Promise<T> {
  await admin(sandbox.url, "POST", "/latency", { ms });
  try {
    return await fn();
  } finally {
    await admin(sandbox.url, "DELETE", "/latency");
  }
}

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

/** Resolves once `state()` holds (checked after each turn of the event loop). */
async function until(state: () => boolean): Promise<void> {
  while (!state()) await tick();
}

const rejections = (results: PromiseSettledResult<unknown>[]) => results.filter((r) => r.status === "rejected").map((r) => String((r as PromiseRejectedResult).reason));

const search = (gateway: Gateway, id: string, priority?: CallPriority) =>
  gateway.call(id, "/api_v1_receiveorder_base/search", { fields: ["receive_order_id"], limit: 1 }, priority ? { priority } : undefined);

describe("gateway on one instance (PGlite)", () => {
  let database: AppDatabase;
  let store: TokenStore;
  let gateway: Gateway;
  const upstream = countingFetch();

  beforeAll(async () => {
    database = await openDatabase({ dataDir: "memory://" });
    store = createTokenStore(database, key);
    gateway = createGateway({ client: createNeClient({ baseUrl: sandbox.url, fetch: upstream.fetchFn }), store, database });
  });
  afterAll(async () => {
    await database?.close();
  });

  it("50 parallel calls on an expired access token rotate once, all succeed, and the newest pair is stored", async () => {
    const { id, access } = await newSession(store);
    const before = (await issuedTokens()).length;
    await advanceClock(sandbox.url, DAY_S + 60);
    upstream.seen.calls = 0;
    upstream.seen.stale = 0;

    const results = await Promise.allSettled(Array.from({ length: 50 }, () => search(gateway, id)));
    // One upstream call each: no call was refused as stale and retried.
    expect(upstream.seen).toEqual({ calls: 50, stale: 0 });
    const failed = results.filter((r) => r.status === "rejected");
    expect(failed.map((f) => (f as PromiseRejectedResult).reason)).toEqual([]);

    const issued = await issuedTokens();
    expect(issued.length - before).toBe(1); // exactly one new pair: one rotation upstream
    const newest = issued[issued.length - 1]!;
    const stored = await store.get(id);
    expect(stored?.accessToken).toBe(newest.access_token);
    expect(stored?.refreshToken).toBe(newest.refresh_token);
    expect(stored?.accessToken).not.toBe(access);
    expect(stored?.version).toBe(2);
    expect(stored?.accessTokenEndDate).toBeInstanceOf(Date);
  });

  it("50 parallel requests of one session, its access token a day from its end: never two in flight upstream, nothing rotates", async () => {
    const { id, access } = await newSession(store, "staff@sandbox.test", inADay());
    await search(gateway, id); // cached in this process, as a signed-in person's session is
    const before = (await issuedTokens()).length;
    upstream.reset();
    const results = await withLatency(5, () => Promise.allSettled(Array.from({ length: 50 }, () => search(gateway, id))));
    expect(rejections(results)).toEqual([]);
    expect(upstream.seen).toEqual({ calls: 50, stale: 0 });
    expect(upstream.mostInFlight()).toBe(1);
    expect((await issuedTokens()).length).toBe(before);
    expect((await store.get(id))?.accessToken).toBe(access);
  });

  it("a company's calls: at most callsPerCompany in flight (3 people of one company, 12 calls each), one per person, people in turn", async () => {
    const company = newCompany();
    const people: { id: string; access: string }[] = [];
    for (const login of ["staff@sandbox.test", "manager@sandbox.test", "staff@sandbox.test", "manager@sandbox.test"]) {
      const session = await newSession(store, login, inADay(), company);
      upstream.group(session.access, company);
      people.push(session);
    }
    upstream.reset();
    const results = await withLatency(10, () => Promise.allSettled(people.flatMap(({ id }) => Array.from({ length: 12 }, () => search(gateway, id)))));
    expect(rejections(results)).toEqual([]);
    expect(upstream.seen.calls).toBe(48);
    expect(upstream.mostPerGroup()).toBe(3);
    expect(upstream.mostPerToken()).toBe(1);
    // People in turn: while all four wait, none starts a second call before the others had one.
    const firstRound = upstream.starts.slice(0, 4);
    expect(new Set(firstRound).size).toBe(4);
    const secondRound = upstream.starts.slice(4, 8);
    expect(new Set(secondRound).size).toBe(4);
  });

  it("people of a company are served in turn: with one slot, a person with five calls queued first and another with five alternate", async () => {
    const single = createGateway({ client: createNeClient({ baseUrl: sandbox.url, fetch: upstream.fetchFn }), store, database, callsPerCompany: 1 });
    const company = newCompany();
    const a = await newSession(store, "staff@sandbox.test", inADay(), company);
    const b = await newSession(store, "manager@sandbox.test", inADay(), company);
    upstream.reset();
    const results = await Promise.allSettled([...Array.from({ length: 5 }, () => search(single, a.id)), ...Array.from({ length: 5 }, () => search(single, b.id))]);
    expect(rejections(results)).toEqual([]);
    expect(upstream.mostInFlight()).toBe(1);
    expect(upstream.starts.map((token) => (token === a.access ? "a" : token === b.access ? "b" : "?"))).toEqual(["a", "b", "a", "b", "a", "b", "a", "b", "a", "b"]);
  });

  it("priorities: an interactive call overtakes the background calls queued before it, within a company and for one person", async () => {
    // The first upstream call waits for the gate: every other call is queued behind it meanwhile.
    const g = gate();
    let first = true;
    const held: typeof fetch = async (input, init) => {
      if (first) {
        first = false;
        await g.opened;
      }
      return upstream.fetchFn(input, init);
    };
    const single = createGateway({ client: createNeClient({ baseUrl: sandbox.url, fetch: held }), store, database, callsPerCompany: 1 });
    const company = newCompany();
    const people: Record<string, string> = {};
    for (const [name, login] of [["a", "staff@sandbox.test"], ["b", "manager@sandbox.test"], ["c", "staff@sandbox.test"], ["d", "manager@sandbox.test"]] as const) {
      const { id } = await newSession(store, login, inADay(), company);
      people[name] = id;
    }
    first = true;
    upstream.reset();
    const done: string[] = [];
    const track = (name: string, who: string, priority?: CallPriority) => search(single, people[who]!, priority).then(() => void done.push(name));
    const calls = [track("a-bg1", "a", "background"), track("b-bg", "b", "background"), track("c-bg", "c", "background"), track("a-bg2", "a", "background")];
    await until(() => upstream.starts.length === 1 || first === false);
    calls.push(track("d-now", "d"), track("a-now", "a", "interactive"));
    for (let i = 0; i < 5; i++) await tick();
    expect(done).toEqual([]);
    g.open();
    await Promise.all(calls);
    // d-now overtakes b-bg and c-bg in the company's queue; a-now overtakes a-bg2 in a's own.
    expect(done).toEqual(["a-bg1", "d-now", "a-now", "b-bg", "c-bg", "a-bg2"]);
  });

  it("a known end date already past: 50 parallel calls rotate once, none sees 002002", async () => {
    const { id } = await newSession(store, "staff@sandbox.test", new Date(Date.now() - 1000));
    const before = (await issuedTokens()).length;
    await advanceClock(sandbox.url, DAY_S + 60);
    upstream.reset();
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => search(gateway, id)));
    expect(rejections(results)).toEqual([]);
    expect(upstream.seen).toEqual({ calls: 50, stale: 0 });
    const issued = await issuedTokens();
    expect(issued.length - before).toBe(1);
    expect((await store.get(id))?.accessToken).toBe(issued[issued.length - 1]!.access_token);
  });

  it("a rotation nobody foresaw (a day left by our clock, expired by the API's): 30 parallel calls, one at a time, rotate once and never see 002002", async () => {
    const { id, access } = await newSession(store, "staff@sandbox.test", inADay());
    await search(gateway, id);
    const before = (await issuedTokens()).length;
    await advanceClock(sandbox.url, DAY_S + 60);
    upstream.reset();
    const results = await withLatency(5, () => Promise.allSettled(Array.from({ length: 30 }, () => search(gateway, id))));
    expect(rejections(results)).toEqual([]);
    expect(upstream.mostInFlight()).toBe(1);
    expect(upstream.seen).toEqual({ calls: 30, stale: 0 });
    const issued = await issuedTokens();
    expect(issued.length - before).toBe(1);
    const stored = await store.get(id);
    expect(stored?.accessToken).toBe(issued[issued.length - 1]!.access_token);
    expect(stored?.accessToken).not.toBe(access);
  });

  it("keeps calls of one session in order and lets other sessions run", async () => {
    const a = await newSession(store);
    const b = await newSession(store, "manager@sandbox.test");
    const order: string[] = [];
    await Promise.all([
      search(gateway, a.id).then(() => order.push("a1")),
      search(gateway, a.id).then(() => order.push("a2")),
      search(gateway, b.id).then(() => order.push("b1")),
      search(gateway, a.id).then(() => order.push("a3")),
    ]);
    expect(order.filter((x) => x.startsWith("a"))).toEqual(["a1", "a2", "a3"]);
  });

  it("a session with both tokens expired is auth-expired and its tokens are deleted", async () => {
    const { id } = await newSession(store);
    await advanceClock(sandbox.url, 4 * DAY_S);
    const err = await search(gateway, id).catch((e: unknown) => e);
    expect(isNeError(err) && err.kind).toBe("auth-expired");
    expect(await store.get(id)).toBeNull();
  });

  it("a forgotten (signed-out) session is refused at once, although this process had it cached", async () => {
    const { id } = await newSession(store);
    await search(gateway, id);
    await gateway.forget(id);
    expect(await store.get(id)).toBeNull();
    const err = await search(gateway, id).catch((e: unknown) => e);
    expect(isNeError(err) && err.kind).toBe("auth-expired");
  });

  it("a read answered busy is asked once more with wait_flag=1 and succeeds; an upload answered busy is not", async () => {
    const { id } = await newSession(store, "staff@sandbox.test", inADay());
    const sent: string[] = [];
    const watching = createGateway({
      client: createNeClient({
        baseUrl: sandbox.url,
        fetch: async (input, init) => {
          sent.push(new TextDecoder().decode(init?.body as Uint8Array));
          return fetch(input, init);
        },
      }),
      store,
      database,
    });
    try {
      await admin(sandbox.url, "POST", "/faults", { path: "/api_v1_receiveorder_base/search", kind: "busy", delay_ms: 50 });
      const answer = await search(watching, id);
      expect(answer.envelope.result).toBe("success");
      expect(sent.map((body) => new URLSearchParams(body).get("wait_flag"))).toEqual([null, "1"]);

      sent.length = 0;
      await admin(sandbox.url, "POST", "/faults", { path: "/api_v1_warehouse_stock/upload", kind: "busy" });
      const err = await watching
        .call(id, "/api_v1_warehouse_stock/upload", { data: new TextEncoder().encode("a,b\n"), params: { data_type: "csv" } })
        .catch((e: unknown) => e);
      expect(isNeError(err) && err.code).toBe("003002");
      expect(sent).toHaveLength(1);
    } finally {
      await admin(sandbox.url, "DELETE", "/faults");
    }
  });

  it("an unknown session key is auth-expired without any upstream call", async () => {
    const before = (await issuedTokens()).length;
    const err = await search(gateway, "no-such-key").catch((e: unknown) => e);
    expect(isNeError(err) && err.kind).toBe("auth-expired");
    expect((await issuedTokens()).length).toBe(before);
  });
});

describe("gateway on two instances sharing PostgreSQL", () => {
  let first: AppDatabase;
  let second: AppDatabase;

  beforeAll(async () => {
    first = await openDatabase({ databaseUrl: TEST_PG_URL });
    second = await openDatabase({ databaseUrl: TEST_PG_URL });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  it("60 calls spread over two instances on an expired token rotate once; no call sees 002002", async () => {
    const storeA = createTokenStore(first, key);
    const storeB = createTokenStore(second, key);
    const upstream = countingFetch();
    const client = createNeClient({ baseUrl: sandbox.url, fetch: upstream.fetchFn });
    const gatewayA = createGateway({ client, store: storeA, database: first });
    const gatewayB = createGateway({ client, store: storeB, database: second });
    const { id } = await newSession(storeA);
    const before = (await issuedTokens()).length;
    await advanceClock(sandbox.url, DAY_S + 60);

    const results = await Promise.allSettled(
      Array.from({ length: 60 }, (_, i) => search(i % 2 === 0 ? gatewayA : gatewayB, id)),
    );
    expect(results.filter((r) => r.status === "rejected").map((r) => (r as PromiseRejectedResult).reason)).toEqual([]);
    expect(upstream.seen).toEqual({ calls: 60, stale: 0 });
    const issued = await issuedTokens();
    expect(issued.length - before).toBe(1);
    expect((await storeB.get(id))?.accessToken).toBe(issued[issued.length - 1]!.access_token);
  });

  it("50 parallel requests of one session spread over two instances: never two in flight upstream, nothing rotates", async () => {
    const storeA = createTokenStore(first, key);
    const upstream = countingFetch();
    const client = createNeClient({ baseUrl: sandbox.url, fetch: upstream.fetchFn });
    const gatewayA = createGateway({ client, store: storeA, database: first });
    const gatewayB = createGateway({ client, store: createTokenStore(second, key), database: second });
    const { id, access } = await newSession(storeA, "staff@sandbox.test", inADay());
    const before = (await issuedTokens()).length;
    const results = await withLatency(5, () => Promise.allSettled(Array.from({ length: 50 }, (_, i) => search(i % 2 === 0 ? gatewayA : gatewayB, id))));
    expect(rejections(results)).toEqual([]);
    expect(upstream.seen).toEqual({ calls: 50, stale: 0 });
    expect(upstream.mostPerToken()).toBe(1);
    expect((await issuedTokens()).length).toBe(before);
    expect((await storeA.get(id))?.accessToken).toBe(access);
  });

  it("a company's calls over two instances: at most callsPerCompany in flight, one per person", async () => {
    const upstream = countingFetch();
    const client = createNeClient({ baseUrl: sandbox.url, fetch: upstream.fetchFn });
    const gateways = [
      createGateway({ client, store: createTokenStore(first, key), database: first }),
      createGateway({ client, store: createTokenStore(second, key), database: second }),
    ];
    const company = newCompany();
    const people: string[] = [];
    for (let i = 0; i < 5; i++) {
      const session = await newSession(createTokenStore(first, key), i % 2 ? "manager@sandbox.test" : "staff@sandbox.test", inADay(), company);
      upstream.group(session.access, company);
      people.push(session.id);
    }
    // Each person on one instance (a person's calls over two instances: the test above).
    const results = await withLatency(30, () => Promise.allSettled(people.flatMap((id, p) => Array.from({ length: 8 }, () => search(gateways[p % 2]!, id)))));
    expect(rejections(results)).toEqual([]);
    expect(upstream.seen.calls).toBe(40);
    expect(upstream.mostPerToken()).toBe(1);
    expect(upstream.mostPerGroup()).toBe(3);
    const left = await first.db.select().from(gatewayCalls).where(eq(gatewayCalls.companyNeId, company));
    expect(left).toEqual([]); // every ticket released
  });

  it("priorities across instances: an interactive call of one instance overtakes the background calls another queued first", async () => {
    const g = gate();
    let held = true;
    const upstream = countingFetch();
    const gatedFetch: typeof fetch = async (input, init) => {
      if (held) {
        held = false;
        await g.opened;
      }
      return upstream.fetchFn(input, init);
    };
    const storeA = createTokenStore(first, key);
    const gatewayA = createGateway({ client: createNeClient({ baseUrl: sandbox.url, fetch: gatedFetch }), store: storeA, database: first, callsPerCompany: 1 });
    const gatewayB = createGateway({ client: createNeClient({ baseUrl: sandbox.url, fetch: upstream.fetchFn }), store: createTokenStore(second, key), database: second, callsPerCompany: 1 });
    const company = newCompany();
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) ids.push((await newSession(storeA, i % 2 ? "manager@sandbox.test" : "staff@sandbox.test", inADay(), company)).id);
    const done: string[] = [];
    const calls = [
      search(gatewayA, ids[0]!, "background").then(() => done.push("A:p0-bg")),
      search(gatewayA, ids[1]!, "background").then(() => done.push("A:p1-bg")),
      search(gatewayA, ids[2]!, "background").then(() => done.push("A:p2-bg")),
    ];
    await until(() => !held);
    // Both background calls of instance A wait for the slot in the table.
    const waiting = async () => (await first.db.select().from(gatewayCalls).where(and(eq(gatewayCalls.companyNeId, company), eq(gatewayCalls.running, false)))).length;
    while ((await waiting()) < 2) await tick();
    calls.push(search(gatewayB, ids[3]!).then(() => done.push("B:p3-now")));
    while ((await waiting()) < 3) await tick();
    g.open();
    await Promise.all(calls);
    // The background call that held the slot ends first (A's three took their tickets in whichever
    // order their sessions' locks came), then B's interactive call, then A's other two.
    expect(done[1]).toBe("B:p3-now");
    expect([done[0], ...done.slice(2)].sort()).toEqual(["A:p0-bg", "A:p1-bg", "A:p2-bg"]);
  });

  it("a slot held by a crashed instance (its ticket not renewed) is freed after the lease", async () => {
    const store = createTokenStore(first, key);
    const company = newCompany();
    const gateway = createGateway({ client: createNeClient({ baseUrl: sandbox.url }), store, database: first, callsPerCompany: 1 });
    const { id } = await newSession(store, "staff@sandbox.test", inADay(), company);
    // The only slot, held by an instance that stopped renewing it a minute ago.
    await first.db.insert(gatewayCalls).values({ companyNeId: company, instanceId: "crashed", priority: 0, running: true, heartbeatAt: new Date(Date.now() - 60_000) });
    const answer = await search(gateway, id);
    expect(answer.envelope.result).toBe("success");
    expect(await first.db.select().from(gatewayCalls).where(eq(gatewayCalls.companyNeId, company))).toEqual([]);
  });

  it("more sessions at once than the pool has connections: every call completes, none waits on another", async () => {
    // Each call holds its session's lock and a slot of its company across the upstream call;
    // holding a pooled connection for either (pool of 10) while the call's own queries need
    // another would deadlock at 10. Each session is of a company of its own.
    const store = createTokenStore(first, key);
    const gateway = createGateway({ client: createNeClient({ baseUrl: sandbox.url }), store, database: first });
    const sessions = [];
    for (let i = 0; i < 24; i++) sessions.push((await newSession(store, i % 2 ? "manager@sandbox.test" : "staff@sandbox.test")).id);
    const started = Date.now();
    const results = await Promise.allSettled(sessions.flatMap((id) => [search(gateway, id), search(gateway, id), search(gateway, id)]));
    expect(results.filter((r) => r.status === "rejected").map((r) => String((r as PromiseRejectedResult).reason))).toEqual([]);
    expect(Date.now() - started).toBeLessThan(10_000);
  }, 20_000);
});
