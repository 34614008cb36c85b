// The dashboard's own tables (not the upstream's): token sessions, per-user grid preferences and
// saved grid views, pending sign-ins, rate-limit counters, and the upload journal (files and
// their batches, see lib/uploads).
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

/** One row per signed-in session key. Tokens are AES-256-GCM ciphertexts, never plain text. */
export const tokenSessions = pgTable("token_sessions", {
  id: text("id").primaryKey(),
  companyNeId: text("company_ne_id").notNull(),
  uid: text("uid").notNull(),
  picNeId: text("pic_ne_id"),
  accessTokenEnc: text("access_token_enc").notNull(),
  refreshTokenEnc: text("refresh_token_enc").notNull(),
  accessTokenEndDate: timestamp("access_token_end_date", { withTimezone: true }),
  refreshTokenEndDate: timestamp("refresh_token_end_date", { withTimezone: true }),
  version: integer("version").notNull().default(1),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  /** Last call or page of the session (written at most once a minute): the idle timeout's clock. */
  lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A sign-in that arrived without this browser's nonce (a launch from the API's app menu, or a
 * link someone else made): its tokens wait here until the person confirms who they sign in as.
 */
export const pendingSignIns = pgTable("pending_sign_ins", {
  id: text("id").primaryKey(),
  sessionKey: text("session_key")
    .notNull()
    .references(() => tokenSessions.id, { onDelete: "cascade" }),
  companyNeId: text("company_ne_id").notNull(),
  companyName: text("company_name").notNull(),
  personName: text("person_name").notNull(),
  picNeId: text("pic_ne_id"),
  /** sha256 of the confirm form's CSRF token. */
  csrfHash: text("csrf_hash").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/** Fixed-window request counters shared by every instance (rate limits). */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
  count: integer("count").notNull(),
});

/** Column choice, order and widths of one grid for one person (company + pic). */
export const gridPreferences = pgTable(
  "grid_preferences",
  {
    companyNeId: text("company_ne_id").notNull(),
    picNeId: text("pic_ne_id").notNull(),
    grid: text("grid").notNull(),
    state: jsonb("state").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyNeId, t.picNeId, t.grid] })],
);

/** A named filter + columns of one grid, following its owner across devices. */
export const savedViews = pgTable(
  "saved_views",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    companyNeId: text("company_ne_id").notNull(),
    picNeId: text("pic_ne_id").notNull(),
    grid: text("grid").notNull(),
    name: text("name").notNull(),
    state: jsonb("state").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("saved_views_owner_name").on(t.companyNeId, t.picNeId, t.grid, t.name)],
);

/** bytea as bytes: PGlite answers Uint8Array, node-postgres a Buffer (a Uint8Array too). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
  toDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
  fromDriver: (value) => value,
});

/** One dropped CSV file (or paste) of a company, as the operator's browser checked it. */
export const uploadFiles = pgTable(
  "upload_files",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    companyNeId: text("company_ne_id").notNull(),
    picNeId: text("pic_ne_id").notNull(),
    personName: text("person_name").notNull(),
    kind: text("kind").notNull(),
    fileName: text("file_name").notNull(),
    size: integer("size").notNull(),
    sha256: text("sha256").notNull(),
    encoding: text("encoding").notNull(),
    rows: integer("rows").notNull(),
    /** Rows of the batches the upstream accepted (queued, processing, done); kept by lib/uploads. */
    sentRows: integer("sent_rows").notNull().default(0),
    excludedLines: jsonb("excluded_lines").$type<number[]>().notNull(),
    goodsCodes: jsonb("goods_codes").$type<string[]>().notNull(),
    warningsConfirmed: boolean("warnings_confirmed").notNull(),
    batchCount: integer("batch_count").notNull(),
    /** What the file is: a dropped file ("file"), a stocktake's differences, or the undo of another upload. */
    purpose: text("purpose").notNull().default("file"),
    /** The upload an "undo" file reverses. */
    undoOf: uuid("undo_of"),
    /** gzip of the plan CSV: what the upload changes (stock before and change, goods old → new); stored before the first send. */
    planGz: bytea("plan_gz"),
    /** gzip of the report CSV: the plan with what was read back once the queue had applied it (stored once). */
    reportGz: bytea("report_gz"),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("upload_files_company_created").on(t.companyNeId, t.createdAt.desc()),
    index("upload_files_company_sha256").on(t.companyNeId, t.sha256),
  ],
);

/** One checked batch (≤ 3000 rows) of a file: its gzip as it is sent, and its way through the queue. */
export const uploadBatches = pgTable(
  "upload_batches",
  {
    fileId: uuid("file_id")
      .notNull()
      .references(() => uploadFiles.id, { onDelete: "cascade" }),
    index: integer("index").notNull(),
    firstLine: integer("first_line").notNull(),
    lastLine: integer("last_line").notNull(),
    rows: integer("rows").notNull(),
    /** Where the batch's rows come from: runs of [line in the batch text, line in the file, records] (lib/uploads/line-map.ts). */
    lineMap: jsonb("line_map").$type<[number, number, number][]>(),
    /** sha256 of the batch's UTF-8 CSV text (before gzip). */
    sha256: text("sha256").notNull(),
    gz: bytea("gz").notNull(),
    state: text("state").notNull().default("stored"),
    queId: text("que_id"),
    queStatusId: text("que_status_id"),
    queMessage: text("que_message"),
    errorCode: text("error_code"),
    errorMessage: text("error_message"),
    sendCount: integer("send_count").notNull().default(0),
    sendingStartedAt: timestamp("sending_started_at", { withTimezone: true }),
    nextCheckAt: timestamp("next_check_at", { withTimezone: true }),
    checkCount: integer("check_count").notNull().default(0),
    storedAt: timestamp("stored_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.fileId, t.index] }),
    check(
      "upload_batches_state",
      sql`${t.state} IN ('stored', 'sending', 'unknown', 'queued', 'processing', 'done', 'failed', 'cancelled')`,
    ),
  ],
);

/**
 * The gateway's call tickets on a shared PostgreSQL (lib/gateway/company-queue.ts): one row per
 * upstream call that waits for, or holds, one of its company's slots. The instance that made it
 * renews `heartbeat_at` while it lives; a row not renewed for a while (a crashed instance) is
 * deleted by the next instance that grants slots for the company.
 */
export const gatewayCalls = pgTable(
  "gateway_calls",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    companyNeId: text("company_ne_id").notNull(),
    instanceId: text("instance_id").notNull(),
    /** 0 interactive, 1 background: lower is served first, then by id (arrival). */
    priority: smallint("priority").notNull(),
    running: boolean("running").notNull().default(false),
    heartbeatAt: timestamp("heartbeat_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("gateway_calls_company").on(t.companyNeId, t.running, t.priority, t.id), index("gateway_calls_instance").on(t.instanceId)],
);

// ---------------------------------------------------------------------------------------------
// The analytics read model (lib/analytics): each company's own copy of the business fields the
// analytics views need, kept by an incremental sync. Column names are the API's field names
// (lib/ne/registry, the official field lists), keyed by the token store's company_ne_id. No
// personal data: no purchaser or consignee fields, no person's names, addresses, phones or mails
// (lib/analytics/schema.test.ts holds every column name to that).

/** Order slips (spec 2.5, /api_v1_receiveorder_base/search): one row per slip of the last 13 months. */
export const analyticsOrders = pgTable(
  "analytics_orders",
  {
    companyNeId: text("company_ne_id").notNull(),
    receiveOrderId: bigint("receive_order_id", { mode: "number" }).notNull(),
    receiveOrderShopId: integer("receive_order_shop_id"),
    receiveOrderDate: timestamp("receive_order_date", { withTimezone: true }),
    receiveOrderImportDate: timestamp("receive_order_import_date", { withTimezone: true }),
    receiveOrderSendDate: timestamp("receive_order_send_date", { withTimezone: true }),
    receiveOrderOrderStatusId: text("receive_order_order_status_id"),
    receiveOrderCancelTypeId: text("receive_order_cancel_type_id"),
    receiveOrderCancelDate: timestamp("receive_order_cancel_date", { withTimezone: true }),
    receiveOrderPaymentMethodId: text("receive_order_payment_method_id"),
    receiveOrderDeliveryId: text("receive_order_delivery_id"),
    receiveOrderCustomerTypeId: text("receive_order_customer_type_id"),
    receiveOrderTotalAmount: numeric("receive_order_total_amount"),
    receiveOrderGoodsAmount: numeric("receive_order_goods_amount"),
    receiveOrderTaxAmount: numeric("receive_order_tax_amount"),
    receiveOrderChargeAmount: numeric("receive_order_charge_amount"),
    receiveOrderDeliveryFeeAmount: numeric("receive_order_delivery_fee_amount"),
    receiveOrderOtherAmount: numeric("receive_order_other_amount"),
    receiveOrderPointAmount: numeric("receive_order_point_amount"),
    receiveOrderDeletedFlag: text("receive_order_deleted_flag"),
    /** receive_order_cancel_type_id other than 0 (or empty): the views' "cancelled" toggle. */
    cancelled: boolean("cancelled").notNull().default(false),
    receiveOrderLastModifiedNullSafeDate: timestamp("receive_order_last_modified_null_safe_date", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.companyNeId, t.receiveOrderId] }),
    // Sales by day/week/month (by shop, payment or delivery method, cancelled or not): a range scan.
    index("analytics_orders_company_date").on(t.companyNeId, t.receiveOrderDate),
    index("analytics_orders_company_shop_date").on(t.companyNeId, t.receiveOrderShopId, t.receiveOrderDate),
  ],
);

/** Order rows (spec 2.6, /api_v1_receiveorder_row/search) of the slips in analytics_orders. */
export const analyticsOrderRows = pgTable(
  "analytics_order_rows",
  {
    companyNeId: text("company_ne_id").notNull(),
    receiveOrderRowReceiveOrderId: bigint("receive_order_row_receive_order_id", { mode: "number" }).notNull(),
    receiveOrderRowNo: integer("receive_order_row_no").notNull(),
    receiveOrderRowGoodsId: text("receive_order_row_goods_id"),
    receiveOrderRowGoodsName: text("receive_order_row_goods_name"),
    receiveOrderRowQuantity: numeric("receive_order_row_quantity"),
    receiveOrderRowUnitPrice: numeric("receive_order_row_unit_price"),
    receiveOrderRowWholesaleRetailRatio: numeric("receive_order_row_wholesale_retail_ratio"),
    receiveOrderRowSubTotalPrice: numeric("receive_order_row_sub_total_price"),
    receiveOrderRowTaxRate: numeric("receive_order_row_tax_rate"),
    receiveOrderRowCancelFlag: text("receive_order_row_cancel_flag"),
    /** 1 = valid, other = invalid (spec 2.6). */
    receiveOrderRowDeletedFlag: text("receive_order_row_deleted_flag"),
    receiveOrderRowStockAllocationQuantity: numeric("receive_order_row_stock_allocation_quantity"),
    receiveOrderRowLastModifiedNullSafeDate: timestamp("receive_order_row_last_modified_null_safe_date", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.companyNeId, t.receiveOrderRowReceiveOrderId, t.receiveOrderRowNo] }),
    // Units and revenue per goods code (joined to the slips' dates through the primary key).
    index("analytics_order_rows_company_goods").on(t.companyNeId, t.receiveOrderRowGoodsId, t.receiveOrderRowReceiveOrderId),
  ],
);

/** Goods master (spec 2.7, /api_v1_master_goods/search): what the reorder list needs. */
export const analyticsGoods = pgTable(
  "analytics_goods",
  {
    companyNeId: text("company_ne_id").notNull(),
    goodsId: text("goods_id").notNull(),
    goodsRepresentationId: text("goods_representation_id"),
    goodsName: text("goods_name"),
    goodsTypeId: text("goods_type_id"),
    goodsSupplierId: text("goods_supplier_id"),
    /** The supplier master's name (a business), joined by the goods search. */
    supplierName: text("supplier_name"),
    goodsOrderPoint: numeric("goods_order_point"),
    goodsStockConstant: numeric("goods_stock_constant"),
    goodsLot: numeric("goods_lot"),
    goodsDeletedFlag: text("goods_deleted_flag"),
    goodsLastModifiedNullSafeDate: timestamp("goods_last_modified_null_safe_date", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.companyNeId, t.goodsId] })],
);

/** Set goods components (spec 2.10, /api_v1_master_setgoods/search): one row per set and component. */
export const analyticsSetGoods = pgTable(
  "analytics_set_goods",
  {
    companyNeId: text("company_ne_id").notNull(),
    setGoodsId: text("set_goods_id").notNull(),
    setGoodsDetailGoodsId: text("set_goods_detail_goods_id").notNull(),
    setGoodsName: text("set_goods_name"),
    setGoodsDetailQuantity: numeric("set_goods_detail_quantity"),
    setGoodsLastModifiedDate: timestamp("set_goods_last_modified_date", { withTimezone: true }),
    /** When a full pass last saw the row: a pass deletes the rows it did not see (set goods have no deleted flag). */
    seenAt: timestamp("seen_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyNeId, t.setGoodsId, t.setGoodsDetailGoodsId] }),
    index("analytics_set_goods_component").on(t.companyNeId, t.setGoodsDetailGoodsId),
  ],
);

/** Goods stock (spec 2.8, /api_v1_master_stock/search): all warehouses together. */
export const analyticsStock = pgTable(
  "analytics_stock",
  {
    companyNeId: text("company_ne_id").notNull(),
    stockGoodsId: text("stock_goods_id").notNull(),
    stockQuantity: numeric("stock_quantity"),
    stockAllocationQuantity: numeric("stock_allocation_quantity"),
    stockFreeQuantity: numeric("stock_free_quantity"),
    stockDefectiveQuantity: numeric("stock_defective_quantity"),
    stockRemainingOrderQuantity: numeric("stock_remaining_order_quantity"),
    stockOutQuantity: numeric("stock_out_quantity"),
    stockAdvanceOrderQuantity: numeric("stock_advance_order_quantity"),
    stockAdvanceOrderFreeQuantity: numeric("stock_advance_order_free_quantity"),
    stockDeletedFlag: text("stock_deleted_flag"),
    stockLastModifiedNullSafeDate: timestamp("stock_last_modified_null_safe_date", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.companyNeId, t.stockGoodsId] })],
);

/** Warehouse stock (spec 2.9, /api_v1_warehouse_stock/search): one row per warehouse and goods. */
export const analyticsWarehouseStock = pgTable(
  "analytics_warehouse_stock",
  {
    companyNeId: text("company_ne_id").notNull(),
    warehouseStockWarehouseId: integer("warehouse_stock_warehouse_id").notNull(),
    warehouseStockGoodsId: text("warehouse_stock_goods_id").notNull(),
    warehouseStockQuantity: numeric("warehouse_stock_quantity"),
    warehouseStockAllocationQuantity: numeric("warehouse_stock_allocation_quantity"),
    warehouseStockFreeQuantity: numeric("warehouse_stock_free_quantity"),
    warehouseStockLastModifiedNullSafeDate: timestamp("warehouse_stock_last_modified_null_safe_date", { withTimezone: true }),
    /** When a full pass last saw the row (an upload can delete a warehouse's link: no deleted flag). */
    seenAt: timestamp("seen_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyNeId, t.warehouseStockWarehouseId, t.warehouseStockGoodsId] }),
    index("analytics_warehouse_stock_goods").on(t.companyNeId, t.warehouseStockGoodsId),
  ],
);

/**
 * Where each company's sync of each resource stands: the high-water mark of the resource's
 * last-modified date (as the API writes it, JST `YYYY-MM-DD HH:MM:SS`), the cursor of a pass not
 * finished yet (saved after every page: a sync cut short resumes there), and the last outcome.
 */
export const analyticsSyncState = pgTable(
  "analytics_sync_state",
  {
    companyNeId: text("company_ne_id").notNull(),
    resource: text("resource").notNull(),
    /** Last-modified high-water mark of the last finished pass (null: the first pass has not finished). */
    mark: text("mark"),
    /** The unfinished pass: its kind, conditions and where the next page starts (lib/analytics/server/sync.ts). */
    cursor: jsonb("cursor"),
    passStartedAt: timestamp("pass_started_at", { withTimezone: true }),
    passFinishedAt: timestamp("pass_finished_at", { withTimezone: true }),
    /** When a full pass (every row, deleting rows not seen) last finished. */
    fullPassAt: timestamp("full_pass_at", { withTimezone: true }),
    lastError: text("last_error"),
    lastErrorAt: timestamp("last_error_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.companyNeId, t.resource] })],
);

// Summaries of the slips and rows above (lib/analytics/server/summaries.ts), kept by the sync so
// the views read a few rows per day instead of joining every row to its slip's date. Days are JST
// order dates (receive_order_date in Asia/Tokyo); deleted slips (receive_order_deleted_flag 1) and
// invalid rows (receive_order_row_deleted_flag other than 1) are never in them. Grouping columns
// keep the API's field names; the sums are the sync's own columns. "Counted" rows are valid and not
// cancelled (receive_order_row_cancel_flag other than 1); the all_* sums take every valid row.

/** Per JST day, shop, payment method, delivery method and slip cancelled or not: what salesSeries needs. */
export const analyticsDailySales = pgTable(
  "analytics_daily_sales",
  {
    companyNeId: text("company_ne_id").notNull(),
    day: date("day").notNull(),
    receiveOrderShopId: integer("receive_order_shop_id"),
    receiveOrderPaymentMethodId: text("receive_order_payment_method_id"),
    receiveOrderDeliveryId: text("receive_order_delivery_id"),
    /** The slips' `cancelled` (analytics_orders). */
    cancelled: boolean("cancelled").notNull(),
    /** Slips. */
    orders: integer("orders").notNull(),
    /** Sum of the slips' receive_order_total_amount. */
    revenue: numeric("revenue"),
    /** Sum of the counted rows' receive_order_row_quantity. */
    units: numeric("units"),
    /** Sum of every valid row's receive_order_row_quantity. */
    allUnits: numeric("all_units"),
  },
  (t) => [index("analytics_daily_sales_company_day").on(t.companyNeId, t.day)],
);

/** The goods summaries' shop, cancelled flag, goods code and sums (a new set of column builders per table). */
const goodsSummaryColumns = () => ({
  receiveOrderShopId: integer("receive_order_shop_id"),
  cancelled: boolean("cancelled").notNull(),
  receiveOrderRowGoodsId: text("receive_order_row_goods_id").notNull(),
  /** Counted rows: slips having one, sum of quantities, sum of sub-totals, greatest row goods name. */
  orders: integer("orders").notNull(),
  units: numeric("units"),
  revenue: numeric("revenue"),
  receiveOrderRowGoodsName: text("receive_order_row_goods_name"),
  /** The same over every valid row (the views' "cancelled included"). */
  allOrders: integer("all_orders").notNull(),
  allUnits: numeric("all_units"),
  allRevenue: numeric("all_revenue"),
  allRowsGoodsName: text("all_rows_goods_name"),
});

/** Per JST day, shop, slip cancelled or not and goods code: goodsRanking, goodsDaily and the reorder list's units. */
export const analyticsDailyGoods = pgTable(
  "analytics_daily_goods",
  {
    companyNeId: text("company_ne_id").notNull(),
    day: date("day").notNull(),
    ...goodsSummaryColumns(),
  },
  (t) => [
    index("analytics_daily_goods_company_day").on(t.companyNeId, t.day),
    index("analytics_daily_goods_company_goods_day").on(t.companyNeId, t.receiveOrderRowGoodsId, t.day),
  ],
);

/**
 * analytics_daily_goods rolled up per JST month (`month` = its first day), recomputed from it for
 * the months of the dirty days: a goods ranking reads whole months here and the edge days there.
 */
export const analyticsMonthlyGoods = pgTable(
  "analytics_monthly_goods",
  {
    companyNeId: text("company_ne_id").notNull(),
    month: date("month").notNull(),
    ...goodsSummaryColumns(),
  },
  (t) => [index("analytics_monthly_goods_company_month").on(t.companyNeId, t.month)],
);

/** JST days whose summaries are out of date: marked with the pages that touch them, cleared when recomputed. */
export const analyticsDirtyDays = pgTable(
  "analytics_dirty_days",
  {
    companyNeId: text("company_ne_id").notNull(),
    day: date("day").notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyNeId, t.day] })],
);

/** Per company: when its copy was last complete ("as of"), whether a sync runs, and the retention clock. */
export const analyticsCompanies = pgTable("analytics_companies", {
  companyNeId: text("company_ne_id").primaryKey(),
  /** Last time a live sign-in of the company was seen (the retention period counts from here). */
  lastSignInSeenAt: timestamp("last_sign_in_seen_at", { withTimezone: true }).notNull(),
  /** Start of the last sync that finished every resource: the copy is as of then. */
  asOf: timestamp("as_of", { withTimezone: true }),
  syncStartedAt: timestamp("sync_started_at", { withTimezone: true }),
  /** Renewed after every page while a sync runs; a sync whose heartbeat is old died. */
  heartbeatAt: timestamp("heartbeat_at", { withTimezone: true }),
  syncFinishedAt: timestamp("sync_finished_at", { withTimezone: true }),
  /** A refresh was asked for (the refresh button): the schedule runs it at its next turn. */
  requestedAt: timestamp("requested_at", { withTimezone: true }),
  /** The copy was deleted on request (settings page): the schedule does not build it again until someone of the company asks. */
  deletedOnRequestAt: timestamp("deleted_on_request_at", { withTimezone: true }),
  lastError: text("last_error"),
  lastErrorAt: timestamp("last_error_at", { withTimezone: true }),
});
