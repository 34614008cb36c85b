import "server-only";
// How the client's POST travels. The default is undici's connection pool, driven by its dispatch
// API (no streams, no Response: the answer's chunks are collected as they come), because on the
// BFF's hot path it costs less CPU than node:http's keep-alive agent or fetch. A custom `fetch`
// (tests that watch the calls) goes through the fetch transport instead.
import { Pool, buildConnector, type Dispatcher } from "undici";

export interface TransportAnswer {
  status: number;
  /** The whole body; rejects when the signal aborts mid-body. */
  bytes(): Promise<Buffer>;
  /** Drops the body unread. */
  discard(): void;
}

export type Transport = (url: URL, body: Uint8Array<ArrayBuffer>, headers: Record<string, string>, signal: AbortSignal) => Promise<TransportAnswer>;

/**
 * Idle kept-alive connections are closed after 4 s, before the upstream's own keep-alive timeout
 * (Node's default is 5 s, most servers keep longer), so a call is rarely sent on a connection the
 * upstream is closing, whatever keep-alive time the upstream announces; the timeout ends idle
 * connections only, never a call waiting for its answer. The stale-connection retry below covers
 * the rest.
 */
const IDLE_SOCKET_MS = 4_000;
const MAX_CONNECTIONS = 256;

/** Bytes a connection had read when it failed: more than none means it had served an answer before. */
const READ_BEFORE = Symbol("readBefore");
type SocketFailure = Error & { code?: string; socket?: { bytesRead?: number }; [READ_BEFORE]?: number };

const connector = buildConnector({});
const pools = new Map<string, Pool>();

/** One pool per upstream origin (the API's, in practice: one). */
function poolOf(origin: string): Pool {
  let pool = pools.get(origin);
  if (!pool) {
    pool = new Pool(origin, {
      connections: MAX_CONNECTIONS,
      pipelining: 1,
      keepAliveTimeout: IDLE_SOCKET_MS,
      keepAliveMaxTimeout: IDLE_SOCKET_MS,
      // The client's own timeout (NeClientOptions.timeoutMs) ends a call: none of undici's.
      headersTimeout: 0,
      bodyTimeout: 0,
      // A connection's read bytes are noted on its errors, to tell a reused one (below).
      connect: (options, callback) =>
        connector(options, (err, socket) => {
          socket?.on("error", (e: SocketFailure) => {
            e[READ_BEFORE] ??= socket.bytesRead;
          });
          if (err) callback(err, null);
          else callback(null, socket!);
        }),
    });
    pools.set(origin, pool);
  }
  return pool;
}

/**
 * A kept-alive connection the upstream closed while it sat idle fails our call before any answer
 * came: reset (ECONNRESET), closed before our request was written (EPIPE) or closed unanswered
 * (undici's SocketError). On a connection that had already carried an answer, the upstream read
 * nothing of ours: that one call is sent again once, on a new connection, instead of failing the
 * person's request (the `reusedSocket` pattern Node documents for node:http).
 */
function isStaleConnection(err: SocketFailure): boolean {
  if (err.code !== "ECONNRESET" && err.code !== "EPIPE" && err.code !== "UND_ERR_SOCKET") return false;
  return (err.socket?.bytesRead ?? err[READ_BEFORE] ?? 0) > 0;
}

/** undici's pool; never follows a redirect (the dispatch API does not). */
export const poolTransport: Transport = (url, body, headers, signal) =>
  send(url, body, headers, signal).catch((err: unknown) => {
    if (err instanceof StaleConnectionError && !signal.aborted) return send(url, body, headers, signal);
    throw err instanceof StaleConnectionError ? err.cause : err;
  });

class StaleConnectionError extends Error {
  constructor(readonly cause: unknown) {
    super("kept-alive connection closed by the upstream");
  }
}

/** One call's handler: settles the call when its answer starts, and its body when it ends. */
class Call implements Dispatcher.DispatchHandler {
  private chunks: Buffer[] = [];
  private dropped = false;
  private started = false;
  private ended: Buffer | undefined;
  private failed: unknown;
  private done: ((b: Buffer) => void) | undefined;
  private fail: ((e: unknown) => void) | undefined;
  private controller: Dispatcher.DispatchController | undefined;
  private readonly onAbort = () => this.abort();

  constructor(
    private readonly signal: AbortSignal,
    private readonly resolve: (answer: TransportAnswer) => void,
    private readonly reject: (err: unknown) => void,
  ) {
    signal.addEventListener("abort", this.onAbort, { once: true });
  }

  private abort(): void {
    const reason = this.signal.reason;
    // Still queued for a connection: the call fails now and is dropped when its turn comes.
    if (!this.controller) this.settleError(reason);
    else this.controller.abort(reason);
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.controller = controller;
    if (this.signal.aborted) controller.abort(this.signal.reason);
  }

  onResponseStart(_controller: Dispatcher.DispatchController, statusCode: number): void {
    if (statusCode < 200) return; // 1xx: the answer is still to come
    this.started = true;
    this.resolve({
      status: statusCode,
      discard: () => {
        this.dropped = true;
        this.chunks = [];
      },
      bytes: () => {
        if (this.ended) return Promise.resolve(this.ended);
        if (this.failed !== undefined) return Promise.reject(this.failed);
        return new Promise<Buffer>((done, fail) => {
          this.done = done;
          this.fail = fail;
        });
      },
    });
  }

  onResponseData(_controller: Dispatcher.DispatchController, chunk: Buffer): void {
    if (!this.dropped) this.chunks.push(chunk);
  }

  onResponseEnd(): void {
    this.signal.removeEventListener("abort", this.onAbort);
    const chunks = this.chunks;
    this.chunks = [];
    this.ended = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
    this.done?.(this.ended);
  }

  onResponseError(_controller: Dispatcher.DispatchController, err: Error): void {
    if (this.signal.aborted) this.settleError(this.signal.reason);
    else if (!this.started && isStaleConnection(err as SocketFailure)) this.settleError(new StaleConnectionError(err));
    else this.settleError(err);
  }

  private settleError(err: unknown): void {
    this.signal.removeEventListener("abort", this.onAbort);
    if (this.failed !== undefined || this.ended) return;
    this.failed = err;
    this.chunks = [];
    if (!this.started) this.reject(err);
    else this.fail?.(err);
  }
}

function send(url: URL, body: Uint8Array<ArrayBuffer>, headers: Record<string, string>, signal: AbortSignal): Promise<TransportAnswer> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    poolOf(url.origin).dispatch({ origin: url.origin, path: url.pathname + url.search, method: "POST", headers, body }, new Call(signal, resolve, reject));
  });
}

/** The same over a fetch implementation (redirect: manual, no credentials, no cache). */
export function fetchTransport(fetchImpl: typeof globalThis.fetch): Transport {
  return async (url, body, headers, signal) => {
    const response = await fetchImpl(url, { method: "POST", headers, body, redirect: "manual", credentials: "omit", cache: "no-store", signal });
    return {
      // An opaque redirect (browsers' fetch) has status 0: it is a redirect all the same.
      status: response.type === "opaqueredirect" ? 302 : response.status,
      bytes: async () => Buffer.from(await response.arrayBuffer()),
      discard: () => void response.body?.cancel().catch(() => undefined),
    };
  };
}
