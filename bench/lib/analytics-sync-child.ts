// One analytics sync of company 1 against a running sandbox, in a process of its own (run by
// bench/analytics-sync.ts with `tsx --conditions=react-server`, so the server-only modules load):
// the app's database is PGlite in `dataDir` (kept between runs: the second run is incremental).
// Prints one JSON line: { status, ms, calls, fetched }.
import { openDatabase } from "../../lib/db";
import { createTokenStore } from "../../lib/gateway/token-store";
import { deriveTokenKey } from "../../lib/gateway/token-crypto";
import { createGateway } from "../../lib/gateway/gateway";
import { createNeClient } from "../../lib/ne/server/client";
import { syncCompany, type SyncCall } from "../../lib/analytics/server/sync";
import { login } from "../../sandbox/test-support";

async function main(): Promise<void> {
  const [sandboxUrl, dataDir] = process.argv.slice(2);
  if (!sandboxUrl || !dataDir) throw new Error("usage: analytics-sync-child <sandbox url> <data dir>");

  const database = await openDatabase({ dataDir });
  const store = createTokenStore(database, deriveTokenKey("analytics-bench-secret-0123456789abcdef"));
  const gateway = createGateway({ client: createNeClient({ baseUrl: sandboxUrl, timeoutMs: 600_000 }), store, database });
  const t = await login(sandboxUrl, "manager@sandbox.test");
  const key = await store.create({
    companyNeId: "NE0000000001",
    uid: "bench",
    picNeId: null,
    tokens: { accessToken: t.access_token, refreshToken: t.refresh_token, accessTokenEndDate: null, refreshTokenEndDate: null },
  });
  let calls = 0;
  const call: SyncCall = (k, path, request, options) => {
    calls += 1;
    return gateway.call(k, path, request, options);
  };
  const started = performance.now();
  const outcome = await syncCompany("NE0000000001", key, { database, call });
  const ms = performance.now() - started;
  await store.delete(key);
  await database.close();
  process.stdout.write(`${JSON.stringify({ status: outcome.status, ms, calls, fetched: "fetched" in outcome ? outcome.fetched : null, error: "error" in outcome ? outcome.error : null })}\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
