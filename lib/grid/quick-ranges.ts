// The quick ranges of the date picker (today, yesterday, the last 7 days, this month, last month),
// as days in Japan time whatever the browser's zone: the shop's day is Japan's. Pure, so the unit
// tests pin them at month and year ends.
import { addDays, jstToday, type DayRange } from "@/lib/board/period";

export const QUICK_RANGES = ["today", "yesterday", "last7", "thisMonth", "lastMonth"] as const;
export type QuickRange = (typeof QUICK_RANGES)[number];

/** The days a quick range covers at `now`, both ends included (`YYYY-MM-DD`, JST). */
export function quickRange(kind: QuickRange, now: Date): DayRange {
  const today = jstToday(now);
  const firstOfMonth = `${today.slice(0, 8)}01`;
  switch (kind) {
    case "today":
      return { from: today, to: today };
    case "yesterday": {
      const yesterday = addDays(today, -1);
      return { from: yesterday, to: yesterday };
    }
    case "last7":
      return { from: addDays(today, -6), to: today };
    case "thisMonth":
      return { from: firstOfMonth, to: today };
    case "lastMonth": {
      const lastOfPrevious = addDays(firstOfMonth, -1);
      return { from: `${lastOfPrevious.slice(0, 8)}01`, to: lastOfPrevious };
    }
  }
}

/** The quick range whose days are exactly `range` at `now`, if any (to show it as chosen). */
export function matchingQuickRange(range: { from: string; to: string }, now: Date): QuickRange | undefined {
  return QUICK_RANGES.find((kind) => {
    const r = quickRange(kind, now);
    return r.from === range.from && r.to === range.to;
  });
}
