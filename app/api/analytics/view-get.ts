// The GET handler of an analytics view's route (sales, goods, goods/daily): the session, the
// rate limit and the database given to handleView (lib/analytics/server/view-route.ts), logged.
// Not a route itself (Next.js serves only route.ts files).
import { routeSession } from "@/lib/auth/route-session";
import { getDatabase, type AppDatabase } from "@/lib/db";
import { handleView } from "@/lib/analytics/server/view-route";
import type { BodySchema } from "@/lib/http/json-route";
import { MINUTE_MS, getRateLimiter, rateLimits } from "@/lib/security/rate-limit";
import { logged } from "@/lib/observability/route-log";

export function viewGet<Q, A>(
  route: string,
  schema: BodySchema<Q>,
  answer: (database: Pick<AppDatabase, "db">, company: string, query: Q) => Promise<A>,
): (request: Request) => Promise<Response> {
  return logged(route, (request: Request) =>
    handleView(
      request,
      {
        session: async () => {
          const live = await routeSession();
          return "response" in live ? live : { key: live.key, companyNeId: live.session.companyNeId };
        },
        rateLimit: async (key) => (await getRateLimiter()).hit(`api:${key}`, rateLimits().apiPerSession, MINUTE_MS),
        database: getDatabase,
      },
      schema,
      answer,
    ),
  );
}
