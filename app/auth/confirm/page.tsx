import type { Metadata } from "next";
import { cookies } from "next/headers";
import { getTranslations } from "next-intl/server";
import { AuthFrame } from "@/components/shell/auth-frame";
import { buttonClasses } from "@/components/ui/button";
import { auth } from "@/lib/auth/config";
import { parsePendingCookie } from "@/lib/auth/pending-cookie";
import { PENDING_SIGN_IN_COOKIE, readPendingSignIn } from "@/lib/auth/sign-in";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("confirmSignIn");
  return { title: t("metaTitle") };
}

// A sign-in that did not start in this browser: say who it would sign in as, and sign in only
// when the person says so (a POST with the form's CSRF token). Declining deletes its tokens.
export default async function ConfirmSignInPage() {
  const t = await getTranslations("confirmSignIn");
  const pending = parsePendingCookie((await cookies()).get(PENDING_SIGN_IN_COOKIE)?.value);
  const who = pending ? await readPendingSignIn(pending.id) : null;
  const current = who ? await auth() : null;

  return (
    <AuthFrame titleId="confirm-title">
      <h1 id="confirm-title" className="text-lg font-semibold text-ink-950 dark:text-ink-0">
        {who ? t("title", { person: who.personName || "—", company: who.companyName || "—" }) : t("goneTitle")}
      </h1>
      {who && pending ? (
        <>
          <p className="mt-2 text-sm leading-relaxed text-ink-600 dark:text-ink-300">{t("lead")}</p>
          {current ? (
            <p role="status" className="mt-4 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
              {t("replaces", { person: current.profile.personName || "—", company: current.profile.companyName || "—" })}
            </p>
          ) : null}
          <div className="mt-6 flex flex-col gap-2">
            <form method="post" action="/auth/confirm/accept">
              <input type="hidden" name="csrf" value={pending.csrf} />
              <button type="submit" className={buttonClasses({ variant: "primary", className: "w-full" })}>
                {t("accept")}
              </button>
            </form>
            <form method="post" action="/auth/confirm/decline">
              <input type="hidden" name="csrf" value={pending.csrf} />
              <button type="submit" className={buttonClasses({ variant: "secondary", className: "w-full" })}>
                {t("decline")}
              </button>
            </form>
          </div>
        </>
      ) : (
        <>
          <p className="mt-2 text-sm leading-relaxed text-ink-600 dark:text-ink-300">{t("gone")}</p>
          <a href="/login" className={buttonClasses({ variant: "primary", className: "mt-6 w-full" })}>
            {t("toLogin")}
          </a>
        </>
      )}
    </AuthFrame>
  );
}
