// The BFF benchmark's floor: a route handler that does nothing but answer `bytes` bytes of JSON
// (with `read=1`, after reading and checking the body as the BFF does),
// so bench/bff-overhead.ts can show what any App Router route handler costs in Next.js before the
// BFF does any work of its own. It exists only while BENCH_REWRITE_TARGET is set (a benchmark
// run); otherwise it is 404 like any unknown path.
import { operationRequestSchema } from "@/lib/bff/operation-request";
import { jsonText, readJsonBody } from "@/lib/http/json-route";

export const dynamic = "force-dynamic";

const MAX_BYTES = 1024 * 1024;
const HEAD = '{"rows":[],"pad":"';
const TAIL = '"}';

export async function POST(request: Request): Promise<Response> {
  if (!process.env.BENCH_REWRITE_TARGET) return new Response("Not Found", { status: 404 });
  const url = new URL(request.url);
  // `read=1`: also reads and checks the body as the BFF does (the cost of that step alone).
  if (url.searchParams.get("read") === "1") {
    const parsed = await readJsonBody(request, operationRequestSchema, { limit: 1024 * 1024, empty: {} });
    if ("response" in parsed) return parsed.response;
  }
  const asked = Number(url.searchParams.get("bytes") ?? 0);
  const bytes = Number.isInteger(asked) ? Math.min(Math.max(asked, HEAD.length + TAIL.length), MAX_BYTES) : 0;
  return jsonText(Buffer.from(HEAD + "x".repeat(Math.max(0, bytes - HEAD.length - TAIL.length)) + TAIL), 200);
}
