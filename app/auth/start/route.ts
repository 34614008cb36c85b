// Sends the person to the API's sign-in page with our client_id and redirect_uri, remembering
// (in a short-lived httpOnly cookie) which page to come back to.
import { NextResponse, type NextRequest } from "next/server";
import { serverEnv } from "@/lib/env";
import { RETURN_TO_COOKIE, safeReturnPath } from "@/lib/auth/return-to";
import { publicOrigin } from "@/lib/auth/public-origin";

export const dynamic = "force-dynamic";

export function GET(request: NextRequest) {
  const env = serverEnv();
  const redirectUri = `${publicOrigin(request)}/auth/callback`;
  const target = new URL("/users/sign_in/", env.loginBaseUrl + "/");
  target.searchParams.set("client_id", env.clientId);
  target.searchParams.set("redirect_uri", redirectUri);
  const res = NextResponse.redirect(target, 303);
  res.cookies.set(RETURN_TO_COOKIE, safeReturnPath(request.nextUrl.searchParams.get("from")), {
    httpOnly: true,
    sameSite: "lax",
    path: "/auth",
    maxAge: 15 * 60,
    secure: request.nextUrl.protocol === "https:",
  });
  return res;
}
