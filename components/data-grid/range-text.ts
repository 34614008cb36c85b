// A day range as words in the page's language: a quick range by its name and days (`今週（11/23–
// 11/29）`, `This week (Nov 23 – Nov 29)`, `今日（11/28）`), days from the calendar in the one date
// style (`2026/11/17 – 2026/11/23`, `Nov 17, 2026 – Nov 23, 2026`), one open end, or none. Small:
// date-range buttons show it on the first paint, before the picker's panel (./date-range-panel.tsx)
// loads. Used by the grids' date quick filters and chips and by the board's period.
import { useTranslations } from "next-intl";
import { useJstToday } from "@/components/ui/jst-today";
import { formatDay, rangeEnds } from "@/lib/grid/day-format";
import type { GridLocale } from "@/lib/grid/format";
import { QUICK_RANGE_MESSAGE, type QuickRange } from "@/lib/grid/quick-ranges";

/** A quick range's days, short: `11/23–11/29` (one day: `11/28`); with years outside this year. */
export function useRangeDays(): (from: string, to: string, locale: GridLocale) => string {
  const t = useTranslations("relativeDates");
  const today = useJstToday();
  return (from, to, locale) => {
    const ends = rangeEnds(from, to, today, locale);
    return from === to ? ends.from : t("span", ends);
  };
}

/** A range as words: a quick range by name and days, both ends, one end, or none. */
export function useRangeText(from: string, to: string, locale: GridLocale, relative?: QuickRange): string {
  const t = useTranslations("grid.dates");
  const tRange = useTranslations("relativeDates");
  const days = useRangeDays();
  if (relative) return tRange("named", { name: tRange(QUICK_RANGE_MESSAGE[relative]), range: days(from, to, locale) });
  if (from && to) return t("range", { from: formatDay(from, locale), to: formatDay(to, locale) });
  if (from) return t("from", { from: formatDay(from, locale) });
  if (to) return t("to", { to: formatDay(to, locale) });
  return t("any");
}
