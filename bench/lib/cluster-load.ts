// Many signed-in people using the grids at once through the cluster (nginx and both instances),
// with access tokens that expire every few seconds: every request must succeed, and no rotation
// may be lost. Shared by `npm run bench load` (200 sessions × 50 requests) and its bounded form
// in e2e/cluster.spec.ts.
import { runLoad, type LoadStats } from "./load";
import { ORDER_FIELDS } from "./order-fields";
import { dashboardSession } from "./stack";

export interface ClusterLoadResult extends LoadStats {
  requests: number;
  /** Token pairs the sandbox issued during the run by rotation (sign-ins not counted). */
  rotations: number;
  /** Sessions whose stored pair is not the sandbox's newest: a call after the run fails for them. */
  lostRotations: number;
  /** Sessions whose stored pair was checked after the run. */
  checked: number;
}

const SEARCH = { fields: [...ORDER_FIELDS].slice(0, 12), limit: 50 };

async function issuedTokens(sandbox: string): Promise<number> {
  const res = await fetch(`${sandbox}/__sandbox/tokens`);
  if (!res.ok) throw new Error(`sandbox tokens: HTTP ${res.status}`);
  return ((await res.json()) as unknown[]).length;
}

/** Signs in `count` sessions, a few at a time (the sign-in page is not what is measured). */
async function signIn(url: string, count: number): Promise<string[]> {
  const logins = ["staff@sandbox.test", "manager@sandbox.test", "operator@another.test"];
  const cookies: string[] = [];
  for (let i = 0; i < count; i += 10) {
    cookies.push(...(await Promise.all(Array.from({ length: Math.min(10, count - i) }, (_, j) => dashboardSession(url, logins[(i + j) % logins.length]!)))));
  }
  return cookies;
}

async function advanceClock(sandbox: string, seconds: number): Promise<void> {
  const res = await fetch(`${sandbox}/__sandbox/clock`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ advance_s: seconds }) });
  if (!res.ok) throw new Error(`sandbox clock: HTTP ${res.status}`);
}

export async function clusterLoad(options: { url: string; sandbox: string; sessions: number; requestsPerSession: number; accessTtlS: number }): Promise<ClusterLoadResult> {
  const { url, sandbox, sessions, requestsPerSession, accessTtlS } = options;
  const cookies = await signIn(url, sessions);
  const before = await issuedTokens(sandbox);
  const headers = (cookie: string) => ({ "content-type": "application/json", origin: url, cookie });
  const requests = sessions * requestsPerSession;
  // One worker per person, one request in flight each: a person's grid asks page after page. In
  // two halves, with the sandbox's clock moved past the access tokens' lifetime between them, so
  // every session rotates while the others call, however fast the machine runs the first half
  // (a long run also meets the short TTL's own expiries).
  const half = (total: number) =>
    runLoad({
      requests: cookies.map((cookie) => ({ url: `${url}/api/ne/api_v1_receiveorder_base/search`, headers: headers(cookie), body: JSON.stringify(SEARCH) })),
      total,
      concurrency: sessions,
      expect: { status: 200, headIncludes: '{"rows":' },
      returnLatencies: true,
    });
  const first = await half(Math.floor(requests / 2));
  await advanceClock(sandbox, accessTtlS + 1);
  const second = await half(requests - Math.floor(requests / 2));
  const all = [...first.latencies!, ...second.latencies!].sort((a, b) => a - b);
  const at = (q: number) => all[Math.min(all.length - 1, Math.floor(q * all.length))] ?? 0;
  const stats = { errors: first.errors + second.errors, p50: at(0.5), p95: at(0.95), p99: at(0.99), rps: (first.rps + second.rps) / 2 };
  const rotations = (await issuedTokens(sandbox)) - before;
  // Each session's stored pair must be its chain's newest. The sandbox's clock moves an hour on,
  // so every access token has expired: this call rotates with the stored refresh token, which
  // the sandbox refuses (002002) if a newer pair had been issued and not kept.
  await advanceClock(sandbox, 3600);
  const final = await Promise.all(
    cookies.map(async (cookie) => {
      const res = await fetch(`${url}/api/ne/api_v1_receiveorder_base/count`, { method: "POST", headers: headers(cookie), body: "{}" });
      return res.status === 200;
    }),
  );
  return { ...stats, requests, rotations, lostRotations: final.filter((ok) => !ok).length, checked: final.length };
}
