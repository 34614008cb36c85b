import "server-only";
// The analytics read model's sync: a company's slips and rows of the last 13 months, its goods,
// set components, stock and warehouse stock, copied through the gateway (priority "background",
// one call after the other) into the analytics_* tables (lib/db/schema.ts).
//
// - The first pass of a resource reads everything (slips and rows: of the last 13 months); after
//   it, each pass asks only for `<prefix>_last_modified_null_safe_date-gt <mark>`.
// - The mark: the newest last-modified date seen, but never later than the pass's start minus
//   `overlapMs` (60 s). A record written in the same second as the mark, or committed a little
//   after its timestamp, is then still newer than the mark and is read by the next pass: `gt` on a
//   mark held back, with idempotent upserts (a record read twice is written twice, the same row).
// - Pages follow the API's primary-key order (the only order it answers in): slips by
//   `receive_order_id-gt <last id>`, rows by `receive_order_row_receive_order_id-gt <last complete
//   slip>` (the last slip of a full page may go on in the next page, so its rows are read again
//   there), the masters by offset under fixed conditions (an incremental pass's set only grows, so
//   offsets never skip). The cursor is saved with each page in one transaction: a pass cut short
//   (killed process, upstream failure) continues at the next page and never stores a page twice.
// - Set goods have no null_safe date and no deleted flag, and a warehouse's link to a goods can be
//   deleted by an upload: set goods are read whole every sync (a few pages at most) and warehouse
//   stock whole every `fullEveryMs` (a day); a full pass deletes the rows it did not see.
// - One sync per company at a time: `tryAdvisoryLock("analytics-sync:<company>")`; a second caller
//   answers "running-elsewhere" at once.
import { and, eq, getTableColumns, getTableName, lt, min, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { AppDatabase } from "@/lib/db";
import {
  analyticsCompanies,
  analyticsGoods,
  analyticsOrderRows,
  analyticsOrders,
  analyticsSetGoods,
  analyticsStock,
  analyticsSyncState,
  analyticsWarehouseStock,
} from "@/lib/db/schema";
import type { NeCondition, NeRequest } from "@/lib/ne/encode";
import type { NeCallResult } from "@/lib/ne/server/client";
import { formatJstDateTime, parseJstDateTime } from "@/lib/ne/jst-date";
import { markDaysBefore, markSlipDays, recomputeDirtyDays } from "./summaries";

/**
 * The gateway's call, as the sync uses it: always priority "background", and never the session's
 * activity (a sync must not keep a person who walked away signed in).
 */
export type SyncCall = (sessionKey: string, path: string, request: NeRequest, options: { priority: "background"; activity: false }) => Promise<NeCallResult>;

export interface SyncDeps {
  database: Pick<AppDatabase, "db" | "tryAdvisoryLock">;
  call: SyncCall;
  now?: () => number;
  /** Rows per page (the API's most: 10,000). */
  pageSize?: number;
  /** How far back the first pass reads slips (months). */
  windowMonths?: number;
  /** How far the mark is held back from the pass's start (commit lag, clock skew). */
  overlapMs?: number;
  /** How often warehouse stock is read whole (deleted links go). */
  fullEveryMs?: number;
  /** Called after every stored page (tests cut a sync there). */
  onPage?: (resource: ResourceName, page: number) => void | Promise<void>;
}

export type ResourceName = "orders" | "rows" | "goods" | "stock" | "warehouseStock" | "setGoods";
export const RESOURCES: readonly ResourceName[] = ["orders", "rows", "goods", "stock", "warehouseStock", "setGoods"];

export type SyncOutcome =
  | { status: "done"; calls: number; fetched: Record<ResourceName, number> }
  | { status: "running-elsewhere" }
  | { status: "failed"; calls: number; fetched: Record<ResourceName, number>; error: string };

type Row = Record<string, string | null>;
type Db = AppDatabase["db"];
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** An unfinished pass, saved with every page. */
export interface PassCursor {
  kind: "first" | "incremental" | "full";
  /** The condition's `-gt` value of an incremental pass. */
  since: string | null;
  /** Slips: `receive_order_date-gt` of this pass (13 months before it started). */
  windowStart: string | null;
  /** Keyset paging: the last complete key stored. */
  after: number | null;
  /** Offset paging: rows already stored. */
  offset: number;
  /** Newest last-modified date seen so far in the pass. */
  maxSeen: string | null;
  /** When the pass began (ISO): the mark is held back from it, a full pass deletes rows not seen since. */
  startedAt: string;
  pages: number;
}

const DAY_MS = 86_400_000;
export const DEFAULT_PAGE_SIZE = 10_000;
export const DEFAULT_WINDOW_MONTHS = 13;
export const DEFAULT_OVERLAP_MS = 60_000;
export const DEFAULT_FULL_EVERY_MS = DAY_MS;
/** Rows per INSERT statement (one JSON parameter each). */
const INSERT_BATCH = 5000;

const num = (v: string | null | undefined): string | null => (v === null || v === undefined || v.trim() === "" ? null : v.trim());
const int = (v: string | null | undefined): number | null => {
  const n = num(v);
  return n === null ? null : Number(n);
};
const str = (v: string | null | undefined): string | null => (v === null || v === undefined || v === "" ? null : v);
const date = (v: string | null | undefined): Date | null => parseJstDateTime(v ?? null);

interface ResourceSpec {
  name: ResourceName;
  path: string;
  fields: readonly string[];
  /** The null-safe last-modified field (null: none, the resource is read whole every time). */
  modified: string | null;
  /** Keyset paging on this numeric field (first of the primary key), or offset paging. */
  keyset: string | null;
  /** A full page may end inside one key (rows: a slip's rows): its rows are read again with the next page. */
  keysetGroups: boolean;
  table: PgTable;
  primaryKey: readonly PgColumn[];
  /** The API row → the table's row. */
  toRow(company: string, row: Row, seenAt: Date): Record<string, unknown>;
}

const ORDER_FIELDS = [
  "receive_order_id",
  "receive_order_shop_id",
  "receive_order_date",
  "receive_order_import_date",
  "receive_order_send_date",
  "receive_order_order_status_id",
  "receive_order_cancel_type_id",
  "receive_order_cancel_date",
  "receive_order_payment_method_id",
  "receive_order_delivery_id",
  "receive_order_customer_type_id",
  "receive_order_total_amount",
  "receive_order_goods_amount",
  "receive_order_tax_amount",
  "receive_order_charge_amount",
  "receive_order_delivery_fee_amount",
  "receive_order_other_amount",
  "receive_order_point_amount",
  "receive_order_deleted_flag",
  "receive_order_last_modified_null_safe_date",
] as const;

const ROW_FIELDS = [
  "receive_order_row_receive_order_id",
  "receive_order_row_no",
  "receive_order_row_goods_id",
  "receive_order_row_goods_name",
  "receive_order_row_quantity",
  "receive_order_row_unit_price",
  "receive_order_row_wholesale_retail_ratio",
  "receive_order_row_sub_total_price",
  "receive_order_row_tax_rate",
  "receive_order_row_cancel_flag",
  "receive_order_row_deleted_flag",
  "receive_order_row_stock_allocation_quantity",
  "receive_order_row_last_modified_null_safe_date",
] as const;

const GOODS_FIELDS = [
  "goods_id",
  "goods_representation_id",
  "goods_name",
  "goods_type_id",
  "goods_supplier_id",
  "supplier_name",
  "goods_order_point",
  "goods_stock_constant",
  "goods_lot",
  "goods_deleted_flag",
  "goods_last_modified_null_safe_date",
] as const;

const STOCK_FIELDS = [
  "stock_goods_id",
  "stock_quantity",
  "stock_allocation_quantity",
  "stock_free_quantity",
  "stock_defective_quantity",
  "stock_remaining_order_quantity",
  "stock_out_quantity",
  "stock_advance_order_quantity",
  "stock_advance_order_free_quantity",
  "stock_deleted_flag",
  "stock_last_modified_null_safe_date",
] as const;

const WAREHOUSE_STOCK_FIELDS = [
  "warehouse_stock_warehouse_id",
  "warehouse_stock_goods_id",
  "warehouse_stock_quantity",
  "warehouse_stock_allocation_quantity",
  "warehouse_stock_free_quantity",
  "warehouse_stock_last_modified_null_safe_date",
] as const;

const SET_GOODS_FIELDS = ["set_goods_id", "set_goods_detail_goods_id", "set_goods_name", "set_goods_detail_quantity", "set_goods_last_modified_date"] as const;

/** receive_order_cancel_type_id: 0 (or empty) is "not cancelled". */
export const isCancelled = (cancelTypeId: string | null | undefined) => !!cancelTypeId && cancelTypeId !== "0";

const SPECS: Record<ResourceName, ResourceSpec> = {
  orders: {
    name: "orders",
    path: "/api_v1_receiveorder_base/search",
    fields: ORDER_FIELDS,
    modified: "receive_order_last_modified_null_safe_date",
    keyset: "receive_order_id",
    keysetGroups: false,
    table: analyticsOrders,
    primaryKey: [analyticsOrders.companyNeId, analyticsOrders.receiveOrderId],
    toRow: (company, r) => ({
      companyNeId: company,
      receiveOrderId: Number(r.receive_order_id),
      receiveOrderShopId: int(r.receive_order_shop_id),
      receiveOrderDate: date(r.receive_order_date),
      receiveOrderImportDate: date(r.receive_order_import_date),
      receiveOrderSendDate: date(r.receive_order_send_date),
      receiveOrderOrderStatusId: str(r.receive_order_order_status_id),
      receiveOrderCancelTypeId: str(r.receive_order_cancel_type_id),
      receiveOrderCancelDate: date(r.receive_order_cancel_date),
      receiveOrderPaymentMethodId: str(r.receive_order_payment_method_id),
      receiveOrderDeliveryId: str(r.receive_order_delivery_id),
      receiveOrderCustomerTypeId: str(r.receive_order_customer_type_id),
      receiveOrderTotalAmount: num(r.receive_order_total_amount),
      receiveOrderGoodsAmount: num(r.receive_order_goods_amount),
      receiveOrderTaxAmount: num(r.receive_order_tax_amount),
      receiveOrderChargeAmount: num(r.receive_order_charge_amount),
      receiveOrderDeliveryFeeAmount: num(r.receive_order_delivery_fee_amount),
      receiveOrderOtherAmount: num(r.receive_order_other_amount),
      receiveOrderPointAmount: num(r.receive_order_point_amount),
      receiveOrderDeletedFlag: str(r.receive_order_deleted_flag),
      cancelled: isCancelled(r.receive_order_cancel_type_id),
      receiveOrderLastModifiedNullSafeDate: date(r.receive_order_last_modified_null_safe_date),
    }),
  },
  rows: {
    name: "rows",
    path: "/api_v1_receiveorder_row/search",
    fields: ROW_FIELDS,
    modified: "receive_order_row_last_modified_null_safe_date",
    keyset: "receive_order_row_receive_order_id",
    keysetGroups: true,
    table: analyticsOrderRows,
    primaryKey: [analyticsOrderRows.companyNeId, analyticsOrderRows.receiveOrderRowReceiveOrderId, analyticsOrderRows.receiveOrderRowNo],
    toRow: (company, r) => ({
      companyNeId: company,
      receiveOrderRowReceiveOrderId: Number(r.receive_order_row_receive_order_id),
      receiveOrderRowNo: Number(r.receive_order_row_no),
      receiveOrderRowGoodsId: str(r.receive_order_row_goods_id),
      receiveOrderRowGoodsName: str(r.receive_order_row_goods_name),
      receiveOrderRowQuantity: num(r.receive_order_row_quantity),
      receiveOrderRowUnitPrice: num(r.receive_order_row_unit_price),
      receiveOrderRowWholesaleRetailRatio: num(r.receive_order_row_wholesale_retail_ratio),
      receiveOrderRowSubTotalPrice: num(r.receive_order_row_sub_total_price),
      receiveOrderRowTaxRate: num(r.receive_order_row_tax_rate),
      receiveOrderRowCancelFlag: str(r.receive_order_row_cancel_flag),
      receiveOrderRowDeletedFlag: str(r.receive_order_row_deleted_flag),
      receiveOrderRowStockAllocationQuantity: num(r.receive_order_row_stock_allocation_quantity),
      receiveOrderRowLastModifiedNullSafeDate: date(r.receive_order_row_last_modified_null_safe_date),
    }),
  },
  goods: {
    name: "goods",
    path: "/api_v1_master_goods/search",
    fields: GOODS_FIELDS,
    modified: "goods_last_modified_null_safe_date",
    keyset: null,
    keysetGroups: false,
    table: analyticsGoods,
    primaryKey: [analyticsGoods.companyNeId, analyticsGoods.goodsId],
    toRow: (company, r) => ({
      companyNeId: company,
      goodsId: r.goods_id,
      goodsRepresentationId: str(r.goods_representation_id),
      goodsName: str(r.goods_name),
      goodsTypeId: str(r.goods_type_id),
      goodsSupplierId: str(r.goods_supplier_id),
      supplierName: str(r.supplier_name),
      goodsOrderPoint: num(r.goods_order_point),
      goodsStockConstant: num(r.goods_stock_constant),
      goodsLot: num(r.goods_lot),
      goodsDeletedFlag: str(r.goods_deleted_flag),
      goodsLastModifiedNullSafeDate: date(r.goods_last_modified_null_safe_date),
    }),
  },
  stock: {
    name: "stock",
    path: "/api_v1_master_stock/search",
    fields: STOCK_FIELDS,
    modified: "stock_last_modified_null_safe_date",
    keyset: null,
    keysetGroups: false,
    table: analyticsStock,
    primaryKey: [analyticsStock.companyNeId, analyticsStock.stockGoodsId],
    toRow: (company, r) => ({
      companyNeId: company,
      stockGoodsId: r.stock_goods_id,
      stockQuantity: num(r.stock_quantity),
      stockAllocationQuantity: num(r.stock_allocation_quantity),
      stockFreeQuantity: num(r.stock_free_quantity),
      stockDefectiveQuantity: num(r.stock_defective_quantity),
      stockRemainingOrderQuantity: num(r.stock_remaining_order_quantity),
      stockOutQuantity: num(r.stock_out_quantity),
      stockAdvanceOrderQuantity: num(r.stock_advance_order_quantity),
      stockAdvanceOrderFreeQuantity: num(r.stock_advance_order_free_quantity),
      stockDeletedFlag: str(r.stock_deleted_flag),
      stockLastModifiedNullSafeDate: date(r.stock_last_modified_null_safe_date),
    }),
  },
  warehouseStock: {
    name: "warehouseStock",
    path: "/api_v1_warehouse_stock/search",
    fields: WAREHOUSE_STOCK_FIELDS,
    modified: "warehouse_stock_last_modified_null_safe_date",
    keyset: null,
    keysetGroups: false,
    table: analyticsWarehouseStock,
    primaryKey: [analyticsWarehouseStock.companyNeId, analyticsWarehouseStock.warehouseStockWarehouseId, analyticsWarehouseStock.warehouseStockGoodsId],
    toRow: (company, r, seenAt) => ({
      companyNeId: company,
      warehouseStockWarehouseId: Number(r.warehouse_stock_warehouse_id),
      warehouseStockGoodsId: r.warehouse_stock_goods_id,
      warehouseStockQuantity: num(r.warehouse_stock_quantity),
      warehouseStockAllocationQuantity: num(r.warehouse_stock_allocation_quantity),
      warehouseStockFreeQuantity: num(r.warehouse_stock_free_quantity),
      warehouseStockLastModifiedNullSafeDate: date(r.warehouse_stock_last_modified_null_safe_date),
      seenAt,
    }),
  },
  setGoods: {
    name: "setGoods",
    path: "/api_v1_master_setgoods/search",
    fields: SET_GOODS_FIELDS,
    modified: null,
    keyset: null,
    keysetGroups: false,
    table: analyticsSetGoods,
    primaryKey: [analyticsSetGoods.companyNeId, analyticsSetGoods.setGoodsId, analyticsSetGoods.setGoodsDetailGoodsId],
    toRow: (company, r, seenAt) => ({
      companyNeId: company,
      setGoodsId: r.set_goods_id,
      setGoodsDetailGoodsId: r.set_goods_detail_goods_id,
      setGoodsName: str(r.set_goods_name),
      setGoodsDetailQuantity: num(r.set_goods_detail_quantity),
      setGoodsLastModifiedDate: date(r.set_goods_last_modified_date),
      seenAt,
    }),
  },
};

/** The table of each resource (for deletion and tests). */
export const RESOURCE_TABLES: Record<ResourceName, PgTable> = Object.fromEntries(RESOURCES.map((r) => [r, SPECS[r].table])) as Record<ResourceName, PgTable>;

/**
 * Upserts `rows` (already table rows) in batches: a row read twice is the same row. Each batch is
 * one statement with one parameter, the rows as JSON read by json_populate_recordset (the
 * table's own row type converts every value): building a VALUES list of 20,000 parameters costs
 * more in the query builder and the parser than the write itself.
 */
async function upsert(tx: Tx, spec: ResourceSpec, rows: Record<string, unknown>[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.entries(getTableColumns(spec.table) as Record<string, PgColumn>);
  const keyNames = new Set(spec.primaryKey.map((c) => c.name));
  // One page may hold one key twice (a row changed while pages went by): the last copy wins.
  const byKey = new Map<string, Record<string, unknown>>();
  for (const row of rows) {
    const named: Record<string, unknown> = {};
    for (const [prop, column] of columns) named[column.name] = row[prop] ?? null;
    byKey.set(spec.primaryKey.map((c) => String(named[c.name])).join("\u0000"), named);
  }
  const unique = [...byKey.values()];
  const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
  const table = quote(getTableName(spec.table));
  const names = columns.map(([, c]) => quote(c.name)).join(", ");
  const keys = spec.primaryKey.map((c) => quote(c.name)).join(", ");
  const updates = columns
    .filter(([, c]) => !keyNames.has(c.name))
    .map(([, c]) => `${quote(c.name)} = excluded.${quote(c.name)}`)
    .join(", ");
  const head = sql.raw(`INSERT INTO ${table} (${names}) SELECT ${names} FROM json_populate_recordset(NULL::${table}, `);
  const tail = sql.raw(`::json) ON CONFLICT (${keys}) DO UPDATE SET ${updates}`);
  for (let i = 0; i < unique.length; i += INSERT_BATCH) {
    await tx.execute(sql`${head}${JSON.stringify(unique.slice(i, i + INSERT_BATCH))}${tail}`);
  }
}

const maxDate = (a: string | null, b: string | null | undefined): string | null => (!b ? a : !a || b > a ? b : a);

function monthsBefore(nowMs: number, months: number): Date {
  const d = new Date(nowMs);
  d.setUTCMonth(d.getUTCMonth() - months);
  return d;
}

interface StateRow {
  mark: string | null;
  cursor: PassCursor | null;
  fullPassAt: Date | null;
}

async function readState(db: Db, company: string, resource: ResourceName): Promise<StateRow> {
  const rows = await db
    .select({ mark: analyticsSyncState.mark, cursor: analyticsSyncState.cursor, fullPassAt: analyticsSyncState.fullPassAt })
    .from(analyticsSyncState)
    .where(and(eq(analyticsSyncState.companyNeId, company), eq(analyticsSyncState.resource, resource)));
  const row = rows[0];
  return { mark: row?.mark ?? null, cursor: (row?.cursor as PassCursor | null) ?? null, fullPassAt: row?.fullPassAt ?? null };
}

async function writeState(db: Db | Tx, company: string, resource: ResourceName, values: Partial<typeof analyticsSyncState.$inferInsert>): Promise<void> {
  await db
    .insert(analyticsSyncState)
    .values({ companyNeId: company, resource, ...values })
    .onConflictDoUpdate({ target: [analyticsSyncState.companyNeId, analyticsSyncState.resource], set: values });
}

interface PassContext {
  company: string;
  sessionKey: string;
  deps: Required<Omit<SyncDeps, "onPage">> & Pick<SyncDeps, "onPage">;
  counters: { calls: number; fetched: Record<ResourceName, number> };
}

/** The pass a resource starts when none is unfinished. */
function newCursor(spec: ResourceSpec, state: StateRow, ctx: PassContext, rowsFirstAfter: number | null): PassCursor {
  const nowMs = ctx.deps.now();
  const full = !spec.modified || (spec.name === "warehouseStock" && (!state.fullPassAt || nowMs - state.fullPassAt.getTime() >= ctx.deps.fullEveryMs));
  const kind: PassCursor["kind"] = state.mark === null ? "first" : full ? "full" : "incremental";
  return {
    kind: !spec.modified && kind === "first" ? "full" : kind,
    since: kind === "incremental" ? state.mark : null,
    windowStart: spec.name === "orders" ? formatJstDateTime(monthsBefore(nowMs, ctx.deps.windowMonths)) : null,
    // The first pass of the rows starts at the oldest slip of the copy: rows of older slips are not wanted.
    after: spec.keyset ? (spec.name === "rows" && kind === "first" ? rowsFirstAfter : 0) : null,
    offset: 0,
    maxSeen: null,
    startedAt: new Date(nowMs).toISOString(),
    pages: 0,
  };
}

function conditions(spec: ResourceSpec, cursor: PassCursor): NeCondition[] {
  const out: NeCondition[] = [];
  if (cursor.windowStart) out.push({ field: "receive_order_date", op: "gt", value: cursor.windowStart });
  if (cursor.kind === "incremental" && spec.modified && cursor.since) out.push({ field: spec.modified, op: "gt", value: cursor.since });
  if (spec.keyset && cursor.after !== null) out.push({ field: spec.keyset, op: "gt", value: cursor.after });
  return out;
}

/** One resource's pass to its end (or the first failure, which propagates with the cursor saved). */
async function runPass(spec: ResourceSpec, ctx: PassContext): Promise<void> {
  const { db } = ctx.deps.database;
  const { company } = ctx;
  const state = await readState(db, company, spec.name);
  let cursor = state.cursor;
  if (!cursor) {
    let rowsFirstAfter: number | null = 0;
    if (spec.name === "rows" && state.mark === null) {
      const oldest = await db.select({ id: min(analyticsOrders.receiveOrderId) }).from(analyticsOrders).where(eq(analyticsOrders.companyNeId, company));
      // No slip in the window: no row is wanted either (a key past every slip answers none).
      rowsFirstAfter = oldest[0]?.id === null || oldest[0]?.id === undefined ? Number.MAX_SAFE_INTEGER : Number(oldest[0].id) - 1;
    }
    cursor = newCursor(spec, state, ctx, rowsFirstAfter);
    await writeState(db, company, spec.name, { cursor, passStartedAt: new Date(cursor.startedAt) });
  }
  const pageSize = ctx.deps.pageSize;
  for (;;) {
    const request: NeRequest = {
      fields: spec.fields,
      conditions: conditions(spec, cursor),
      limit: pageSize,
      ...(spec.keyset ? {} : { offset: cursor.offset }),
    };
    ctx.counters.calls += 1;
    const result = await ctx.deps.call(ctx.sessionKey, spec.path, request, { priority: "background", activity: false });
    const data = (result.envelope.data ?? []) as Row[];
    ctx.counters.fetched[spec.name] += data.length;
    const full = data.length >= pageSize;
    let keep = data;
    const next: PassCursor = { ...cursor, pages: cursor.pages + 1 };
    if (spec.keyset) {
      const keys = data.map((r) => Number(r[spec.keyset!]));
      for (let i = 1; i < keys.length; i++) {
        if (!(keys[i]! >= keys[i - 1]!)) throw new Error(`${spec.path} answered out of ${spec.keyset} order: cannot page by it`);
      }
      if (full && spec.keysetGroups) {
        // The last key's rows may go on in the next page: read them again there.
        const last = keys[keys.length - 1]!;
        keep = data.filter((_, i) => keys[i]! < last);
        if (keep.length === 0) throw new Error(`${spec.path}: more than ${pageSize} rows of ${spec.keyset} ${last}`);
      }
      if (keep.length > 0) next.after = Number(keep[keep.length - 1]![spec.keyset]);
    } else {
      next.offset = cursor.offset + data.length;
    }
    if (spec.modified) for (const r of keep) next.maxSeen = maxDate(next.maxSeen, r[spec.modified]);
    const seenAt = new Date(cursor.startedAt);
    const rows = keep.map((r) => spec.toRow(company, r, seenAt));
    const done = !full;
    // The slips whose JST days the page touches: a slip's day before and after it is written, a row's slip's day.
    const slips = spec.name === "orders" ? rows.map((r) => r.receiveOrderId as number) : spec.name === "rows" ? [...new Set(rows.map((r) => r.receiveOrderRowReceiveOrderId as number))] : [];
    await db.transaction(async (tx) => {
      if (spec.name === "orders") await markSlipDays(tx, company, slips);
      await upsert(tx, spec, rows);
      await markSlipDays(tx, company, slips);
      if (!done) {
        await writeState(tx, company, spec.name, { cursor: next });
        return;
      }
      await finishPass(tx, spec, company, state, next, ctx.deps.overlapMs);
    });
    await heartbeat(db, company, ctx.deps.now());
    await ctx.deps.onPage?.(spec.name, next.pages);
    if (done) return;
    cursor = next;
  }
}

/** Ends a pass: the new mark, no cursor, and (full pass) the rows it did not see deleted. */
async function finishPass(tx: Tx, spec: ResourceSpec, company: string, state: StateRow, cursor: PassCursor, overlapMs: number): Promise<void> {
  const started = new Date(cursor.startedAt);
  let mark: string | null = state.mark;
  if (spec.modified) {
    const heldBack = formatJstDateTime(new Date(started.getTime() - overlapMs));
    const seen = cursor.maxSeen;
    const candidate = seen === null ? (cursor.kind === "incremental" ? null : heldBack) : seen < heldBack ? seen : heldBack;
    mark = maxDate(state.mark, candidate);
  } else {
    mark = cursor.startedAt;
  }
  const values: Partial<typeof analyticsSyncState.$inferInsert> = { mark, cursor: null, passFinishedAt: new Date(), lastError: null, lastErrorAt: null };
  if (cursor.kind !== "incremental" && (spec.name === "warehouseStock" || spec.name === "setGoods")) {
    const table = spec.table as typeof analyticsWarehouseStock | typeof analyticsSetGoods;
    await tx.delete(table).where(and(eq(table.companyNeId, company), lt(table.seenAt, started)));
    values.fullPassAt = started;
  }
  await writeState(tx, company, spec.name, values);
}

async function heartbeat(db: Db, company: string, nowMs: number): Promise<void> {
  await db.update(analyticsCompanies).set({ heartbeatAt: new Date(nowMs) }).where(eq(analyticsCompanies.companyNeId, company));
}

/** The company's row (made on first use); the sign-in clock starts now. */
export async function touchCompany(db: Db, company: string, at: Date, values: Partial<typeof analyticsCompanies.$inferInsert> = {}): Promise<void> {
  await db
    .insert(analyticsCompanies)
    .values({ companyNeId: company, lastSignInSeenAt: at, ...values })
    .onConflictDoUpdate({ target: analyticsCompanies.companyNeId, set: values });
}

/** Slips whose order date left the window, and their rows, leave the copy (rows of slips never copied too); their days are marked dirty. */
async function prune(db: Db, company: string, windowStart: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await markDaysBefore(tx, company, windowStart);
    await tx.delete(analyticsOrders).where(and(eq(analyticsOrders.companyNeId, company), lt(analyticsOrders.receiveOrderDate, windowStart)));
    await tx.execute(sql`
      DELETE FROM ${analyticsOrderRows} r
       WHERE r.company_ne_id = ${company}
         AND r.receive_order_row_receive_order_id < (SELECT coalesce(min(o.receive_order_id), 0) FROM ${analyticsOrders} o WHERE o.company_ne_id = ${company})`);
  });
}

/**
 * Brings the company's copy up to date with the calls of `sessionKey` (a live sign-in of that
 * company), one after the other, as background work. Answers "running-elsewhere" at once when
 * another sync of the company holds its lock (this process or another instance).
 */
export async function syncCompany(company: string, sessionKey: string, deps: SyncDeps): Promise<SyncOutcome> {
  const full: PassContext["deps"] = {
    now: Date.now,
    pageSize: DEFAULT_PAGE_SIZE,
    windowMonths: DEFAULT_WINDOW_MONTHS,
    overlapMs: DEFAULT_OVERLAP_MS,
    fullEveryMs: DEFAULT_FULL_EVERY_MS,
    ...deps,
  };
  const locked = await full.database.tryAdvisoryLock(`analytics-sync:${company}`, async (): Promise<SyncOutcome> => {
    const { db } = full.database;
    const started = new Date(full.now());
    await touchCompany(db, company, started, { syncStartedAt: started, heartbeatAt: started });
    const ctx: PassContext = {
      company,
      sessionKey,
      deps: full,
      counters: { calls: 0, fetched: Object.fromEntries(RESOURCES.map((r) => [r, 0])) as Record<ResourceName, number> },
    };
    let current: ResourceName = "orders";
    try {
      for (const name of RESOURCES) {
        current = name;
        await runPass(SPECS[name], ctx);
      }
      await prune(db, company, monthsBefore(started.getTime(), full.windowMonths));
      // The days this sync (and any cut short before it) touched get their summaries again.
      await recomputeDirtyDays(db, company);
      await db
        .update(analyticsCompanies)
        .set({ asOf: started, syncFinishedAt: new Date(full.now()), heartbeatAt: null, requestedAt: null, lastError: null, lastErrorAt: null })
        .where(eq(analyticsCompanies.companyNeId, company));
      return { status: "done", calls: ctx.counters.calls, fetched: ctx.counters.fetched };
    } catch (err) {
      const message = describe(err);
      const at = new Date(full.now());
      await writeState(db, company, current, { lastError: message, lastErrorAt: at }).catch(() => undefined);
      await db
        .update(analyticsCompanies)
        .set({ heartbeatAt: null, syncFinishedAt: at, lastError: message, lastErrorAt: at })
        .where(eq(analyticsCompanies.companyNeId, company))
        .catch(() => undefined);
      return { status: "failed", calls: ctx.counters.calls, fetched: ctx.counters.fetched, error: message };
    }
  });
  return locked.ran ? locked.value : { status: "running-elsewhere" };
}

/** An error's code and message (NeError carries a code; compared by shape, not class: see schedule.ts). */
function describe(err: unknown): string {
  if (err && typeof err === "object") {
    const code = "code" in err && typeof err.code === "string" ? `${err.code}: ` : "";
    const message = "message" in err && typeof err.message === "string" ? err.message : String(err);
    return `${code}${message}`.slice(0, 500);
  }
  return String(err).slice(0, 500);
}
