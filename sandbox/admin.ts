// Test controls under /__sandbox (only with SANDBOX_ADMIN=1; 404 otherwise): issued tokens (and a
// pair of a test's own), injected faults, the sandbox clock, the latency, the call log, the calls
// refused for overlapping with one token, extension executions (slips picked on the main
// screen), and master names (a shop, warehouse or mall renamed on the main function's screens).
// Documented in sandbox/README.md.
import { randomBytes } from "node:crypto";
import { Hono } from "hono";
import { z } from "zod";
import { SANDBOX_APP, SANDBOX_USERS } from "./accounts";
import { issueTokens, listTokens, type TokenRecord, type TokenSettings } from "./auth";
import { callClock, type CallLog, type OverlapLog } from "./calls";
import { quoteIdent, type SandboxDb } from "./db";
import { faultSchema, type FaultBook } from "./faults";
import { latencySchema, type Latency } from "./latency";
import { tableName } from "./schema";
import { CANCEL_TYPES } from "./generate/masters";
import { formatJst, type SandboxClock } from "./time";

export interface AdminContext {
  db: SandboxDb;
  clock: SandboxClock;
  faults: FaultBook;
  latency: Latency;
  calls: CallLog;
  overlaps: OverlapLog;
  /** Lifetimes of the pairs `POST /tokens` issues (those of a sign-in). */
  tokens: TokenSettings;
}

/** A token pair of a test's own, as a sign-in of that user would get (so it shares no token with a dashboard session). */
const issueSchema = z.strictObject({ login_code: z.string().min(1) });

const clockSchema = z
  .object({
    /** Moves the clock forward (or back, negative) by this many seconds. */
    advance_s: z.number().finite().optional(),
    /** Sets the offset from real time, seconds. */
    offset_s: z.number().finite().optional(),
  })
  .refine((v) => v.advance_s !== undefined || v.offset_s !== undefined, "advance_s or offset_s is required");

/** The slips a person picked on the main screen before starting the app (extension_execution_id). */
const extensionSchema = z.object({
  /** Whose company the group belongs to: a sandbox login code, or the company's NE id. */
  login_code: z.string().min(1).optional(),
  company_ne_id: z.string().min(1).optional(),
  receive_order_ids: z.array(z.string().regex(/^\d{1,18}$/, "receive_order_ids are slip numbers")).min(1).max(10_000),
}).refine((v) => (v.login_code === undefined) !== (v.company_ne_id === undefined), "login_code or company_ne_id is required (one of them)");

/**
 * The masters whose names a test may change, as a person renames a shop (店舗設定), a warehouse
 * (倉庫設定) or a mall on the main function's screens; the API has no call for it. Their ids are
 * what orders and stock carry, their names what the dashboard shows and exports for the ids.
 */
const RENAMABLE = {
  shop: { table: tableName("shop"), id: "shop_id", name: "shop_name" },
  warehouse: { table: tableName("warehouse"), id: "warehouse_id", name: "warehouse_name" },
  mall: { table: tableName("mall"), id: "mall_id", name: "mall_name" },
} as const;

const renameSchema = z
  .strictObject({
    /** Whose company's master: a sandbox login code, or the company's NE id. */
    login_code: z.string().min(1).optional(),
    company_ne_id: z.string().min(1).optional(),
    /** Any text a person could type, formulas and full-width characters included. */
    name: z.string().min(1).max(200),
  })
  .refine((v) => (v.login_code === undefined) !== (v.company_ne_id === undefined), "login_code or company_ne_id is required (one of them)");

/**
 * A slip cancelled as a person does on the main function's order screen (受注キャンセル): the API
 * has no call for it. The cancel classification (1 to 5, the sandbox's CANCEL_TYPES) and its name,
 * the cancel date and the slip's last-modified audit fields change; nothing else does.
 */
const cancelSchema = z
  .strictObject({
    login_code: z.string().min(1).optional(),
    company_ne_id: z.string().min(1).optional(),
    cancel_type_id: z.enum(CANCEL_TYPES.slice(1).map((t) => t.id) as [string, ...string[]]).default("1"),
  })
  .refine((v) => (v.login_code === undefined) !== (v.company_ne_id === undefined), "login_code or company_ne_id is required (one of them)");

/** A token pair as the test controls show it. */
function tokenJson(t: TokenRecord) {
  return {
    access_token: t.accessToken,
    refresh_token: t.refreshToken,
    company_ne_id: t.companyNeId,
    uid: t.uid,
    access_token_end_date: formatJst(t.accessExpiresMs),
    refresh_token_end_date: formatJst(t.refreshExpiresMs),
  };
}

async function readJson(request: Request): Promise<unknown> {
  try {
    return await request.json();
  } catch {
    return undefined;
  }
}

export function adminRoutes(ctx: AdminContext): Hono {
  const app = new Hono();
  const clockView = () => ({
    now: formatJst(ctx.clock.now()),
    now_ms: ctx.clock.now(),
    offset_s: ctx.clock.offsetMs / 1000,
  });

  app.get("/tokens", async (c) => {
    const tokens = await listTokens(ctx.db);
    return c.json(tokens.map((t) => ({ ...tokenJson(t), rotated: t.rotatedMs !== null })));
  });

  app.post("/tokens", async (c) => {
    const parsed = issueSchema.safeParse(await readJson(c.req.raw));
    if (!parsed.success) return c.json({ error: parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ") }, 400);
    const user = SANDBOX_USERS.find((u) => u.loginCode === parsed.data.login_code.trim().toLowerCase());
    if (!user) return c.json({ error: `no such sandbox user: ${parsed.data.login_code}` }, 400);
    const t = await issueTokens(ctx.db, ctx.clock, ctx.tokens, { companyNeId: user.companyNeId, uid: user.uid, clientId: SANDBOX_APP.clientId });
    return c.json(tokenJson(t), 201);
  });

  app.get("/faults", (c) => c.json(ctx.faults.list()));
  app.post("/faults", async (c) => {
    const parsed = faultSchema.safeParse(await readJson(c.req.raw));
    if (!parsed.success) return c.json({ error: parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ") }, 400);
    return c.json(ctx.faults.add(parsed.data), 201);
  });
  app.delete("/faults", (c) => {
    const cleared = ctx.faults.list().length;
    ctx.faults.clear();
    return c.json({ cleared });
  });

  app.get("/latency", (c) => c.json(ctx.latency.view()));
  app.post("/latency", async (c) => {
    const parsed = latencySchema.safeParse(await readJson(c.req.raw));
    if (!parsed.success) return c.json({ error: parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ") }, 400);
    ctx.latency.set(parsed.data.ms, parsed.data.jitter_ms ?? 0);
    return c.json(ctx.latency.view());
  });
  app.delete("/latency", (c) => {
    ctx.latency.set(0, 0);
    return c.json(ctx.latency.view());
  });

  // The call log: `since` (epoch ms, the clock of `now_ms`) keeps the calls that started at or after it.
  app.get("/calls", (c) => {
    const raw = c.req.query("since");
    const since = raw === undefined || raw === "" ? undefined : Number(raw);
    if (since !== undefined && !Number.isFinite(since)) return c.json({ error: `since must be a number of milliseconds (got ${raw})` }, 400);
    return c.json({ now_ms: callClock(), capacity: ctx.calls.capacity, dropped: ctx.calls.dropped, calls: ctx.calls.list(since) });
  });
  app.delete("/calls", (c) => c.json({ cleared: ctx.calls.clear(), now_ms: callClock() }));

  // The second calls with one access token refused while the first was in flight (003902), since
  // the start or the last DELETE: what a test run checks at its end.
  app.get("/overlaps", (c) => c.json({ now_ms: callClock(), ...ctx.overlaps.view() }));
  app.delete("/overlaps", (c) => c.json({ cleared: ctx.overlaps.clear(), now_ms: callClock() }));

  app.get("/clock", (c) => c.json(clockView()));
  app.post("/clock", async (c) => {
    const parsed = clockSchema.safeParse(await readJson(c.req.raw));
    if (!parsed.success) return c.json({ error: parsed.error.issues.map((i) => i.message).join("; ") }, 400);
    if (parsed.data.offset_s !== undefined) ctx.clock.offsetMs = parsed.data.offset_s * 1000;
    if (parsed.data.advance_s !== undefined) ctx.clock.offsetMs += parsed.data.advance_s * 1000;
    return c.json(clockView());
  });
  app.delete("/clock", (c) => {
    ctx.clock.offsetMs = 0;
    return c.json(clockView());
  });

  app.post("/extension-executions", async (c) => {
    const parsed = extensionSchema.safeParse(await readJson(c.req.raw));
    if (!parsed.success) return c.json({ error: parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ") }, 400);
    const { login_code, company_ne_id, receive_order_ids } = parsed.data;
    const company = company_ne_id ?? SANDBOX_USERS.find((u) => u.loginCode === login_code)?.companyNeId;
    if (!company) return c.json({ error: `no such sandbox user: ${login_code}` }, 400);
    const id = randomBytes(8).toString("hex");
    await ctx.db.query(`INSERT INTO sb_extension_executions (id, company_ne_id, receive_order_ids, created_ms) VALUES ($1, $2, $3::numeric[], $4)`, [
      id,
      company,
      receive_order_ids,
      ctx.clock.now(),
    ]);
    return c.json({ extension_execution_id: id, company_ne_id: company, receive_order_ids }, 201);
  });

  app.post("/orders/:id/cancel", async (c) => {
    const id = c.req.param("id");
    if (!/^\d{1,18}$/.test(id)) return c.json({ error: `id must be a slip number (got ${id})` }, 400);
    const parsed = cancelSchema.safeParse((await readJson(c.req.raw)) ?? {});
    if (!parsed.success) return c.json({ error: parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ") }, 400);
    const { login_code, company_ne_id, cancel_type_id } = parsed.data;
    const person = login_code === undefined ? undefined : SANDBOX_USERS.find((u) => u.loginCode === login_code);
    const company = company_ne_id ?? person?.companyNeId;
    if (!company) return c.json({ error: `no such sandbox user: ${login_code}` }, 400);
    const type = CANCEL_TYPES.find((t) => t.id === cancel_type_id)!;
    const now = formatJst(ctx.clock.now());
    const o = (field: string) => quoteIdent(field);
    const [done] = await ctx.db.query<{ id: string }>(
      `UPDATE ${quoteIdent(tableName("receiveOrder"))}
          SET ${o("receive_order_cancel_type_id")} = $3, ${o("receive_order_cancel_type_name")} = $4, ${o("receive_order_cancel_date")} = $5::timestamp,
              ${o("receive_order_last_modified_date")} = $5::timestamp, ${o("receive_order_last_modified_null_safe_date")} = $5::timestamp,
              ${o("receive_order_last_modified_by_id")} = $6::numeric, ${o("receive_order_last_modified_by_null_safe_id")} = $6::numeric,
              ${o("receive_order_last_modified_by_name")} = $7, ${o("receive_order_last_modified_by_null_safe_name")} = $7
        WHERE company_ne_id = $1 AND ${o("receive_order_id")} = $2::numeric
        RETURNING ${o("receive_order_id")}::text AS id`,
      [company, id, type.id, type.name, now, person?.picId ?? 1, person?.picName ?? "sandbox"],
    );
    if (!done) return c.json({ error: `company ${company} has no slip ${id}` }, 404);
    return c.json({ company_ne_id: company, receive_order_id: id, receive_order_cancel_type_id: type.id, receive_order_cancel_date: now });
  });

  app.put("/masters/:master/:id", async (c) => {
    const master = c.req.param("master");
    const id = c.req.param("id");
    if (!Object.hasOwn(RENAMABLE, master)) return c.json({ error: `master must be one of ${Object.keys(RENAMABLE).join(", ")} (got ${master})` }, 400);
    if (!/^\d{1,18}$/.test(id)) return c.json({ error: `id must be a number (got ${id})` }, 400);
    const parsed = renameSchema.safeParse(await readJson(c.req.raw));
    if (!parsed.success) return c.json({ error: parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ") }, 400);
    const { login_code, company_ne_id, name } = parsed.data;
    const company = company_ne_id ?? SANDBOX_USERS.find((u) => u.loginCode === login_code)?.companyNeId;
    if (!company) return c.json({ error: `no such sandbox user: ${login_code}` }, 400);
    const t = RENAMABLE[master as keyof typeof RENAMABLE];
    const where = `company_ne_id = $1 AND ${quoteIdent(t.id)} = $2::numeric`;
    const renamed = await ctx.db.transaction(async (tx) => {
      const [before] = await tx.query<{ name: string | null }>(`SELECT ${quoteIdent(t.name)} AS name FROM ${quoteIdent(t.table)} WHERE ${where} FOR UPDATE`, [company, id]);
      if (!before) return null;
      await tx.query(`UPDATE ${quoteIdent(t.table)} SET ${quoteIdent(t.name)} = $3 WHERE ${where}`, [company, id, name]);
      return { master, company_ne_id: company, id, name, previous_name: before.name };
    });
    if (!renamed) return c.json({ error: `company ${company} has no ${master} ${id}` }, 404);
    return c.json(renamed);
  });

  app.get("/users", (c) =>
    c.json(SANDBOX_USERS.map((u) => ({ login_code: u.loginCode, uid: u.uid, company_ne_id: u.companyNeId, pic_name: u.picName }))),
  );

  return app;
}
