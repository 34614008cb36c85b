// "Yes, sign in as this person": the pending sign-in becomes the session (once), and a session
// the browser had before is ended with its stored tokens.
import { NextResponse, type NextRequest } from "next/server";
import { checkConfirmRequest } from "@/lib/auth/confirm-request";
import { publicOrigin } from "@/lib/http/public-origin";
import { RETURN_TO_COOKIE, safeReturnPath } from "@/lib/auth/return-to";
import { signInReplacing } from "@/lib/auth/session-maintenance";
import { PENDING_SIGN_IN_COOKIE } from "@/lib/auth/sign-in";
import { logged } from "@/lib/observability/route-log";

const ROUTE = "/auth/confirm/accept";

export const dynamic = "force-dynamic";

async function postRequest(request: NextRequest) {
  const origin = publicOrigin(request);
  const checked = await checkConfirmRequest(request);
  const toLogin = (error: string) => NextResponse.redirect(new URL(`/login?error=${encodeURIComponent(error)}`, origin), 303);
  if ("status" in checked) {
    if (checked.status === 403) return new Response("forbidden", { status: 403 });
    return toLogin(checked.reason);
  }
  const failed = await signInReplacing(request, { pending: checked.id, csrf: checked.csrf });
  if (failed) return toLogin(failed);
  const res = NextResponse.redirect(new URL(safeReturnPath(request.cookies.get(RETURN_TO_COOKIE)?.value), origin), 303);
  res.cookies.delete({ name: PENDING_SIGN_IN_COOKIE, path: "/auth" });
  res.cookies.delete({ name: RETURN_TO_COOKIE, path: "/auth" });
  return res;
}

export const POST = logged(ROUTE, postRequest);
