// next-auth's own routes (session, csrf, sign-out). Its POST handler buffers the whole body: read
// it here first, within a small limit, so an oversized body is refused before anything holds it.
import { handlers } from "@/lib/auth/config";
import { BodyTooLargeError, readBoundedBytes } from "@/lib/http/bounded-body";
import { problem } from "@/lib/http/json-route";
import { NextRequest } from "next/server";
import { logged } from "@/lib/observability/route-log";

const ROUTE = "/api/auth/[...nextauth]";

const MAX_AUTH_BODY_BYTES = 16 * 1024;

export const GET = logged(ROUTE, handlers.GET);

async function postRequest(request: NextRequest): Promise<Response> {
  let body: Uint8Array;
  try {
    body = await readBoundedBytes(request, MAX_AUTH_BODY_BYTES);
  } catch (err) {
    if (!(err instanceof BodyTooLargeError)) throw err;
    return problem(413, "too-large", err.message);
  }
  const copy = new Request(request.url, { method: "POST", headers: request.headers, body: body as BodyInit });
  return handlers.POST(new NextRequest(copy));
}

export const POST = logged(ROUTE, postRequest);
