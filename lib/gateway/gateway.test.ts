// The gateway against the sandbox (a faithful upstream): serialized calls per session key, one
// rotation for many parallel calls on an expired access token, every rotation saved.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_PG_URL } from "@/lib/test/postgres";
import { openDatabase, type AppDatabase } from "@/lib/db";
import { createTokenStore, type TokenStore } from "./token-store";
import { deriveTokenKey } from "./token-crypto";
import { startTestSandbox, login, advanceClock, admin } from "@/sandbox/test-support";
import type { RunningSandbox } from "@/sandbox/server";
import { createNeClient } from "@/lib/ne/server/client";
import { createGateway, SHARE_MARGIN_MS, type Gateway } from "./gateway";
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

/** A session of `loginCode`; `accessEnd` is the access token's end date as the gateway knows it (null: unknown). */
async function newSession(store: TokenStore, loginCode = "staff@sandbox.test", accessEnd: Date | null = null): Promise<{ id: string; access: string }> {
  const t = await login(sandbox.url, loginCode);
  const id = await store.create({
    companyNeId: "1",
    uid: "u",
    picNeId: null,
    tokens: { accessToken: t.access_token, refreshToken: t.refresh_token, accessTokenEndDate: accessEnd, refreshTokenEndDate: null },
  });
  return { id, access: t.access_token };
}

/** A fetch that counts upstream calls, the 002002 answers among them, and the most in flight at once. */
function countingFetch() {
  const seen = { calls: 0, stale: 0 };
  let inFlight = 0;
  let most = 0;
  const fetchFn: typeof fetch = async (input, init) => {
    seen.calls += 1;
    inFlight += 1;
    most = Math.max(most, inFlight);
    try {
      const res = await fetch(input, init);
      const text = await res.clone().text();
      if (text.includes('"002002"')) seen.stale += 1;
      return res;
    } finally {
      inFlight -= 1;
    }
  };
  return {
    seen,
    fetchFn,
    mostInFlight: () => most,
    reset() {
      seen.calls = 0;
      seen.stale = 0;
      most = 0;
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

const rejections = (results: PromiseSettledResult<unknown>[]) => results.filter((r) => r.status === "rejected").map((r) => String((r as PromiseRejectedResult).reason));

const search = (gateway: Gateway, id: string) =>
  gateway.call(id, "/api_v1_receiveorder_base/search", { fields: ["receive_order_id"], limit: 1 });

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

  it("an access token well inside its lifetime: the session's calls run in parallel, nothing rotates", async () => {
    const { id, access } = await newSession(store, "staff@sandbox.test", inADay());
    const before = (await issuedTokens()).length;
    upstream.reset();
    const results = await withLatency(40, () => Promise.allSettled(Array.from({ length: 10 }, () => search(gateway, id))));
    expect(rejections(results)).toEqual([]);
    expect(upstream.seen).toEqual({ calls: 10, stale: 0 });
    expect(upstream.mostInFlight()).toBeGreaterThan(1);
    expect((await issuedTokens()).length).toBe(before);
    expect((await store.get(id))?.accessToken).toBe(access);
  });

  it("an access token near its end (inside the margin) or of unknown end: one call at a time", async () => {
    for (const end of [new Date(Date.now() + SHARE_MARGIN_MS / 2), null]) {
      const { id } = await newSession(store, "staff@sandbox.test", end);
      upstream.reset();
      const results = await withLatency(20, () => Promise.allSettled(Array.from({ length: 6 }, () => search(gateway, id))));
      expect(rejections(results)).toEqual([]);
      expect(upstream.mostInFlight()).toBe(1);
    }
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

  it("a rotation nobody foresaw (a day left by our clock, expired by the API's): 30 parallel calls all succeed, one rotation, the newest pair stored", async () => {
    const { id, access } = await newSession(store, "staff@sandbox.test", inADay());
    await search(gateway, id); // cached in this process: the next calls go in parallel
    const before = (await issuedTokens()).length;
    await advanceClock(sandbox.url, DAY_S + 60);
    upstream.reset();
    const results = await withLatency(20, () => Promise.allSettled(Array.from({ length: 30 }, () => search(gateway, id))));
    expect(rejections(results)).toEqual([]);
    expect(upstream.mostInFlight()).toBeGreaterThan(1); // they did start in parallel
    const issued = await issuedTokens();
    expect(issued.length - before).toBe(1);
    const stored = await store.get(id);
    expect(stored?.accessToken).toBe(issued[issued.length - 1]!.access_token);
    expect(stored?.accessToken).not.toBe(access);
    // Each call that met the rotation was sent once more, alone, with the new pair.
    expect(upstream.seen.calls).toBe(30 + upstream.seen.stale);
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

  it("an access token well inside its lifetime: calls spread over two instances run in parallel, nothing rotates", async () => {
    const storeA = createTokenStore(first, key);
    const upstream = countingFetch();
    const client = createNeClient({ baseUrl: sandbox.url, fetch: upstream.fetchFn });
    const gatewayA = createGateway({ client, store: storeA, database: first });
    const gatewayB = createGateway({ client, store: createTokenStore(second, key), database: second });
    const { id, access } = await newSession(storeA, "staff@sandbox.test", inADay());
    const before = (await issuedTokens()).length;
    const results = await withLatency(40, () => Promise.allSettled(Array.from({ length: 20 }, (_, i) => search(i % 2 === 0 ? gatewayA : gatewayB, id))));
    expect(rejections(results)).toEqual([]);
    expect(upstream.seen).toEqual({ calls: 20, stale: 0 });
    expect(upstream.mostInFlight()).toBeGreaterThan(2); // more than one per instance at once
    expect((await issuedTokens()).length).toBe(before);
    expect((await storeA.get(id))?.accessToken).toBe(access);
  });

  it("more sessions at once than the pool has connections: every call completes, none waits on another", async () => {
    // Each call holds its session's lock across the upstream call; holding a pooled connection
    // for it (pool of 10) while the call's own queries need another would deadlock at 10.
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
