import { UserRound } from "lucide-react";
import { useTranslations } from "next-intl";

export type AccountSummaryProps = {
  // Filled from the session's display profile once sign-in exists.
  companyName?: string;
  personName?: string;
};

// Who is signed in: company and person, or a "not signed in" placeholder.
export function AccountSummary({ companyName, personName }: AccountSummaryProps) {
  const t = useTranslations("account");
  const signedIn = Boolean(companyName || personName);

  return (
    <div role="group" aria-label={t("label")} className="flex min-w-0 items-center gap-2">
      <span
        aria-hidden="true"
        className="grid size-7 shrink-0 place-items-center rounded-full bg-ink-100 text-ink-600 ring-1 ring-ink-200 dark:bg-ink-800 dark:text-ink-300 dark:ring-ink-700"
      >
        <UserRound className="size-4" />
      </span>
      {signedIn ? (
        <div className="flex min-w-0 flex-col leading-tight">
          {companyName ? (
            <span className="truncate text-xs text-ink-600 dark:text-ink-400">
              <span className="sr-only">{t("companyLabel")} </span>
              <span data-user-content="">{companyName}</span>
            </span>
          ) : null}
          {personName ? (
            <span className="truncate text-sm font-medium text-ink-900 dark:text-ink-100">
              <span className="sr-only">{t("personLabel")} </span>
              <span data-user-content="">{personName}</span>
            </span>
          ) : null}
        </div>
      ) : (
        <span className="truncate text-sm text-ink-600 dark:text-ink-300">{t("signedOut")}</span>
      )}
    </div>
  );
}
