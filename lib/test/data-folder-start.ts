// Run by lib/security/private-files.test.ts as a child process (`node --conditions=react-server
// --import tsx`), under the umask its shell gives it: what the dashboard does with its data folder
// when it starts on the embedded database (APP_DATA_DIR from the environment): the generated
// AUTH_SECRET (serverEnv), then the database opened and migrated (getDatabase), then closed.
import { serverEnv } from "@/lib/env";
import { getDatabase } from "@/lib/db";

async function main(): Promise<void> {
  const { authSecret } = serverEnv();
  const database = await getDatabase();
  await database.close();
  process.stdout.write(`${JSON.stringify({ umask: process.umask(), secretLength: authSecret.length })}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
