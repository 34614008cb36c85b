import "server-only";
// The security headers of every answer a route handler gives (lib/observability/route-log.ts
// `logged` wraps every route and sets them): the API routes, the BFF, and Auth.js's own routes
// and pages under /api/auth/ (its sign-out question is an HTML page). proxy.ts, which gives pages
// and /auth/ theirs, does not run for /api/ (it would copy every request's body first). Where
// proxy.ts ran, or next.config.ts's headers for /api/ (the same policy, fixed at build time),
// those are already on the answer and Next keeps them over a route's own. HSTS is decided at run
// time.
import { NON_PAGE_CSP } from "./api-headers";
import { httpsOrigin } from "./public-origin";

/** HSTS, sent only when the public origin is https (however TLS is terminated in front). */
export const HSTS = "max-age=31536000; includeSubDomains";

/** Sets the security headers an answer lacks (a route's own policy stays), and HSTS when https. */
export function setAnswerHeaders(headers: Headers, request: Pick<Request, "url" | "headers">): void {
  if (!headers.has("content-security-policy")) headers.set("content-security-policy", NON_PAGE_CSP);
  if (!headers.has("x-frame-options")) headers.set("x-frame-options", "DENY");
  if (!headers.has("x-content-type-options")) headers.set("x-content-type-options", "nosniff");
  if (httpsOrigin(request)) headers.set("strict-transport-security", HSTS);
}
