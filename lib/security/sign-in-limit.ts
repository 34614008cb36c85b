import "server-only";
// The sign-in callback's limits: per address, and for the whole deployment (a client can write
// its own X-Forwarded-For when no proxy is configured; the total still holds).
import { MINUTE_MS, getRateLimiter, rateLimits } from "./rate-limit";

/** A 429 page to answer, or null when the callback may go on. */
export async function signInRateLimit(address: string): Promise<Response | null> {
  const limiter = await getRateLimiter();
  const limits = rateLimits();
  const total = await limiter.hit("sign-in:all", limits.signInTotal, MINUTE_MS);
  const own = await limiter.hit(`sign-in:${address}`, limits.signInPerAddress, MINUTE_MS);
  const verdict = !own.ok ? own : !total.ok ? total : null;
  if (!verdict) return null;
  const body = `<!doctype html><html lang="ja"><meta charset="utf-8"><title>429</title>
<p>サインインの試行が多すぎます。${verdict.retryAfterS} 秒後にもう一度お試しください。</p>
<p lang="en">Too many sign-in attempts. Try again in ${verdict.retryAfterS} s.</p></html>`;
  return new Response(body, {
    status: 429,
    headers: { "content-type": "text/html; charset=utf-8", "retry-after": String(verdict.retryAfterS), "cache-control": "no-store" },
  });
}
