// The gateway ends a session that was idle too long or reached its lifetime, whatever the tokens
// say, and deletes its stored tokens; activity (any call) keeps an idle session alive.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type AppDatabase } from "@/lib/db";
import { createTokenStore, type TokenStore } from "./token-store";
import { deriveTokenKey } from "./token-crypto";
import type { NeClient } from "@/lib/ne/server/client";
import { createGateway } from "./gateway";
import { NeError } from "@/lib/ne/errors";

const HOUR = 3_600_000;
let database: AppDatabase;
let store: TokenStore;

beforeAll(async () => {
  database = await openDatabase({ dataDir: "memory://" });
  store = createTokenStore(database, deriveTokenKey("gateway-limits-secret-0123456789"));
});
afterAll(() => database.close());

const client: NeClient = {
  baseUrl: "http://upstream.invalid/",
  call: async () => ({ envelope: { result: "success", extra: {} }, tokens: null }),
};

async function setup() {
  const id = await store.create({
    companyNeId: "1",
    uid: "u",
    picNeId: "p",
    tokens: { accessToken: "a".repeat(40), refreshToken: "r".repeat(40), accessTokenEndDate: null, refreshTokenEndDate: null },
  });
  // The fake clock starts after the row's own timestamps (the database's now()).
  let now = Date.now() + 1000;
  const gateway = createGateway({ client, store, database, limits: { idleMs: 8 * HOUR, absoluteMs: 7 * 24 * HOUR }, now: () => now });
  return { id, gateway, advance: (ms: number) => (now += ms) };
}

async function codeOf(run: Promise<unknown>): Promise<string> {
  try {
    await run;
    return "ok";
  } catch (err) {
    return err instanceof NeError ? `${err.kind}:${err.code}` : "other";
  }
}

describe("session limits in the gateway", () => {
  it("ends a session idle for the idle timeout and deletes its tokens", async () => {
    const { id, gateway, advance } = await setup();
    expect(await codeOf(gateway.call(id, "/api_v1_master_goods/search"))).toBe("ok");
    advance(8 * HOUR + 1000);
    expect(await codeOf(gateway.call(id, "/api_v1_master_goods/search"))).toBe("auth-expired:session-idle");
    expect(await store.get(id)).toBeNull();
  });

  it("keeps a session that is used, until its lifetime ends", async () => {
    const { id, gateway, advance } = await setup();
    for (let i = 0; i < 23; i++) {
      advance(7 * HOUR);
      expect(await codeOf(gateway.call(id, "/api_v1_master_goods/search")), `call ${i}`).toBe("ok");
    }
    expect((await gateway.check(id))).toHaveProperty("session");
    advance(7 * HOUR); // 168 h: 7 days since sign-in
    expect(await gateway.check(id)).toEqual({ ended: "absolute" });
    expect(await store.get(id)).toBeNull();
  });

  it("counts page views (check) as activity", async () => {
    const { id, gateway, advance } = await setup();
    advance(6 * HOUR);
    expect(await gateway.check(id)).toHaveProperty("session");
    advance(6 * HOUR);
    expect(await gateway.check(id)).toHaveProperty("session");
    advance(8 * HOUR);
    expect(await gateway.check(id)).toEqual({ ended: "idle" });
  });

  it("purges the stored rows of ended sessions", async () => {
    const { id } = await setup();
    const gone = await store.purgeEnded(new Date(Date.now() + 1000), new Date(0));
    expect(gone).toBeGreaterThanOrEqual(1);
    expect(await store.get(id)).toBeNull();
  });
});
