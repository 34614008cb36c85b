// The BFF proxy: POST /api/ne/<resource>/<operation> with JSON (see lib/bff/operation-request.ts).
// Every method is routed to the handler so that a wrong one is answered in the BFF's own error shape.
import { currentSessionKey } from "@/lib/auth/session";
import { choiceCache } from "@/lib/bff/server/choice-cache";
import { handleOperation } from "@/lib/bff/server/proxy";
import { getNeServer } from "@/lib/gateway/server";
import { logged } from "@/lib/observability/route-log";
import { MINUTE_MS, getRateLimiter, rateLimits } from "@/lib/security/rate-limit";

const handle = logged("/api/ne/[...path]", async (request: Request, { params }: { params: Promise<{ path: string[] }> }) =>
  handleOperation(request, (await params).path, {
    sessionKey: currentSessionKey,
    call: async (key, opPath, neRequest, options) => (await getNeServer()).gateway.call(key, opPath, neRequest, options),
    rateLimit: async (key) => (await getRateLimiter()).hit(`api:${key}`, rateLimits().apiPerSession, MINUTE_MS),
    // The company of the session from the gateway's own session cache, asked only for choice lists.
    choices: {
      cache: choiceCache(),
      companyOf: async (key) => {
        const live = await (await getNeServer()).gateway.check(key);
        return "session" in live ? live.session.companyNeId : null;
      },
    },
  }),
);

export { handle as DELETE, handle as GET, handle as PATCH, handle as POST, handle as PUT };
