import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabaseIn } from "@/lib/test/database";
import type { AppDatabase } from "@/lib/db";
import { tokenSessions } from "@/lib/db/schema";
import { eq } from "drizzle-orm";
import { createTokenStore, type TokenPair, type TokenStore } from "./token-store";
import { decryptToken, deriveTokenKey, encryptToken } from "./token-crypto";

const key = deriveTokenKey("test-secret-of-enough-length-123");
const pair = (n: number): TokenPair => ({
  accessToken: `access-${n}-${"x".repeat(20)}`,
  refreshToken: `refresh-${n}-${"y".repeat(20)}`,
  accessTokenEndDate: new Date(Date.UTC(2026, 10, 22, n)),
  refreshTokenEndDate: new Date(Date.UTC(2026, 10, 24, n)),
});

describe("token crypto", () => {
  it("round-trips and binds the ciphertext to its session", () => {
    const enc = encryptToken(key, "secret-token", "session-a");
    expect(enc).not.toContain("secret-token");
    expect(decryptToken(key, enc, "session-a")).toBe("secret-token");
    expect(() => decryptToken(key, enc, "session-b")).toThrow();
    expect(() => decryptToken(deriveTokenKey("another-secret-of-enough-len"), enc, "session-a")).toThrow();
  });

  it("uses a fresh IV every time", () => {
    expect(encryptToken(key, "t", "s")).not.toBe(encryptToken(key, "t", "s"));
  });

  it("refuses a missing or short AUTH_SECRET", () => {
    expect(() => deriveTokenKey("")).toThrow(/AUTH_SECRET/);
    expect(() => deriveTokenKey("short")).toThrow(/AUTH_SECRET/);
  });
});



for (const mode of ["pglite", "postgres"] as const) {
  describe(`token store on ${mode}`, () => {
    let database: AppDatabase;
    let store: TokenStore;

    beforeAll(async () => {
      database = await openDatabaseIn(mode);
      store = createTokenStore(database, key);
    });

    afterAll(async () => {
      await database?.close();
    });

    it("stores tokens encrypted and reads them back", async () => {
      const id = await store.create({ companyNeId: "c1", uid: "u1", picNeId: "p1", tokens: pair(1) });
      expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const raw = await database.db.select().from(tokenSessions).where(eq(tokenSessions.id, id));
      expect(raw[0]?.accessTokenEnc).not.toContain("access-1");
      expect(raw[0]?.refreshTokenEnc).not.toContain("refresh-1");
      const got = await store.get(id);
      expect(got).toMatchObject({ ...pair(1), companyNeId: "c1", uid: "u1", picNeId: "p1", version: 1 });
    });

    it("saves a renewed pair only over the version it was renewed from", async () => {
      const id = await store.create({ companyNeId: "c1", uid: "u1", picNeId: null, tokens: pair(1) });
      expect(await store.save(id, 1, pair(2))).toEqual({ saved: true, version: 2 });
      const conflict = await store.save(id, 1, pair(3));
      expect(conflict.saved).toBe(false);
      if (!conflict.saved) expect(conflict.current).toMatchObject({ ...pair(2), version: 2 });
      expect(await store.get(id)).toMatchObject({ accessToken: pair(2).accessToken, version: 2 });
    });

    it("deletes a session", async () => {
      const id = await store.create({ companyNeId: "c1", uid: "u1", picNeId: null, tokens: pair(1) });
      await store.delete(id);
      expect(await store.get(id)).toBeNull();
    });

    it("answers null for an unknown key", async () => {
      expect(await store.get("no-such-session")).toBeNull();
    });
  });
}
