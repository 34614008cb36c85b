// Rate limits: per key and window, and on PostgreSQL one count for every instance.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { openDatabase, type AppDatabase } from "@/lib/db";
import { TEST_PG_URL, postgresReachable } from "@/lib/test/postgres";
import { createRateLimiter } from "./rate-limit";

describe("rate limiter on PGlite (one process)", () => {
  let database: AppDatabase;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: "memory://" });
  });
  afterAll(() => database.close());

  it("lets `limit` hits through per window, then says how long to wait", async () => {
    let now = Date.UTC(2026, 10, 23, 9, 0, 10);
    const limiter = createRateLimiter(database, () => now);
    const verdicts = [];
    for (let i = 0; i < 6; i++) verdicts.push(await limiter.hit("k", 5, 60_000));
    expect(verdicts.map((v) => v.ok)).toEqual([true, true, true, true, true, false]);
    expect(verdicts[5]!.retryAfterS).toBe(50);
    expect((await limiter.hit("other", 5, 60_000)).ok).toBe(true);
    now += 50_000; // the next window
    expect((await limiter.hit("k", 5, 60_000)).ok).toBe(true);
  });
});

describe("rate limiter on PostgreSQL (several instances)", () => {
  let a: AppDatabase;
  let b: AppDatabase;
  beforeAll(async () => {
    expect(await postgresReachable()).toBe(true);
    a = await openDatabase({ databaseUrl: TEST_PG_URL });
    b = await openDatabase({ databaseUrl: TEST_PG_URL });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it("counts the hits of two instances together", async () => {
    const now = () => Date.UTC(2026, 10, 23, 9, 0, 30);
    const one = createRateLimiter(a, now);
    const two = createRateLimiter(b, now);
    const key = `test:${Math.random()}`;
    const verdicts = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? one : two).hit(key, 12, 60_000)));
    expect(verdicts.filter((v) => v.ok)).toHaveLength(12);
    expect(verdicts.filter((v) => !v.ok).every((v) => v.retryAfterS === 30)).toBe(true);
  });

  it("keeps only a hash of the key (a session key is a secret)", async () => {
    const secret = `api:session-key-${Math.random()}`;
    await createRateLimiter(a).hit(secret, 10, 60_000);
    const found = await a.db.execute(sql`SELECT count(*)::int AS n FROM rate_limits WHERE key LIKE ${"%" + secret.slice(4) + "%"}`);
    expect((found as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
  });

  it("starts a new count in the next window", async () => {
    let t = Date.UTC(2026, 10, 23, 9, 0, 59);
    const one = createRateLimiter(a, () => t);
    const two = createRateLimiter(b, () => t);
    const key = `test:${Math.random()}`;
    expect((await one.hit(key, 1, 60_000)).ok).toBe(true);
    expect((await two.hit(key, 1, 60_000)).ok).toBe(false);
    t += 2000;
    expect((await two.hit(key, 1, 60_000)).ok).toBe(true);
  });
});

describe("rate limiter in memory, bounded", () => {
  let database: AppDatabase;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: "memory://" });
  });
  afterAll(() => database.close());

  it("keeps at most maxEntries counters, dropping the one hit longest ago", async () => {
    const now = Date.UTC(2026, 10, 23, 9, 0, 10);
    const limiter = createRateLimiter(database, () => now, { maxEntries: 100 });
    expect((await limiter.hit("busy", 2, 60_000)).ok).toBe(true);
    for (let i = 0; i < 20_000; i++) {
      await limiter.hit(`sign-in:203.0.${i >> 8}.${i & 255}`, 20, 60_000);
      if (i % 50 === 0) await limiter.hit("busy", 1_000_000, 60_000); // hit often: stays
    }
    expect(limiter.size?.()).toBe(100);
    // "busy" kept its count (2 + 400 hits so far): over a limit of 2.
    expect((await limiter.hit("busy", 2, 60_000)).ok).toBe(false);
  });

  it("drops the counters of ended windows", async () => {
    let now = Date.UTC(2026, 10, 23, 9, 0, 10);
    const limiter = createRateLimiter(database, () => now);
    for (let i = 0; i < 500; i++) await limiter.hit(`sign-in:198.51.${i >> 8}.${i & 255}`, 20, 60_000);
    expect(limiter.size?.()).toBe(500);
    now += 2 * 60_000;
    await limiter.hit("later", 20, 60_000);
    expect(limiter.size?.()).toBe(1);
  });
});
