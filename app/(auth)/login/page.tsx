import type { Metadata } from "next";
import { LogIn } from "lucide-react";
import { getTranslations } from "next-intl/server";
import { AuthFrame } from "@/components/shell/auth-frame";
import { buttonClasses } from "@/components/ui/button";
import { readableReturnPath, safeReturnPath } from "@/lib/auth/return-to";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("login");
  return { title: t("metaTitle") };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

// One action: go to the API's sign-in page. Says why the person is here (expired, signed out, failed).
export default async function LoginPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const t = await getTranslations("login");
  const from = safeReturnPath(one(params.from));
  const reason = one(params.reason);
  const error = one(params.error)?.replace(/[^A-Za-z0-9_-]/g, "").slice(0, 40);
  const notice = error
    ? t("failed", { code: error })
    : reason === "expired"
      ? t("expired")
      : reason === "idle"
        ? t("idle")
        : reason === "signed-out"
          ? t("signedOut")
          : reason === "declined"
            ? t("declined")
            : null;
  const startHref = `/auth/start?from=${encodeURIComponent(from)}`;

  return (
    <AuthFrame titleId="login-title">
          <h1 id="login-title" className="text-lg font-semibold text-ink-950 dark:text-ink-0">
            {t("title")}
          </h1>
          <p className="mt-2 text-sm leading-relaxed text-ink-600 dark:text-ink-300">{t("lead")}</p>
          {notice ? (
            <p
              role={error || reason === "expired" || reason === "idle" ? "alert" : "status"}
              className="mt-4 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
            >
              {notice}
            </p>
          ) : null}
          <a href={startHref} className={buttonClasses({ variant: "primary", className: "mt-6 w-full" })}>
            <LogIn aria-hidden="true" />
            {t("action")}
          </a>
          {from !== "/orders" ? <p className="mt-3 truncate text-xs text-ink-600 dark:text-ink-400">{t("returnTo", { path: readableReturnPath(from) })}</p> : null}
    </AuthFrame>
  );
}
