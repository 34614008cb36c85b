// The redirect_uri: the API's sign-in (or its app menu) arrives here with uid and state. When the
// callback verifiably comes from NextEngine (a Referer of its sign-in host or of its main function,
// where the app menu is), or this browser started the sign-in (/auth/start's nonce cookie) and no
// other site sent it here, it signs in at once (lib/auth/callback-trust.ts says why that is as far
// as the flow lets a callback be bound). Otherwise (a link someone else made with their own pair)
// the pair is exchanged but the person is asked first (/auth/confirm): nobody is switched into
// another company without seeing it. The nonce is used up by every answer.
import { NextResponse, type NextRequest } from "next/server";
import { serverEnv } from "@/lib/env";
import { decideCallback, nextEngineOrigins, validSignInNonce } from "@/lib/auth/callback-trust";
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
import { purgeEndedSessionsNow, signInReplacing } from "@/lib/auth/session-maintenance";
import { signInRateLimit } from "@/lib/security/sign-in-limit";
import { logged } from "@/lib/observability/route-log";

const ROUTE = "/auth/callback";

export const dynamic = "force-dynamic";

async function getRequest(request: NextRequest) {
  const origin = publicOrigin(request);
  const back = safeReturnPath(request.cookies.get(RETURN_TO_COOKIE)?.value);
  // The nonce covers one callback: whatever this one answers, it is used up.
  const answer = (res: NextResponse) => {
    if (request.cookies.has(SIGN_IN_NONCE_COOKIE)) res.cookies.delete({ name: SIGN_IN_NONCE_COOKIE, path: "/auth" });
    return res;
  };
  const fail = (reason: string) => {
    const url = new URL("/login", origin);
    url.searchParams.set("error", reason);
    if (back !== "/orders") url.searchParams.set("from", back);
    return answer(NextResponse.redirect(url, 303));
  };

  // A callback without a pair costs nothing: refused before any limit counts it.
  const params = request.nextUrl.searchParams;
  const uid = params.get("uid");
  const state = params.get("state");
  if (!uid || !state || uid.length > 512 || state.length > 512) return fail("missing_callback");

  // Every other callback may cost an /api_neauth call: limited per address, then in all (one
  // address's refused callbacks never count in the total: lib/security/sign-in-limit.ts).
  const limited = await signInRateLimit(clientAddress(request));
  if (limited) return limited;
  void purgeEndedSessionsNow();

  const cookie = { httpOnly: true, sameSite: "lax" as const, path: "/auth", secure: httpsOrigin(request) };
  const env = serverEnv();
  const decision = decideCallback({
    referer: request.headers.get("referer"),
    nextEngineOrigins: nextEngineOrigins({ loginBaseUrl: env.loginBaseUrl, apiBaseUrl: env.apiBaseUrl, launchOrigins: process.env.NE_LAUNCH_ORIGINS }),
    ownOrigin: origin,
    startedHere: validSignInNonce(request.cookies.get(SIGN_IN_NONCE_COOKIE)?.value, env.authSecret, SIGN_IN_TTL_S),
  });
  if (!decision.signIn) {
    try {
      const user = await exchangeUidState(uid, state);
      const pending = await createPendingSignIn(user);
      const res = NextResponse.redirect(new URL("/auth/confirm", origin), 303);
      res.cookies.set(PENDING_SIGN_IN_COOKIE, `${pending.id}.${pending.csrf}`, { ...cookie, maxAge: SIGN_IN_TTL_S });
      return answer(res);
    } catch (err) {
      if (err instanceof SignInError) return fail(err.code);
      throw err;
    }
  }

  const failed = await signInReplacing(request, { uid, state });
  if (failed) return fail(failed);
  const res = NextResponse.redirect(new URL(back, origin), 303);
  res.cookies.delete({ name: RETURN_TO_COOKIE, path: "/auth" });
  return answer(res);
}

export const GET = logged(ROUTE, getRequest);
