// A test's app database in either mode: the embedded PGlite in memory, or the machine's PostgreSQL
// (asserted reachable first: its absence fails the test, never skips it).
import { expect } from "vitest";
import { openDatabase, type AppDatabase } from "@/lib/db";
import { TEST_PG_URL, postgresReachable } from "./postgres";

export async function openDatabaseIn(mode: "pglite" | "postgres"): Promise<AppDatabase> {
  if (mode === "pglite") return openDatabase({ dataDir: "memory://" });
  expect(await postgresReachable(), `PostgreSQL is not reachable at ${TEST_PG_URL}`).toBe(true);
  return openDatabase({ databaseUrl: TEST_PG_URL });
}
