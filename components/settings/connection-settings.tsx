import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { SignOutButton } from "@/components/shell/sign-out-button";
import { SettingsSection } from "./settings-section";

export interface ConnectionInfo {
  apiBaseUrl: string;
  embeddedSandbox: boolean;
  companyName: string;
  personName: string;
  /** End dates of the session's tokens, already formatted; never the tokens themselves. */
  accessTokenEnd: { iso: string; text: string } | null;
  refreshTokenEnd: { iso: string; text: string } | null;
}

// The API in use, who is signed in and until when the session's tokens are valid (a server component).
export function ConnectionSettings({ info }: { info: ConnectionInfo }) {
  const t = useTranslations("settings.connection");
  const when = (end: ConnectionInfo["accessTokenEnd"]) => (end ? <time dateTime={end.iso}>{end.text}</time> : t("unknown"));
  const rows: { key: string; label: string; value: ReactNode }[] = [
    {
      key: "api",
      label: t("apiBase"),
      value: (
        <>
          <span className="font-mono text-xs break-all">{info.apiBaseUrl}</span>
          {info.embeddedSandbox ? (
            <span className="ml-2 inline-flex rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800 ring-1 ring-brand-200 dark:bg-brand-950/60 dark:text-brand-100 dark:ring-brand-800">
              {t("sandbox")}
            </span>
          ) : null}
        </>
      ),
    },
    { key: "company", label: t("company"), value: <span data-user-content="">{info.companyName || t("unknown")}</span> },
    { key: "person", label: t("person"), value: <span data-user-content="">{info.personName || t("unknown")}</span> },
    { key: "access-end", label: t("accessEnd"), value: when(info.accessTokenEnd) },
    { key: "refresh-end", label: t("refreshEnd"), value: when(info.refreshTokenEnd) },
  ];
  return (
    <SettingsSection id="settings-connection" title={t("title")} description={t("description")}>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        {rows.map((row) => (
          <div key={row.key} data-connection={row.key} className="contents">
            <dt className="font-medium text-ink-600 dark:text-ink-400">{row.label}</dt>
            <dd className="text-ink-900 dark:text-ink-100">{row.value}</dd>
          </div>
        ))}
      </dl>
      <div className="flex flex-wrap items-center gap-3 border-t border-ink-100 pt-3 dark:border-ink-800">
        <SignOutButton />
        <p className="text-xs text-ink-600 dark:text-ink-400">{t("signOutHint")}</p>
      </div>
    </SettingsSection>
  );
}
