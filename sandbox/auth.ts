// Sign-in records and tokens (DESIGN.md): single-use states valid 5 minutes, access tokens of
// 1 day and refresh tokens of 3 days (configurable), rotation on the first call after the access
// token expired, and the codes the real API answers for each failure.
import { randomBytes } from "node:crypto";
import { NE_CODES } from "../lib/ne/codes";
import type { SandboxDb } from "./db";
import type { SandboxClock } from "./time";

export const STATE_TTL_MS = 5 * 60 * 1000;

export interface TokenSettings {
  accessTtlMs: number;
  refreshTtlMs: number;
}

export interface UserRecord {
  uid: string;
  login_code: string;
  password: string;
  company_ne_id: string;
  pic_id: number;
  pic_ne_id: string;
  pic_name: string;
  pic_kana: string;
  pic_mail_address: string;
}

export interface TokenRecord {
  accessToken: string;
  refreshToken: string;
  companyNeId: string;
  uid: string;
  clientId: string;
  issuedMs: number;
  accessExpiresMs: number;
  refreshExpiresMs: number;
  rotatedMs: number | null;
}

interface TokenRow {
  access_token: string;
  refresh_token: string;
  company_ne_id: string;
  uid: string;
  client_id: string;
  issued_ms: string | number;
  access_expires_ms: string | number;
  refresh_expires_ms: string | number;
  rotated_ms: string | number | null;
}

function toRecord(row: TokenRow): TokenRecord {
  return {
    accessToken: row.access_token,
    refreshToken: row.refresh_token,
    companyNeId: row.company_ne_id,
    uid: row.uid,
    clientId: row.client_id,
    issuedMs: Number(row.issued_ms),
    accessExpiresMs: Number(row.access_expires_ms),
    refreshExpiresMs: Number(row.refresh_expires_ms),
    rotatedMs: row.rotated_ms === null ? null : Number(row.rotated_ms),
  };
}

function randomToken(bytes = 20): string {
  return randomBytes(bytes).toString("hex");
}

export async function findUserByLogin(db: SandboxDb, loginCode: string): Promise<UserRecord | undefined> {
  const rows = await db.query<UserRecord>(`SELECT * FROM sb_users WHERE login_code = $1`, [loginCode.trim().toLowerCase()]);
  return rows[0];
}

export async function findUserByUid(db: SandboxDb, uid: string): Promise<UserRecord | undefined> {
  const rows = await db.query<UserRecord>(`SELECT * FROM sb_users WHERE uid = $1`, [uid]);
  return rows[0];
}

export async function createState(db: SandboxDb, clock: SandboxClock, uid: string, clientId: string): Promise<string> {
  const state = randomToken(16);
  await db.query(`INSERT INTO sb_states (state, uid, client_id, created_ms) VALUES ($1, $2, $3, $4)`, [
    state,
    uid,
    clientId,
    clock.now(),
  ]);
  return state;
}

export type StateCheck = { ok: true; user: UserRecord } | { ok: false; reason: "unknown" | "used" | "expired" | "mismatch" };

/** Checks uid+state; with `consume`, marks the state used (it is single-use). */
export async function checkState(
  db: SandboxDb,
  clock: SandboxClock,
  uid: string,
  state: string,
  options: { consume: boolean; clientId?: string },
): Promise<StateCheck> {
  const now = clock.now();
  const rows = await db.query<{ uid: string; client_id: string; created_ms: string | number; used_ms: string | number | null }>(
    `SELECT uid, client_id, created_ms, used_ms FROM sb_states WHERE state = $1`,
    [state],
  );
  const row = rows[0];
  if (!row) return { ok: false, reason: "unknown" };
  if (row.uid !== uid || (options.clientId !== undefined && row.client_id !== options.clientId)) {
    return { ok: false, reason: "mismatch" };
  }
  if (row.used_ms !== null) return { ok: false, reason: "used" };
  if (now - Number(row.created_ms) > STATE_TTL_MS) return { ok: false, reason: "expired" };
  if (options.consume) {
    const used = await db.query(`UPDATE sb_states SET used_ms = $2 WHERE state = $1 AND used_ms IS NULL RETURNING state`, [
      state,
      now,
    ]);
    if (used.length === 0) return { ok: false, reason: "used" };
  }
  const user = await findUserByUid(db, uid);
  if (!user) return { ok: false, reason: "unknown" };
  return { ok: true, user };
}

export async function issueTokens(
  db: SandboxDb,
  clock: SandboxClock,
  settings: TokenSettings,
  owner: { companyNeId: string; uid: string; clientId: string },
): Promise<TokenRecord> {
  const now = clock.now();
  const record: TokenRecord = {
    accessToken: randomToken(),
    refreshToken: randomToken(),
    companyNeId: owner.companyNeId,
    uid: owner.uid,
    clientId: owner.clientId,
    issuedMs: now,
    accessExpiresMs: now + settings.accessTtlMs,
    refreshExpiresMs: now + settings.refreshTtlMs,
    rotatedMs: null,
  };
  await db.query(
    `INSERT INTO sb_tokens (access_token, refresh_token, company_ne_id, uid, client_id, issued_ms, access_expires_ms, refresh_expires_ms)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      record.accessToken,
      record.refreshToken,
      record.companyNeId,
      record.uid,
      record.clientId,
      record.issuedMs,
      record.accessExpiresMs,
      record.refreshExpiresMs,
    ],
  );
  return record;
}

export type AuthOutcome =
  | { kind: "ok"; token: TokenRecord; rotated: boolean }
  | { kind: "error"; code: string; message: string }
  | { kind: "redirect"; message: string };

/**
 * Authenticates a data call. A valid access token passes as is; an expired one with its valid
 * refresh token is rotated (the new pair is answered, the old access token is stale from then on).
 */
export async function authenticate(
  db: SandboxDb,
  clock: SandboxClock,
  settings: TokenSettings,
  accessToken: string | undefined,
  refreshToken: string | undefined,
): Promise<AuthOutcome> {
  if (!accessToken) {
    return { kind: "error", code: NE_CODES.accessTokenMissing, message: "access_tokenが指定されていません (access_token is missing)" };
  }
  const rows = await db.query<TokenRow>(`SELECT * FROM sb_tokens WHERE access_token = $1`, [accessToken], { prepare: true });
  const row = rows[0];
  const stale = { kind: "error", code: NE_CODES.staleAccessToken, message: "アクセストークンが無効です (stale or unknown access token)" } as const;
  if (!row) return stale;
  const token = toRecord(row);
  if (token.rotatedMs !== null) return stale;
  const now = clock.now();
  if (now < token.accessExpiresMs) return { kind: "ok", token, rotated: false };
  if (!refreshToken) {
    return { kind: "redirect", message: "アクセストークンの有効期限が切れました。再ログインしてください (access token expired)" };
  }
  if (refreshToken !== token.refreshToken) {
    return { kind: "error", code: NE_CODES.refreshFailed, message: "リフレッシュトークンが正しくありません (refresh failed)" };
  }
  if (now >= token.refreshExpiresMs) {
    return { kind: "error", code: NE_CODES.tokensExpired, message: "アクセストークンとリフレッシュトークンの有効期限が切れました (both tokens expired)" };
  }
  return db.transaction(async (tx) => {
    const claimed = await tx.query(
      `UPDATE sb_tokens SET rotated_ms = $2 WHERE access_token = $1 AND rotated_ms IS NULL RETURNING access_token`,
      [accessToken, now],
    );
    if (claimed.length === 0) return stale;
    const next = await issueTokens(tx, clock, settings, token);
    return { kind: "ok", token: next, rotated: true } as const;
  });
}

export async function listTokens(db: SandboxDb): Promise<TokenRecord[]> {
  const rows = await db.query<TokenRow>(`SELECT * FROM sb_tokens ORDER BY seq`);
  return rows.map(toRecord);
}
