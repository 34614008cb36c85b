// Typed errors of the API client, and the BFF's wire shape for them.
// Browser-safe (no server-only import): pages branch on `kind` and `retryable`.

import { NE_CODES } from "./codes";

export const NE_ERROR_KINDS = [
  "auth-expired",
  "stale-token",
  "busy",
  "maintenance",
  "forbidden",
  "invalid-request",
  "upstream-failure",
] as const;
export type NeErrorKind = (typeof NE_ERROR_KINDS)[number];

/**
 * Codes this client gives to failures that carry no API code. They are words, never six digits,
 * so they cannot collide with the API's own codes (lib/ne/codes.ts).
 */
export const LOCAL_CODES = {
  /** Refused before anything was sent (bad path, bad parameter). */
  invalidRequest: "invalid-request",
  /** `result=redirect`: the access token expired and no refresh token was sent. */
  redirect: "redirect",
  timeout: "timeout",
  /** Connection refused, reset, DNS failure, ... */
  network: "network",
  /** The caller aborted the call. */
  aborted: "aborted",
  /** An HTTP 3xx answer (never followed). */
  httpRedirect: "http-redirect",
  /** An HTTP status with no usable error envelope (5xx, or 4xx with a non-envelope body). */
  httpStatus: "http-status",
  /** Not JSON, or JSON that is not an envelope. */
  badResponse: "bad-response",
  /** Anything that is not an NeError (a bug): see toPublicError. */
  internal: "internal",
} as const;
export type LocalCode = (typeof LOCAL_CODES)[keyof typeof LOCAL_CODES];

/** A token pair as the API last issued it. End dates are JST instants (null when absent). */
export interface NeTokens {
  accessToken: string;
  refreshToken: string;
  accessTokenEndDate: Date | null;
  refreshTokenEndDate: Date | null;
}

/** An item of an array `message` (spec 7.2); its keys are not specified. */
export type NeMessageItem = Readonly<Record<string, unknown>>;
export type NeRawMessage = string | readonly NeMessageItem[];

export interface NeErrorInit {
  code: string;
  message: string;
  /** Derived from `code` when omitted (see kindForCode). */
  kind?: NeErrorKind;
  /** Derived from `kind` and `code` when omitted. */
  retryable?: boolean;
  tokens?: NeTokens | null;
  httpStatus?: number;
  rawMessage?: NeRawMessage;
  cause?: unknown;
}

/** Kind of an API error code (DESIGN.md, lib/ne/codes.ts). */
export function kindForCode(code: string): NeErrorKind {
  switch (code) {
    case NE_CODES.refreshFailed:
    case NE_CODES.tokensExpired:
    case LOCAL_CODES.redirect:
      return "auth-expired";
    case NE_CODES.staleAccessToken:
      return "stale-token";
    // 003001: no server connection even after waiting; 003002: the main function is busy; 003902
    // (sandbox): a second call in flight for one token. Each is worth asking again later.
    case NE_CODES.noConnection:
    case NE_CODES.busy:
    case NE_CODES.concurrentCall:
      return "busy";
    case NE_CODES.maintenance:
    case NE_CODES.maintenanceMain:
      return "maintenance";
    case NE_CODES.forbidden:
      return "forbidden";
    case NE_CODES.accessTokenMissing:
    case NE_CODES.invalidParameter:
    case NE_CODES.uploadRejected:
    case NE_CODES.notFound:
    case LOCAL_CODES.invalidRequest:
      return "invalid-request";
    default:
      // 001xxx: a login parameter (uid, state, client credentials) is missing or wrong.
      if (/^001\d{3}$/.test(code)) return "invalid-request";
      return "upstream-failure";
  }
}

/** Worth retrying the same call later: busy, maintenance, system error and transport failures; not an unknown code. */
export function isRetryable(kind: NeErrorKind, code: string): boolean {
  if (kind === "busy" || kind === "maintenance") return true;
  if (kind !== "upstream-failure") return false;
  return (
    code === NE_CODES.systemError ||
    code === LOCAL_CODES.timeout ||
    code === LOCAL_CODES.network ||
    code === LOCAL_CODES.httpRedirect ||
    code === LOCAL_CODES.httpStatus ||
    code === LOCAL_CODES.badResponse
  );
}

export class NeError extends Error {
  readonly code: string;
  readonly kind: NeErrorKind;
  readonly retryable: boolean;
  /**
   * Renewed tokens the failed answer carried, to be saved whatever the result. Non-enumerable,
   * so logging or serializing the error never prints them.
   */
  declare readonly tokens?: NeTokens | null;
  /** The tokens the failed call sent (lib/ne/server/client.ts adds them); non-enumerable like `tokens`. */
  declare readonly sentSecrets: string[];
  readonly httpStatus?: number;
  readonly rawMessage?: NeRawMessage;

  constructor(init: NeErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = "NeError";
    this.code = init.code;
    this.kind = init.kind ?? kindForCode(init.code);
    this.retryable = init.retryable ?? isRetryable(this.kind, init.code);
    Object.defineProperty(this, "tokens", { value: init.tokens ?? null, enumerable: false, writable: false });
    Object.defineProperty(this, "sentSecrets", { value: [], enumerable: false, writable: false });
    if (init.httpStatus !== undefined) this.httpStatus = init.httpStatus;
    if (init.rawMessage !== undefined) this.rawMessage = init.rawMessage;
  }
}

export function isNeError(err: unknown): err is NeError {
  return err instanceof NeError;
}

/** The BFF's error body: `{code, message, retryable, kind}`. Never carries tokens. */
export interface PublicError {
  code: string;
  message: string;
  retryable: boolean;
  kind: NeErrorKind;
}

/**
 * Fixed texts for the errors whose upstream wording is of no use to a person and may carry
 * request details: every 002xxx (tokens), `redirect` and 999999 (system error).
 */
function fixedMessage(code: string): string | undefined {
  if (code === NE_CODES.systemError) return "The API had a system error. Try again in a moment.";
  if (code === LOCAL_CODES.redirect || /^002\d{3}$/.test(code)) return "The sign-in has ended. Sign in again.";
  return undefined;
}

/** `text` with every secret (and its URL-encoded form) replaced. */
export function redactSecrets(text: string, secrets: readonly (string | null | undefined)[]): string {
  let out = text;
  for (const secret of secrets) {
    if (!secret || secret.length < 8) continue;
    for (const form of new Set([secret, encodeURIComponent(secret)])) out = out.split(form).join("[redacted]");
  }
  return out;
}

export function toPublicError(err: unknown): PublicError {
  if (!(err instanceof NeError)) {
    // A bug, not an upstream answer: say nothing of its text.
    return { code: LOCAL_CODES.internal, message: "Internal error", retryable: false, kind: "upstream-failure" };
  }
  // The upstream's message is shown to people: it must not echo a token, sent or received.
  const message =
    fixedMessage(err.code) ?? redactSecrets(err.message, [err.tokens?.accessToken, err.tokens?.refreshToken, ...err.sentSecrets]);
  return { code: err.code, message, retryable: err.retryable, kind: err.kind };
}

const HTTP_STATUS: Readonly<Record<NeErrorKind, number>> = {
  "auth-expired": 401,
  "stale-token": 409,
  busy: 503,
  maintenance: 503,
  forbidden: 403,
  "invalid-request": 400,
  "upstream-failure": 502,
};

export function httpStatusForKind(kind: NeErrorKind): number {
  return HTTP_STATUS[kind];
}
