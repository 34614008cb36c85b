// "No": the pending sign-in and its tokens are deleted; the browser's own session, if any, stays.
import { NextResponse, type NextRequest } from "next/server";
import { checkConfirmRequest } from "@/lib/auth/confirm-request";
import { publicOrigin } from "@/lib/http/public-origin";
import { PENDING_SIGN_IN_COOKIE, discardPendingSignIn } from "@/lib/auth/sign-in";
import { logged } from "@/lib/observability/route-log";

const ROUTE = "/auth/confirm/decline";

export const dynamic = "force-dynamic";

async function postRequest(request: NextRequest) {
  const checked = await checkConfirmRequest(request);
  if ("status" in checked && checked.status === 403) return new Response("forbidden", { status: 403 });
  if ("id" in checked) await discardPendingSignIn(checked.id);
  const res = NextResponse.redirect(new URL("/login?reason=declined", publicOrigin(request)), 303);
  res.cookies.delete({ name: PENDING_SIGN_IN_COOKIE, path: "/auth" });
  return res;
}

export const POST = logged(ROUTE, postRequest);
