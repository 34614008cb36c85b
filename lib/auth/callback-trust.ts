import "server-only";
// Whether a sign-in callback (/auth/callback?uid=..&state=..) may sign in at once or must ask
// "Sign in as PERSON of COMPANY?" first (login CSRF: a pair someone else obtained must never switch
// a browser into another account silently).
//
// The callback carries only uid and state, both NextEngine's: the registered redirect URI has no
// query of ours, so nothing in the URL can tie a callback to the browser that started a sign-in.
// What can be checked:
// - The Referer. NextEngine's sign-in page (NE_LOGIN_BASE_URL) and its app menu (the main
//   function's hosts, NE_LAUNCH_ORIGINS) send the person on with their own origin as Referer
//   (browsers send at least the origin cross-site). A page cannot write another site's origin
//   into a navigation's Referer, so an origin of NextEngine's own proves the navigation came from
//   NextEngine's pages; a pair an attacker got cannot be sent from there.
// - This browser started a sign-in: /auth/start sets a nonce cookie (httpOnly, SameSite=Lax, path
//   /auth), made and signed by this server with its issue time. It proves that this browser started
//   *a* sign-in within SIGN_IN_TTL_S, not that this callback is its answer. It is bound as tightly
//   as the flow allows: only a nonce this server signed and that is still fresh counts (not a value
//   written by another site or kept for days); every callback answer deletes it, whatever the
//   outcome, so one start covers exactly one callback (a forged callback that comes first uses it
//   up and the genuine answer then asks); and it counts only when the callback has no Referer or
//   one of this site (a sign-in NextEngine answered at once, the Referer stripped on the way): a
//   Referer of any other site means another page sent the browser here, and the callback asks.
// What remains: a page that sends a victim's top-level window to a forged callback with its
// Referer suppressed, in the minutes between the victim's click on "Sign in" and NextEngine's
// answer. The victim then sees the other company's name in the header, and their own sign-in,
// arriving next, asks instead of switching.
import { createHmac, randomBytes } from "node:crypto";
import { sameSecret } from "@/lib/security/same-secret";

/** Where the real API's main function (its app menu) runs; the sign-in host is added to these. */
export const REAL_MAIN_FUNCTION_ORIGINS = ["https://main.next-engine.com"] as const;

/**
 * The origins a callback's Referer may have to count as NextEngine's own: the sign-in host's and
 * the main function's (`NE_LAUNCH_ORIGINS`, comma- or space-separated origins; unset: the real
 * main function's when the API is the real one, none otherwise: the embedded sandbox's menu is
 * on its sign-in host).
 */
export function nextEngineOrigins(settings: { loginBaseUrl: string; apiBaseUrl: string; launchOrigins: string | undefined }): string[] {
  const configured = settings.launchOrigins?.trim();
  const launch = configured
    ? parseOrigins(configured, "NE_LAUNCH_ORIGINS")
    : new URL(settings.apiBaseUrl).hostname === "api.next-engine.org"
      ? [...REAL_MAIN_FUNCTION_ORIGINS]
      : [];
  return [...new Set([new URL(settings.loginBaseUrl).origin, ...launch])];
}

/** `https://a.example, https://b.example:8443` → their origins; anything but a bare http(s) origin throws. */
export function parseOrigins(raw: string, name: string): string[] {
  return raw
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((entry) => {
      let url: URL;
      try {
        url = new URL(entry);
      } catch {
        throw new Error(`${name}: not an origin: ${entry}`);
      }
      if ((url.protocol !== "https:" && url.protocol !== "http:") || url.pathname !== "/" || url.search || url.hash || url.username || url.password) {
        throw new Error(`${name}: not an origin (scheme://host[:port] only): ${entry}`);
      }
      return url.origin;
    });
}

/** The origin of a Referer header, or null when there is none or it is not a URL. */
export function refererOrigin(referer: string | null | undefined): string | null {
  if (!referer) return null;
  try {
    const origin = new URL(referer).origin;
    return origin === "null" ? null : origin;
  } catch {
    return null;
  }
}

export type CallbackDecision =
  | { signIn: true; why: "nextengine-referer" | "started-here" }
  | { signIn: false; why: "foreign-referer" | "not-started-here" };

/**
 * Signs in at once when the Referer is NextEngine's (its sign-in page or its app menu), or when this
 * browser started the sign-in (`startedHere`: a valid nonce cookie) and no other site sent it here;
 * otherwise the person is asked.
 */
export function decideCallback(input: { referer: string | null | undefined; nextEngineOrigins: readonly string[]; ownOrigin: string; startedHere: boolean }): CallbackDecision {
  const from = refererOrigin(input.referer);
  if (from && input.nextEngineOrigins.includes(from)) return { signIn: true, why: "nextengine-referer" };
  if (from && from !== new URL(input.ownOrigin).origin) return { signIn: false, why: "foreign-referer" };
  return input.startedHere ? { signIn: true, why: "started-here" } : { signIn: false, why: "not-started-here" };
}

const NONCE_PURPOSE = "backyard sign-in nonce v1";

function nonceMac(secret: string, body: string): string {
  return createHmac("sha256", secret).update(`${NONCE_PURPOSE}\n${body}`).digest("base64url");
}

/** A fresh nonce for /auth/start's cookie: random, its issue time, signed with AUTH_SECRET. */
export function newSignInNonce(secret: string, nowMs = Date.now()): string {
  const body = `${randomBytes(24).toString("base64url")}.${Math.floor(nowMs / 1000)}`;
  return `${body}.${nonceMac(secret, body)}`;
}

/** True for a nonce this server signed no longer than `ttlS` ago (and not in the future). */
export function validSignInNonce(value: string | null | undefined, secret: string, ttlS: number, nowMs = Date.now()): boolean {
  const match = /^([A-Za-z0-9_-]{32})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(value ?? "");
  if (!match) return false;
  const body = `${match[1]}.${match[2]}`;
  if (!sameSecret(match[3], nonceMac(secret, body))) return false;
  const ageS = nowMs / 1000 - Number(match[2]);
  return ageS >= -5 && ageS <= ttlS;
}
