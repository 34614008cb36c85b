// The dashboard's own tables (not the upstream's): token sessions, per-user grid preferences and
// saved grid views, pending sign-ins, rate-limit counters, and the upload journal (files and
// their batches, see lib/uploads).
import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
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
