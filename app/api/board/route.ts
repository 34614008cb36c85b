// The order status board's numbers in one answer: GET /api/board?from=&to=[&shop=][&cancelled=1][&fresh=1]
// (lib/board/server/board-route.ts; the contract is lib/board/contract.ts).
import { routeSession } from "@/lib/auth/route-session";
import { boardCache, handleBoard } from "@/lib/board/server/board-route";
import { getNeServer } from "@/lib/gateway/server";
import { MINUTE_MS, getRateLimiter, rateLimits } from "@/lib/security/rate-limit";
import { logged } from "@/lib/observability/route-log";

const ROUTE = "/api/board";

export const dynamic = "force-dynamic";

async function getRequest(request: Request): Promise<Response> {
  return handleBoard(request, {
    session: async () => {
      const live = await routeSession();
      return "response" in live ? live : { key: live.key, companyNeId: live.session.companyNeId };
    },
    call: async (key, path, neRequest, options) => (await getNeServer()).gateway.call(key, path, neRequest, options),
    rateLimit: async (key) => (await getRateLimiter()).hit(`api:${key}`, rateLimits().apiPerSession, MINUTE_MS),
    cache: boardCache(),
  });
}

export const GET = logged(ROUTE, getRequest);
