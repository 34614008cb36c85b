// Runs before every page and route: a per-request CSP nonce and the security headers, the
// request's path for server components (to come back after sign-in), the sign-in gate for
// pages (the cookie's presence here; its validity and the stored tokens in the dashboard layout),
// and the same-origin check of every request that is no GET: the server actions (a POST to a
// page) and the /auth/ forms.
import { NextResponse, type NextRequest } from "next/server";
import { SESSION_COOKIE_NAMES } from "@/lib/auth/cookie-names";
import { HSTS } from "@/lib/http/answer-headers";
import { httpsOrigin } from "@/lib/http/public-origin";
import { refuseCrossSite } from "@/lib/http/same-origin";
import { imgSrc } from "@/lib/security/image-policy";

const PUBLIC_PREFIXES = ["/login", "/auth/"];

function contentSecurityPolicy(nonce: string): string {
  const dev = process.env.NODE_ENV !== "production";
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    // React and the virtualized grids set style attributes: they cannot carry a nonce.
    "style-src 'self' 'unsafe-inline'",
    // Goods images: any https: host, or only those NE_IMAGE_HOSTS names; the embedded sandbox's.
    imgSrc(),
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

function hasSessionCookie(request: NextRequest): boolean {
  return request.cookies.getAll().some((c) => SESSION_COOKIE_NAMES.some((name) => c.name === name || c.name.startsWith(`${name}.`)));
}

export function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  const nonce = btoa(crypto.randomUUID());
  const csp = contentSecurityPolicy(nonce);

  let response: NextResponse;
  // Next checks a server action's Origin against the Host only when the request has an Origin: a
  // request with neither Origin nor Fetch Metadata would run the action. Here a request that is no
  // GET must show it comes from this site's pages: a same-origin Sec-Fetch-Site (Origin, when
  // sent too, must be the public origin) or, from a client without Fetch Metadata, the public
  // origin's Origin. Nothing of ours posts without one: browsers send both with every POST.
  const refused = request.method === "GET" || request.method === "HEAD" ? null : refuseCrossSite(request, { requireOrigin: !request.headers.has("sec-fetch-site") });
  if (refused) {
    response = new NextResponse(refused.message, { status: refused.status, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });
  } else if (!PUBLIC_PREFIXES.some((p) => pathname.startsWith(p)) && !hasSessionCookie(request)) {
    const login = new URL("/login", request.url);
    if (pathname !== "/") login.searchParams.set("from", pathname + search);
    response = NextResponse.redirect(login, 307);
  } else {
    const headers = new Headers(request.headers);
    headers.set("x-nonce", nonce);
    headers.set("content-security-policy", csp);
    headers.set("x-backyard-path", pathname + search);
    response = NextResponse.next({ request: { headers } });
  }
  response.headers.set("content-security-policy", csp);
  response.headers.set("x-frame-options", "DENY");
  response.headers.set("referrer-policy", "same-origin");
  response.headers.set("x-content-type-options", "nosniff");
  response.headers.set("permissions-policy", "camera=(), microphone=(), geolocation=(), payment=()");
  response.headers.set("cross-origin-opener-policy", "same-origin");
  // HSTS only where the public origin is https (AUTH_URL), however TLS is terminated in front:
  // the same rule and value as every route's answer (lib/http/answer-headers.ts).
  if (httpsOrigin()) response.headers.set("strict-transport-security", HSTS);
  return response;
}

export const config = {
  // API routes skip this: Next copies the body of every request this runs for, before the route
  // can refuse it by size, and the routes answer JSON with headers of their own
  // (lib/http/api-headers.ts). /api/ne is the busiest path too. The files of public/ that a browser
  // or crawler asks for before anyone signs in (icons, the web manifest, robots.txt) skip it too.
  matcher: ["/((?!_next/static|_next/image|favicon.ico|icon.svg|icons/|manifest.webmanifest|robots.txt|api/).*)"],
};
