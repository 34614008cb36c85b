import "server-only";
// The board's numbers for one company, shop filter and order-date period, from as few upstream
// calls as the data allows (the API has no grouping), made one after the other (the API asks for
// no parallel requests of one person; the gateway would run them one at a time anyway):
//
//   the period's first page of slips (only the fields the board needs, limit 10,000): when it is
//   not full it holds the whole period, and that is the only call;
//   otherwise the period's count, then the remaining pages.
//
// Every slip is then bucketed here: a count and the newest slips per order status, orders and
// revenue (receive_order_total_amount, a field the page already reads) per chart bucket (JST hour,
// day, week or month) and per shop, each with and without cancelled slips (so both answers come
// from one computation, with no call more). Above `maxRows` slips in the period the rows are not
// read: each status and each chart bucket is counted with the API's count twin, and the newest
// slips come from the period's last page; the API has no sum, so revenue is then not known (null)
// and the answer says so (`source: "counts"`).
import { addDays, bucketKeyOf, chartBuckets, chartUnitOf, dateConditions, dayCount, type ChartBucket, type ChartUnit, type DayRange } from "@/lib/board/period";
import { NEWEST, type BoardAnswer, type BoardBucket, type BoardShopTotal, type BoardSlip, type BoardStatusNumbers } from "@/lib/board/contract";
import { LOCAL_CODES, NeError } from "@/lib/ne/errors";
import { ORDER_STATUS } from "@/lib/ne/registry/resources/receive-order";
import type { NeCondition, NeRequest, NeRow } from "@/lib/ne/server/client";
import { filtersToConditions } from "@/lib/grid/filters";
import { receiveOrder } from "@/lib/ne/registry/resources/receive-order";
import { WORK_QUEUE_FIELDS, WORK_QUEUES, queueFilters, rowMatches } from "@/lib/orders/work-queues";

export const ORDER_SEARCH = "/api_v1_receiveorder_base/search";
export const ORDER_COUNT = "/api_v1_receiveorder_base/count";

const P = "receive_order_";
const F = {
  id: `${P}id`,
  shopId: `${P}shop_id`,
  purchaserName: `${P}purchaser_name`,
  totalAmount: `${P}total_amount`,
  date: `${P}date`,
  status: `${P}order_status_id`,
  cancelType: `${P}cancel_type_id`,
} as const;
/** The fields read of each slip: what the buckets and the cards need (the work queues' too), nothing more. */
export const BOARD_FIELDS: readonly string[] = [...new Set([...Object.values(F), ...WORK_QUEUE_FIELDS])];

/** Each work queue's API conditions at `nowMs` (lib/orders/work-queues.ts: a queue may name today). */
function queueConditions(nowMs: number): { id: string; conditions: NeCondition[] }[] {
  return WORK_QUEUES.map((q) => ({ id: q.id, conditions: filtersToConditions(receiveOrder, queueFilters(q, new Date(nowMs))) as NeCondition[] }));
}

/** The API's largest page (DESIGN.md: `limit` defaults to 10,000, also its maximum). */
export const PAGE_SIZE = 10_000;
/** Past this many slips in the period the rows are not read: a year of a busy shop is not fetched. */
export const MAX_ROWS = 100_000;

/** One upstream call as the board makes it (the gateway with the session's tokens, in the route). */
export type BoardCall = (path: string, request: NeRequest) => Promise<{ envelope: { data?: readonly NeRow[]; count?: number } }>;

export interface BoardParams {
  from: string;
  to: string;
  /** Shop ids, sorted; empty: every shop. */
  shops: readonly string[];
}

export interface BoardLimits {
  pageSize?: number;
  maxRows?: number;
}

/** The numbers of one variant (cancelled slips counted or not). */
interface Variant {
  statuses: BoardStatusNumbers[];
  /** NextEngine's work queues (their conditions leave cancelled slips out: the same in both variants). */
  queues: BoardStatusNumbers[];
  buckets: BoardBucket[];
  totals: { orders: number; revenue: number | null };
  shopTotals: BoardShopTotal[] | null;
}

/** One computation: both variants, shared by every screen of the company that asks the same. */
export interface BoardNumbers {
  params: BoardParams;
  live: Variant;
  all: Variant;
  unit: ChartUnit;
  periodDays: number;
  slips: number;
  cancelled: number;
  source: "rows" | "counts";
  computedAt: number;
  /** Upstream calls the computation made (one after the other: each a round trip). */
  calls: number;
}

/**
 * A cancelled slip: its cancel type is set and is not "0" (the API's 有効な受注です。, spec 2.5;
 * the sandbox's generator and every sample write 0 for a live slip, 1–5 for the cancel reasons).
 */
export function isCancelled(cancelTypeId: string | null | undefined): boolean {
  return cancelTypeId !== null && cancelTypeId !== undefined && cancelTypeId !== "" && cancelTypeId !== "0";
}

/** The API conditions that pick cancelled slips (the count twin of isCancelled). */
export const CANCELLED_CONDITIONS: readonly NeCondition[] = [
  { field: F.cancelType, op: "nblank" },
  { field: F.cancelType, op: "neq", value: "0" },
];

function shopConditions(shops: readonly string[]): NeCondition[] {
  return shops.length ? [{ field: F.shopId, op: "in", value: shops }] : [];
}

/** The period's conditions: the shops and the order date from the first JST midnight to the one after the last day. */
export function periodConditions(params: BoardParams, range: DayRange = params): NeCondition[] {
  return [...shopConditions(params.shops), ...dateConditions(range, F.date)];
}

function badAnswer(missing: string): NeError {
  return new NeError({ code: LOCAL_CODES.badResponse, kind: "upstream-failure", message: `API answered success without \`${missing}\`` });
}

function slipOf(row: NeRow): BoardSlip {
  return {
    id: row[F.id] ?? "",
    shopId: row[F.shopId] ?? "",
    purchaserName: row[F.purchaserName] ?? "",
    totalAmount: row[F.totalAmount] ?? "",
    date: row[F.date] ?? "",
  };
}

/** Newest first, at most NEWEST, per status: rows come in slip-number order, the newest last. */
function newestByStatus(rows: readonly NeRow[], keep: (row: NeRow) => boolean): Map<string, BoardSlip[]> {
  const newest = new Map<string, BoardSlip[]>();
  for (let i = rows.length - 1; i >= 0; i--) {
    const row = rows[i]!;
    if (!keep(row)) continue;
    const status = row[F.status] ?? "";
    let list = newest.get(status);
    if (!list) newest.set(status, (list = []));
    if (list.length < NEWEST) list.push(slipOf(row));
  }
  return newest;
}

const live = (row: NeRow) => !isCancelled(row[F.cancelType]);
const any = () => true;

/** Rows of several pages in slip-number order, each slip once (a slip may move between pages while they are read). */
function inSlipOrder(pages: readonly (readonly NeRow[])[]): NeRow[] {
  const seen = new Set<string>();
  const rows: NeRow[] = [];
  for (const page of pages) {
    for (const row of page) {
      const id = row[F.id] ?? "";
      if (seen.has(id)) continue;
      seen.add(id);
      rows.push(row);
    }
  }
  return rows.sort((a, b) => Number(a[F.id]) - Number(b[F.id]));
}

/** Count and newest slips of each work queue, from the period's rows. */
function queueBuckets(rows: readonly NeRow[], queues: ReturnType<typeof queueConditions>): BoardStatusNumbers[] {
  return queues.map(({ id, conditions }) => {
    const newest: BoardSlip[] = [];
    let count = 0;
    for (let i = rows.length - 1; i >= 0; i--) {
      const row = rows[i]!;
      if (!rowMatches(row, conditions)) continue;
      count += 1;
      if (newest.length < NEWEST) newest.push(slipOf(row));
    }
    return { id, count, newest };
  });
}

/** A slip's total amount in yen (receive_order_total_amount; an empty or odd value counts 0). */
function amountOf(row: NeRow): number {
  const n = Number(row[F.totalAmount] ?? "");
  return Number.isFinite(n) ? n : 0;
}

function bucket(rows: readonly NeRow[], chart: readonly ChartBucket[], unit: ChartUnit, keep: (row: NeRow) => boolean, queues: BoardStatusNumbers[]): Variant {
  const counts = new Map<string, number>();
  const perBucket = new Map<string, { orders: number; revenue: number }>(chart.map((b) => [b.key, { orders: 0, revenue: 0 }]));
  const perShop = new Map<string, { orders: number; revenue: number }>();
  let orders = 0;
  let revenue = 0;
  for (const row of rows) {
    if (!keep(row)) continue;
    const status = row[F.status] ?? "";
    counts.set(status, (counts.get(status) ?? 0) + 1);
    const amount = amountOf(row);
    orders += 1;
    revenue += amount;
    const b = perBucket.get(bucketKeyOf(row[F.date] ?? "", unit));
    if (b) {
      b.orders += 1;
      b.revenue += amount;
    }
    const shopId = row[F.shopId] ?? "";
    const shop = perShop.get(shopId) ?? { orders: 0, revenue: 0 };
    shop.orders += 1;
    shop.revenue += amount;
    perShop.set(shopId, shop);
  }
  const newest = newestByStatus(rows, keep);
  const statuses = [...counts].map(([id, count]) => ({ id, count, newest: newest.get(id) ?? [] }));
  return {
    statuses,
    queues,
    buckets: chart.map((b) => ({ ...b, ...perBucket.get(b.key)! })),
    totals: { orders, revenue },
    shopTotals: [...perShop]
      .map(([shopId, n]) => ({ shopId, ...n }))
      .sort((a, b) => b.revenue - a.revenue || b.orders - a.orders || Number(a.shopId) - Number(b.shopId)),
  };
}

/** A bucket's API conditions: its hour of the day (JST), or its days. */
function bucketConditions(params: BoardParams, b: ChartBucket, unit: ChartUnit): NeCondition[] {
  if (unit !== "hour") return periodConditions(params, b);
  const hour = Number(b.key);
  const start = `${b.from} ${b.key}:00:00`;
  const end = hour === 23 ? `${addDays(b.from, 1)} 00:00:00` : `${b.from} ${String(hour + 1).padStart(2, "0")}:00:00`;
  return [...shopConditions(params.shops), { field: F.date, op: "gte", value: start }, { field: F.date, op: "lt", value: end }];
}

/** One call after the other, in order. */
async function inTurn<T>(tasks: readonly (() => Promise<T>)[]): Promise<T[]> {
  const out: T[] = [];
  for (const task of tasks) out.push(await task());
  return out;
}

/** Computes the board's numbers (both variants). `call` is one upstream call; they are made one after the other. */
export async function computeBoard(call: BoardCall, params: BoardParams, limits: BoardLimits = {}, now: () => number = Date.now): Promise<BoardNumbers> {
  const pageSize = limits.pageSize ?? PAGE_SIZE;
  const maxRows = limits.maxRows ?? MAX_ROWS;
  let calls = 0;
  const counted: BoardCall = (path, request) => {
    calls += 1;
    return call(path, request);
  };
  const conditions = periodConditions(params);
  const search = async (offset: number, limit = pageSize): Promise<readonly NeRow[]> => {
    const { envelope } = await counted(ORDER_SEARCH, { fields: BOARD_FIELDS, conditions, offset, limit });
    if (!envelope.data) throw badAnswer("data");
    return envelope.data;
  };
  const count = async (extra: readonly NeCondition[] = [], base: readonly NeCondition[] = conditions): Promise<number> => {
    const { envelope } = await counted(ORDER_COUNT, { conditions: [...base, ...extra] });
    if (envelope.count === undefined) throw badAnswer("count");
    return envelope.count;
  };

  const unit = chartUnitOf(params);
  const chart = chartBuckets(params, unit);
  const periodDays = dayCount(params);
  const computedAt = now();
  const queues = queueConditions(computedAt);
  const first = await search(0);
  // A page that is not full holds the whole period: no count needed.
  const total = first.length < pageSize ? first.length : await count();

  if (total > maxRows) {
    // Too many to read: count instead, newest from the period's last page.
    const statusIds = [...new Set([...ORDER_STATUS.map((s) => s.value), ...first.map((r) => r[F.status] ?? "").filter(Boolean)])];
    const dayConditions = chart.map((b) => bucketConditions(params, b, unit));
    const tail = await search(Math.max(0, total - pageSize));
    const cancelled = await count(CANCELLED_CONDITIONS);
    const statusAll = await inTurn(statusIds.map((id) => () => count([{ field: F.status, op: "eq", value: id }])));
    const statusCancelled = await inTurn(statusIds.map((id) => () => count([{ field: F.status, op: "eq", value: id }, ...CANCELLED_CONDITIONS])));
    const dayAll = await inTurn(dayConditions.map((c) => () => count([], c)));
    const dayCancelled = await inTurn(dayConditions.map((c) => () => count(CANCELLED_CONDITIONS, c)));
    const queueCounts = await inTurn(queues.map((q) => () => count(q.conditions)));
    const tailRows = inSlipOrder([tail]);
    const variant = (withCancelled: boolean): Variant => {
      const newest = newestByStatus(tailRows, withCancelled ? any : live);
      return {
        statuses: statusIds.map((id, i) => ({
          id,
          count: withCancelled ? statusAll[i]! : statusAll[i]! - statusCancelled[i]!,
          newest: newest.get(id) ?? [],
        })),
        // The API counts but does not sum: revenue needs every slip, which is what this path avoids.
        buckets: chart.map((b, i) => ({ ...b, orders: withCancelled ? dayAll[i]! : dayAll[i]! - dayCancelled[i]!, revenue: null })),
        totals: { orders: withCancelled ? total : total - cancelled, revenue: null },
        shopTotals: null,
        queues: queues.map((q, i) => ({ id: q.id, count: queueCounts[i]!, newest: queueBuckets(tailRows, [q])[0]!.newest })),
      };
    };
    return { params, all: variant(true), live: variant(false), unit, periodDays, slips: total, cancelled, source: "counts", computedAt, calls };
  }

  const offsets: number[] = [];
  // Slips that arrive between the count and the pages are read on the next refresh.
  for (let offset = pageSize; offset < total; offset += pageSize) offsets.push(offset);
  const rest = await inTurn(offsets.map((offset) => () => search(offset)));
  const rows = inSlipOrder([first, ...rest]);
  const cancelled = rows.reduce((n, row) => n + (isCancelled(row[F.cancelType]) ? 1 : 0), 0);
  const queueNumbers = queueBuckets(rows, queues);
  return {
    params,
    all: bucket(rows, chart, unit, any, queueNumbers),
    live: bucket(rows, chart, unit, live, queueNumbers),
    unit,
    periodDays,
    slips: rows.length,
    cancelled,
    source: "rows",
    computedAt,
    calls,
  };
}

/** The answer of one variant. */
export function boardAnswer(numbers: BoardNumbers, includeCancelled: boolean): BoardAnswer {
  const variant = includeCancelled ? numbers.all : numbers.live;
  return {
    from: numbers.params.from,
    to: numbers.params.to,
    shops: [...numbers.params.shops],
    includeCancelled,
    statuses: variant.statuses,
    queues: variant.queues,
    unit: numbers.unit,
    buckets: variant.buckets,
    totals: variant.totals,
    shopTotals: variant.shopTotals,
    periodDays: numbers.periodDays,
    slips: numbers.slips,
    cancelled: numbers.cancelled,
    source: numbers.source,
    computedAt: numbers.computedAt,
  };
}
