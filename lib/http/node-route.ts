import "server-only";
// A JSON route served as a Pages API route. Next hands a Pages API route Node's own request and
// response, without the App Router's per-request machinery (its Web Request, stream and signal
// wrappers, its stores): for the BFF, the dashboard's hottest route, that is half of what Next
// costs per request (bench/bff-overhead.ts measures both kinds of route doing nothing). The
// handler gets an ApiRequest over Node's request: its headers read in place, its body Node's
// request stream (read only when and as far as the handler reads it: a bounded read stops at its
// limit), its signal aborting when the client goes away before the answer. The answer is the
// handler's Response; one made by lib/http/json-route.ts is written from the bytes it was made of.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { ApiRequest, HeaderReader } from "./api-request";
import { answerBody } from "./json-route";

/** Node's headers read as a Web Headers object reads them (repeated values joined by ", "). */
function headerReader(req: IncomingMessage): HeaderReader {
  return {
    get(name) {
      const value = req.headers[name.toLowerCase()];
      return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
    },
  };
}

/** `req` as an ApiRequest (the URL a route handler gets: the Host header's origin). */
export function nodeApiRequest(req: IncomingMessage, res: ServerResponse): ApiRequest {
  const method = req.method ?? "GET";
  let controller: AbortController | undefined;
  res.once("close", () => {
    if (!res.writableFinished) (controller ??= new AbortController()).abort();
  });
  return {
    method,
    url: `http://${req.headers.host ?? "localhost"}${req.url ?? "/"}`,
    headers: headerReader(req),
    body: method === "GET" || method === "HEAD" ? null : req,
    // Made when first asked for: most requests end without anyone listening to it.
    get signal() {
      return (controller ??= new AbortController()).signal;
    },
  };
}

/** Writes `response` to `res` in one piece. */
export async function sendResponse(res: ServerResponse, response: Response): Promise<void> {
  const made = answerBody(response);
  const body = made === undefined ? Buffer.from(await response.arrayBuffer()) : typeof made === "string" ? Buffer.from(made) : made;
  res.statusCode = response.status;
  response.headers.forEach((value, name) => res.setHeader(name, value));
  res.setHeader("content-length", body.byteLength);
  res.end(body);
}

type PagesQuery = Partial<Record<string, string | string[]>>;

/** A Pages API handler for `handler`; `param` names the catch-all segment (`[...path]`). */
export function nodeRoute(
  handler: (request: ApiRequest, params: { path: string[] }) => Promise<Response>,
  param = "path",
): (req: IncomingMessage & { query: PagesQuery }, res: ServerResponse) => Promise<void> {
  return async (req, res) => {
    const value = req.query[param];
    const path = Array.isArray(value) ? value : value ? [value] : [];
    await sendResponse(res, await handler(nodeApiRequest(req, res), { path }));
  };
}
