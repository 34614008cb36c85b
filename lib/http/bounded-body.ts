// Request bodies read as a stream with a byte counter: reading stops as soon as the body passes its
// limit, so a chunked body of any size costs at most `limit` bytes of memory. A declared
// Content-Length over the limit is refused before a byte is read. The rest of a refused body is
// left unread, not cancelled: cancelling resets the connection before the client can read the
// 413, while an unread body only holds the connection back (TCP backpressure, no memory).


export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`the request is larger than ${limit} bytes`);
    this.name = "BodyTooLargeError";
  }
}

/** The body's bytes, at most `limit` of them; throws BodyTooLargeError past it. */
export async function readBoundedBytes(request: Pick<Request, "headers" | "body">, limit: number): Promise<Uint8Array> {
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
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}

const utf8 = new TextDecoder("utf-8");

/** The body as UTF-8 text, at most `limit` bytes; throws BodyTooLargeError past it. */
export async function readBoundedText(request: Pick<Request, "headers" | "body">, limit: number): Promise<string> {
  return utf8.decode(await readBoundedBytes(request, limit));
}

/** `application/json`, with at most a charset parameter: nothing looser passes. */
export function isJsonContentType(value: string | null): boolean {
  if (!value) return false;
  return /^application\/json\s*(;\s*charset\s*=\s*"?utf-8"?\s*)?$/i.test(value.trim());
}
