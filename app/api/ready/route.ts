// GET /api/ready: 200 when this instance can serve (database reachable and migrated, upstream API
// reachable), else 503 naming the failed check. No session, nothing secret, never cached.
import { serverEnv } from "@/lib/env";
import { json } from "@/lib/http/json-route";
import { logged } from "@/lib/observability/route-log";
import { readiness } from "@/lib/observability/readiness";

export const dynamic = "force-dynamic";

export const GET = logged("/api/ready", async () => {
  const result = await readiness(serverEnv().apiBaseUrl);
  return json({ status: result.ready ? "ready" : "not-ready", checks: result.checks }, result.ready ? 200 : 503);
});
