// Sends the person to the API's sign-in page with our client_id and the registered redirect_uri,
// exactly `<AUTH_URL>/auth/callback` with no query (a registered-URI check compares it whole). A
// fresh signed nonce goes into a short-lived httpOnly cookie only: the callback takes it as proof
// that this browser started the sign-in (lib/auth/callback-trust.ts).
import { NextResponse, type NextRequest } from "next/server";
import { serverEnv } from "@/lib/env";
import { RETURN_TO_COOKIE, safeReturnPath } from "@/lib/auth/return-to";
import { httpsOrigin, publicOrigin } from "@/lib/http/public-origin";
import { SIGN_IN_NONCE_COOKIE, SIGN_IN_TTL_S } from "@/lib/auth/sign-in";
import { newSignInNonce } from "@/lib/auth/callback-trust";
import { logged } from "@/lib/observability/route-log";

const ROUTE = "/auth/start";

export const dynamic = "force-dynamic";

function getRequest(request: NextRequest) {
  const env = serverEnv();
  const nonce = newSignInNonce(env.authSecret);
  const redirectUri = new URL("/auth/callback", publicOrigin(request));
  const target = new URL("/users/sign_in/", env.loginBaseUrl + "/");
  target.searchParams.set("client_id", env.clientId);
  target.searchParams.set("redirect_uri", redirectUri.toString());
  const res = NextResponse.redirect(target, 303);
  const cookie = { httpOnly: true, sameSite: "lax" as const, path: "/auth", maxAge: SIGN_IN_TTL_S, secure: httpsOrigin(request) };
  res.cookies.set(RETURN_TO_COOKIE, safeReturnPath(request.nextUrl.searchParams.get("from")), cookie);
  res.cookies.set(SIGN_IN_NONCE_COOKIE, nonce, cookie);
  return res;
}

export const GET = logged(ROUTE, getRequest);
