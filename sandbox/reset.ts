// `npm run sandbox:reset`: wipes the sandbox database (PGlite under SANDBOX_DATA_DIR, or the
// SANDBOX_DATABASE_SCHEMA of SANDBOX_DATABASE_URL) and seeds it again. `--empty` only wipes
// (the next start seeds). Stop the sandbox first: PGlite's directory has one user at a time.
import { rmSync } from "node:fs";
import path from "node:path";
import { readEnv } from "./config";
import { dropPgSchema, openDb, pgliteDirHolder } from "./db";
import { defaultRegistry, RegistryIndex } from "./registry";
import { prepareDatabase } from "./seed";

async function main(): Promise<void> {
  const env = readEnv();
  const emptyOnly = process.argv.includes("--empty");
  if (env.databaseUrl) {
    await dropPgSchema(env.databaseUrl, env.databaseSchema);
    console.log(`sandbox: dropped schema ${env.databaseSchema}`);
  } else {
    const dir = path.resolve(env.dataDir);
    const holder = pgliteDirHolder(dir);
    if (holder !== undefined) throw new Error(`${dir} is in use by process ${holder}: stop the sandbox first`);
    rmSync(dir, { recursive: true, force: true });
    console.log(`sandbox: removed ${dir}`);
  }
  if (emptyOnly) return;
  const db = await openDb(env.databaseUrl ? { databaseUrl: env.databaseUrl, schema: env.databaseSchema } : { dataDir: env.dataDir });
  try {
    const started = Date.now();
    const result = await prepareDatabase(db, new RegistryIndex(defaultRegistry()), {
      data: "generate",
      orders: env.orders,
      seed: env.seed,
      log: (line) => console.log(line),
    });
    console.log(`sandbox: seeded (${result.seeded || "already"}) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error("sandbox: reset failed:", error);
  process.exit(1);
});
