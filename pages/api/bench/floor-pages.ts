// The BFF benchmark's floor for the kind of route the BFF is (pages/api/ne): a Pages API route
// that does nothing but read the body and answer `bytes` bytes of JSON, so
// bench/bff-overhead.ts can show what Next costs per request before the BFF does any work of
// its own. It exists only while BENCH_REWRITE_TARGET is set (a benchmark run); otherwise it is
// 404 like any unknown path.
import type { NextApiRequest, NextApiResponse } from "next";

export const config = { api: { bodyParser: false } };

const MAX_BYTES = 1024 * 1024;
const HEAD = '{"rows":[],"pad":"';
const TAIL = '"}';

export default async function floor(req: NextApiRequest, res: NextApiResponse): Promise<void> {
  if (!process.env.BENCH_REWRITE_TARGET) {
    res.status(404).end("Not Found");
    return;
  }
  for await (const chunk of req) void chunk;
  const asked = Number(req.query.bytes ?? 0);
  const bytes = Number.isInteger(asked) ? Math.min(Math.max(asked, HEAD.length + TAIL.length), MAX_BYTES) : 0;
  const body = Buffer.from(HEAD + "x".repeat(Math.max(0, bytes - HEAD.length - TAIL.length)) + TAIL);
  res.setHeader("content-type", "application/json; charset=utf-8");
  res.setHeader("content-length", body.byteLength);
  res.end(body);
}
