// The BFF benchmark's floors for the kind of route the BFF is (pages/api/ne), so
// bench/bff-overhead.ts can show what Next costs per request before the BFF does any work of its
// own: a Pages API route that does nothing but read the body and answer `bytes` bytes of JSON;
// and with `pass=1`, one that sends the body it got to the upstream's order search (the bench
// sends the rewrite's form) over the BFF's own transport and answers the upstream's bytes as they
// came: what any proxy costs as a Pages API route, before it checks or decides anything. It
// exists only while BENCH_REWRITE_TARGET is set (a benchmark run); otherwise it is 404 like any
// unknown path.
import type { NextApiRequest, NextApiResponse } from "next";
import { poolTransport } from "@/lib/ne/server/transport";

export const config = { api: { bodyParser: false, responseLimit: false } };

const MAX_BYTES = 1024 * 1024;
const HEAD = '{"rows":[],"pad":"';
const TAIL = '"}';
const SEARCH_PATH = "/api_v1_receiveorder_base/search";

export default async function floor(req: NextApiRequest, res: NextApiResponse): Promise<void> {
  const target = process.env.BENCH_REWRITE_TARGET;
  if (!target) {
    res.status(404).end("Not Found");
    return;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.byteLength;
    if (size > MAX_BYTES) {
      res.status(413).end();
      return;
    }
    chunks.push(chunk);
  }
  let body: Buffer;
  if (req.query.pass === "1") {
    const answer = await poolTransport(new URL(SEARCH_PATH, target), new Uint8Array(Buffer.concat(chunks)), { "content-type": "application/x-www-form-urlencoded", accept: "application/json" }, new AbortController().signal);
    res.statusCode = answer.status;
    body = await answer.bytes();
  } else {
    const asked = Number(req.query.bytes ?? 0);
    const bytes = Number.isInteger(asked) ? Math.min(Math.max(asked, HEAD.length + TAIL.length), MAX_BYTES) : 0;
    body = Buffer.from(HEAD + "x".repeat(Math.max(0, bytes - HEAD.length - TAIL.length)) + TAIL);
  }
  res.setHeader("content-type", "application/json; charset=utf-8");
  res.setHeader("content-length", body.byteLength);
  res.end(body);
}
