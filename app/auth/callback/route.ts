// The redirect_uri: the API's sign-in (or its app menu) arrives here with uid and state, which
// next-auth's Credentials provider turns into a session through /api_neauth.
import { NextResponse, type NextRequest } from "next/server";
import { AuthError } from "next-auth";
import { signIn } from "@/lib/auth/config";
import { RETURN_TO_COOKIE, safeReturnPath } from "@/lib/auth/return-to";
import { publicOrigin } from "@/lib/auth/public-origin";

export const dynamic = "force-dynamic";

export async function GET(request: NextRequest) {
  const origin = publicOrigin(request);
  const uid = request.nextUrl.searchParams.get("uid");
  const state = request.nextUrl.searchParams.get("state");
  const back = safeReturnPath(request.cookies.get(RETURN_TO_COOKIE)?.value);
  const fail = (reason: string) => {
    const url = new URL("/login", origin);
    url.searchParams.set("error", reason);
    if (back !== "/orders") url.searchParams.set("from", back);
    return NextResponse.redirect(url, 303);
  };
  if (!uid || !state) return fail("missing_callback");
  try {
    await signIn("next-engine", { uid, state, redirect: false });
  } catch (err) {
    if (err instanceof AuthError) {
      const code = "code" in err && typeof err.code === "string" ? err.code : err.type;
      return fail(code);
    }
    throw err;
  }
  const res = NextResponse.redirect(new URL(back, origin), 303);
  res.cookies.delete({ name: RETURN_TO_COOKIE, path: "/auth" });
  return res;
}
