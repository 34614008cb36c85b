import "server-only";
// The dashboard's structured log: one JSON line per request and per upstream call (pino), each
// with the request's id. Lines hold only the fields written here (ids, operation, status, codes,
// durations); the redaction below is a second guard, should a token, cookie or CSV text ever be
// handed to a log call by mistake. LOG_LEVEL sets the level (default info; "silent" for none);
// LOG_FILE appends the lines to a file instead of standard output.
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import pino, { type DestinationStream, type Logger } from "pino";

/** What one request's log lines share; upstream calls add what the request's line reports. */
export interface RequestContext {
  requestId: string;
  /** The last upstream call's code ("success" for a success) and whether any call rotated tokens. */
  upstreamCode?: string;
  rotated?: boolean;
  upstreamCalls: number;
}

const context = new AsyncLocalStorage<RequestContext>();

/** Keys whose values never reach a line, at the top of a line's object or one level down. */
const SECRET_KEYS = new Set(["access_token", "refresh_token", "accessToken", "refreshToken", "cookie", "set-cookie", "authorization", "csv", "body"]);
const CENSOR = "[redacted]";

/**
 * `value` with the values of SECRET_KEYS replaced by "[redacted]" in it and in the plain objects
 * (and arrays of them) it holds, `depth` levels down (the top and one level: the reach of pino's
 * `key` and `*.key` redaction paths). The caller's objects are never changed: a level is copied
 * only when something in it is censored, so a clean line (every line the dashboard writes)
 * allocates nothing here. Written here, not pino's `redact` option: that one parses each of its
 * paths again on every line, garbage on the BFF's every request to guard lines that hold no
 * secret by construction.
 */
export function withoutSecrets<T>(value: T, depth = 1): T {
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      const next = typeof item === "object" && item !== null ? withoutSecrets(item, depth) : item;
      if (next !== item) (out ??= value.slice())[i] = next;
    }
    return (out ?? value) as T;
  }
  // Plain objects only: an Error or a class instance is its serializer's to write, and a copy
  // would lose its prototype.
  if (typeof value !== "object" || value === null) return value;
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value;
  let out: Record<string, unknown> | undefined;
  const source = value as Record<string, unknown>;
  for (const key in source) {
    const item = source[key];
    const next = SECRET_KEYS.has(key) ? CENSOR : depth > 0 && typeof item === "object" && item !== null ? withoutSecrets(item, depth - 1) : item;
    if (next !== item) (out ??= { ...source })[key] = next;
  }
  return (out ?? value) as T;
}

/** Lines are written together once this many bytes wait, or FLUSH_MS after the first one. */
const BATCH_BYTES = 4096;
const FLUSH_MS = 200;

/**
 * Standard output (or LOG_FILE) through sonic-boom, written a batch at a time: lines wait for a few
 * kilobytes of company or `periodicFlush` ms, so a busy server makes one write per batch, not per
 * line. pino flushes what waits when the process exits.
 */
export function logDestination(dest: string | number, { minLength = BATCH_BYTES, periodicFlush = FLUSH_MS } = {}): DestinationStream & { flush(cb?: (err?: Error) => void): void } {
  return pino.destination({ dest, minLength, periodicFlush, sync: false, mkdir: true });
}

function createLogger(destination?: DestinationStream, level = process.env.LOG_LEVEL || "info"): Logger {
  const dest = destination ?? logDestination(process.env.LOG_FILE || 1);
  return pino(
    {
      level,
      base: { service: "backyard", pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      messageKey: "msg",
      formatters: { level: (label) => ({ level: label }), log: (object) => withoutSecrets(object) },
    },
    dest,
  );
}

// On globalThis: one destination per process for instrumentation.ts's module graph and the routes'.
const globalForLog = globalThis as typeof globalThis & { __backyardLog?: Logger };

/** The process's logger. */
export function log(): Logger {
  return (globalForLog.__backyardLog ??= createLogger());
}

/** Tests: sends every line of `level` and above to `destination` from now on. */
export function logTo(destination: DestinationStream, level = "info"): void {
  globalForLog.__backyardLog = createLogger(destination, level);
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The request's id: the caller's `x-request-id` when it is a plain token, else a new one. */
export function requestIdOf(headers: Headers): string {
  const given = headers.get("x-request-id");
  return given && REQUEST_ID.test(given) ? given : randomUUID();
}

export function runWithRequest<T>(ctx: RequestContext, fn: () => T): T {
  return context.run(ctx, fn);
}

/** The current request's context, if the code runs inside one. */
export function currentRequest(): RequestContext | undefined {
  return context.getStore();
}
