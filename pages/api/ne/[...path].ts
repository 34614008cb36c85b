// The BFF proxy: POST /api/ne/<operation path> with JSON (see lib/bff/operation-request.ts).
// A Pages API route, not an App Router route handler: it is the dashboard's hottest route, and
// Next costs half as much per request here (lib/http/node-route.ts). Nothing else differs: the
// same Request-based handler, logged the same way. In production the dashboard's server
// (scripts/serve.mjs) calls this module's default export itself, with the `path` segments Next
// would give it, before Next's router; `next dev` reaches it through the router.
import { sessionKeyOf } from "@/lib/auth/session";
import { choiceCache } from "@/lib/bff/server/choice-cache";
import { handleOperation } from "@/lib/bff/server/proxy";
import { getNeServer } from "@/lib/gateway/server";
import type { ApiRequest } from "@/lib/http/api-request";
import { nodeRoute } from "@/lib/http/node-route";
import { MINUTE_MS, getRateLimiter, rateLimits } from "@/lib/security/rate-limit";
import { logged } from "@/lib/observability/route-log";

export const config = { api: { bodyParser: false, responseLimit: false } };

const handle = logged("/api/ne/[...path]", (request: ApiRequest, { path }: { path: string[] }) =>
  handleOperation(request, path, {
    sessionKey: () => sessionKeyOf(request),
    call: async (key, opPath, neRequest, options) => (await getNeServer()).gateway.call(key, opPath, neRequest, options),
    rateLimit: async (key) => (await getRateLimiter()).hit(`api:${key}`, rateLimits().apiPerSession, MINUTE_MS),
    // The company of the session from the gateway's own session cache (no store read on PGlite; a
    // version read on a shared PostgreSQL), only for choice-list asks.
    choices: {
      cache: choiceCache(),
      companyOf: async (key) => {
        const live = await (await getNeServer()).gateway.check(key);
        return "session" in live ? live.session.companyNeId : null;
      },
    },
  }),
);

export default nodeRoute(handle);
