"use client";
// The panel of a date-range picker (./quick-date-range.tsx): quick ranges in Japan time (today,
// yesterday, the last 7 days, this month, last month) that apply at once, and a calendar in the
// page's language for any other range, applied with Apply. Its own chunk with the calendar,
// loaded when the picker's button is first hovered, focused or opened.
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import type { DayRange } from "@/lib/board/period";
import { formatDay } from "@/lib/grid/day-format";
import type { GridLocale } from "@/lib/grid/format";
import { matchingQuickRange, QUICK_RANGES, quickRange } from "@/lib/grid/quick-ranges";
import DayCalendar from "./day-calendar";

export interface DateRangePanelProps {
  label: string;
  locale: GridLocale;
  /** The current range; "" for an open end. */
  from: string;
  to: string;
  /** Applies a range (both ends "" to clear), then closes. */
  onApply: (range: { from: string; to: string }) => void;
}

export default function DateRangePanel({ label, locale, from, to, onApply }: DateRangePanelProps) {
  const t = useTranslations("grid.dates");
  // Mounted each time the panel opens, so the draft starts from the current range.
  const [draft, setDraft] = useState({ from, to });
  const [now] = useState(() => new Date());
  const current = from && to ? matchingQuickRange({ from, to }, now) : undefined;
  const apply = (range: DayRange) => onApply(range);
  return (
    <div className="flex flex-col gap-3 sm:flex-row">
      <div role="group" aria-label={t("quick")} className="flex flex-wrap gap-1.5 sm:w-32 sm:flex-col">
        {QUICK_RANGES.map((kind) => (
          <Button
            key={kind}
            size="sm"
            variant={current === kind ? "primary" : "secondary"}
            aria-pressed={current === kind}
            className="sm:justify-start"
            onClick={() => apply(quickRange(kind, now))}
          >
            {t(kind)}
          </Button>
        ))}
      </div>
      <div className="flex min-w-0 flex-col gap-2">
        <DayCalendar mode="range" locale={locale} label={t("calendar", { label })} from={draft.from} to={draft.to} onChange={setDraft} />
        <p aria-live="polite" className={cn("text-xs", draft.from ? "text-ink-800 dark:text-ink-100" : "text-ink-600 dark:text-ink-300")} data-date-draft="">
          {draft.from && draft.to
            ? t("chosen", { range: t("range", { from: formatDay(draft.from, locale), to: formatDay(draft.to, locale) }) })
            : draft.from
              ? t("pickEnd")
              : t("none")}
        </p>
        <div className="flex justify-between gap-2">
          <Button size="sm" variant="ghost" onClick={() => onApply({ from: "", to: "" })}>
            {t("clear")}
          </Button>
          <Button size="sm" variant="primary" disabled={!draft.from} onClick={() => onApply({ from: draft.from, to: draft.to || draft.from })}>
            {t("apply")}
          </Button>
        </div>
      </div>
    </div>
  );
}
