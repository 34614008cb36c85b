// The sign-in callback's limits: a callback its address's limit refuses is not counted in the
// total, so one address's flood leaves the total to everyone else.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase, type AppDatabase } from "@/lib/db";
import { createRateLimiter } from "./rate-limit";
import { signInRateLimit } from "./sign-in-limit";

describe("sign-in limits", () => {
  let database: AppDatabase;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: "memory://" });
  });
  afterAll(() => database.close());
  afterEach(() => vi.unstubAllEnvs());

  it("counts in the total only what the address's limit let through", async () => {
    vi.stubEnv("RATE_LIMIT_SIGNIN_PER_MINUTE", "5");
    vi.stubEnv("RATE_LIMIT_SIGNIN_TOTAL_PER_MINUTE", "20");
    const now = Date.UTC(2026, 10, 23, 9, 0, 10);
    const limiter = createRateLimiter(database, () => now);
    const flood = [];
    for (let i = 0; i < 100; i++) flood.push((await signInRateLimit("203.0.113.9", limiter))?.status ?? 200);
    expect(flood.slice(0, 5).every((s) => s === 200)).toBe(true);
    expect(flood.slice(5).every((s) => s === 429)).toBe(true);
    // 5 of the flood's 100 in the total: fifteen other addresses still sign in, the sixteenth meets it.
    for (let i = 0; i < 15; i++) expect(await signInRateLimit(`198.51.100.${i}`, limiter)).toBeNull();
    const over = await signInRateLimit("192.0.2.1", limiter);
    expect(over?.status).toBe(429);
    expect(Number(over?.headers.get("retry-after"))).toBe(50);
  });
});
