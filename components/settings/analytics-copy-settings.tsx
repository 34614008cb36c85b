"use client";
// The analytics copy on the settings page: what the product keeps for the analytics pages (order
// numbers, goods, stock; no personal data), as of when, and "Delete now" with a confirmation step.
// A copy deleted here is not built again by the schedule; someone of the company builds it again
// with "Build it now" on an analytics page (lib/analytics/README.md, schedule).
import { Trash2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { errorDescription } from "@/components/query/error-text";
import { useDeleteCopy, useSyncStatus } from "@/components/analytics/copy-sync";
import { timeZone } from "@/i18n/config";
import { expiredLoginHref } from "@/lib/query/bff-error";
import { SectionOutcome, SettingsSection } from "./settings-section";

export function AnalyticsCopySettings() {
  const t = useTranslations("settings.analyticsCopy");
  const tQuery = useTranslations("query");
  const locale = useLocale();
  const router = useRouter();
  const status = useSyncStatus();
  const remove = useDeleteCopy();
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState("");
  const [error, setError] = useState<string | null>(null);
  const asOf = status.data?.asOf;

  const confirm = () => {
    if (remove.isPending) return;
    setError(null);
    setDone("");
    remove.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        setDone(t("deleted"));
      },
      onError: (failure) => {
        setConfirming(false);
        if (failure.status === 401) router.push(expiredLoginHref("/settings"));
        else setError(failure.status === 409 ? t("running") : errorDescription(tQuery, failure));
      },
    });
  };

  return (
    <SettingsSection id="settings-analytics-copy" title={t("title")} description={t("description")}>
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="text-ink-600 dark:text-ink-300">{t("kept")}</dt>
        <dd className="text-ink-900 dark:text-ink-100">{t("keptValue")}</dd>
        <dt className="text-ink-600 dark:text-ink-300">{t("asOf")}</dt>
        <dd className="text-ink-900 tabular-nums dark:text-ink-100" data-analytics-copy-as-of={asOf ?? ""}>
          {status.isPending
            ? t("loading")
            : status.isError
              ? errorDescription(tQuery, status.error)
              : asOf
              ? new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone }).format(new Date(asOf))
              : t("none")}
        </dd>
      </dl>
      <p className="max-w-3xl text-sm text-ink-600 dark:text-ink-300">{t("after")}</p>
      <div>
        <Button onClick={() => setConfirming(true)} disabled={remove.isPending}>
          <Trash2 aria-hidden="true" />
          {t("delete")}
        </Button>
      </div>
      <SectionOutcome status={done} error={error} visible />
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        locked={remove.isPending}
        title={t("confirmTitle")}
        footer={
          <>
            <Button onClick={() => setConfirming(false)} disabled={remove.isPending}>
              {t("cancel")}
            </Button>
            <Button variant="primary" onClick={confirm} aria-disabled={remove.isPending || undefined} className="bg-red-700 hover:bg-red-800 dark:bg-red-600 dark:hover:bg-red-500">
              <Trash2 aria-hidden="true" />
              {remove.isPending ? t("deleting") : t("confirm")}
            </Button>
          </>
        }
      >
        <p className="text-sm text-ink-700 dark:text-ink-200">{t("confirmBody")}</p>
      </Modal>
    </SettingsSection>
  );
}
