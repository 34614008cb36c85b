// The error every BFF call of the browser rejects with: the proxy's `{error:{code, message,
// retryable, kind}}` plus the HTTP status, or a network failure in the same shape. Pages branch on
// `kind` (auth-expired sends the person to sign in again) and `retryable` (worth another try).
// Checked by hand, not with zod: this module is in every dashboard page's first load.
import { NE_ERROR_KINDS, type NeErrorKind } from "@/lib/ne/errors";

interface BffErrorBody {
  code: string;
  message: string;
  retryable: boolean;
  kind: NeErrorKind;
}

/** The `error` of a BFF error answer, or null when the body is not one. */
export function parseBffErrorBody(body: unknown): BffErrorBody | null {
  if (typeof body !== "object" || body === null) return null;
  const error = (body as { error?: unknown }).error;
  if (typeof error !== "object" || error === null) return null;
  const { code, message, retryable, kind } = error as Record<string, unknown>;
  if (typeof code !== "string" || typeof message !== "string" || typeof retryable !== "boolean") return null;
  if (!NE_ERROR_KINDS.includes(kind as NeErrorKind)) return null;
  return { code, message, retryable, kind: kind as NeErrorKind };
}

export class BffError extends Error {
  readonly code: string;
  readonly kind: NeErrorKind;
  readonly retryable: boolean;
  /** HTTP status of the BFF's answer; 0 when none came (network, aborted). */
  readonly status: number;
  /** How long the BFF asked to wait before trying again (429 Retry-After), in ms. */
  readonly retryAfterMs?: number;

  constructor(init: { code: string; message: string; kind: NeErrorKind; retryable: boolean; status: number; retryAfterMs?: number }) {
    super(init.message);
    this.name = "BffError";
    this.code = init.code;
    this.kind = init.kind;
    this.retryable = init.retryable;
    this.status = init.status;
    if (init.retryAfterMs !== undefined) this.retryAfterMs = init.retryAfterMs;
  }
}

export function isBffError(error: unknown): error is BffError {
  return error instanceof BffError;
}

/** The BffError of a non-2xx answer, whatever its body holds. */
export async function bffErrorOf(response: Response): Promise<BffError> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  const parsed = parseBffErrorBody(body);
  const retryAfterS = Number(response.headers.get("retry-after"));
  const retryAfterMs = Number.isFinite(retryAfterS) && retryAfterS > 0 ? Math.min(retryAfterS, 3600) * 1000 : undefined;
  if (parsed) return new BffError({ ...parsed, status: response.status, ...(retryAfterMs ? { retryAfterMs } : {}) });
  const kind: NeErrorKind = response.status === 401 ? "auth-expired" : response.status >= 500 ? "upstream-failure" : "invalid-request";
  return new BffError({
    code: "http-status",
    message: `HTTP ${response.status}`,
    kind,
    retryable: response.status >= 500,
    status: response.status,
  });
}

/** A fetch that never reached an answer (offline, reset) as a retryable BffError. */
export function networkError(cause: unknown): BffError {
  const aborted = cause instanceof DOMException && cause.name === "AbortError";
  return new BffError({
    code: aborted ? "aborted" : "network",
    message: cause instanceof Error ? cause.message : "network error",
    kind: "upstream-failure",
    retryable: !aborted,
    status: 0,
  });
}

/** Where a person whose sign-in expired goes: the login page, coming back to `returnTo`. */
export function expiredLoginHref(returnTo: string): string {
  return `/login?reason=expired&from=${encodeURIComponent(returnTo)}`;
}
