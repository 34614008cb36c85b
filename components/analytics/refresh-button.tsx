"use client";
// "Refresh" beside the analytics pages' "as of HH:MM" (and "Build the copy now" in the empty
// copy's message): asks for a sync of the company's copy, says "Refreshing…" while it runs (the
// button stays focusable but does nothing meanwhile, and a sync already running, scheduled or
// asked by someone else, shows the same), and reloads the view's numbers when the copy is as of
// the request; a failure says why, with Retry. Every instance on the page shares one refresh.
import { RefreshCw } from "lucide-react";
import { useTranslations } from "next-intl";
import { useIsMutating } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { errorDescription } from "@/components/query/error-text";
import { REFRESH_MUTATION_KEY, RefreshFailed, useRefreshCopy, useSyncStatus } from "./copy-sync";

export function RefreshButton({ build = false }: { build?: boolean }) {
  const t = useTranslations("analytics.refresh");
  const tQuery = useTranslations("query");
  const status = useSyncStatus();
  const refresh = useRefreshCopy();
  const refreshing = useIsMutating({ mutationKey: REFRESH_MUTATION_KEY }) > 0 || status.data?.running === true;
  const start = () => {
    if (!refreshing) refresh.mutate();
  };
  const failure = refresh.error
    ? refresh.error instanceof RefreshFailed
      ? refresh.error.reason === "timeout"
        ? t("timeout")
        : t("failed", { reason: refresh.error.detail ?? "" })
      : errorDescription(tQuery, refresh.error)
    : null;
  return (
    <div className="flex flex-col items-end gap-1" data-analytics-refresh="">
      <Button
        size="sm"
        variant={build ? "primary" : "secondary"}
        onClick={start}
        aria-disabled={refreshing || undefined}
        className="aria-disabled:cursor-progress aria-disabled:opacity-60"
      >
        <RefreshCw aria-hidden="true" className={refreshing ? "animate-spin motion-reduce:animate-none" : undefined} />
        {refreshing ? t("running") : build ? t("build") : t("action")}
      </Button>
      <p role="status" aria-live="polite" className="text-xs text-ink-600 dark:text-ink-300">
        {refreshing ? <span className="sr-only">{t("running")}</span> : refresh.isSuccess ? t("done") : null}
      </p>
      {failure && !refreshing ? (
        <div role="alert" className="flex max-w-sm flex-wrap items-center justify-end gap-2 text-xs text-red-700 dark:text-red-300">
          <span>{failure}</span>
          <Button size="sm" variant="ghost" onClick={start}>
            {t("retry")}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
