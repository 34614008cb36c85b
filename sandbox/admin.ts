// Test controls under /__sandbox (only with SANDBOX_ADMIN=1; 404 otherwise): issued tokens,
// injected faults and the sandbox clock. Documented in sandbox/README.md.
import { Hono } from "hono";
import { z } from "zod";
import { SANDBOX_USERS } from "./accounts";
import { listTokens } from "./auth";
import type { SandboxDb } from "./db";
import { faultSchema, type FaultBook } from "./faults";
import { formatJst, type SandboxClock } from "./time";

export interface AdminContext {
  db: SandboxDb;
  clock: SandboxClock;
  faults: FaultBook;
}

const clockSchema = z
  .object({
    /** Moves the clock forward (or back, negative) by this many seconds. */
    advance_s: z.number().finite().optional(),
    /** Sets the offset from real time, seconds. */
    offset_s: z.number().finite().optional(),
  })
  .refine((v) => v.advance_s !== undefined || v.offset_s !== undefined, "advance_s or offset_s is required");

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
    return c.json(
      tokens.map((t) => ({
        access_token: t.accessToken,
        refresh_token: t.refreshToken,
        company_ne_id: t.companyNeId,
        uid: t.uid,
        access_token_end_date: formatJst(t.accessExpiresMs),
        refresh_token_end_date: formatJst(t.refreshExpiresMs),
        rotated: t.rotatedMs !== null,
      })),
    );
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

  app.get("/users", (c) =>
    c.json(SANDBOX_USERS.map((u) => ({ login_code: u.loginCode, uid: u.uid, company_ne_id: u.companyNeId, pic_name: u.picName }))),
  );

  return app;
}
