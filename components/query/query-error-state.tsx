"use client";
// How a failed API call looks: a clear "could not load" panel (never an empty list) with what
// went wrong in words, the error code for support, and a retry button.
import { CircleAlert, RefreshCw } from "lucide-react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { isBffError } from "@/lib/query/bff-error";

export function QueryErrorState({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const t = useTranslations("query");
  const kind = isBffError(error) ? error.kind : "upstream-failure";
  const code = isBffError(error) ? error.code : undefined;
  const description =
    isBffError(error) && error.code === "rate-limited"
      ? t("error.rateLimited", { seconds: Math.ceil((error.retryAfterMs ?? 60_000) / 1000) })
      : kind === "busy"
      ? t("error.busy")
      : kind === "forbidden"
        ? t("error.forbidden")
        : kind === "invalid-request"
          ? t("error.invalid")
          : kind === "auth-expired"
            ? t("error.expired")
            : t("error.failed");
  return (
    <div
      role="alert"
      data-grid-state="error"
      className="flex flex-col items-start gap-3 rounded-lg border border-red-200 bg-red-50 p-5 dark:border-red-900/60 dark:bg-red-950/40"
    >
      <div className="flex items-start gap-3">
        <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-red-700 dark:text-red-300" />
        <div className="space-y-1">
          <p className="text-sm font-semibold text-ink-950 dark:text-ink-0">{t("error.title")}</p>
          <p className="text-sm text-ink-700 dark:text-ink-200">{description}</p>
          {code ? <p className="font-mono text-xs text-ink-600 dark:text-ink-300">{t("error.code", { code })}</p> : null}
        </div>
      </div>
      <Button variant="primary" onClick={onRetry} className="ml-8">
        <RefreshCw aria-hidden="true" />
        {t("retry")}
      </Button>
    </div>
  );
}
