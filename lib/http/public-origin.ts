import "server-only";
// The origin people reach the dashboard at, and the address a request came from.
//
// AUTH_URL, when set, is the public origin (production start requires it: scripts/start.mjs and
// instrumentation.ts). Without it the origin is the request's own Host over http. X-Forwarded-Host,
// -Proto and -For are believed only from the configured proxy: a request that carries
// `x-backyard-proxy: <TRUSTED_PROXY_SECRET>`, a header the proxy sets and a browser cannot.
import { sameSecret } from "@/lib/security/same-secret";
import type { RequestHead } from "./api-request";

export const PROXY_SECRET_HEADER = "x-backyard-proxy";

/** True when `request` passed through the configured proxy. */
export function fromTrustedProxy(request: Pick<RequestHead, "headers">): boolean {
  return sameSecret(process.env.TRUSTED_PROXY_SECRET, request.headers.get(PROXY_SECRET_HEADER));
}

export function publicOrigin(request: RequestHead): string {
  const configured = process.env.AUTH_URL;
  if (configured) return new URL(configured).origin;
  const trusted = fromTrustedProxy(request);
  const forwardedHost = trusted ? request.headers.get("x-forwarded-host")?.split(",")[0]?.trim() : undefined;
  const forwardedProto = trusted ? request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim() : undefined;
  const host = forwardedHost || request.headers.get("host") || new URL(request.url).host;
  // Next derives request.url's scheme from X-Forwarded-Proto whoever sent it: not used here.
  const proto = forwardedProto === "https" ? "https" : "http";
  return `${proto}://${host}`;
}

/** True when the public origin is https (then cookies are Secure and HSTS is sent). */
export function httpsOrigin(request?: RequestHead): boolean {
  const configured = process.env.AUTH_URL;
  if (configured) return configured.startsWith("https://");
  return request ? publicOrigin(request).startsWith("https://") : false;
}

/**
 * The address a request came from, for rate limits. Next fills X-Forwarded-For with the socket's
 * address only when the request has none, so a client may write its own: only the configured
 * proxy's last hop is believed; otherwise the header's first entry is used as a key (a client
 * that varies it meets the global limit instead: lib/security/rate-limit.ts).
 */
export function clientAddress(request: Pick<RequestHead, "headers">): string {
  const entries = (request.headers.get("x-forwarded-for") ?? "").split(",").map((s) => s.trim()).filter(Boolean);
  if (entries.length === 0) return "unknown";
  return (fromTrustedProxy(request) ? entries[entries.length - 1] : entries[0])!.slice(0, 64);
}
