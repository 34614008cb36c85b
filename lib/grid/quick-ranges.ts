// The quick ranges of the date picker and the board (today, yesterday, this week, last week, the
// last 7 and 30 days, this month, last month) as days in Japan time whatever the browser's zone:
// the shop's day is Japan's. Weeks start on Monday. Their names are what URLs and saved views
// store (`f=receive_order_date=this-week`, the board's `period=this-week`): a link or a saved view
// keeps meaning "this week" and is resolved to days when the page renders (lib/grid/filters.ts
// `resolveFilters`, components/ui/jst-today.tsx). Pure, so the unit tests pin them at week,
// month and year ends.
import { addDays, jstToday, type DayRange } from "@/lib/board/period";

export const QUICK_RANGES = ["today", "yesterday", "this-week", "last-week", "last-7", "last-30", "this-month", "last-month"] as const;
export type QuickRange = (typeof QUICK_RANGES)[number];

/** Each range's message under `relativeDates` (ja and en). */
export const QUICK_RANGE_MESSAGE = {
  today: "today",
  yesterday: "yesterday",
  "this-week": "thisWeek",
  "last-week": "lastWeek",
  "last-7": "last7",
  "last-30": "last30",
  "this-month": "thisMonth",
  "last-month": "lastMonth",
} as const satisfies Record<QuickRange, string>;

/** Names stored before the vocabulary was one (the grid's `last7`, the board's `7d`): still read. */
const OLD_NAMES: Record<string, QuickRange> = { last7: "last-7", "7d": "last-7", "30d": "last-30", thisMonth: "this-month", lastMonth: "last-month" };

export function isQuickRange(s: unknown): s is QuickRange {
  return typeof s === "string" && (QUICK_RANGES as readonly string[]).includes(s);
}

/** A stored name (today's or an older spelling) → the range's name, else null. */
export function parseQuickRange(s: string): QuickRange | null {
  return isQuickRange(s) ? s : Object.hasOwn(OLD_NAMES, s) ? (OLD_NAMES[s] ?? null) : null;
}

/** Monday of the week of `day` (`YYYY-MM-DD`): weeks start on Monday (a Sunday goes back six days). */
export function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 Sunday … 6 Saturday
  return addDays(day, -((weekday + 6) % 7));
}

/** The days a quick range covers when Japan's day is `today` (`YYYY-MM-DD`), both ends included. */
export function quickRangeOn(kind: QuickRange, today: string): DayRange {
  const firstOfMonth = `${today.slice(0, 8)}01`;
  switch (kind) {
    case "today":
      return { from: today, to: today };
    case "yesterday": {
      const yesterday = addDays(today, -1);
      return { from: yesterday, to: yesterday };
    }
    case "this-week": {
      const monday = mondayOf(today);
      return { from: monday, to: addDays(monday, 6) };
    }
    case "last-week": {
      const monday = addDays(mondayOf(today), -7);
      return { from: monday, to: addDays(monday, 6) };
    }
    case "last-7":
      return { from: addDays(today, -6), to: today };
    case "last-30":
      return { from: addDays(today, -29), to: today };
    case "this-month":
      return { from: firstOfMonth, to: today };
    case "last-month": {
      const lastOfPrevious = addDays(firstOfMonth, -1);
      return { from: `${lastOfPrevious.slice(0, 8)}01`, to: lastOfPrevious };
    }
  }
}

/** The days a quick range covers at `now`, both ends included (`YYYY-MM-DD`, JST). */
export function quickRange(kind: QuickRange, now: Date): DayRange {
  return quickRangeOn(kind, jstToday(now));
}

/** The quick range whose days are exactly `range` at `now`, if any (to show it as chosen). */
export function matchingQuickRange(range: { from: string; to: string }, now: Date): QuickRange | undefined {
  return QUICK_RANGES.find((kind) => {
    const r = quickRange(kind, now);
    return r.from === range.from && r.to === range.to;
  });
}
