"use client";
// How a failed API call looks: a clear "could not load" panel (never an empty list) with what
// went wrong in words, the error code for support, and a retry button. The API in maintenance
// (003004/003005) has a panel of its own: nothing the person did is lost (filters, page and size
// stay in the address), and the call is asked again by itself after MAINTENANCE_RETRY_S, counted
// down on screen, with "Try again now" for the impatient.
import { CircleAlert, RefreshCw, Wrench } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState, type ReactNode } from "react";
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

const TONES = {
  error: {
    frame: "border-red-200 bg-red-50 dark:border-red-900/60 dark:bg-red-950/40",
    icon: "text-red-700 dark:text-red-300",
  },
  maintenance: {
    frame: "border-amber-200 bg-amber-50 dark:border-amber-900/60 dark:bg-amber-950/40",
    icon: "text-amber-700 dark:text-amber-300",
  },
} as const;

/** The panel's frame: an icon, a title, its lines (the error code last) and one button. */
function ErrorPanel({ tone, title, lines, code, action, onAction }: { tone: keyof typeof TONES; title: string; lines: ReactNode; code?: string; action: string; onAction: () => void }) {
  const t = useTranslations("query");
  const Icon = tone === "maintenance" ? Wrench : CircleAlert;
  return (
    <div
      role="alert"
      data-grid-state="error"
      data-error-kind={tone === "maintenance" ? "maintenance" : undefined}
      className={`flex flex-col items-start gap-3 rounded-lg border p-5 ${TONES[tone].frame}`}
    >
      <div className="flex items-start gap-3">
        <Icon aria-hidden="true" className={`mt-0.5 size-5 shrink-0 ${TONES[tone].icon}`} />
        <div className="space-y-1">
          <p className="text-sm font-semibold text-ink-950 dark:text-ink-0">{title}</p>
          {lines}
          {code ? <p className="font-mono text-xs text-ink-600 dark:text-ink-300">{t("error.code", { code })}</p> : null}
        </div>
      </div>
      <Button variant="primary" onClick={onAction} className="ml-8">
        <RefreshCw aria-hidden="true" />
        {action}
      </Button>
    </div>
  );
}

const LINE = "text-sm text-ink-700 dark:text-ink-200";

export function QueryErrorState({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const t = useTranslations("query");
  const maintenance = isMaintenance(error);
  const left = useCountdown(maintenance, MAINTENANCE_RETRY_S, onRetry, error);
  const code = isBffError(error) ? error.code : undefined;
  if (maintenance) {
    return (
      <ErrorPanel
        tone="maintenance"
        title={t("maintenance.title")}
        code={code}
        action={t("maintenance.retryNow")}
        onAction={onRetry}
        lines={
          <>
            <p className={LINE}>{t("error.maintenance")}</p>
            <p className={LINE}>{t("maintenance.kept")}</p>
            <p role="status" className={LINE}>
              {t("maintenance.countdown", { seconds: left })}
            </p>
          </>
        }
      />
    );
  }
  return <ErrorPanel tone="error" title={t("error.title")} code={code} action={t("retry")} onAction={onRetry} lines={<p className={LINE}>{errorDescription(t, error)}</p>} />;
}
