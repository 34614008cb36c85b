"use client";
// The panel of a date-range picker (./quick-date-range.tsx, the board's period): quick ranges in
// Japan time (today, yesterday, this week, last week, the last 7 and 30 days, this month, last
// month) that apply at once by name (a link or saved view keeps "this week", not its days), and a
// calendar in the page's language for any other range, applied with Apply as days. The quick
// ranges are buttons that look like buttons (a tinted face with a border, a hover, the current one
// pressed: filled, with a check and `aria-pressed`), not the white boxes of text fields. Its own
// chunk with the calendar, loaded when the picker's button is first hovered, focused or opened.
import { Check } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { useJstToday } from "@/components/ui/jst-today";
import { formatDay, rangeEnds } from "@/lib/grid/day-format";
import type { GridLocale } from "@/lib/grid/format";
import { QUICK_RANGE_MESSAGE, QUICK_RANGES, quickRangeOn, type QuickRange } from "@/lib/grid/quick-ranges";
import DayCalendar from "./day-calendar";

export interface DateRangePanelProps {
  label: string;
  locale: GridLocale;
  /** The current range; "" for an open end. */
  from: string;
  to: string;
  /** The quick range the current one is, by name (a relative range), if it is one. */
  relative?: QuickRange;
  /** Applies a range (both ends "" to clear), with its name when it is a quick range, then closes. */
  onApply: (range: { from: string; to: string }, name?: QuickRange) => void;
}

const quickButton =
  "inline-flex h-8 items-center justify-center gap-1 rounded-full border px-3 text-xs font-medium whitespace-nowrap shadow-xs transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400 [&_svg]:size-3.5";
const quickIdle =
  "border-brand-200 bg-brand-50 text-brand-800 hover:border-brand-300 hover:bg-brand-100 active:bg-brand-200 dark:border-brand-800 dark:bg-brand-950 dark:text-brand-100 dark:hover:bg-brand-900";
const quickPressed = "border-brand-600 bg-brand-600 text-white hover:bg-brand-700 dark:border-brand-400 dark:bg-brand-500 dark:hover:bg-brand-400 dark:hover:text-ink-950";

export default function DateRangePanel({ label, locale, from, to, relative, onApply }: DateRangePanelProps) {
  const t = useTranslations("grid.dates");
  const tRange = useTranslations("relativeDates");
  // Mounted each time the panel opens, so the draft starts from the current range.
  const [draft, setDraft] = useState({ from, to });
  const today = useJstToday();
  // The named range, else a quick range with exactly these days (an absolute link from before).
  const current = relative ?? (from && to ? QUICK_RANGES.find((kind) => {
    const r = quickRangeOn(kind, today);
    return r.from === from && r.to === to;
  }) : undefined);
  return (
    <div className="flex flex-col gap-3 sm:flex-row">
      <div role="group" aria-label={t("quick")} className="grid grid-cols-2 content-start gap-1.5 sm:w-44">
        {QUICK_RANGES.map((kind) => {
          const range = quickRangeOn(kind, today);
          const ends = rangeEnds(range.from, range.to, today, locale);
          const pressed = current === kind;
          return (
            <button
              key={kind}
              type="button"
              aria-pressed={pressed}
              data-quick-range={kind}
              title={range.from === range.to ? formatDay(range.from, locale) : tRange("span", ends)}
              className={cn(quickButton, pressed ? quickPressed : quickIdle)}
              onClick={() => onApply(range, kind)}
            >
              {pressed ? <Check aria-hidden="true" /> : null}
              {tRange(QUICK_RANGE_MESSAGE[kind])}
            </button>
          );
        })}
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
