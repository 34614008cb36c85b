// The dashboard's own tables (not the upstream's): token sessions, per-user grid preferences and
// saved grid views, pending sign-ins and rate-limit counters.
import { sql } from "drizzle-orm";
import { integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

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
