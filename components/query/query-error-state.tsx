"use client";
// How a failed API call looks: a clear "could not load" panel (never an empty list) with what
// went wrong in words, the error code for support, and a retry button. The API in maintenance
// (003004/003005) has a panel of its own: nothing the person did is lost (filters, page and size
// stay in the address), and the call is asked again by itself after MAINTENANCE_RETRY_S, counted
// down on screen, with "Try again now" for the impatient.
import { CircleAlert, RefreshCw, Wrench } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { isBffError } from "@/lib/query/bff-error";
import { MAINTENANCE_RETRY_S, isMaintenance } from "@/lib/query/maintenance";
import { errorDescription } from "./error-text";

/**
 * Seconds left before `onDone` runs (once), counting down while `active`. A new `key` (the next
 * failure's error, after a refetch that failed again) starts a new count.
 */
function useCountdown(active: boolean, seconds: number, onDone: () => void, key: unknown): number {
  const [shown, setShown] = useState<{ key: unknown; left: number }>({ key, left: seconds });
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  });
  useEffect(() => {
    if (!active) return;
    const endsAt = Date.now() + seconds * 1000;
    const timer = window.setInterval(() => {
      const left = Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
      setShown({ key, left });
      if (left === 0) {
        window.clearInterval(timer);
        done.current();
      }
    }, 250);
    return () => window.clearInterval(timer);
  }, [active, seconds, key]);
  return Object.is(shown.key, key) ? shown.left : seconds;
}

export function QueryErrorState({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const t = useTranslations("query");
  const maintenance = isMaintenance(error);
  const left = useCountdown(maintenance, MAINTENANCE_RETRY_S, onRetry, error);
  const code = isBffError(error) ? error.code : undefined;
  if (maintenance) {
    return (
      <div
        role="alert"
        data-grid-state="error"
        data-error-kind="maintenance"
        className="flex flex-col items-start gap-3 rounded-lg border border-amber-200 bg-amber-50 p-5 dark:border-amber-900/60 dark:bg-amber-950/40"
      >
        <div className="flex items-start gap-3">
          <Wrench aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-700 dark:text-amber-300" />
          <div className="space-y-1">
            <p className="text-sm font-semibold text-ink-950 dark:text-ink-0">{t("maintenance.title")}</p>
            <p className="text-sm text-ink-700 dark:text-ink-200">{t("error.maintenance")}</p>
            <p className="text-sm text-ink-700 dark:text-ink-200">{t("maintenance.kept")}</p>
            <p role="status" className="text-sm text-ink-700 dark:text-ink-200">
              {t("maintenance.countdown", { seconds: left })}
            </p>
            {code ? <p className="font-mono text-xs text-ink-600 dark:text-ink-300">{t("error.code", { code })}</p> : null}
          </div>
        </div>
        <Button variant="primary" onClick={onRetry} className="ml-8">
          <RefreshCw aria-hidden="true" />
          {t("maintenance.retryNow")}
        </Button>
      </div>
    );
  }
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
          <p className="text-sm text-ink-700 dark:text-ink-200">{errorDescription(t, error)}</p>
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
