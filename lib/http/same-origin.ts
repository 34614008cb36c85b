import "server-only";
// Requests that change something, or read a person's data, must come from this site's own pages:
// the Fetch Metadata header where the browser sends it (every current browser does), and the
// Origin header checked against the public origin.
import { publicOrigin } from "./public-origin";

export interface Refusal {
  status: 403;
  code: "cross-site" | "foreign-origin" | "missing-origin";
  message: string;
}

/**
 * Why `request` is refused as not coming from this site's pages, or null when it may go on.
 * `requireOrigin`: a mutation must carry Origin (browsers send it on every non-GET fetch).
 */
export function refuseCrossSite(request: Pick<Request, "url" | "headers">, { requireOrigin }: { requireOrigin: boolean }): Refusal | null {
  const site = request.headers.get("sec-fetch-site");
  if (site !== null && site !== "same-origin") {
    return { status: 403, code: "cross-site", message: "requests from other sites are refused" };
  }
  const origin = request.headers.get("origin");
  if (origin === null) {
    return requireOrigin ? { status: 403, code: "missing-origin", message: "a change must carry the page's Origin" } : null;
  }
  if (origin !== publicOrigin(request)) return { status: 403, code: "foreign-origin", message: "cross-origin requests are refused" };
  return null;
}
