// The analytics views' questions (browser-safe: the pages and the route handlers share it).
// - The URL a person shares: `/analytics/sales?from=2026-10-01&to=2026-10-31&by=month&shop=3`, or a
//   named period `?period=last-month` (the grids' quick ranges, lib/grid/quick-ranges.ts: Japan's
//   days, weeks from Monday) resolved to days when the page renders (lib/board/period.ts).
// - The route's query string: always explicit days (`from`, `to`), checked with zod here.
// - The periods' pure arithmetic: the previous period beside the chosen one, and the buckets
//   (days, weeks from Monday, months) a range falls into, so both periods line up bucket by bucket.
import { z } from "zod";
import { addDays, dayCount, daysOf, isDay, type DayRange } from "@/lib/board/period";
import { mondayOf } from "@/lib/grid/quick-ranges";

export const GROUPINGS = ["day", "week", "month"] as const;
export type Grouping = (typeof GROUPINGS)[number];
/** What the sales table's rows are split by, beside the period's buckets. */
export const SPLITS = ["none", "shop", "payment", "delivery"] as const;
export type Split = (typeof SPLITS)[number];
/** What the sales chart draws (the table shows them all). */
export const METRICS = ["revenue", "orders", "aov", "units"] as const;
export type Metric = (typeof METRICS)[number];
export const GOODS_SORTS = ["units", "revenue"] as const;
export type GoodsSort = (typeof GOODS_SORTS)[number];
export const GOODS_TOPS = [20, 100, 500, 1000] as const;
export const DEFAULT_GOODS_TOP = 100;

/** The read model keeps 13 months; two years lets a period and its previous one be asked for freely. */
export const MAX_PERIOD_DAYS = 731;
export const MAX_IDS = 200;
/** A goods code as the API writes it (spec 2.7: up to 50 characters). */
export const MAX_GOODS_CODE = 50;

const day = z.string().refine(isDay, "must be a real day YYYY-MM-DD");
const flag = z.enum(["1", "0"]).optional().transform((v) => v === "1");

/** A comma list of ids (digits for shops, short codes for payment and delivery methods), deduplicated and sorted. */
function idList(pattern: RegExp, what: string) {
  return z
    .string()
    .max(MAX_IDS * 21)
    .regex(pattern, `comma-separated ${what}`)
    .optional()
    .transform((s) => (s ? [...new Set(s.split(","))].sort((a, b) => Number(a) - Number(b) || a.localeCompare(b)) : []))
    .pipe(z.array(z.string()).max(MAX_IDS, `at most ${MAX_IDS} ${what}`));
}
const shopIds = idList(/^\d{1,10}(,\d{1,10})*$/, "shop ids");
const codeIds = (what: string) => idList(/^[0-9A-Za-z_-]{1,20}(,[0-9A-Za-z_-]{1,20})*$/, what);

function periodRefinements<T extends { from: string; to: string }>(schema: z.ZodType<T>) {
  return schema
    .refine((q) => q.from <= q.to, { message: "from must not be after to", path: ["to"] })
    .refine((q) => q.from > q.to || dayCount({ from: q.from, to: q.to }) <= MAX_PERIOD_DAYS, { message: `at most ${MAX_PERIOD_DAYS} days`, path: ["from"] });
}

/** GET /api/analytics/sales */
export const salesQuerySchema = periodRefinements(
  z.strictObject({
    from: day,
    to: day,
    by: z.enum(GROUPINGS).default("day"),
    split: z.enum(SPLITS).default("none"),
    shop: shopIds,
    payment: codeIds("payment methods"),
    delivery: codeIds("delivery methods"),
    cancelled: flag,
  }),
);
export type SalesQuery = z.output<typeof salesQuerySchema>;

const goodsCommon = {
  from: day,
  to: day,
  shop: shopIds,
  cancelled: flag,
};

/** GET /api/analytics/goods */
export const goodsRankingQuerySchema = periodRefinements(
  z.strictObject({
    ...goodsCommon,
    sort: z.enum(GOODS_SORTS).default("units"),
    top: z.coerce
      .number()
      .int()
      .refine((n) => (GOODS_TOPS as readonly number[]).includes(n), `one of ${GOODS_TOPS.join(", ")}`)
      .default(DEFAULT_GOODS_TOP),
  }),
);
export type GoodsRankingQuery = z.output<typeof goodsRankingQuerySchema>;

/** GET /api/analytics/goods/daily */
export const goodsDailyQuerySchema = periodRefinements(
  z.strictObject({
    ...goodsCommon,
    goods: z.string().min(1).max(MAX_GOODS_CODE),
  }),
);
export type GoodsDailyQuery = z.output<typeof goodsDailyQuerySchema>;

/** A query object back into the route's query string (lists comma-joined, defaults left out). */
export function toSearch(query: Record<string, string | number | boolean | readonly string[] | undefined>): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === false) continue;
    if (Array.isArray(v)) {
      if (v.length) p.set(k, v.join(","));
    } else p.set(k, v === true ? "1" : String(v));
  }
  return p.toString();
}

// ---------------------------------------------------------------------------------------------
// Periods and buckets

function isFirstOfMonth(d: string): boolean {
  return d.endsWith("-01");
}
function isLastOfMonth(d: string): boolean {
  return isFirstOfMonth(addDays(d, 1));
}
/** `YYYY-MM-01` moved by `months`. */
export function addMonths(firstOfMonth: string, months: number): string {
  const y = Number(firstOfMonth.slice(0, 4));
  const m = Number(firstOfMonth.slice(5, 7)) - 1 + months;
  const yy = y + Math.floor(m / 12);
  const mm = ((m % 12) + 12) % 12;
  return `${String(yy).padStart(4, "0")}-${String(mm + 1).padStart(2, "0")}-01`;
}

/**
 * The period before `range`, compared beside it: whole months (from the 1st to a month's last day)
 * go back as many months (October → September, Q3 → Q2); any other range goes back its own number
 * of days (the 7 days before, the week before).
 */
export function previousRange(range: DayRange): DayRange {
  if (isFirstOfMonth(range.from) && isLastOfMonth(range.to)) {
    const months = (Number(range.to.slice(0, 4)) - Number(range.from.slice(0, 4))) * 12 + Number(range.to.slice(5, 7)) - Number(range.from.slice(5, 7)) + 1;
    const from = addMonths(range.from, -months);
    return { from, to: addDays(range.from, -1) };
  }
  const n = dayCount(range);
  return { from: addDays(range.from, -n), to: addDays(range.from, -1) };
}

/** The bucket (`YYYY-MM-DD` of its first day: the day, the week's Monday, the month's 1st) a day falls into. */
export function bucketOf(d: string, by: Grouping): string {
  if (by === "day") return d;
  if (by === "week") return mondayOf(d);
  return `${d.slice(0, 8)}01`;
}

/** Every bucket a range touches, oldest first (the first and last may be partial). */
export function bucketsOf(range: DayRange, by: Grouping): string[] {
  if (by === "day") return daysOf(range);
  const out: string[] = [];
  let b = bucketOf(range.from, by);
  while (b <= range.to) {
    out.push(b);
    b = by === "week" ? addDays(b, 7) : addMonths(b, 1);
  }
  return out;
}

/** Average order value in whole yen (0 without orders). */
export function averageOrderValue(revenue: number, orders: number): number {
  return orders > 0 ? Math.round(revenue / orders) : 0;
}

/** Trailing moving averages over a day series (each day's window ends on it; days before the series count as given). */
export function movingAverage(values: readonly number[], window: number): number[] {
  const out: number[] = [];
  let sum = 0;
  for (let i = 0; i < values.length; i++) {
    sum += values[i]!;
    if (i >= window) sum -= values[i - window]!;
    out.push(sum / Math.min(window, i + 1));
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Answers (JSON of the routes)

/** Where the company's copy stands: `asOf` its last complete sync (ISO), null before the first one finished. */
export interface ReadModelState {
  asOf: string | null;
}

export interface SalesNumbers {
  orders: number;
  revenue: number;
  units: number;
  /** Average order value, whole yen. */
  aov: number;
}

export interface SalesRow {
  /** The bucket's first day (`YYYY-MM-DD`). */
  bucket: string;
  /** The split's value (shop id, payment or delivery method id); "" when unset, null without a split. */
  key: string | null;
  current: SalesNumbers;
  /** The previous period's bucket at the same place (the n-th bucket of each). */
  previous: SalesNumbers;
}

export interface SalesAnswer extends ReadModelState {
  range: DayRange;
  previousRange: DayRange;
  by: Grouping;
  split: Split;
  buckets: string[];
  previousBuckets: string[];
  rows: SalesRow[];
  totals: { current: SalesNumbers; previous: SalesNumbers };
}

export interface GoodsRankRow {
  rank: number;
  goodsId: string;
  goodsName: string | null;
  units: number;
  revenue: number;
  orders: number;
}

export interface GoodsRankingAnswer extends ReadModelState {
  range: DayRange;
  sort: GoodsSort;
  rows: GoodsRankRow[];
  /** How many goods sold in the period (the table shows the first `top`). */
  goodsCount: number;
  totals: { units: number; revenue: number };
}

export interface GoodsDay {
  day: string;
  units: number;
  revenue: number;
  /** Units per day over the 7 and 30 days ending that day. */
  avg7: number;
  avg30: number;
}

export interface GoodsDailyAnswer extends ReadModelState {
  range: DayRange;
  goodsId: string;
  goodsName: string | null;
  days: GoodsDay[];
  totals: { units: number; revenue: number };
}
