import "server-only";
// The origin people reach the dashboard at, and the address a request came from.
//
// AUTH_URL, when set, is the public origin (production start requires it: scripts/start.mjs and
// instrumentation.ts). Without it the origin is the request's own Host over http. X-Forwarded-Host,
// -Proto and -For are believed only from the configured proxy: a request that carries
// `x-backyard-proxy: <TRUSTED_PROXY_SECRET>`, a header the proxy sets and a browser cannot.
import ipaddr from "ipaddr.js";
import { sameSecret } from "@/lib/security/same-secret";

export const PROXY_SECRET_HEADER = "x-backyard-proxy";

/** True when `request` passed through the configured proxy. */
export function fromTrustedProxy(request: Pick<Request, "headers">): boolean {
  return sameSecret(process.env.TRUSTED_PROXY_SECRET, request.headers.get(PROXY_SECRET_HEADER));
}

export function publicOrigin(request: Pick<Request, "url" | "headers">): string {
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
export function httpsOrigin(request?: Pick<Request, "url" | "headers">): boolean {
  const configured = process.env.AUTH_URL;
  if (configured) return configured.startsWith("https://");
  return request ? publicOrigin(request).startsWith("https://") : false;
}

/** The key of every request that bypassed the configured proxy: nothing it says can be believed. */
export const UNPROXIED = "unproxied";

/**
 * The address a request came from, as a rate limit's key. Behind the configured proxy, the last
 * X-Forwarded-For entry: the address the proxy saw (nginx's `$proxy_add_x_forwarded_for` appends
 * it; entries before it are the client's own words). A request that bypassed a configured proxy
 * counts as one client, UNPROXIED. With no proxy configured (a local `npm start`), the first entry:
 * Next writes the socket's address there when the client sent none, but keeps a client's own, and
 * route handlers never see the socket; the per-address limits hold against a forging client only
 * behind the proxy (README, Deployment).
 *
 * An IPv6 address counts by its /64 (one subscriber's network: a client holding one can take a
 * new address per request); an IPv4-mapped IPv6 address as its IPv4 address.
 */
export function clientAddress(request: Pick<Request, "headers">): string {
  const entries = (request.headers.get("x-forwarded-for") ?? "").split(",").map((s) => s.trim()).filter(Boolean);
  if (fromTrustedProxy(request)) return entries.length ? addressKey(entries[entries.length - 1]!.slice(0, 64)) : "unknown";
  if (process.env.TRUSTED_PROXY_SECRET) return UNPROXIED;
  return entries.length ? addressKey(entries[0]!.slice(0, 64)) : "unknown";
}

/** `address` as a rate-limit key: IPv4 as it is, IPv6 as its /64 prefix (`2001:db8:0:1::/64`). */
export function addressKey(address: string): string {
  // A zone (`fe80::1%eth0`) names the machine's interface, not the address.
  const bare = address.split("%")[0]!;
  if (!ipaddr.isValid(bare)) return address;
  const parsed = ipaddr.parse(bare);
  if (parsed.kind() === "ipv4") return parsed.toString();
  const v6 = parsed as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
  return `${v6.parts.slice(0, 4).map((g) => g.toString(16)).join(":")}::/64`;
}
