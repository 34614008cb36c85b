import "server-only";
// The sign-in callback's limits: per address, and for the whole deployment (each callback costs an
// /api_neauth call). The address's limit is asked first and a callback it refuses is not counted
// in the total: one address's flood stops at its own limit and leaves the total to everyone else
// (the callback route refuses a callback without uid and state before either is asked). The
// address is the socket's or the trusted proxy's (lib/http/public-origin.ts clientAddress).
import { MINUTE_MS, getRateLimiter, rateLimits, type RateLimiter } from "./rate-limit";

/** A 429 page to answer, or null when the callback may go on. */
export async function signInRateLimit(address: string, limiter?: RateLimiter): Promise<Response | null> {
  const verdict = await signInVerdict(address, limiter ?? (await getRateLimiter()));
  if (!verdict) return null;
  const body = `<!doctype html><html lang="ja"><meta charset="utf-8"><title>429</title>
<p>サインインの試行が多すぎます。${verdict.retryAfterS} 秒後にもう一度お試しください。</p>
<p lang="en">Too many sign-in attempts. Try again in ${verdict.retryAfterS} s.</p></html>`;
  return new Response(body, {
    status: 429,
    headers: { "content-type": "text/html; charset=utf-8", "retry-after": String(verdict.retryAfterS), "cache-control": "no-store" },
  });
}

/** The refusing verdict (the address's, else the total's), or null when both let it through. */
async function signInVerdict(address: string, limiter: RateLimiter) {
  const limits = rateLimits();
  const own = await limiter.hit(`sign-in:${address}`, limits.signInPerAddress, MINUTE_MS);
  if (!own.ok) return own;
  const total = await limiter.hit("sign-in:all", limits.signInTotal, MINUTE_MS);
  return total.ok ? null : total;
}
