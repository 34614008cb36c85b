"use client";
// What every analytics view shows around its numbers: "as of HH:MM" (the company's copy's last
// complete sync, in Japan time), the plain message of an empty read model (first sync not done),
// the failure with its Retry, and the lazily loaded chart.
import { Database } from "lucide-react";
import { useTranslations } from "next-intl";
import { lazyComponent } from "@/components/ui/lazy-component";
import { QueryErrorState } from "@/components/query/query-error-state";
import { JST_OFFSET_MS } from "@/lib/ne/registry/types";

export const SeriesChart = lazyComponent(() => import("./series-chart"));

/** `2026-11-27 09:05` (JST) of an ISO instant. */
export function jstMinute(iso: string): string {
  return new Date(new Date(iso).getTime() + JST_OFFSET_MS).toISOString().slice(0, 16).replace("T", " ");
}

export function AsOf({ asOf }: { asOf: string | null | undefined }) {
  const t = useTranslations("analytics");
  if (!asOf) return null;
  const minute = jstMinute(asOf);
  return (
    <p className="text-xs text-ink-600 tabular-nums dark:text-ink-300" title={t("asOfTitle", { time: minute })} data-as-of={asOf}>
      {t("asOf", { time: minute.slice(11) })}
    </p>
  );
}

export function EmptyReadModel() {
  const t = useTranslations("analytics.empty");
  return (
    <div role="status" data-analytics-empty="" className="flex items-start gap-3 rounded-lg border border-ink-200 bg-ink-50 p-5 dark:border-ink-800 dark:bg-ink-900">
      <Database aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-ink-500" />
      <div className="space-y-1">
        <p className="text-sm font-semibold text-ink-950 dark:text-ink-0">{t("title")}</p>
        <p className="text-sm text-ink-700 dark:text-ink-200">{t("body")}</p>
      </div>
    </div>
  );
}

export function ViewFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return <QueryErrorState error={error} onRetry={onRetry} />;
}

export function Loading() {
  const t = useTranslations("analytics");
  return (
    <p role="status" className="text-sm text-ink-600 dark:text-ink-300">
      {t("loading")}
    </p>
  );
}
