import { useTranslations } from "next-intl";
import { AccountSummary, type AccountSummaryProps } from "./account-summary";
import { Brand } from "./brand";
import { LanguageSwitch } from "./language-switch";
import { MobileNav } from "./mobile-nav";
import { SignOutButton } from "./sign-out-button";
import { ThemeSwitch } from "./theme-switch";

type HeaderProps = {
  // The signed-in account; absent until sign-in exists.
  account?: AccountSummaryProps;
};

export function Header({ account }: HeaderProps) {
  const t = useTranslations("shell");
  return (
    <header className="sticky top-0 z-30 flex h-12 shrink-0 items-center border-b border-ink-200 bg-ink-0 dark:border-ink-800 dark:bg-ink-950">
      <div className="flex h-full min-w-0 items-center gap-1 px-2 md:w-56 md:shrink-0 md:border-r md:border-ink-200 md:bg-ink-50 md:px-3 md:dark:border-ink-800 md:dark:bg-ink-900">
        <MobileNav
          footer={
            <div role="group" aria-label={t("preferences")} className="flex flex-col gap-3">
              <AccountSummary {...account} />
              {account ? <SignOutButton /> : null}
              <div className="flex flex-wrap items-center gap-2">
                <LanguageSwitch />
                <ThemeSwitch />
              </div>
            </div>
          }
        />
        <Brand />
      </div>
      <div className="ml-auto hidden min-w-0 items-center gap-3 px-4 md:flex">
        <AccountSummary {...account} />
        {account ? <SignOutButton /> : null}
        <span aria-hidden="true" className="h-5 w-px bg-ink-200 dark:bg-ink-800" />
        <LanguageSwitch />
        <ThemeSwitch />
      </div>
    </header>
  );
}
