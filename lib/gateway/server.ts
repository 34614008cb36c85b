import "server-only";
// Process-wide server singletons: the API client, the token store and the gateway over them.
import { createTokenStore, type TokenStore } from "./token-store";
import { deriveTokenKey } from "./token-crypto";
import { getDatabase } from "@/lib/db";
import { serverEnv } from "@/lib/env";
import { createNeClient, type NeClient } from "@/lib/ne/server/client";
import { createGateway, type Gateway } from "./gateway";

export interface NeServer {
  client: NeClient;
  store: TokenStore;
  gateway: Gateway;
}

// On globalThis: `next dev` evaluates a changed module again, and the per-person queues and the
// session caches must not split in two.
const globalForNe = globalThis as typeof globalThis & { __backyardNe?: Promise<NeServer> };

/**
 * A token store over the process's database, without the gateway: for instrumentation.ts's session
 * sweeps, which run in a module graph of their own and must not build the routes' gateway there.
 */
export async function tokenStore(): Promise<TokenStore> {
  return createTokenStore(await getDatabase(), deriveTokenKey(serverEnv().authSecret));
}

async function build(): Promise<NeServer> {
  const env = serverEnv();
  const database = await getDatabase();
  const client = createNeClient({ baseUrl: env.apiBaseUrl, timeoutMs: env.timeoutMs });
  const store = await tokenStore();
  return { client, store, gateway: createGateway({ client, store, database, callsPerCompany: env.maxCallsPerCompany }) };
}

export function getNeServer(): Promise<NeServer> {
  globalForNe.__backyardNe ??= build().catch((err: unknown) => {
    globalForNe.__backyardNe = undefined;
    throw err;
  });
  return globalForNe.__backyardNe;
}
