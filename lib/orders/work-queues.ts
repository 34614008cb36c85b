// NextEngine's work queues (the order screens' 新規受付 ... 出荷済み), written once as data: each
// queue is a set of order-slip conditions the slip search and its count twin accept (fields and
// operators from the registry, lib/ne/registry/resources/receive-order.ts and OPERATOR_TYPES), so
// a queue's list is `/api_v1_receiveorder_base/search` and its count `/api_v1_receiveorder_base/count`
// with these conditions. One slip can sit in several queues, as in NextEngine.
//
// Sources (NextEngine's manual and function pages):
//   [12201] https://manual.next-engine.net/main/orders/ord_overview/12201/  受注ステータスごとの操作内容
//   [status] https://next-engine.net/functions/機能一覧-受注管理/jyuchu-status/  ステータス管理 (各ステータスの概要)
//   [889]   https://manual.next-engine.net/faq/received-order/889/  [印刷日待ち]ステータスはどのようなステータスですか?
//   [200-27] http://manual.next-engine.info/home/200/200-27  受注伝票の動きについて (確認チェック)
//   spec /work/shared/spec/commerce-api.md 2.5 (fields) and 3.1 (order_status_id 0/1/2/20/30/40/50).
//
// NextEngine decides several queues from things the slip search cannot see: its per-shop settings
// (受注確認内容, which payment methods wait for a deposit) and the order ROWS (stock allocation,
// receive_order_row_stock_allocation_quantity) or the goods (goods_release_date). The slip search
// takes AND-ed conditions on slip fields only, so those queues use the closest slip conditions;
// each queue's comment says how it differs. Every queue leaves out canceled slips
// (cancel_type_id 0 = valid), as NextEngine's screens list canceled slips apart.
import type { GridFilter } from "@/lib/grid/filters";
import { jstToday } from "@/lib/board/period";

const P = "receive_order_";

/** A value resolved when the queue is used: today's day in Japan time (`YYYY-MM-DD`). */
export const TODAY = "$today";

export const WORK_QUEUE_IDS = ["shinki", "kakunin", "hikiate", "nyukin", "hatsubai", "insatsubi", "insatsu", "insatsuzumi", "shukka"] as const;
export type WorkQueueId = (typeof WORK_QUEUE_IDS)[number];

export interface WorkQueue {
  /** URL slug: `/orders?queue=kakunin`. */
  id: WorkQueueId;
  /** Message key under `workQueues` (ja/en): `workQueues.kakunin`. */
  label: `workQueues.${WorkQueueId}`;
  /** Where NextEngine describes it. */
  source: string;
  /** Slip conditions, AND-ed; a value `TODAY` is resolved by `queueFilters`. */
  filters: readonly GridFilter[];
}

/**
 * Payment methods that wait for a deposit before shipment: the prepaid classifications of the
 * payment list (bank and postal transfers, online banking, registered cash, money order,
 * convenience-store prepayment). NextEngine lets each shop choose them (入金待ちにできる支払方法は
 * 店舗ごとに設定); the API does not expose that setting, so this list stands in for it.
 */
export const DEPOSIT_FIRST_PAYMENTS = ["15", "17", "18", "20", "21", "25", "30", "32", "33", "34", "35"] as const;

const VALID: GridFilter = { field: `${P}cancel_type_id`, op: "eq", value: "0" };
const status = (...ids: string[]): GridFilter =>
  ids.length === 1 ? { field: `${P}order_status_id`, op: "eq", value: ids[0] as string } : { field: `${P}order_status_id`, op: "in", value: ids };
const PRINT_DAY = `${P}statement_delivery_instruct_printing_date`;

export const WORK_QUEUES: readonly WorkQueue[] = [
  {
    // [12201] 1, [status]: a slip just imported from the mall (a provisional slip holding stock),
    // not yet completed by the order data: statuses 0 取込情報不足 and 1 受注メール取込済.
    id: "shinki",
    label: "workQueues.shinki",
    source: "https://manual.next-engine.net/main/orders/ord_overview/12201/",
    filters: [status("0", "1"), VALID],
  },
  {
    // [12201] 2, [200-27]: a drafted slip (2 起票済) stopped by the confirmation settings until
    // someone sets its confirmation check: confirm_check_id 1 (要確認). Exact.
    id: "kakunin",
    label: "workQueues.kakunin",
    source: "http://manual.next-engine.info/home/200/200-27",
    filters: [status("2"), { field: `${P}confirm_check_id`, op: "eq", value: "1" }, VALID],
  },
  {
    // [12201] 4, [status]: stock not yet allocated. NextEngine reads the rows' allocation
    // (receive_order_row_stock_allocation_quantity < quantity); the slip has no allocation field.
    // Closest slip conditions: a drafted slip (2) not waiting for a confirmation (confirm_check_id
    // not 1) nor dated for a later print day (no print-instruction date). Difference: it also lists
    // drafted slips held only for their deposit (also under 入金待ち); the rows grid shows which
    // rows lack stock.
    id: "hikiate",
    label: "workQueues.hikiate",
    source: "https://manual.next-engine.net/main/orders/ord_overview/12201/",
    filters: [status("2"), { field: `${P}confirm_check_id`, op: "neq", value: "1" }, { field: PRINT_DAY, op: "null" }, VALID],
  },
  {
    // [12201] 3, [status]: paid before shipment and not yet paid: deposit_type_id 0 (未入金) on a
    // drafted slip (2) with a deposit-first payment. Difference: NextEngine's list of such
    // payments is a per-shop setting; DEPOSIT_FIRST_PAYMENTS stands in for it.
    id: "nyukin",
    label: "workQueues.nyukin",
    source: "https://manual.next-engine.net/main/orders/ord_overview/12201/",
    filters: [
      status("2"),
      { field: `${P}deposit_type_id`, op: "eq", value: "0" },
      { field: `${P}payment_method_id`, op: "in", value: [...DEPOSIT_FIRST_PAYMENTS] },
      VALID,
    ],
  },
  {
    // [status]: a slip holding goods not yet released; it moves to 印刷待ち on the release day.
    // NextEngine reads the goods' release date (goods_release_date) through the rows; the slip
    // search cannot. Closest slip conditions: a drafted slip (2) carrying a print-instruction date
    // after today (the release day it waits for). Difference: a drafted slip dated for another
    // reason shows here too, and a slip of unreleased goods without that date does not.
    id: "hatsubai",
    label: "workQueues.hatsubai",
    source: "https://next-engine.net/functions/機能一覧-受注管理/jyuchu-status/",
    filters: [status("2"), { field: PRINT_DAY, op: "gt", value: TODAY }, VALID],
  },
  {
    // [889]: a slip ready to ship (20 納品書印刷待ち) whose print-instruction date
    // (statement_delivery_instruct_printing_date) is still ahead: it stays out of 印刷待ち until
    // that day. Exact.
    id: "insatsubi",
    label: "workQueues.insatsubi",
    source: "https://manual.next-engine.net/faq/received-order/889/",
    filters: [status("20"), { field: PRINT_DAY, op: "gt", value: TODAY }, VALID],
  },
  {
    // [status]: ready to ship: status 20 whose print-instruction day has come (today or before).
    // Difference: a slip at 20 without a print-instruction date is not listed (the conditions are
    // AND-ed, "no date or today or before" cannot be said); the sandbox dates every slip at 20.
    id: "insatsu",
    label: "workQueues.insatsu",
    source: "https://next-engine.net/functions/機能一覧-受注管理/jyuchu-status/",
    filters: [status("20"), { field: PRINT_DAY, op: "lte", value: TODAY }, VALID],
  },
  {
    // [status]: statements printed, not shipped yet: 30 納品書印刷中 and 40 納品書印刷済.
    id: "insatsuzumi",
    label: "workQueues.insatsuzumi",
    source: "https://next-engine.net/functions/機能一覧-受注管理/jyuchu-status/",
    filters: [status("30", "40"), VALID],
  },
  {
    // [status]: shipment confirmed: 50 出荷確定済.
    id: "shukka",
    label: "workQueues.shukka",
    source: "https://next-engine.net/functions/機能一覧-受注管理/jyuchu-status/",
    filters: [status("50"), VALID],
  },
];

const BY_ID = new Map<string, WorkQueue>(WORK_QUEUES.map((q) => [q.id, q]));

/** The queue named in a URL (`?queue=`), or null for anything else (a bad value is ignored). */
export function workQueue(id: string | null | undefined): WorkQueue | null {
  return (id && BY_ID.get(id)) || null;
}

/** `?queue=`: a known queue id, else null. */
export function parseWorkQueueId(s: string): WorkQueueId | null {
  return workQueue(s)?.id ?? null;
}

/** A queue's filters with `TODAY` resolved to Japan's day at `now`. */
export function queueFilters(queue: WorkQueue, now: Date): GridFilter[] {
  const today = jstToday(now);
  return queue.filters.map((f) => (f.value === TODAY ? { ...f, value: today } : f));
}

/**
 * The person's filters AND-ed with a queue's. The API takes one `<field>-<op>` of each, so a
 * filter on the same field and operator as the queue's is merged: two lists (`in`) keep the values
 * in both (none in common: nothing can match, said with `nin` of the queue's values); the same
 * value is one filter; any other clash keeps the queue's condition (the person's is left out).
 */
export function withQueue(queue: readonly GridFilter[], filters: readonly GridFilter[]): GridFilter[] {
  const out: GridFilter[] = [...queue];
  const key = (f: GridFilter) => `${f.field}-${f.op}`;
  for (const f of filters) {
    const at = out.findIndex((q) => key(q) === key(f));
    if (at < 0) {
      out.push(f);
      continue;
    }
    const q = out[at] as GridFilter;
    if (q.op === "in" && Array.isArray(q.value) && Array.isArray(f.value)) {
      const theirs = new Set<string>(f.value);
      const both = (q.value as readonly string[]).filter((v) => theirs.has(v));
      if (both.length) out[at] = { ...q, value: both };
      else if (!out.some((o) => o.field === q.field && o.op === "nin")) out.push({ field: q.field, op: "nin", value: q.value });
    }
  }
  return out;
}

type Condition = { field: string; op: string; value?: string | number | readonly string[] };

/**
 * Whether one slip row (as the API answers it: strings or null) meets AND-ed conditions as the API
 * applies them (sandbox/query-engine.ts): `neq`/`nin` never match an empty value, dates compare as
 * their `YYYY-MM-DD HH:MM:SS` text. For the board, which reads the period's slips once and puts each
 * in its queues instead of asking a count per queue. Operators the queues do not use match nothing.
 */
export function rowMatches(row: Readonly<Record<string, string | null | undefined>>, conditions: readonly Condition[]): boolean {
  return conditions.every(({ field, op, value }) => {
    const v = row[field] ?? null;
    const one = typeof value === "string" || typeof value === "number" ? String(value) : "";
    const list = Array.isArray(value) ? (value as readonly string[]) : [one];
    switch (op) {
      case "eq":
        return v === one;
      case "neq":
        return v !== null && v !== one;
      case "in":
        return v !== null && list.includes(v);
      case "nin":
        return v !== null && !list.includes(v);
      case "null":
        return v === null;
      case "nnull":
        return v !== null;
      case "gt":
        return v !== null && v > one;
      case "gte":
        return v !== null && v >= one;
      case "lt":
        return v !== null && v < one;
      case "lte":
        return v !== null && v <= one;
      default:
        return false;
    }
  });
}

/** The fields a slip row needs for `rowMatches` of every queue. */
export const WORK_QUEUE_FIELDS: readonly string[] = [...new Set(WORK_QUEUES.flatMap((q) => q.filters.map((f) => f.field)))];
