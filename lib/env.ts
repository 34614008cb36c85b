import "server-only";
// Server configuration, parsed once. With no NE_* variables the dashboard talks to the embedded
// sandbox with the sandbox's app credentials (DESIGN.md, Contracts).
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { z } from "zod";
import { privateDir, privateFile } from "@/lib/security/private-files";

const SANDBOX_URL = `http://127.0.0.1:${process.env.SANDBOX_PORT || "4010"}`;

const httpUrl = z
  .url({ protocol: /^https?$/ })
  .transform((u) => u.replace(/\/+$/, ""));

const schema = z.object({
  NE_API_BASE_URL: httpUrl.default(SANDBOX_URL),
  NE_LOGIN_BASE_URL: httpUrl.optional(),
  NE_CLIENT_ID: z.string().min(1).default("sandbox-client-id"),
  NE_CLIENT_SECRET: z.string().min(1).default("sandbox-client-secret"),
  AUTH_SECRET: z.string().min(32, "at least 32 characters").optional(),
  DATABASE_URL: z.string().min(1).optional(),
  NE_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  NE_MAX_CALLS_PER_COMPANY: z.coerce.number().int().min(1).max(20).default(3),
});

export interface ServerEnv {
  apiBaseUrl: string;
  /** True when the API base is the embedded sandbox's URL (unset, or set to it by `npm start`). */
  embeddedSandbox: boolean;
  loginBaseUrl: string;
  clientId: string;
  clientSecret: string;
  authSecret: string;
  databaseUrl: string | undefined;
  timeoutMs: number;
  /** Upstream calls of one company in flight at once, across instances (the gateway's company slots). */
  maxCallsPerCompany: number;
}

/**
 * AUTH_SECRET for a local run without one (`npm start`, `next dev`): made once, kept under
 * APP_DATA_DIR, the running user's only whatever the umask (the folder 0700, the file 0600; one
 * left open to others is closed: lib/security/private-files.ts).
 */
function localAuthSecret(): string {
  const dir = appDataDir();
  privateDir(dir);
  const file = path.join(dir, "auth-secret");
  if (existsSync(file)) {
    privateFile(file);
    return readFileSync(file, "utf8").trim();
  }
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret + "\n", { mode: 0o600 });
  return secret;
}

/** The real API signs in on its own host; the sandbox serves both from one origin. */
function defaultLoginBase(apiBaseUrl: string): string {
  return new URL(apiBaseUrl).hostname === "api.next-engine.org" ? "https://base.next-engine.org" : apiBaseUrl;
}

/** Where the dashboard keeps its local files (embedded database, generated secret). */
export function appDataDir(): string {
  return path.resolve(/*turbopackIgnore: true*/ process.cwd(), process.env.APP_DATA_DIR || path.join(".data", "app"));
}

let cached: ServerEnv | undefined;

export function serverEnv(): ServerEnv {
  if (cached) return cached;
  const empty = (v: string | undefined) => (v === "" ? undefined : v);
  const parsed = schema.safeParse({
    NE_API_BASE_URL: empty(process.env.NE_API_BASE_URL),
    NE_LOGIN_BASE_URL: empty(process.env.NE_LOGIN_BASE_URL),
    NE_CLIENT_ID: empty(process.env.NE_CLIENT_ID),
    NE_CLIENT_SECRET: empty(process.env.NE_CLIENT_SECRET),
    AUTH_SECRET: empty(process.env.AUTH_SECRET),
    DATABASE_URL: empty(process.env.DATABASE_URL),
    NE_TIMEOUT_MS: empty(process.env.NE_TIMEOUT_MS),
    NE_MAX_CALLS_PER_COMPANY: empty(process.env.NE_MAX_CALLS_PER_COMPANY),
  });
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid server environment: ${fields}`);
  }
  const e = parsed.data;
  const authSecret = e.AUTH_SECRET ?? localAuthSecret();
  // next-auth reads AUTH_SECRET itself: make the generated one visible to it too.
  process.env.AUTH_SECRET ??= authSecret;
  cached = {
    apiBaseUrl: e.NE_API_BASE_URL,
    embeddedSandbox: e.NE_API_BASE_URL === SANDBOX_URL,
    loginBaseUrl: e.NE_LOGIN_BASE_URL ?? defaultLoginBase(e.NE_API_BASE_URL),
    clientId: e.NE_CLIENT_ID,
    clientSecret: e.NE_CLIENT_SECRET,
    authSecret,
    databaseUrl: e.DATABASE_URL,
    timeoutMs: e.NE_TIMEOUT_MS,
    maxCallsPerCompany: e.NE_MAX_CALLS_PER_COMPANY,
  };
  return cached;
}

/** The analytics read model's settings (lib/analytics/README.md). */
export interface AnalyticsEnv {
  /**
   * ANALYTICS_SYNC_MINUTES (default 15): how often a company with a live sign-in is synced; `off`:
   * never on a schedule, only when someone asks (`POST /api/analytics/sync`). Null when off.
   */
  syncEveryMs: number | null;
  /** ANALYTICS_RETENTION_DAYS (default 30): a company's copy is deleted after this long without a sign-in. */
  retentionMs: number;
}

/** Read from `env` each time (no cache): tests and the schedule pass their own. */
export function analyticsEnv(env: Record<string, string | undefined> = process.env): AnalyticsEnv {
  const positive = (value: string | undefined, fallback: number) => {
    const n = Number(value);
    return value !== undefined && value !== "" && Number.isFinite(n) && n > 0 ? n : fallback;
  };
  return {
    syncEveryMs: env.ANALYTICS_SYNC_MINUTES?.trim().toLowerCase() === "off" ? null : positive(env.ANALYTICS_SYNC_MINUTES, 15) * 60_000,
    retentionMs: positive(env.ANALYTICS_RETENTION_DAYS, 30) * 86_400_000,
  };
}
