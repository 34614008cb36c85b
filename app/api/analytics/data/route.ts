// DELETE /api/analytics/data: the signed-in person's company's analytics copy is deleted at once
// (the settings page; lib/analytics/server/routes.ts).
import { routeSession } from "@/lib/auth/route-session";
import { getDatabase } from "@/lib/db";
import { getNeServer } from "@/lib/gateway/server";
import { handleDeleteData } from "@/lib/analytics/server/routes";
import { logged } from "@/lib/observability/route-log";

const ROUTE = "/api/analytics/data";

export const dynamic = "force-dynamic";

export const DELETE = logged(ROUTE, async (request: Request) => {
  const database = await getDatabase();
  const server = await getNeServer();
  return handleDeleteData(request, {
    session: async () => {
      const live = await routeSession();
      return "response" in live ? live : { key: live.key, companyNeId: live.session.companyNeId };
    },
    database,
    call: (key, path, req, options) => server.gateway.call(key, path, req, options),
  });
});
