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

const globalForNe = globalThis as typeof globalThis & { __backyardNe?: Promise<NeServer> };

async function build(): Promise<NeServer> {
  const env = serverEnv();
  const database = await getDatabase();
  const client = createNeClient({ baseUrl: env.apiBaseUrl, timeoutMs: env.timeoutMs });
  const store = createTokenStore(database, deriveTokenKey(env.authSecret));
  return { client, store, gateway: createGateway({ client, store, database, callsPerCompany: env.maxCallsPerCompany }) };
}

export function getNeServer(): Promise<NeServer> {
  globalForNe.__backyardNe ??= build().catch((err: unknown) => {
    globalForNe.__backyardNe = undefined;
    throw err;
  });
  return globalForNe.__backyardNe;
}
