// Request bodies read as a stream with a byte counter: reading stops as soon as the body passes its
// limit, so a chunked body of any size costs at most `limit` bytes of memory. A declared
// Content-Length over the limit is refused before a byte is read. The rest of a refused body is
// left unread, not cancelled: cancelling resets the connection before the client can read the
// 413, while an unread body only holds the connection back (TCP backpressure, no memory).

import type { RequestWithBody } from "./api-request";

export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`the request is larger than ${limit} bytes`);
    this.name = "BodyTooLargeError";
  }
}

/** The body's bytes, at most `limit` of them; throws BodyTooLargeError past it. */
export async function readBoundedBytes(request: RequestWithBody, limit: number): Promise<Uint8Array> {
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > limit) throw new BodyTooLargeError(limit);
  const body = request.body;
  if (!body) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const take = (value: Uint8Array): void => {
    size += value.byteLength;
    if (size > limit) throw new BodyTooLargeError(limit);
    chunks.push(value);
  };
  if ("getReader" in body) {
    const reader = body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        take(value);
      }
    } finally {
      reader.releaseLock();
    }
  } else if (isNodeReadable(body)) {
    await readNodeStream(body, take);
  } else {
    const iterator = body[Symbol.asyncIterator]();
    for (;;) {
      const { done, value } = await iterator.next();
      if (done) break;
      take(value);
    }
  }
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}

/** Enough of Node's Readable (an IncomingMessage) to read it by its events. */
interface NodeReadable {
  on(event: string, listener: (...args: never[]) => void): unknown;
  off(event: string, listener: (...args: never[]) => void): unknown;
  pause(): unknown;
  readonly readableEnded: boolean;
}

function isNodeReadable(body: object): body is NodeReadable {
  return typeof (body as Partial<NodeReadable>).on === "function" && typeof (body as Partial<NodeReadable>).pause === "function" && "readableEnded" in body;
}

/**
 * Node's request read by its events: its async iterator costs a dozen promises and their hooks a
 * request (the BFF's hottest path). Past the limit the stream is paused and left as it is, unread
 * (destroying it would reset the socket before the 413 is read).
 */
function readNodeStream(stream: NodeReadable, take: (chunk: Uint8Array) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    if (stream.readableEnded) {
      resolve();
      return;
    }
    const done = (err?: unknown) => {
      stream.off("data", onData);
      stream.off("end", onEnd);
      stream.off("error", onError);
      stream.off("close", onClose);
      if (err === undefined) resolve();
      else reject(err);
    };
    const onData = (chunk: Uint8Array) => {
      try {
        take(chunk);
      } catch (err) {
        stream.pause();
        done(err);
      }
    };
    const onEnd = () => done();
    const onError = (err: Error) => done(err);
    // Closed before its end: the client went away mid-body.
    const onClose = () => done(new Error("the request was closed before its body ended"));
    stream.on("data", onData);
    stream.on("end", onEnd);
    stream.on("error", onError);
    stream.on("close", onClose);
  });
}

const utf8 = new TextDecoder("utf-8");

/** The body as UTF-8 text, at most `limit` bytes; throws BodyTooLargeError past it. */
export async function readBoundedText(request: RequestWithBody, limit: number): Promise<string> {
  return utf8.decode(await readBoundedBytes(request, limit));
}

/** `application/json`, with at most a charset parameter: nothing looser passes. */
export function isJsonContentType(value: string | null): boolean {
  if (!value) return false;
  return /^application\/json\s*(;\s*charset\s*=\s*"?utf-8"?\s*)?$/i.test(value.trim());
}
