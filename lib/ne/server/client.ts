import "server-only";

// The server-side client of the API: one POST per call to a URL built from the fixed base,
// a form body built by ./encode, the answer parsed by ./envelope, failures thrown as NeError.
// Renewed tokens come back whatever the result: on the result when it succeeds, on the NeError
// when it fails, so the caller can save a rotation either way (DESIGN.md, "The BFF").
// No retries here: the BFF decides (NeError.retryable).

import { encodeRequest, type NeCredentials, type NeRequest } from "../encode";
import { parseEnvelope, type NeEnvelope, type NeTokenFields } from "../envelope";
import { LOCAL_CODES, NeError, type NeTokens } from "../errors";
import { parseJstDateTime } from "../jst-date";
import { fetchTransport, poolTransport, type Transport, type TransportAnswer } from "./transport";

export type { NeCondition, NeCredentials, NeRequest } from "../encode";
export type { NeEnvelope, NeRow } from "../envelope";
export { NeError, type NeErrorKind, type NeTokens } from "../errors";
export { formatJstDateTime, parseJstDateTime } from "../jst-date";

export interface NeClientOptions {
  /** API base, e.g. `https://api.next-engine.org` or the sandbox's `http://127.0.0.1:4010`. */
  baseUrl: string;
  /** Whole call, answer body included. */
  timeoutMs?: number;
  /** A fetch to send with instead of undici's pool (tests that watch calls). */
  fetch?: typeof globalThis.fetch;
}

export interface NeCallOptions {
  /** Aborts the call (e.g. the browser went away); reported as NeError code `aborted`. */
  signal?: AbortSignal;
}

export interface NeCallResult {
  envelope: NeEnvelope;
  /** The tokens the answer carried (save them); null when it carried none. */
  tokens: NeTokens | null;
}

export interface NeClient {
  readonly baseUrl: string;
  /**
   * POSTs one operation. `path` is an operation path such as `/api_v1_master_goods/search`
   * (a trailing slash is allowed). Throws NeError; never follows redirects.
   */
  call(path: string, request?: NeRequest, credentials?: NeCredentials, options?: NeCallOptions): Promise<NeCallResult>;
}

/** One or two lowercase segments, optional trailing slash: no `..`, `%`, `\`, `?`, `#`, `//` or scheme. */
const OPERATION_PATH = /^\/[a-z0-9_]+(?:\/[a-z0-9_]+)?\/?$/;

function invalidRequest(message: string): NeError {
  return new NeError({ code: LOCAL_CODES.invalidRequest, kind: "invalid-request", message });
}

function parseBaseUrl(baseUrl: string): URL {
  let base: URL;
  try {
    base = new URL(baseUrl);
  } catch {
    throw new TypeError(`NE base URL is not a URL: ${baseUrl}`);
  }
  if (base.protocol !== "https:" && base.protocol !== "http:") throw new TypeError("NE base URL must be http(s)");
  if (base.username || base.password || base.search || base.hash) {
    throw new TypeError("NE base URL must not carry credentials, a query or a fragment");
  }
  return base;
}

/**
 * `{base_url}<path>` (spec 4) as a URL, or NeError invalid-request. The path must have the shape
 * of an operation path, and the result must stay on the base's origin and under its path.
 */
export function resolveOperationUrl(base: URL, path: string): URL {
  if (typeof path !== "string" || path.length > 200 || !OPERATION_PATH.test(path)) {
    throw invalidRequest(`not an operation path: ${JSON.stringify(String(path).slice(0, 200))}`);
  }
  const basePath = base.pathname.replace(/\/+$/, "");
  const url = new URL(basePath + path, base.origin);
  if (url.origin !== base.origin || !url.pathname.startsWith(`${basePath}/`) || url.pathname !== basePath + path) {
    throw invalidRequest("operation path escapes the API base");
  }
  return url;
}

function tokensFrom(fields: NeTokenFields, sent: NeCredentials | undefined): NeTokens | null {
  if (!fields.accessToken) return null;
  // An answer renewing the access token alone keeps the refresh token that was sent.
  const refreshToken = fields.refreshToken ?? sent?.refreshToken;
  if (!refreshToken) return null;
  return {
    accessToken: fields.accessToken,
    refreshToken,
    accessTokenEndDate: parseJstDateTime(fields.accessTokenEndDate),
    refreshTokenEndDate: fields.refreshToken ? parseJstDateTime(fields.refreshTokenEndDate) : null,
  };
}

/** The answer's JSON, or isJson false when it is not JSON. */
function readAnswer(bytes: Buffer): { json: unknown; isJson: boolean } {
  try {
    return { json: JSON.parse(bytes.toString("utf8")), isJson: true };
  } catch {
    return { json: undefined, isJson: false };
  }
}

function transportError(err: unknown, timedOut: boolean, caller: AbortSignal | undefined, timeoutMs: number, what: string): NeError {
  if (timedOut) {
    return new NeError({ code: LOCAL_CODES.timeout, kind: "upstream-failure", message: `API did not answer within ${timeoutMs} ms`, cause: err });
  }
  if (caller?.aborted) {
    return new NeError({ code: LOCAL_CODES.aborted, kind: "upstream-failure", retryable: false, message: "API call aborted", cause: err });
  }
  return new NeError({ code: LOCAL_CODES.network, kind: "upstream-failure", message: `API ${what} failed`, cause: err });
}

export function createNeClient({ baseUrl, timeoutMs = 30_000, fetch: fetchImpl }: NeClientOptions): NeClient {
  const send: Transport = fetchImpl ? fetchTransport(fetchImpl) : poolTransport;
  const base = parseBaseUrl(baseUrl);
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) throw new TypeError("timeoutMs must be a positive number");

  async function call(path: string, request: NeRequest = {}, credentials?: NeCredentials, options: NeCallOptions = {}): Promise<NeCallResult> {
    // Both throw NeError before anything is sent.
    const url = resolveOperationUrl(base, path);
    const body = encodeRequest(request, credentials);

    // One controller per call, its timer cleared and its listener removed when the call ends.
    // Not AbortSignal.timeout/any: a 30 s timeout signal keeps every listener (and the answer
    // body they close over) alive for 30 s, and on Node 20 a signal made by AbortSignal.any()
    // is never released while its sources live, so every call's answer would stay in memory.
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new DOMException(`API did not answer within ${timeoutMs} ms`, "TimeoutError"));
    }, timeoutMs);
    const caller = options.signal;
    const onCallerAbort = () => controller.abort(caller?.reason);
    if (caller?.aborted) controller.abort(caller.reason);
    else caller?.addEventListener("abort", onCallerAbort, { once: true });
    try {
      return await exchange(url, body, credentials, { signal: controller.signal, timedOut: () => timedOut, caller });
    } catch (err) {
      // An upstream may echo the request in its message: the error knows what was sent, to redact it.
      if (err instanceof NeError && credentials) err.sentSecrets.push(credentials.accessToken, ...(credentials.refreshToken ? [credentials.refreshToken] : []));
      throw err;
    } finally {
      clearTimeout(timer);
      caller?.removeEventListener("abort", onCallerAbort);
    }
  }

  /** Sends one encoded call and reads its answer; `signal` aborts it (timeout or caller). */
  async function exchange(
    url: URL,
    body: Uint8Array<ArrayBuffer>,
    credentials: NeCredentials | undefined,
    { signal, timedOut, caller }: { signal: AbortSignal; timedOut: () => boolean; caller: AbortSignal | undefined },
  ): Promise<NeCallResult> {
    let response: TransportAnswer;
    try {
      // Only these headers: nothing of the browser's request is ever forwarded.
      response = await send(url, body, { "content-type": "application/x-www-form-urlencoded", accept: "application/json" }, signal);
    } catch (err) {
      throw transportError(err, timedOut(), caller, timeoutMs, "request");
    }
    const status = response.status;
    if (status >= 300 && status < 400) {
      response.discard();
      throw new NeError({ code: LOCAL_CODES.httpRedirect, kind: "upstream-failure", message: `API answered HTTP ${status} (redirects are not followed)`, httpStatus: status });
    }
    let bytes: Buffer;
    try {
      bytes = await response.bytes();
    } catch (err) {
      throw transportError(err, timedOut(), caller, timeoutMs, "answer");
    }

    const { json, isJson } = readAnswer(bytes);
    const parsed = isJson ? parseEnvelope(json) : null;
    if (!parsed?.ok) {
      const ok = status >= 200 && status < 300;
      throw new NeError({
        code: ok ? LOCAL_CODES.badResponse : LOCAL_CODES.httpStatus,
        kind: "upstream-failure",
        message: !isJson ? `API answered HTTP ${status} with a body that is not JSON` : `API answered HTTP ${status} with JSON that is not an envelope: ${parsed?.issues ?? ""}`,
        httpStatus: status,
      });
    }

    const { envelope, tokenFields } = parsed;
    const tokens = tokensFrom(tokenFields, credentials);
    const httpOk = status >= 200 && status < 300;
    // A 4xx with an error envelope is that error (spec 7.3); a 5xx is a failure whatever it says.
    if (status >= 500 || (envelope.result === "success" && !httpOk)) {
      throw new NeError({
        code: LOCAL_CODES.httpStatus,
        kind: "upstream-failure",
        message: `API answered HTTP ${status}${envelope.message ? `: ${envelope.message}` : ""}`,
        httpStatus: status,
        tokens,
        rawMessage: envelope.rawMessage,
      });
    }
    if (envelope.result === "success") return { envelope, tokens };
    if (envelope.result === "redirect") {
      throw new NeError({
        code: envelope.code ?? LOCAL_CODES.redirect,
        kind: "auth-expired",
        message: envelope.message || "API asks to sign in again (result=redirect)",
        httpStatus: status,
        tokens,
        rawMessage: envelope.rawMessage,
      });
    }
    if (envelope.code === undefined) {
      throw new NeError({
        code: LOCAL_CODES.badResponse,
        kind: "upstream-failure",
        message: envelope.message || "API answered result=error without a code",
        httpStatus: status,
        tokens,
        rawMessage: envelope.rawMessage,
      });
    }
    throw new NeError({
      code: envelope.code,
      message: envelope.message || `API error ${envelope.code}`,
      httpStatus: status,
      tokens,
      rawMessage: envelope.rawMessage,
    });
  }

  return { baseUrl: base.href, call };
}
