// The gateway's company limit as a setting: NE_MAX_CALLS_PER_COMPANY, 3 unless set, 1 to 20.
import { afterEach, describe, expect, it, vi } from "vitest";

const AUTH = "env-test-secret-0123456789-abcdef";

async function freshEnv(vars: Record<string, string | undefined>) {
  vi.resetModules();
  for (const [name, value] of Object.entries(vars)) vi.stubEnv(name, value);
  const { serverEnv } = await import("./env");
  return serverEnv;
}

describe("NE_MAX_CALLS_PER_COMPANY", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("is 3 when unset or empty", async () => {
    expect((await freshEnv({ AUTH_SECRET: AUTH, NE_MAX_CALLS_PER_COMPANY: undefined }))().maxCallsPerCompany).toBe(3);
    expect((await freshEnv({ AUTH_SECRET: AUTH, NE_MAX_CALLS_PER_COMPANY: "" }))().maxCallsPerCompany).toBe(3);
  });

  it("takes a whole number from 1 to 20 and refuses anything else at start", async () => {
    expect((await freshEnv({ AUTH_SECRET: AUTH, NE_MAX_CALLS_PER_COMPANY: "5" }))().maxCallsPerCompany).toBe(5);
    for (const bad of ["0", "21", "2.5", "many"]) {
      const serverEnv = await freshEnv({ AUTH_SECRET: AUTH, NE_MAX_CALLS_PER_COMPANY: bad });
      expect(() => serverEnv(), bad).toThrow(/NE_MAX_CALLS_PER_COMPANY/);
    }
  });
});

describe("ANALYTICS_SYNC_MINUTES and ANALYTICS_RETENTION_DAYS", () => {
  it("default to 15 minutes and 30 days; `off` turns the scheduled sync off; nonsense falls back", async () => {
    const { analyticsEnv } = await import("./env");
    expect(analyticsEnv({})).toEqual({ syncEveryMs: 15 * 60_000, retentionMs: 30 * 86_400_000 });
    expect(analyticsEnv({ ANALYTICS_SYNC_MINUTES: "5", ANALYTICS_RETENTION_DAYS: "7" })).toEqual({ syncEveryMs: 5 * 60_000, retentionMs: 7 * 86_400_000 });
    expect(analyticsEnv({ ANALYTICS_SYNC_MINUTES: "off" }).syncEveryMs).toBeNull();
    expect(analyticsEnv({ ANALYTICS_SYNC_MINUTES: " OFF " }).syncEveryMs).toBeNull();
    expect(analyticsEnv({ ANALYTICS_SYNC_MINUTES: "-3" }).syncEveryMs).toBe(15 * 60_000);
  });
});
