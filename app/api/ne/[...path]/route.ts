// The BFF proxy: POST /api/ne/<operation path> with JSON (see lib/bff/operation-request.ts).
import { sessionKeyOf } from "@/lib/auth/session";
import { choiceCache } from "@/lib/bff/server/choice-cache";
import { handleOperation } from "@/lib/bff/server/proxy";
import { getNeServer } from "@/lib/gateway/server";
import { MINUTE_MS, getRateLimiter, rateLimits } from "@/lib/security/rate-limit";
import { logged } from "@/lib/observability/route-log";

const ROUTE = "/api/ne/[...path]";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ path: string[] }> };

async function handle(request: Request, { params }: Context): Promise<Response> {
  const { path } = await params;
  return handleOperation(request, path, {
    sessionKey: () => sessionKeyOf(request),
    call: async (key, opPath, neRequest, options) => (await getNeServer()).gateway.call(key, opPath, neRequest, options),
    rateLimit: async (key) => (await getRateLimiter()).hit(`api:${key}`, rateLimits().apiPerSession, MINUTE_MS),
    choiceCache: choiceCache(),
  });
}

export const POST = logged(ROUTE, handle);
export const GET = logged(ROUTE, handle);
export const PUT = logged(ROUTE, handle);
export const DELETE = logged(ROUTE, handle);
export const PATCH = logged(ROUTE, handle);
