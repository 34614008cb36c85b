import "server-only";
// From the sign-in step's uid and state to a stored session, and the confirmation that a sign-in
// must pass when it did not start in this browser (login CSRF: someone else's uid/state pair
// would otherwise switch a signed-in person into another company silently).
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, lt } from "drizzle-orm";
import { z } from "zod";
import { getDatabase } from "@/lib/db";
import { pendingSignIns } from "@/lib/db/schema";
import { serverEnv } from "@/lib/env";
import { isNeError } from "@/lib/ne/errors";
import { getNeServer } from "@/lib/gateway/server";
import { sameSecret } from "@/lib/security/same-secret";

/** The signed nonce /auth/start sets: this browser started a sign-in (lib/auth/callback-trust.ts). */
export const SIGN_IN_NONCE_COOKIE = "backyard.sign-in-nonce";
/** The pending sign-in a confirmation page is about. */
export const PENDING_SIGN_IN_COOKIE = "backyard.pending-sign-in";
/** How long a started sign-in, or a sign-in waiting for confirmation, stays valid. */
export const SIGN_IN_TTL_S = 10 * 60;

export class SignInError extends Error {
  constructor(readonly code: string) {
    super(code);
    this.name = "SignInError";
  }
}

/** The person a stored session belongs to, as next-auth's `authorize` returns it. */
export interface SignedInUser {
  id: string;
  name: string;
  companyName: string;
  companyNeId: string;
  picNeId: string | null;
}

const neauthProfileSchema = z.object({
  company_ne_id: z.string().min(1),
  company_name: z.string().nullish(),
  uid: z.string().nullish(),
  pic_ne_id: z.string().nullish(),
  pic_name: z.string().nullish(),
});

export function newNonce(): string {
  return randomBytes(32).toString("base64url");
}

const hash = (value: string) => createHash("sha256").update(value).digest("base64url");

/** uid + state → tokens through /api_neauth → a stored session (not yet anyone's cookie). */
export async function exchangeUidState(uid: string, state: string): Promise<SignedInUser> {
  const env = serverEnv();
  const { client, store, gateway } = await getNeServer();
  let sessionKey: string;
  let profile: z.infer<typeof neauthProfileSchema>;
  try {
    const { envelope, tokens } = await client.call("/api_neauth", {
      params: { uid, state, client_id: env.clientId, client_secret: env.clientSecret },
    });
    const p = neauthProfileSchema.safeParse(envelope.extra);
    if (!tokens || !p.success) throw new SignInError("bad_upstream_answer");
    profile = p.data;
    sessionKey = await store.create({ companyNeId: profile.company_ne_id, uid: profile.uid ?? uid, picNeId: profile.pic_ne_id ?? null, tokens });
  } catch (err) {
    if (err instanceof SignInError) throw err;
    throw new SignInError(isNeError(err) ? err.kind : "upstream-failure");
  }
  // The company's own record names it as the company sees itself; the token answer is the fallback.
  let companyName = profile.company_name ?? "";
  try {
    const info = await gateway.call(sessionKey, "/api_v1_login_company/info");
    companyName = info.envelope.data?.[0]?.company_name ?? companyName;
  } catch {
    // The header falls back to the name /api_neauth gave.
  }
  return { id: sessionKey, name: profile.pic_name ?? "", companyName, companyNeId: profile.company_ne_id, picNeId: profile.pic_ne_id ?? null };
}

/** Keeps `user`'s stored session waiting for the person's confirmation; answers its id and CSRF token. */
export async function createPendingSignIn(user: SignedInUser): Promise<{ id: string; csrf: string }> {
  const { db } = await getDatabase();
  const id = newNonce();
  const csrf = newNonce();
  await db.insert(pendingSignIns).values({
    id,
    sessionKey: user.id,
    companyNeId: user.companyNeId,
    companyName: user.companyName,
    personName: user.name,
    picNeId: user.picNeId,
    csrfHash: hash(csrf),
    expiresAt: new Date(Date.now() + SIGN_IN_TTL_S * 1000),
  });
  return { id, csrf };
}

/** Who a pending sign-in would sign in as (for the confirmation page), or null when gone. */
export async function readPendingSignIn(id: string): Promise<{ companyName: string; personName: string } | null> {
  const { db } = await getDatabase();
  const rows = await db
    .select({ companyName: pendingSignIns.companyName, personName: pendingSignIns.personName })
    .from(pendingSignIns)
    .where(and(eq(pendingSignIns.id, id), gt(pendingSignIns.expiresAt, new Date())))
    .limit(1);
  return rows[0] ?? null;
}

/** Confirms a pending sign-in once: its user when `csrf` matches, else null. The row goes either way. */
export async function takePendingSignIn(id: string, csrf: string): Promise<SignedInUser | null> {
  const { db } = await getDatabase();
  const rows = await db.delete(pendingSignIns).where(eq(pendingSignIns.id, id)).returning();
  const row = rows[0];
  if (!row) return null;
  if (row.expiresAt.getTime() <= Date.now() || !sameSecret(row.csrfHash, hash(csrf))) {
    await discardSession(row.sessionKey);
    return null;
  }
  return { id: row.sessionKey, name: row.personName, companyName: row.companyName, companyNeId: row.companyNeId, picNeId: row.picNeId };
}

/** The person said no (or never answered): the pending row and its tokens go. */
export async function discardPendingSignIn(id: string): Promise<void> {
  const { db } = await getDatabase();
  const rows = await db.delete(pendingSignIns).where(eq(pendingSignIns.id, id)).returning({ sessionKey: pendingSignIns.sessionKey });
  if (rows[0]) await discardSession(rows[0].sessionKey);
}

async function discardSession(sessionKey: string): Promise<void> {
  await (await getNeServer()).gateway.forget(sessionKey);
}

/** Deletes pending sign-ins nobody confirmed in time (their tokens with them). */
export async function purgeExpiredPendingSignIns(now = new Date()): Promise<number> {
  const { db } = await getDatabase();
  const rows = await db.delete(pendingSignIns).where(lt(pendingSignIns.expiresAt, now)).returning({ sessionKey: pendingSignIns.sessionKey });
  for (const row of rows) await discardSession(row.sessionKey);
  return rows.length;
}
