// Test helper (not a test): a real HTTP server on 127.0.0.1, port 0, that records every request
// with its exact body bytes and answers with a scripted handler. Also a byte-exact form decoder
// written independently of ./encode, so the tests check the encoder against something else.

import http from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export type Handler = (req: RecordedRequest, res: http.ServerResponse) => void;

export interface Upstream {
  /** `http://127.0.0.1:<port>` */
  baseUrl: string;
  requests: RecordedRequest[];
  /** Sets how the next requests are answered (until set again). */
  handle(handler: Handler): void;
  close(): Promise<void>;
}

export function json(body: unknown, status = 200): Handler {
  return (_req, res) => {
    res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
    res.end(JSON.stringify(body));
  };
}

export function text(body: string, status = 200, contentType = "text/html; charset=utf-8"): Handler {
  return (_req, res) => {
    res.writeHead(status, { "content-type": contentType });
    res.end(body);
  };
}

/** Never answers (the socket stays open until close()). */
export const silent: Handler = () => undefined;

export async function startUpstream(handler: Handler = json({ result: "success" })): Promise<Upstream> {
  let current = handler;
  const requests: RecordedRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const recorded: RecordedRequest = {
        method: req.method ?? "",
        url: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks),
      };
      requests.push(recorded);
      current(recorded, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    handle(next) {
      current = next;
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
    },
  };
}

function hexValue(byte: number | undefined): number {
  if (byte === undefined) throw new Error("truncated %XX");
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30;
  if (byte >= 0x41 && byte <= 0x46) return byte - 0x41 + 10;
  if (byte >= 0x61 && byte <= 0x66) return byte - 0x61 + 10;
  throw new Error(`bad hex digit ${byte}`);
}

function percentDecode(bytes: Uint8Array): Buffer {
  const out: number[] = [];
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (b === 0x2b) out.push(0x20);
    else if (b === 0x25) {
      out.push(hexValue(bytes[i + 1]) * 16 + hexValue(bytes[i + 2]));
      i += 2;
    } else if (b !== undefined) {
      out.push(b);
    }
  }
  return Buffer.from(out);
}

/** Decodes a form body to `[name, value bytes]` pairs, byte-exact, as a strict server would. */
export function decodeFormBytes(body: Uint8Array): Array<[string, Buffer]> {
  const pairs: Array<[string, Buffer]> = [];
  if (body.length === 0) return pairs;
  let start = 0;
  for (let i = 0; i <= body.length; i++) {
    if (i === body.length || body[i] === 0x26) {
      const part = body.subarray(start, i);
      const eq = part.indexOf(0x3d);
      if (eq < 0) throw new Error("pair without =");
      pairs.push([percentDecode(part.subarray(0, eq)).toString("utf8"), percentDecode(part.subarray(eq + 1))]);
      start = i + 1;
    }
  }
  return pairs;
}

/** The same pairs with UTF-8 values, in order. */
export function decodeForm(body: Uint8Array): Array<[string, string]> {
  return decodeFormBytes(body).map(([name, value]) => [name, value.toString("utf8")]);
}
