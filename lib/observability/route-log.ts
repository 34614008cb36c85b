import "server-only";
// Route handlers wrapped by `logged` answer with `x-request-id` and the security headers of every
// route's answer (lib/http/answer-headers.ts), and write one line when they have answered: the
// request's id, method, route, path (no query), status, duration, and from the upstream calls
// made meanwhile the last code, their number and whether one rotated tokens.
import { SpanStatusCode } from "@opentelemetry/api";
import { setAnswerHeaders } from "@/lib/http/answer-headers";
import { log, requestIdOf, runWithRequest, type RequestContext } from "./log";
import { recordRequest, serverSpan } from "./telemetry";

type Handler<R extends Request, C> = (request: R, context: C) => Response | Promise<Response>;

export function logged<R extends Request, C>(route: string, handler: Handler<R, C>): (request: R, context?: C) => Promise<Response> {
  return async (request, routeContext) => {
    const ctx: RequestContext = { requestId: requestIdOf(request.headers), upstreamCalls: 0 };
    const started = performance.now();
    const method = request.method;
    let response: Response;
    try {
      response = await serverSpan(`${method} ${route}`, { "http.request.method": method, "http.route": route, "backyard.request_id": ctx.requestId }, async (span) => {
        const answer = await runWithRequest(ctx, () => handler(request, routeContext as C));
        span.setAttribute("http.response.status_code", answer.status);
        if (answer.status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
        return answer;
      }, request.headers);
    } catch (err) {
      writeLine(request, route, ctx, 500, started, err);
      throw err;
    }
    // The request's id, and the security headers of every route's answer (lib/http/answer-headers.ts).
    const setHeaders = (headers: Headers) => {
      headers.set("x-request-id", ctx.requestId);
      setAnswerHeaders(headers, request);
    };
    try {
      setHeaders(response.headers);
    } catch {
      // immutable headers (a fetched or redirect Response): copy them once
      response = new Response(response.body, { status: response.status, statusText: response.statusText, headers: new Headers(response.headers) });
      setHeaders(response.headers);
    }
    writeLine(request, route, ctx, response.status, started);
    return response;
  };
}

function writeLine(request: Request, route: string, ctx: RequestContext, status: number, started: number, err?: unknown): void {
  const durationMs = performance.now() - started;
  recordRequest({ route, method: request.method, status }, durationMs);
  const line = {
    requestId: ctx.requestId,
    method: request.method,
    route,
    path: pathOf(request.url),
    status,
    durationMs: Math.round(durationMs * 10) / 10,
    ...(ctx.upstreamCalls > 0 ? { upstreamCalls: ctx.upstreamCalls, upstreamCode: ctx.upstreamCode, rotated: ctx.rotated === true } : {}),
    ...(err ? { error: err instanceof Error ? err.name : "error" } : {}),
  };
  if (status >= 500) log().error(line, "request");
  else log().info(line, "request");
}

/** The path of an absolute request URL, without its query or fragment (never logged). */
export function pathOf(url: string): string {
  const hostStart = url.indexOf("//") + 2;
  let end = url.slice(hostStart).search(/[?#]/);
  end = end < 0 ? url.length : hostStart + end;
  const start = url.indexOf("/", hostStart);
  return start < 0 || start > end ? "/" : url.slice(start, end);
}
