// The board endpoint's contract, shared by the route (app/api/board) and the page
// (components/board): its URL and parameters, its answer, and the refresh intervals the server's
// cache lifetime is tied to. Browser-safe and free of zod (the route checks its query with the zod
// schema of ./server/request.ts; the page checks the answer by hand, as lib/query does).

import { CHART_UNITS, type ChartUnit } from "./period";

export const BOARD_URL = "/api/board";

/** How many newest slips a status card shows. */
export const NEWEST = 5;

/** The board's refresh intervals in seconds (components/board/refresh-schedule.ts offers them, plus off). */
export const REFRESH_CHOICES = ["off", "30", "60", "300"] as const;
export type RefreshChoice = (typeof REFRESH_CHOICES)[number];

/**
 * How long the server keeps one company's numbers: the shortest refresh interval, so a board that
 * refreshes every 30 s never gets numbers older than one interval, and every screen in between
 * shares one computation.
 */
export const BOARD_CACHE_TTL_MS = Math.min(...REFRESH_CHOICES.filter((c) => c !== "off").map(Number)) * 1000;

/** What the page asks: the order-date period (JST days, inclusive), the shops (none: all). */
export interface BoardQuery {
  from: string;
  to: string;
  shops: readonly string[];
  /** Count cancelled slips too (default: live slips only). */
  includeCancelled: boolean;
  /** Ask for numbers computed now rather than the cached ones ("Refresh now"). */
  fresh?: boolean;
}

/** `/api/board?from=..&to=..[&shop=1,3][&cancelled=1][&fresh=1]`. */
export function boardUrl(query: BoardQuery): string {
  const params = new URLSearchParams({ from: query.from, to: query.to });
  if (query.shops.length) params.set("shop", query.shops.join(","));
  if (query.includeCancelled) params.set("cancelled", "1");
  if (query.fresh) params.set("fresh", "1");
  return `${BOARD_URL}?${params.toString()}`;
}

/** One of a status's newest slips: what its card shows. */
export interface BoardSlip {
  id: string;
  shopId: string;
  purchaserName: string;
  totalAmount: string;
  /** Order date, JST `YYYY-MM-DD HH:MM:SS`. */
  date: string;
}

export interface BoardStatusNumbers {
  id: string;
  count: number;
  /** Newest first, at most NEWEST. */
  newest: BoardSlip[];
}

/** One bar of the chart (lib/board/period.ts `chartBuckets`): orders and revenue of its hour, day, week or month. */
export interface BoardBucket {
  /** Hour `00`–`23`, day `YYYY-MM-DD`, week its Monday `YYYY-MM-DD`, month `YYYY-MM`. */
  key: string;
  /** The period's days it covers (a first or last week or month may be cut by the period's ends). */
  from: string;
  to: string;
  orders: number;
  /** Sum of receive_order_total_amount (yen); null when the slips were counted, not read (`source: "counts"`). */
  revenue: number | null;
}

/** One shop's orders and revenue in the period. */
export interface BoardShopTotal {
  shopId: string;
  orders: number;
  revenue: number;
}

export interface BoardAnswer {
  from: string;
  to: string;
  shops: string[];
  includeCancelled: boolean;
  /**
   * The statuses counted. `rows`: every status that has a slip in the period (any other has 0);
   * `counts`: the statuses of spec 3.1 and those seen, each counted by the API (any other unknown).
   */
  statuses: BoardStatusNumbers[];
  /**
   * NextEngine's work queues (lib/orders/work-queues.ts, by id) in the period and shops: `rows`:
   * each slip read put in its queues; `counts`: each queue counted by the API.
   */
  queues: BoardStatusNumbers[];
  /** How the chart groups the period (`chartUnitOf`): hour (one day), day, week (Monday start) or month. */
  unit: ChartUnit;
  /** Every bucket of the period, oldest first. */
  buckets: BoardBucket[];
  /** Orders and revenue of the whole period (revenue null when counted, not read). */
  totals: { orders: number; revenue: number | null };
  /** Per shop, most revenue first; null when the slips were counted, not read. */
  shopTotals: BoardShopTotal[] | null;
  /** Days in the whole period. */
  periodDays: number;
  /** Slips in the period, cancelled ones included. */
  slips: number;
  /** Cancelled slips in the period (counted or not, see includeCancelled). */
  cancelled: number;
  /**
   * How the numbers were made. `rows`: every slip of the period was read (in pages) and counted
   * here. `counts`: the period held more than the row ceiling, so each status and each chart day
   * was counted by the API, and the newest slips come from the period's last page only.
   */
  source: "rows" | "counts";
  /** When the numbers were computed (server clock, ms). */
  computedAt: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const BUCKET_KEY = /^(\d{2}|\d{4}-\d{2}(-\d{2})?)$/;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const isCount = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v) && v >= 0;
const isString = (v: unknown): v is string => typeof v === "string";
const isAmount = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);

function bucketOf(value: unknown): BoardBucket | null {
  if (!isObject(value)) return null;
  const { key, from, to, orders, revenue } = value;
  if (!isString(key) || !BUCKET_KEY.test(key) || !isString(from) || !DAY.test(from) || !isString(to) || !DAY.test(to)) return null;
  if (!isCount(orders) || !(revenue === null || isAmount(revenue))) return null;
  return { key, from, to, orders, revenue };
}

function shopTotalOf(value: unknown): BoardShopTotal | null {
  if (!isObject(value) || !isString(value.shopId) || !isCount(value.orders) || !isAmount(value.revenue)) return null;
  return { shopId: value.shopId, orders: value.orders, revenue: value.revenue };
}

function slipOf(value: unknown): BoardSlip | null {
  if (!isObject(value)) return null;
  const { id, shopId, purchaserName, totalAmount, date } = value;
  if (![id, shopId, purchaserName, totalAmount, date].every(isString)) return null;
  return { id, shopId, purchaserName, totalAmount, date } as BoardSlip;
}

function statusOf(value: unknown): BoardStatusNumbers | null {
  if (!isObject(value) || !isString(value.id) || !isCount(value.count) || !Array.isArray(value.newest)) return null;
  const newest = value.newest.map(slipOf);
  if (newest.some((s) => s === null)) return null;
  return { id: value.id, count: value.count, newest: newest as BoardSlip[] };
}

/** The board's answer as the page may use it, or null when the body is not one. */
export function parseBoardAnswer(body: unknown): BoardAnswer | null {
  if (!isObject(body)) return null;
  const { from, to, shops, includeCancelled, statuses, unit, buckets, totals, shopTotals, periodDays, slips, cancelled, source, computedAt } = body;
  if (!isString(from) || !DAY.test(from) || !isString(to) || !DAY.test(to)) return null;
  if (!Array.isArray(shops) || !shops.every(isString) || typeof includeCancelled !== "boolean") return null;
  if (!Array.isArray(statuses) || !Array.isArray(buckets) || !(CHART_UNITS as readonly unknown[]).includes(unit)) return null;
  if (!isCount(periodDays) || !isCount(slips) || !isCount(cancelled) || (source !== "rows" && source !== "counts") || !isCount(computedAt)) return null;
  if (!isObject(totals) || !isCount(totals.orders) || !(totals.revenue === null || isAmount(totals.revenue))) return null;
  const parsedStatuses = statuses.map(statusOf);
  if (parsedStatuses.some((s) => s === null)) return null;
  const parsedQueues = Array.isArray(body.queues) ? body.queues.map(statusOf) : [];
  if (parsedQueues.some((s) => s === null)) return null;
  const parsedBuckets = buckets.map(bucketOf);
  if (parsedBuckets.some((b) => b === null)) return null;
  let parsedShops: BoardShopTotal[] | null = null;
  if (shopTotals !== null) {
    if (!Array.isArray(shopTotals)) return null;
    const list = shopTotals.map(shopTotalOf);
    if (list.some((s) => s === null)) return null;
    parsedShops = list as BoardShopTotal[];
  }
  return {
    from,
    to,
    shops: shops as string[],
    includeCancelled,
    statuses: parsedStatuses as BoardStatusNumbers[],
    queues: parsedQueues as BoardStatusNumbers[],
    unit: unit as ChartUnit,
    buckets: parsedBuckets as BoardBucket[],
    totals: { orders: totals.orders, revenue: totals.revenue as number | null },
    shopTotals: parsedShops,
    periodDays,
    slips,
    cancelled,
    source,
    computedAt,
  };
}
