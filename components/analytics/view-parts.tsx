"use client";
// What every analytics view shows around its numbers: "as of HH:MM" (the company's copy's last
// complete sync, in Japan time) with the refresh button, the plain message of an empty read model
// (no copy yet: its button builds it), the failure with its Retry, and the lazily loaded chart.
import { Database } from "lucide-react";
import { useTranslations } from "next-intl";
import { PeriodFilter } from "@/components/board/board-filters";
import type { GridLocale } from "@/lib/grid/format";
import type { DayRange, PeriodKind } from "@/lib/board/period";
import { lazyComponent } from "@/components/ui/lazy-component";
import { QueryErrorState } from "@/components/query/query-error-state";
import { JST_OFFSET_MS } from "@/lib/ne/registry/types";
import { RefreshButton } from "./refresh-button";

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

/** "As of HH:MM" and the refresh button beside it. */
export function CopyState({ asOf }: { asOf: string | null | undefined }) {
  return (
    <div className="flex items-start gap-3">
      <div className="pt-1.5">
        <AsOf asOf={asOf} />
      </div>
      <RefreshButton />
    </div>
  );
}

/** The page's title, its description, and the copy's state (as of, refresh). */
export function ViewHeader({ title, description, asOf }: { title: string; description: string; asOf: string | null | undefined }) {
  return (
    <div className="flex flex-col gap-3 border-b border-ink-200 pb-4 sm:flex-row sm:items-start sm:justify-between dark:border-ink-800">
      <div className="min-w-0 space-y-1">
        <h1 className="text-xl font-semibold tracking-tight text-ink-950 dark:text-ink-0">{title}</h1>
        <p className="max-w-3xl text-sm leading-relaxed text-ink-600 dark:text-ink-300">{description}</p>
      </div>
      <CopyState asOf={asOf} />
    </div>
  );
}

/** The URL's period as the views keep it (components/analytics/url-state.ts): a named period, or custom days. */
export interface PeriodInUrl {
  period: PeriodKind | null;
  from: string | null;
  to: string | null;
}

/** The board's period picker wired to a view's URL: a named period clears the days; "custom" starts from the days shown. */
export function ViewPeriodFilter({ kind, range, locale, onChange }: { kind: PeriodKind; range: DayRange | null; locale: GridLocale; onChange: (period: PeriodInUrl) => void }) {
  return (
    <PeriodFilter
      kind={kind}
      from={range?.from ?? ""}
      to={range?.to ?? ""}
      locale={locale}
      onKind={(k) => onChange(k === "custom" ? { period: null, from: range?.from ?? null, to: range?.to ?? null } : { period: k, from: null, to: null })}
      onCustom={({ from, to }) => onChange({ period: null, from, to })}
    />
  );
}

/** No copy yet (never built, or deleted on request): says so, and its button builds it. */
export function EmptyReadModel({ title, body }: { title?: string; body?: string }) {
  const t = useTranslations("analytics.empty");
  return (
    <div data-analytics-empty="" className="flex flex-col items-start gap-3 rounded-lg border border-ink-200 bg-ink-50 p-5 sm:flex-row sm:justify-between dark:border-ink-800 dark:bg-ink-900">
      <div role="status" className="flex items-start gap-3">
        <Database aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-ink-500" />
        <div className="space-y-1">
          <p className="text-sm font-semibold text-ink-950 dark:text-ink-0">{title ?? t("title")}</p>
          <p className="text-sm text-ink-700 dark:text-ink-200">{body ?? t("body")}</p>
        </div>
      </div>
      <RefreshButton build />
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
