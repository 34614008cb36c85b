// How the app writes days and named ranges (lib/grid/day-format.ts, components/data-grid/range-text.ts),
// for stories to compare with what a page shows: `2026/11/23`, `Nov 23, 2026`; a named range
// `今週（11/23–11/29）`, `This week (Nov 23 – Nov 29)` (with years when not this year's).
import { catalogues, format, type Locale } from "../pages/messages";

export type RangeKey = "today" | "yesterday" | "thisWeek" | "lastWeek" | "last7" | "last30" | "thisMonth" | "lastMonth";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

export function dayText(day: string, locale: Locale): string {
  const [y, m, d] = day.split("-");
  return locale === "ja" ? `${y}/${m}/${d}` : `${MONTHS[Number(m) - 1]} ${Number(d)}, ${y}`;
}

function shortDay(day: string, locale: Locale): string {
  const [, m, d] = day.split("-");
  return locale === "ja" ? `${Number(m)}/${Number(d)}` : `${MONTHS[Number(m) - 1]} ${Number(d)}`;
}

/** A range's days as chips and named ranges write them: `11/21–11/27` (one day: `11/27`). */
export function spanText(from: string, to: string, today: string, locale: Locale): string {
  const year = today.slice(0, 4);
  const f = from.slice(0, 4) === year && to.slice(0, 4) === year ? shortDay : dayText;
  const r = catalogues[locale].relativeDates;
  return from === to ? f(from, locale) : format(r.span, { from: f(from, locale), to: f(to, locale) });
}

/** A named range with its days: `今週（11/23–11/29）`. */
export function namedRangeText(kind: RangeKey, from: string, to: string, today: string, locale: Locale): string {
  const r = catalogues[locale].relativeDates;
  return format(r.named, { name: r[kind], range: spanText(from, to, today, locale) });
}
