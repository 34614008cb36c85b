// A day range as words in the page's language (`2026/11/17 – 2026/11/23`, `Nov 17, 2026 – Nov 23,
// 2026`, one open end, or none). Small: date-range buttons show it on the first paint, before the
// picker's panel (./date-range-panel.tsx) loads. Used by the grids' date quick filters and the
// board's custom period.
import { useTranslations } from "next-intl";
import { formatDay } from "@/lib/grid/day-format";
import type { GridLocale } from "@/lib/grid/format";

/** A range as words: both ends, one end, or none. */
export function useRangeText(from: string, to: string, locale: GridLocale): string {
  const t = useTranslations("grid.dates");
  if (from && to) return t("range", { from: formatDay(from, locale), to: formatDay(to, locale) });
  if (from) return t("from", { from: formatDay(from, locale) });
  if (to) return t("to", { to: formatDay(to, locale) });
  return t("any");
}
