// Environment settings of the sandbox (DESIGN.md "Contracts"), read in one place.
import { DEFAULT_REDIRECT_URI } from "./accounts";

export type EnvVars = Readonly<Record<string, string | undefined>>;

export interface SandboxEnv {
  port: number;
  dataDir: string;
  orders: number;
  seed: number;
  accessTtlS: number;
  refreshTtlS: number;
  admin: boolean;
  databaseUrl: string | undefined;
  databaseSchema: string;
  /** Every API answer waits this long (and up to `latencyJitterMs` more), as a remote API would. */
  latencyMs: number;
  latencyJitterMs: number;
  /** The app's registered redirect URI: a sign-in naming another is refused. */
  redirectUri: string;
}

function intEnv(env: EnvVars, name: string, fallback: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be an integer >= ${min} (got ${raw})`);
  return value;
}

/** An absolute http(s) URL, as a redirect URI is registered. */
function urlEnv(env: EnvVars, name: string, fallback: string): string {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`${name} must be an absolute http(s) URL (got ${raw})`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error(`${name} must be an absolute http(s) URL (got ${raw})`);
  return raw;
}

export function readEnv(env: EnvVars = process.env): SandboxEnv {
  const databaseUrl = env.SANDBOX_DATABASE_URL?.trim();
  return {
    port: intEnv(env, "SANDBOX_PORT", 4010),
    dataDir: env.SANDBOX_DATA_DIR?.trim() || ".data/sandbox",
    orders: intEnv(env, "SANDBOX_ORDERS", 5000),
    seed: intEnv(env, "SANDBOX_SEED", 1),
    accessTtlS: intEnv(env, "SANDBOX_ACCESS_TTL_S", 86_400, 1),
    refreshTtlS: intEnv(env, "SANDBOX_REFRESH_TTL_S", 259_200, 1),
    admin: env.SANDBOX_ADMIN === "1" || env.SANDBOX_ADMIN === "true",
    databaseUrl: databaseUrl ? databaseUrl : undefined,
    databaseSchema: env.SANDBOX_DATABASE_SCHEMA?.trim() || "sandbox",
    latencyMs: intEnv(env, "SANDBOX_LATENCY_MS", 0),
    latencyJitterMs: intEnv(env, "SANDBOX_LATENCY_JITTER_MS", 0),
    redirectUri: urlEnv(env, "SANDBOX_REDIRECT_URI", DEFAULT_REDIRECT_URI),
  };
}
