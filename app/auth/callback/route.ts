// The redirect_uri: the API's sign-in (or its app menu) arrives here with uid and state. When the
// `n` parameter matches this browser's nonce cookie (set by /auth/start), the person started this
// sign-in here: sign in at once. Otherwise (a launch from the API's app menu, or a link someone
// else made with their own pair) the pair is exchanged but the person is asked first
// (/auth/confirm): nobody is switched into another company without seeing it.
import { NextResponse, type NextRequest } from "next/server";
import { RETURN_TO_COOKIE, safeReturnPath } from "@/lib/auth/return-to";
import { clientAddress, httpsOrigin, publicOrigin } from "@/lib/http/public-origin";
import {
  PENDING_SIGN_IN_COOKIE,
  SIGN_IN_NONCE_COOKIE,
  SIGN_IN_TTL_S,
  SignInError,
  createPendingSignIn,
  exchangeUidState,
} from "@/lib/auth/sign-in";
import { sameSecret } from "@/lib/security/same-secret";
import { purgeEndedSessionsNow, signInReplacing } from "@/lib/auth/session-maintenance";
import { signInRateLimit } from "@/lib/security/sign-in-limit";
import { logged } from "@/lib/observability/route-log";

const ROUTE = "/auth/callback";

export const dynamic = "force-dynamic";

async function getRequest(request: NextRequest) {
  const origin = publicOrigin(request);
  const back = safeReturnPath(request.cookies.get(RETURN_TO_COOKIE)?.value);
  const fail = (reason: string) => {
    const url = new URL("/login", origin);
    url.searchParams.set("error", reason);
    if (back !== "/orders") url.searchParams.set("from", back);
    return NextResponse.redirect(url, 303);
  };

  // Every callback may cost an /api_neauth call: limited per address (and in all), before anything else.
  const limited = await signInRateLimit(clientAddress(request));
  if (limited) return limited;

  const params = request.nextUrl.searchParams;
  const uid = params.get("uid");
  const state = params.get("state");
  if (!uid || !state || uid.length > 512 || state.length > 512) return fail("missing_callback");
  void purgeEndedSessionsNow();

  const cookie = { httpOnly: true, sameSite: "lax" as const, path: "/auth", secure: httpsOrigin(request) };
  const startedHere = sameSecret(request.cookies.get(SIGN_IN_NONCE_COOKIE)?.value, params.get("n"));
  if (!startedHere) {
    try {
      const user = await exchangeUidState(uid, state);
      const pending = await createPendingSignIn(user);
      const res = NextResponse.redirect(new URL("/auth/confirm", origin), 303);
      res.cookies.set(PENDING_SIGN_IN_COOKIE, `${pending.id}.${pending.csrf}`, { ...cookie, maxAge: SIGN_IN_TTL_S });
      return res;
    } catch (err) {
      if (err instanceof SignInError) return fail(err.code);
      throw err;
    }
  }

  const failed = await signInReplacing(request, { uid, state });
  if (failed) return fail(failed);
  const res = NextResponse.redirect(new URL(back, origin), 303);
  res.cookies.delete({ name: RETURN_TO_COOKIE, path: "/auth" });
  res.cookies.delete({ name: SIGN_IN_NONCE_COOKIE, path: "/auth" });
  return res;
}

export const GET = logged(ROUTE, getRequest);
