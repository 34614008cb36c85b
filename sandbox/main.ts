// `npm run sandbox` / `npx tsx sandbox/main.ts`: reads the environment (sandbox/config.ts), opens
// the database (PGlite under SANDBOX_DATA_DIR, or PostgreSQL with SANDBOX_DATABASE_URL), seeds an
// empty one, listens on 127.0.0.1:SANDBOX_PORT and shuts down cleanly on SIGTERM/SIGINT.
import { readEnv } from "./config";
import { startSandbox } from "./server";

async function main(): Promise<void> {
  const env = readEnv();
  const sandbox = await startSandbox({
    port: env.port,
    ...(env.databaseUrl ? { databaseUrl: env.databaseUrl, databaseSchema: env.databaseSchema } : { dataDir: env.dataDir }),
    admin: env.admin,
    accessTtlS: env.accessTtlS,
    refreshTtlS: env.refreshTtlS,
    data: "generate",
    orders: env.orders,
    seed: env.seed,
    latencyMs: env.latencyMs,
    latencyJitterMs: env.latencyJitterMs,
    redirectUri: env.redirectUri,
  });
  if (sandbox.prepared.seeded) console.log(`sandbox: seeded (${sandbox.prepared.seeded})`);
  console.log(`sandbox: the app's registered redirect URI is ${env.redirectUri} (SANDBOX_REDIRECT_URI); the app menu is ${sandbox.url}/apps`);
  console.log(`sandbox listening on ${sandbox.url}${env.latencyMs || env.latencyJitterMs ? ` (answers after ${env.latencyMs} ms + up to ${env.latencyJitterMs} ms)` : ""}`);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`sandbox: ${signal}, shutting down`);
    sandbox.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

main().catch((error: unknown) => {
  console.error("sandbox: failed to start:", error);
  process.exit(1);
});
