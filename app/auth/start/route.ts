// Sends the person to the API's sign-in page with our client_id and a redirect_uri that carries a
// fresh nonce, also kept in a short-lived httpOnly cookie: the callback signs in without asking
// only when the two match, i.e. when this browser started the sign-in (login CSRF).
import { NextResponse, type NextRequest } from "next/server";
import { serverEnv } from "@/lib/env";
import { RETURN_TO_COOKIE, safeReturnPath } from "@/lib/auth/return-to";
import { httpsOrigin, publicOrigin } from "@/lib/http/public-origin";
import { SIGN_IN_NONCE_COOKIE, SIGN_IN_TTL_S, newNonce } from "@/lib/auth/sign-in";
import { logged } from "@/lib/observability/route-log";

const ROUTE = "/auth/start";

export const dynamic = "force-dynamic";

function getRequest(request: NextRequest) {
  const env = serverEnv();
  const nonce = newNonce();
  const redirectUri = new URL("/auth/callback", publicOrigin(request));
  redirectUri.searchParams.set("n", nonce);
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
