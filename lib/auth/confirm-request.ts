import "server-only";
// The checks both answers of the confirmation form pass: from this site's page (Fetch Metadata,
// Origin), a small form body, and its CSRF token equal to the pending cookie's.
import type { NextRequest } from "next/server";
import { BodyTooLargeError, readBoundedText } from "@/lib/http/bounded-body";
import { refuseCrossSite } from "@/lib/http/same-origin";
import { parsePendingCookie } from "./pending-cookie";
import { sameSecret } from "@/lib/security/same-secret";
import { PENDING_SIGN_IN_COOKIE } from "./sign-in";

const MAX_FORM_BYTES = 4096;

export async function checkConfirmRequest(request: NextRequest): Promise<{ id: string; csrf: string } | { status: number; reason: string }> {
  const refused = refuseCrossSite(request, { requireOrigin: true });
  if (refused) return { status: refused.status, reason: refused.code };
  const pending = parsePendingCookie(request.cookies.get(PENDING_SIGN_IN_COOKIE)?.value);
  if (!pending) return { status: 400, reason: "confirmation_expired" };
  let form: URLSearchParams;
  try {
    form = new URLSearchParams(await readBoundedText(request, MAX_FORM_BYTES));
  } catch (err) {
    if (err instanceof BodyTooLargeError) return { status: 413, reason: "too-large" };
    throw err;
  }
  if (!sameSecret(form.get("csrf"), pending.csrf)) return { status: 403, reason: "csrf" };
  return pending;
}
