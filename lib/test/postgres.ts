// The machine's PostgreSQL for tests of the DATABASE_URL modes (every developer machine and CI run
// one on 127.0.0.1:5432 with trust auth; TEST_DATABASE_URL moves it).
import pg from "pg";

export const TEST_PG_URL =
  process.env.TEST_DATABASE_URL ?? process.env.SANDBOX_TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/test";

/** True when a connection opens within two seconds. Tests assert it: a missing server fails, never skips. */
export async function postgresReachable(url = TEST_PG_URL): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}
