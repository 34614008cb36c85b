// Token lifetimes and rotation (DESIGN.md), error answers carrying tokens, and company isolation.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SANDBOX_COMPANIES } from "./accounts";
import { readEnv } from "./config";
import type { RunningSandbox } from "./server";
import { parseJst } from "./time";
import { admin, advanceClock, call, login, startTestSandbox, type ApiAnswer, type Tokens } from "./test-support";

const DAY = 86_400;
let sb: RunningSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(async () => {
  await sb?.close();
});

const ORDERS = "/api_v1_receiveorder_base/search";

function orders(t: Partial<Tokens>, extra: Record<string, string> = {}): Promise<ApiAnswer> {
  return call(sb.url, ORDERS, { ...t, fields: "receive_order_id", ...extra });
}

async function resetClock(): Promise<void> {
  await admin(sb.url, "DELETE", "/clock");
}

describe("token lifetimes and rotation", () => {
  it("answers the same pair and its end dates while the access token is valid (1 day, 3 days)", async () => {
    const before = sb.clock.now();
    const t = await login(sb.url);
    const answer = await orders(t);
    expect(answer.result).toBe("success");
    expect(answer.access_token).toBe(t.access_token);
    expect(answer.refresh_token).toBe(t.refresh_token);
    const accessEnd = parseJst(answer.access_token_end_date ?? "");
    const refreshEnd = parseJst(answer.refresh_token_end_date ?? "");
    expect(accessEnd - before).toBeGreaterThanOrEqual(DAY * 1000 - 1000);
    expect(accessEnd - before).toBeLessThan(DAY * 1000 + 10_000);
    expect(refreshEnd - accessEnd).toBeGreaterThanOrEqual(2 * DAY * 1000 - 1000);
    expect(refreshEnd - accessEnd).toBeLessThanOrEqual(2 * DAY * 1000 + 1000);
  });

  it("rotates an expired access token with its refresh token; the old access token is then stale (002002)", async () => {
    const t = await login(sb.url);
    await advanceClock(sb.url, DAY + 60);
    try {
      const rotated = await orders(t);
      expect(rotated.result).toBe("success");
      expect(rotated.data?.length).toBe(12);
      expect(rotated.access_token).toBeDefined();
      expect(rotated.access_token).not.toBe(t.access_token);
      expect(rotated.refresh_token).not.toBe(t.refresh_token);
      // The new pair counts from the rotation.
      expect(parseJst(rotated.access_token_end_date ?? "")).toBeGreaterThan(sb.clock.now() + DAY * 1000 - 5000);
      expect(parseJst(rotated.refresh_token_end_date ?? "")).toBeGreaterThan(sb.clock.now() + 3 * DAY * 1000 - 5000);

      const old = await orders(t);
      expect(old).toMatchObject({ result: "error", code: "002002" });
      expect(old.access_token).toBeUndefined();
      const fresh = await orders({ access_token: rotated.access_token ?? "" });
      expect(fresh.result).toBe("success");
      expect(fresh.access_token).toBe(rotated.access_token);

      const listed = (await (await admin(sb.url, "GET", "/tokens")).json()) as { access_token: string; rotated: boolean }[];
      expect(listed.find((x) => x.access_token === t.access_token)?.rotated).toBe(true);
      expect(listed.find((x) => x.access_token === rotated.access_token)?.rotated).toBe(false);
    } finally {
      await resetClock();
    }
  });

  it("the refresh token lives 3 days from issue: after that both are expired (002004)", async () => {
    const t = await login(sb.url);
    await advanceClock(sb.url, 3 * DAY + 1);
    try {
      const answer = await orders(t);
      expect(answer).toMatchObject({ result: "error", code: "002004" });
      expect(answer.access_token).toBeUndefined();
    } finally {
      await resetClock();
    }
  });

  it("counts the refresh token's 3 days from the last rotation", async () => {
    let t = await login(sb.url);
    try {
      for (let i = 0; i < 3; i++) {
        await advanceClock(sb.url, 2 * DAY);
        const answer = await orders(t);
        expect(answer.result, `rotation ${i}`).toBe("success");
        t = { access_token: answer.access_token ?? "", refresh_token: answer.refresh_token ?? "" };
      }
    } finally {
      await resetClock();
    }
  });

  it("an expired access token without a refresh token answers result=redirect", async () => {
    const t = await login(sb.url);
    await advanceClock(sb.url, DAY + 1);
    try {
      const answer = await orders({ access_token: t.access_token });
      expect(answer.result).toBe("redirect");
      expect(answer.data).toBeUndefined();
    } finally {
      await resetClock();
    }
  });

  it("a wrong refresh token fails (002003)", async () => {
    const t = await login(sb.url);
    await advanceClock(sb.url, DAY + 1);
    try {
      expect(await orders({ access_token: t.access_token, refresh_token: "f".repeat(40) })).toMatchObject({ result: "error", code: "002003" });
    } finally {
      await resetClock();
    }
  });

  it("a missing access token is 002001, an unknown one 002002", async () => {
    expect(await orders({})).toMatchObject({ result: "error", code: "002001" });
    expect(await orders({ access_token: "0".repeat(40) })).toMatchObject({ result: "error", code: "002002" });
  });

  it("error answers carry the tokens (renewed ones after a rotation)", async () => {
    const t = await login(sb.url);
    const bad = await call(sb.url, ORDERS, { ...t, fields: "nope" });
    expect(bad).toMatchObject({ result: "error", code: "003901", access_token: t.access_token, refresh_token: t.refresh_token });
    expect(bad.access_token_end_date).toBeDefined();
    await advanceClock(sb.url, DAY + 1);
    try {
      const rotatedError = await call(sb.url, ORDERS, { ...t, fields: "nope" });
      expect(rotatedError.result).toBe("error");
      expect(rotatedError.access_token).toBeDefined();
      expect(rotatedError.access_token).not.toBe(t.access_token);
      // The pair answered with the error is the one to use.
      expect((await orders({ access_token: rotatedError.access_token ?? "" })).result).toBe("success");
    } finally {
      await resetClock();
    }
  });

  it("lifetimes come from the options (SANDBOX_ACCESS_TTL_S / SANDBOX_REFRESH_TTL_S)", async () => {
    const short = await startTestSandbox({ accessTtlS: 60, refreshTtlS: 120 });
    try {
      const t = await login(short.url);
      const answer = await call(short.url, ORDERS, { ...t, fields: "receive_order_id", limit: 1 });
      const accessEnd = parseJst(answer.access_token_end_date ?? "");
      const refreshEnd = parseJst(answer.refresh_token_end_date ?? "");
      expect(refreshEnd - accessEnd).toBe(60_000);
      expect(Math.abs(accessEnd - short.clock.now() - 60_000)).toBeLessThan(5_000);
      await advanceClock(short.url, 61);
      const rotated = await call(short.url, ORDERS, { ...t, fields: "receive_order_id", limit: 1 });
      expect(rotated.result).toBe("success");
      expect(rotated.access_token).not.toBe(t.access_token);
    } finally {
      await short.close();
    }
  });

  it("reads the environment settings with their defaults", () => {
    expect(readEnv({})).toMatchObject({
      port: 4010,
      dataDir: ".data/sandbox",
      orders: 5000,
      accessTtlS: 86_400,
      refreshTtlS: 259_200,
      admin: false,
      databaseUrl: undefined,
      latencyMs: 0,
      latencyJitterMs: 0,
    });
    expect(
      readEnv({ SANDBOX_PORT: "4999", SANDBOX_ORDERS: "100000", SANDBOX_ADMIN: "1", SANDBOX_ACCESS_TTL_S: "5", SANDBOX_DATABASE_URL: "postgresql://x/y", SANDBOX_LATENCY_MS: "100", SANDBOX_LATENCY_JITTER_MS: "20" }),
    ).toMatchObject({ port: 4999, orders: 100_000, admin: true, accessTtlS: 5, databaseUrl: "postgresql://x/y", latencyMs: 100, latencyJitterMs: 20 });
    expect(() => readEnv({ SANDBOX_PORT: "abc" })).toThrow(/SANDBOX_PORT/);
  });
});

describe("company isolation", () => {
  it("a company sees only its own rows, even with the same primary keys", async () => {
    const one = await login(sb.url, "staff@sandbox.test");
    const two = await login(sb.url, "operator@another.test");
    const fields = "receive_order_id, receive_order_purchaser_name";
    const a = await call(sb.url, ORDERS, { ...one, fields, "receive_order_id-eq": "1" });
    const b = await call(sb.url, ORDERS, { ...two, fields, "receive_order_id-eq": "1" });
    expect(a.data).toEqual([{ receive_order_id: "1", receive_order_purchaser_name: "山田 太郎" }]);
    expect(b.data).toEqual([{ receive_order_id: "1", receive_order_purchaser_name: "別会社 山田 太郎" }]);
    expect((await call(sb.url, "/api_v1_receiveorder_base/count", { ...two })).count).toBe("3");
    const goods = await call(sb.url, "/api_v1_master_goods/search", { ...two, fields: "goods_id" });
    expect(goods.data?.map((r) => r.goods_id)).toEqual(["TEA-001", "TEA-002"]);
    expect((await call(sb.url, "/api_v1_master_goods/count", { ...two, "goods_id-eq": "MUG-001" })).count).toBe("0");
  });

  it("uploads and the queue are per company", async () => {
    const one = await login(sb.url, "staff@sandbox.test");
    const two = await login(sb.url, "operator@another.test");
    const up = await call(sb.url, "/api_v1_warehouse_stock/upload", { ...one, data_type: "csv", data: "kyoten_mei,syohin_code,kasan_su,gensan_su,nyusyukko_riyu,kyoten_syohin_himoduke,kyoten_syohin_sakujyo\n基本拠点,MUG-001,1,,入荷,,\n" });
    expect(up.result).toBe("success");
    const mine = await call(sb.url, "/api_v1_system_que/count", { ...one, "que_id-eq": up.que_id });
    const theirs = await call(sb.url, "/api_v1_system_que/count", { ...two, "que_id-eq": up.que_id });
    expect(mine.count).toBe("1");
    expect(theirs.count).toBe("0");
  });

  it("lists every issued token with its company", async () => {
    const t = await login(sb.url, "operator@another.test");
    const listed = (await (await admin(sb.url, "GET", "/tokens")).json()) as { access_token: string; refresh_token: string; company_ne_id: string }[];
    expect(listed.find((x) => x.access_token === t.access_token)).toMatchObject({
      refresh_token: t.refresh_token,
      company_ne_id: SANDBOX_COMPANIES[1].neId,
    });
  });
});
