// A day (`YYYY-MM-DD`) written in the page's language, never the browser's: `2026/11/23` in
// Japanese, `Nov 23, 2026` in English. Intl with an explicit locale and UTC on both sides, so
// neither the browser's locale nor its zone can move it. Small and dependency-free: the date
// picker's button shows it on the first paint, before the calendar's chunk loads.
import type { GridLocale } from "./format";

const formats = new Map<GridLocale, Intl.DateTimeFormat>();

function formatOf(locale: GridLocale): Intl.DateTimeFormat {
  let f = formats.get(locale);
  if (!f) {
    f =
      locale === "ja"
        ? new Intl.DateTimeFormat("ja-JP", { timeZone: "UTC", year: "numeric", month: "2-digit", day: "2-digit" })
        : new Intl.DateTimeFormat("en-US", { timeZone: "UTC", year: "numeric", month: "short", day: "numeric" });
    formats.set(locale, f);
  }
  return f;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `2026-11-23` → `2026/11/23` (ja) or `Nov 23, 2026` (en); anything else is returned as is. */
export function formatDay(day: string, locale: GridLocale): string {
  const m = DAY.exec(day);
  if (!m) return day;
  return formatOf(locale).format(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))));
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
