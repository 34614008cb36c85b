// The BFF benchmark's floor: a route handler that does nothing but answer `bytes` bytes of JSON,
// so bench/bff-overhead.ts can show what any App Router route handler costs in Next.js before the
// BFF does any work of its own. It exists only while BENCH_REWRITE_TARGET is set (a benchmark
// run); otherwise it is 404 like any unknown path.
import { jsonText } from "@/lib/http/json-route";

export const dynamic = "force-dynamic";

const MAX_BYTES = 1024 * 1024;
const HEAD = '{"rows":[],"pad":"';
const TAIL = '"}';

export function POST(request: Request): Response {
  if (!process.env.BENCH_REWRITE_TARGET) return new Response("Not Found", { status: 404 });
  const asked = Number(new URL(request.url).searchParams.get("bytes") ?? 0);
  const bytes = Number.isInteger(asked) ? Math.min(Math.max(asked, HEAD.length + TAIL.length), MAX_BYTES) : 0;
  return jsonText(Buffer.from(HEAD + "x".repeat(Math.max(0, bytes - HEAD.length - TAIL.length)) + TAIL), 200);
}
