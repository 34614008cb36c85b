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
/** Up to this many days the chart has a bar per day; a one-day period has one per hour (JST). */
export const MAX_CHART_DAYS = 31;
/** Up to this many days a longer period is grouped by week (Monday start); past it, by month. */
export const MAX_WEEK_CHART_DAYS = 120;

/** How the chart groups the period: by JST hour (one day), day (≤ 31 days), week (≤ 120), or month. */
export const CHART_UNITS = ["hour", "day", "week", "month"] as const;
export type ChartUnit = (typeof CHART_UNITS)[number];

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

/** The unit the chart groups a period by: hour for one day, day up to 31 days, week up to 120, month past that. */
export function chartUnitOf(range: DayRange): ChartUnit {
  const days = dayCount(range);
  if (days <= 1) return "hour";
  if (days <= MAX_CHART_DAYS) return "day";
  return days <= MAX_WEEK_CHART_DAYS ? "week" : "month";
}

/** Monday of the week of `day` (weeks start on Monday, as the quick ranges' weeks). */
export function weekStart(day: string): string {
  const ms = dayToUtcMs(day);
  if (ms === null) throw new RangeError(`weekStart: not a day: ${day}`);
  const weekday = new Date(ms).getUTCDay(); // 0 Sunday .. 6 Saturday
  return addDays(day, -((weekday + 6) % 7));
}

/**
 * One bar of the chart: `key` names it (hour `00`–`23`, day `YYYY-MM-DD`, week its Monday
 * `YYYY-MM-DD`, month `YYYY-MM`), `from`–`to` the days of the period it covers (a first or last
 * week or month may be cut by the period's ends).
 */
export interface ChartBucket {
  key: string;
  from: string;
  to: string;
}

/** The chart's buckets of a period, oldest first: every hour, day, week or month of it, none left out. */
export function chartBuckets(range: DayRange, unit: ChartUnit = chartUnitOf(range)): ChartBucket[] {
  if (unit === "hour") return Array.from({ length: 24 }, (_, h) => ({ key: String(h).padStart(2, "0"), from: range.to, to: range.to }));
  const days = daysOf(range);
  const buckets: ChartBucket[] = [];
  for (const day of days) {
    const key = unit === "day" ? day : unit === "week" ? weekStart(day) : day.slice(0, 7);
    const last = buckets[buckets.length - 1];
    if (last && last.key === key) last.to = day;
    else buckets.push({ key, from: day, to: day });
  }
  return buckets;
}

/** The key of the bucket a slip's order date (`YYYY-MM-DD HH:MM:SS`, JST) falls in. */
export function bucketKeyOf(date: string, unit: ChartUnit): string {
  const day = date.slice(0, 10);
  switch (unit) {
    case "hour":
      return date.slice(11, 13);
    case "day":
      return day;
    case "week":
      return isDay(day) ? weekStart(day) : "";
    case "month":
      return date.slice(0, 7);
  }
}
