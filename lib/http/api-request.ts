// What the dashboard's JSON routes read of a request. A Web Request has all of it (App Router
// route handlers); so has the lighter request the BFF's Pages API route builds from Node's own
// (lib/http/node-route.ts), which spares the hottest route the Web Request's stream and signal
// machinery.

/** A request's headers, read by name (lower or any case). */
export interface HeaderReader {
  get(name: string): string | null;
}

/** Enough of a request to tell where it came from. */
export interface RequestHead {
  readonly url: string;
  readonly headers: HeaderReader;
}

/** Enough of a request to read its body. */
export interface RequestWithBody {
  readonly headers: HeaderReader;
  /** A Web ReadableStream (Request) or any async iterable of bytes (Node's IncomingMessage). */
  readonly body: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array> | null;
}

/** A whole request as the JSON routes use it. */
export interface ApiRequest extends RequestHead, RequestWithBody {
  readonly method: string;
  /** Aborts when the client goes away before the answer. */
  readonly signal: AbortSignal;
}
