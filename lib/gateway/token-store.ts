import "server-only";
// The server-side token store: one row per session key, both tokens encrypted at rest, and a
// version number so that a renewed pair is only written over the pair it was renewed from.
import { randomBytes } from "node:crypto";
import { and, eq, lt, or } from "drizzle-orm";
import type { AppDatabase } from "@/lib/db";
import { tokenSessions } from "@/lib/db/schema";
import { decryptToken, encryptToken } from "./token-crypto";

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
  accessTokenEndDate: Date | null;
  refreshTokenEndDate: Date | null;
}

export interface TokenSession extends TokenPair {
  id: string;
  companyNeId: string;
  uid: string;
  picNeId: string | null;
  version: number;
  /** When the person signed in (the absolute lifetime counts from here). */
  createdAt: Date;
  /** Last activity, written at most about once a minute (the idle timeout counts from here). */
  lastSeenAt: Date;
}

export type SaveResult = { saved: true; version: number } | { saved: false; current: TokenSession | null };

export interface TokenStore {
  create(input: { companyNeId: string; uid: string; picNeId: string | null; tokens: TokenPair }): Promise<string>;
  get(id: string): Promise<TokenSession | null>;
  /** The row's version alone (no decryption): a cheap check that a cached copy is current. */
  version(id: string): Promise<number | null>;
  /** Writes `tokens` only if the row still has `expectedVersion`; otherwise says what is there. */
  save(id: string, expectedVersion: number, tokens: TokenPair): Promise<SaveResult>;
  delete(id: string): Promise<void>;
  /** Records activity of the session at `at`. */
  touch(id: string, at: Date): Promise<void>;
  /** Deletes every session idle since before `idleSince` or signed in before `signedInBefore`. */
  purgeEnded(idleSince: Date, signedInBefore: Date): Promise<number>;
}

/** Opaque session key: 256 random bits, base64url. It names a row and says nothing else. */
export function newSessionKey(): string {
  return randomBytes(32).toString("base64url");
}

export function createTokenStore(database: AppDatabase, key: Buffer): TokenStore {
  const { db } = database;
  const read = (row: typeof tokenSessions.$inferSelect): TokenSession => ({
    id: row.id,
    companyNeId: row.companyNeId,
    uid: row.uid,
    picNeId: row.picNeId,
    version: row.version,
    accessToken: decryptToken(key, row.accessTokenEnc, row.id),
    refreshToken: decryptToken(key, row.refreshTokenEnc, row.id),
    accessTokenEndDate: row.accessTokenEndDate,
    refreshTokenEndDate: row.refreshTokenEndDate,
    createdAt: row.createdAt,
    lastSeenAt: row.lastSeenAt,
  });

  const store: TokenStore = {
    async create({ companyNeId, uid, picNeId, tokens }) {
      const id = newSessionKey();
      await db.insert(tokenSessions).values({
        id,
        companyNeId,
        uid,
        picNeId,
        accessTokenEnc: encryptToken(key, tokens.accessToken, id),
        refreshTokenEnc: encryptToken(key, tokens.refreshToken, id),
        accessTokenEndDate: tokens.accessTokenEndDate,
        refreshTokenEndDate: tokens.refreshTokenEndDate,
      });
      return id;
    },

    async get(id) {
      const rows = await db.select().from(tokenSessions).where(eq(tokenSessions.id, id)).limit(1);
      const row = rows[0];
      return row ? read(row) : null;
    },

    async version(id) {
      const rows = await db.select({ version: tokenSessions.version }).from(tokenSessions).where(eq(tokenSessions.id, id)).limit(1);
      return rows[0]?.version ?? null;
    },

    async save(id, expectedVersion, tokens) {
      const updated = await db
        .update(tokenSessions)
        .set({
          accessTokenEnc: encryptToken(key, tokens.accessToken, id),
          refreshTokenEnc: encryptToken(key, tokens.refreshToken, id),
          accessTokenEndDate: tokens.accessTokenEndDate,
          refreshTokenEndDate: tokens.refreshTokenEndDate,
          version: expectedVersion + 1,
          updatedAt: new Date(),
        })
        .where(and(eq(tokenSessions.id, id), eq(tokenSessions.version, expectedVersion)))
        .returning({ version: tokenSessions.version });
      if (updated[0]) return { saved: true, version: updated[0].version };
      return { saved: false, current: await store.get(id) };
    },

    async delete(id) {
      await db.delete(tokenSessions).where(eq(tokenSessions.id, id));
    },

    async touch(id, at) {
      await db.update(tokenSessions).set({ lastSeenAt: at }).where(eq(tokenSessions.id, id));
    },

    async purgeEnded(idleSince, signedInBefore) {
      const gone = await db
        .delete(tokenSessions)
        .where(or(lt(tokenSessions.lastSeenAt, idleSince), lt(tokenSessions.createdAt, signedInBefore)))
        .returning({ id: tokenSessions.id });
      return gone.length;
    },
  };
  return store;
}
