// The board's period on the order date (receive_order_date), in Japan time whatever the browser's
// zone: "today" is today in Japan, and a day runs from 00:00:00 to the next day's 00:00:00 JST.
// Pure, so the unit tests pin it.
import { JST_OFFSET_MS } from "@/lib/ne/registry/types";
import type { ConditionInput } from "@/lib/query/choice-types";

export const ORDER_DATE = "receive_order_date";
export const PERIOD_KINDS = ["today", "7d", "30d", "custom"] as const;
export type PeriodKind = (typeof PERIOD_KINDS)[number];
export const DEFAULT_PERIOD: PeriodKind = "7d";
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
 * The days a period covers. Today: today in Japan; 7 and 30 days: the last 7 or 30 days ending
 * today; custom: from-to as given (swapped when reversed; a missing end is today, a missing
 * start is the end). Null when a custom day is not a real day.
 */
export function periodRange(kind: PeriodKind, now: Date, custom: { from?: string | null; to?: string | null } = {}): DayRange | null {
  const today = jstToday(now);
  if (kind === "today") return { from: today, to: today };
  if (kind === "7d") return { from: addDays(today, -6), to: today };
  if (kind === "30d") return { from: addDays(today, -29), to: today };
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
