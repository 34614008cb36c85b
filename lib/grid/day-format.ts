// The one date style of the screens, in the page's language, never the browser's: Japanese
// `2026/11/23` (`2026/11/23 14:05` with a time), English `Nov 23, 2026` (`Nov 23, 2026 14:05`);
// within a year, short forms for ranges (`11/23`, `Nov 23`). Cells, the drawer, chips, the date
// buttons and the board all write dates through here (lib/grid/format.ts for API values). Days
// are calendar days, so neither the browser's locale nor its zone can move them. Small and
// dependency-free: the date picker's button shows a day on the first paint, before the calendar's
// chunk loads. CSV exports keep the API's machine format and do not use it.
import type { GridLocale } from "./format";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `2026-11-23` → `2026/11/23` (ja) or `Nov 23, 2026` (en); anything else is returned as is. */
export function formatDay(day: string, locale: GridLocale): string {
  const m = DAY.exec(day);
  if (!m) return day;
  const [, y, mo, d] = m;
  return locale === "ja" ? `${y}/${mo}/${d}` : `${MONTHS[Number(mo) - 1] ?? mo} ${Number(d)}, ${y}`;
}

/** A day and a time of day (`HH:MM`): `2026/11/23 14:05` (ja), `Nov 23, 2026 14:05` (en). */
export function formatDayTime(day: string, time: string, locale: GridLocale): string {
  return `${formatDay(day, locale)} ${time}`;
}

/** A day without its year, for a range within one year: `11/23` (ja), `Nov 23` (en). */
export function formatShortDay(day: string, locale: GridLocale): string {
  const m = DAY.exec(day);
  if (!m) return day;
  const [, , mo, d] = m;
  return locale === "ja" ? `${Number(mo)}/${Number(d)}` : `${MONTHS[Number(mo) - 1] ?? mo} ${Number(d)}`;
}

/**
 * The two ends of a range as they are written in it: without the year when both fall in the
 * year of `today` (`11/21`, `11/27`), else in full.
 */
export function rangeEnds(from: string, to: string, today: string, locale: GridLocale): { from: string; to: string } {
  const year = today.slice(0, 4);
  const short = from.slice(0, 4) === year && to.slice(0, 4) === year;
  const f = short ? formatShortDay : formatDay;
  return { from: f(from, locale), to: f(to, locale) };
}

/** A calendar day as a local `Date` at midnight (what a calendar widget works with). */
export function dayToLocalDate(day: string): Date | undefined {
  const m = DAY.exec(day);
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : undefined;
}

/** A calendar widget's local `Date` → `YYYY-MM-DD` (its local calendar day). */
export function localDateToDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
