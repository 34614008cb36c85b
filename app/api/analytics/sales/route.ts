// GET /api/analytics/sales (lib/analytics/server/view-route.ts; the query: lib/analytics/query.ts salesQuerySchema).
import { routeSession } from "@/lib/auth/route-session";
import { getDatabase } from "@/lib/db";
import { salesQuerySchema } from "@/lib/analytics/query";
import { salesSeries } from "@/lib/analytics/server/queries";
import { handleView } from "@/lib/analytics/server/view-route";
import { MINUTE_MS, getRateLimiter, rateLimits } from "@/lib/security/rate-limit";
import { logged } from "@/lib/observability/route-log";

const ROUTE = "/api/analytics/sales";

export const dynamic = "force-dynamic";

async function getRequest(request: Request): Promise<Response> {
  return handleView(
    request,
    {
      session: async () => {
        const live = await routeSession();
        return "response" in live ? live : { key: live.key, companyNeId: live.session.companyNeId };
      },
      rateLimit: async (key) => (await getRateLimiter()).hit(`api:${key}`, rateLimits().apiPerSession, MINUTE_MS),
      database: getDatabase,
    },
    salesQuerySchema,
    salesSeries,
  );
}

export const GET = logged(ROUTE, getRequest);
