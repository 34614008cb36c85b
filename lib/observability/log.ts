import "server-only";
// The dashboard's structured log: one JSON line per request and per upstream call (pino), each
// with the request's id. Lines hold only the fields written here (ids, operation, status, codes,
// durations); the redaction below is a second guard, should a token, cookie or CSV text ever be
// handed to a log call by mistake. LOG_LEVEL sets the level (default info; "silent" for none);
// LOG_FILE appends the lines to a file instead of standard output.
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import pino, { type DestinationStream, type Logger } from "pino";
import type { HeaderReader } from "@/lib/http/api-request";

/** What one request's log lines share; upstream calls add what the request's line reports. */
export interface RequestContext {
  requestId: string;
  /** The last upstream call's code ("success" for a success) and whether any call rotated tokens. */
  upstreamCode?: string;
  rotated?: boolean;
  upstreamCalls: number;
}

// One store per process: a Pages API route (the BFF) and the App Router's routes are separate
// bundles, and the gateway that reports upstream calls was built by whichever came first.
const globalForContext = globalThis as typeof globalThis & { __backyardRequestContext?: AsyncLocalStorage<RequestContext> };
const context = (globalForContext.__backyardRequestContext ??= new AsyncLocalStorage<RequestContext>());

/** Keys whose values never reach a line, wherever they sit (pino's redaction, one level deep). */
const REDACT = [
  "access_token",
  "refresh_token",
  "accessToken",
  "refreshToken",
  "cookie",
  "authorization",
  "csv",
  "body",
  "*.access_token",
  "*.refresh_token",
  "*.accessToken",
  "*.refreshToken",
  "*.cookie",
  "*.authorization",
  "*.csv",
  "*.body",
  'headers["set-cookie"]',
];

function createLogger(destination?: DestinationStream, level = process.env.LOG_LEVEL || "info"): Logger {
  const dest = destination ?? pino.destination({ dest: process.env.LOG_FILE || 1, sync: false, mkdir: true });
  return pino(
    {
      level,
      base: { service: "backyard", pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      messageKey: "msg",
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACT, censor: "[redacted]" },
    },
    dest,
  );
}

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
export function requestIdOf(headers: HeaderReader): string {
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
