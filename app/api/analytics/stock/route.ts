// The reorder list and the sellable sets from the company's read model:
// GET /api/analytics/stock?view=reorder|sets[&warehouse=<id>][&days=<n>] (lib/analytics/server/stock-route.ts).
import { routeSession } from "@/lib/auth/route-session";
import { getDatabase } from "@/lib/db";
import { handleStock } from "@/lib/analytics/server/stock-route";
import { logged } from "@/lib/observability/route-log";

const ROUTE = "/api/analytics/stock";

export const dynamic = "force-dynamic";

async function getRequest(request: Request): Promise<Response> {
  return handleStock(request, {
    session: async () => {
      const live = await routeSession();
      return "response" in live ? live : { companyNeId: live.session.companyNeId };
    },
    database: getDatabase,
  });
}

export const GET = logged(ROUTE, getRequest);
