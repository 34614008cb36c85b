// The board's period on the order date (receive_order_date), in Japan time whatever the browser's
// zone: "today" is today in Japan, and a day runs from 00:00:00 to the next day's 00:00:00 JST.
// Its named periods are the grids' quick ranges, same names and words (lib/grid/quick-ranges.ts:
// `period=this-week` on the board, `f=receive_order_date=this-week` on a grid); `custom` is days.
// Pure, so the unit tests pin it.
import { JST_OFFSET_MS } from "@/lib/ne/registry/types";
import type { ConditionInput } from "@/lib/query/choice-types";
// Used only inside functions: quick-ranges imports this module's day helpers (no cycle at load).
import { parseQuickRange, quickRangeOn, type QuickRange } from "@/lib/grid/quick-ranges";

export const ORDER_DATE = "receive_order_date";
/** Every period the board's URL takes: the quick ranges by name, and `custom` days. */
export const PERIOD_KINDS = ["today", "yesterday", "this-week", "last-week", "last-7", "last-30", "this-month", "last-month", "custom"] as const satisfies readonly (QuickRange | "custom")[];
export type PeriodKind = (typeof PERIOD_KINDS)[number];
/** The periods the board's toggle offers (the others come from the custom picker's quick ranges). */
export const BOARD_PERIODS = ["today", "this-week", "last-week", "last-7", "last-30"] as const satisfies readonly QuickRange[];
export const DEFAULT_PERIOD: PeriodKind = "last-7";

/** `period=`: a period's name (older `7d`, `30d` read as `last-7`, `last-30`), else null. */
export function parsePeriod(s: string): PeriodKind | null {
  return s === "custom" ? "custom" : parseQuickRange(s);
}
/** The chart shows at most this many days (the period's last ones), so that its bars stay readable. */
export const MAX_CHART_DAYS = 31;

export interface DayRange {
  /** First day, `YYYY-MM-DD` (JST), inclusive. */
  from: string;
  /** Last day, `YYYY-MM-DD` (JST), inclusive. */
  to: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function dayToUtcMs(day: string): number | null {
  const m = DAY.exec(day);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const ms = Date.UTC(y, mo - 1, d);
  const back = new Date(ms);
  if (y < 1 || back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return null;
  return ms;
}

function utcMsToDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** A real calendar day written `YYYY-MM-DD`. */
export function isDay(value: string): boolean {
  return dayToUtcMs(value) !== null;
}

/** Today in Japan, `YYYY-MM-DD`. */
export function jstToday(now: Date): string {
  return utcMsToDay(now.getTime() + JST_OFFSET_MS);
}

/** `day` moved by `days` (negative goes back). */
export function addDays(day: string, days: number): string {
  const ms = dayToUtcMs(day);
  if (ms === null) throw new RangeError(`addDays: not a day: ${day}`);
  return utcMsToDay(ms + days * DAY_MS);
}

/**
 * The days a period covers: a named one the quick range's days in Japan (the last 7 and 30 days
 * end today; weeks start on Monday); custom: from-to as given (swapped when reversed; a missing end
 * is today, a missing start is the end). Null when a custom day is not a real day.
 */
export function periodRange(kind: PeriodKind, now: Date, custom: { from?: string | null; to?: string | null } = {}): DayRange | null {
  const today = jstToday(now);
  if (kind !== "custom") return quickRangeOn(kind, today);
  const to = custom.to || today;
  const from = custom.from || to;
  if (!isDay(from) || !isDay(to)) return null;
  return from <= to ? { from, to } : { from: to, to: from };
}

/** The API conditions of a range on the order date: `-gte` its first midnight, `-lt` the midnight after its last day. */
export function dateConditions(range: DayRange, field = ORDER_DATE): ConditionInput[] {
  return [
    { field, op: "gte", value: `${range.from} 00:00:00` },
    { field, op: "lt", value: `${addDays(range.to, 1)} 00:00:00` },
  ];
}

/** How many days a range covers (0 when reversed or not real days), without listing them. */
export function dayCount(range: DayRange): number {
  const start = dayToUtcMs(range.from);
  const end = dayToUtcMs(range.to);
  if (start === null || end === null || end < start) return 0;
  return Math.round((end - start) / DAY_MS) + 1;
}

/** Every day of a range, oldest first. */
export function daysOf(range: DayRange): string[] {
  const start = dayToUtcMs(range.from);
  const end = dayToUtcMs(range.to);
  if (start === null || end === null || end < start) return [];
  const days: string[] = [];
  for (let ms = start; ms <= end; ms += DAY_MS) days.push(utcMsToDay(ms));
  return days;
}

/** The chart's day buckets: the range's days, cut to its last `max` days; `truncated` says a longer period was cut. */
export function chartDays(range: DayRange, max = MAX_CHART_DAYS): { days: string[]; truncated: boolean; total: number } {
  const total = dayCount(range);
  const days = total > max ? daysOf({ from: addDays(range.to, 1 - max), to: range.to }) : daysOf(range);
  return { days, truncated: total > max, total };
}
