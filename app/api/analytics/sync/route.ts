// The analytics copy's sync: GET its status ("as of", running, last error), POST a refresh
// (lib/analytics/server/routes.ts). The status is what the refresh button polls while a sync runs:
// reading it is not the person's activity (their idle timeout goes on); asking for a refresh is.
import { routeSession } from "@/lib/auth/route-session";
import { getDatabase } from "@/lib/db";
import { getNeServer } from "@/lib/gateway/server";
import { handleSyncRequest, handleSyncStatus, type AnalyticsRouteDeps } from "@/lib/analytics/server/routes";
import { logged } from "@/lib/observability/route-log";

const ROUTE = "/api/analytics/sync";

export const dynamic = "force-dynamic";

async function deps(touch: boolean): Promise<AnalyticsRouteDeps> {
  const database = await getDatabase();
  const server = await getNeServer();
  return {
    session: async () => {
      const live = await routeSession({ touch });
      return "response" in live ? live : { key: live.key, companyNeId: live.session.companyNeId };
    },
    database,
    call: (key, path, request, options) => server.gateway.call(key, path, request, options),
  };
}

export const GET = logged(ROUTE, async (request: Request) => handleSyncStatus(request, await deps(false)));
export const POST = logged(ROUTE, async (request: Request) => handleSyncRequest(request, await deps(true)));
