// The sandbox's tables, built from the registry: one table per resource (one typed column per
// field: numeric for N, timestamp for D, text for S) plus a hidden `company_ne_id` column that
// scopes every row to its company, and a hidden `sb_row` serial that breaks primary-key ties.
// Internal tables (prefix sb_) hold users, states, tokens, upload payloads and metadata.
import { createHash } from "node:crypto";
import type { FieldDef, FieldType, ResourceDef, ResourceKey } from "../lib/ne/registry/types";
import { quoteIdent, type SandboxDb } from "./db";
import { RegistryIndex } from "./registry";

export const COMPANY_COLUMN = "company_ne_id";
export const ROW_COLUMN = "sb_row";
const SCHEMA_VERSION = "2";

export function tableName(key: ResourceKey): string {
  return `ne_${key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`;
}

/** PostgreSQL cuts identifiers at 63 bytes; longer field names get a stable shortened column. */
export function columnName(fieldName: string): string {
  if (Buffer.byteLength(fieldName) <= 63) return fieldName;
  const hash = createHash("sha1").update(fieldName).digest("hex").slice(0, 8);
  return `${fieldName.slice(0, 54)}_${hash}`;
}

// Text compares byte-wise (collation C) on every server, so `lt`/`gt` and LIKE prefixes behave
// the same on PGlite and PostgreSQL and can use the btree indexes.
const SQL_TYPE: Record<FieldType, string> = { S: 'text COLLATE "C"', N: "numeric", D: "timestamp(0)" };

export function sqlType(type: FieldType): string {
  return SQL_TYPE[type];
}

/** Fields that are stored as their own column (a field named like the hidden company column shares it). */
export function storedFields(resource: ResourceDef): FieldDef[] {
  const seen = new Set<string>();
  return resource.fields.filter((f) => {
    const col = columnName(f.name);
    if (seen.has(col) || col === COMPANY_COLUMN || col === ROW_COLUMN) return false;
    seen.add(col);
    return true;
  });
}

/**
 * Columns carried (INCLUDE) by the primary-key index and the main date index of a resource, so
 * that searches and counts whose conditions touch only these columns are index-only scans over
 * narrow tuples instead of visits to the wide rows (orders have ~140 columns). These are the
 * columns the dashboard's order filters and status board use.
 */
const COVERING: Partial<Record<ResourceKey, { date: string; include: readonly string[] }>> = {
  receiveOrder: {
    date: "receive_order_date",
    include: [
      "receive_order_id",
      "receive_order_date",
      "receive_order_shop_id",
      "receive_order_order_status_id",
      "receive_order_cancel_type_id",
      "receive_order_total_amount",
      "receive_order_payment_method_id",
      "receive_order_delivery_id",
      "receive_order_deleted_flag",
      "receive_order_import_date",
      "receive_order_send_date",
    ],
  },
  receiveOrderRow: {
    date: "receive_order_row_last_modified_newest_date",
    include: [
      "receive_order_row_receive_order_id",
      "receive_order_row_no",
      "receive_order_row_goods_id",
      "receive_order_row_quantity",
      "receive_order_row_cancel_flag",
      "receive_order_row_deleted_flag",
      "receive_order_row_last_modified_newest_date",
    ],
  },
};

/**
 * Columns the dashboard filters on most (each index leads with the company column): single
 * columns of orders and order rows, lookups by goods, warehouse and queue id, the incremental-sync
 * dates, and composites for the status board (status, shop, date) so its counts need no heap
 * visits. An entry is created only when the resource has all its fields.
 */
const INDEXED_FIELDS: readonly (readonly string[])[] = [
  ["receive_order_order_status_id", "receive_order_shop_id", "receive_order_date"],
  ["receive_order_shop_id", "receive_order_date"],
  ["receive_order_import_date"],
  ["receive_order_shop_cut_form_id"],
  ["receive_order_send_date"],
  ["receive_order_send_plan_date"],
  ["receive_order_total_amount"],
  ["receive_order_cancel_type_id"],
  ["receive_order_payment_method_id"],
  ["receive_order_delivery_id"],
  ["receive_order_purchaser_name"],
  ["receive_order_last_modified_date"],
  ["receive_order_last_modified_null_safe_date"],
  ["receive_order_row_goods_id"],
  ["receive_order_row_last_modified_null_safe_date"],
  ["goods_id"],
  ["goods_name"],
  ["goods_last_modified_null_safe_date"],
  ["stock_goods_id"],
  ["stock_last_modified_null_safe_date"],
  ["warehouse_stock_goods_id"],
  ["warehouse_stock_warehouse_id"],
  ["goods_image_goods_id"],
  ["goods_tag_goods_id"],
  ["set_goods_detail_goods_id"],
  ["place_order_row_goods_id"],
  ["place_order_row_place_order_id"],
  ["supply_order_last_modified_null_safe_date"],
  ["que_id"],
  ["que_status_id"],
];

export interface TableDdl {
  key: ResourceKey;
  table: string;
  create: string;
  triggers: string[];
  indexes: string[];
}

export function tableDdl(resource: ResourceDef): TableDdl {
  const table = tableName(resource.key);
  const fieldCols = storedFields(resource).map((f) => `${quoteIdent(columnName(f.name))} ${sqlType(f.type)}`);
  const create = [
    `CREATE TABLE IF NOT EXISTS ${quoteIdent(table)} (`,
    [`${COMPANY_COLUMN} text NOT NULL`, `${ROW_COLUMN} bigserial`, ...fieldCols].map((c) => `  ${c}`).join(",\n"),
    `)`,
  ].join("\n");
  const names = new Set(resource.fields.map((f) => f.name));
  const pk = resource.primaryKey.filter((n) => names.has(n)).map((n) => quoteIdent(columnName(n)));
  const covering = COVERING[resource.key];
  const carried = (exclude: readonly string[]) =>
    (covering?.include ?? []).filter((n) => names.has(n) && !exclude.includes(n)).map((n) => quoteIdent(columnName(n)));
  const include = (cols: string[]) => (cols.length > 0 ? ` INCLUDE (${cols.join(", ")})` : "");
  const indexes = [
    `CREATE UNIQUE INDEX IF NOT EXISTS ${quoteIdent(`${table}_sb_row`)} ON ${quoteIdent(table)} (${ROW_COLUMN})`,
    `CREATE INDEX IF NOT EXISTS ${quoteIdent(`${table}_sb_pk`)} ON ${quoteIdent(table)} (${[COMPANY_COLUMN, ...pk, ROW_COLUMN].join(", ")})${include(carried(resource.primaryKey))}`,
  ];
  if (covering && names.has(covering.date)) {
    indexes.push(
      `CREATE INDEX IF NOT EXISTS ${quoteIdent(`${table}_sb_date`)} ON ${quoteIdent(table)} (${COMPANY_COLUMN}, ${quoteIdent(columnName(covering.date))})${include([...carried([covering.date]), ROW_COLUMN])}`,
    );
  }
  const pkOnly = resource.primaryKey.length === 1 ? resource.primaryKey[0] : undefined;
  for (const group of INDEXED_FIELDS) {
    if (!group.every((n) => names.has(n)) || (group.length === 1 && group[0] === pkOnly)) continue;
    const cols = group.map(columnName);
    const name = `${table}_${createHash("sha1").update(cols.join(",")).digest("hex").slice(0, 10)}`;
    indexes.push(
      `CREATE INDEX IF NOT EXISTS ${quoteIdent(name)} ON ${quoteIdent(table)} (${[COMPANY_COLUMN, ...cols.map(quoteIdent)].join(", ")})`,
    );
  }
  return { key: resource.key, table, create, triggers: countTriggers(table), indexes };
}

const INTERNAL_DDL = `
CREATE TABLE IF NOT EXISTS sb_meta (key text PRIMARY KEY, value text NOT NULL);
CREATE TABLE IF NOT EXISTS sb_users (
  uid text PRIMARY KEY,
  login_code text NOT NULL UNIQUE,
  password text NOT NULL,
  company_ne_id text NOT NULL,
  pic_id integer NOT NULL,
  pic_ne_id text NOT NULL,
  pic_name text NOT NULL,
  pic_kana text NOT NULL,
  pic_mail_address text NOT NULL
);
CREATE TABLE IF NOT EXISTS sb_states (
  state text PRIMARY KEY,
  uid text NOT NULL,
  client_id text NOT NULL,
  created_ms bigint NOT NULL,
  used_ms bigint
);
CREATE TABLE IF NOT EXISTS sb_tokens (
  seq bigserial,
  access_token text PRIMARY KEY,
  refresh_token text NOT NULL UNIQUE,
  company_ne_id text NOT NULL,
  uid text NOT NULL,
  client_id text NOT NULL,
  issued_ms bigint NOT NULL,
  access_expires_ms bigint NOT NULL,
  refresh_expires_ms bigint NOT NULL,
  rotated_ms bigint
);
CREATE TABLE IF NOT EXISTS sb_que_payloads (
  que_id bigint PRIMARY KEY,
  company_ne_id text NOT NULL,
  path text NOT NULL,
  data_type text NOT NULL,
  data bytea NOT NULL,
  file_name text,
  created_ms bigint NOT NULL
);
CREATE SEQUENCE IF NOT EXISTS sb_que_id_seq;
CREATE TABLE IF NOT EXISTS sb_extension_executions (
  id text PRIMARY KEY,
  company_ne_id text NOT NULL,
  receive_order_ids numeric[] NOT NULL,
  created_ms bigint NOT NULL
);
CREATE TABLE IF NOT EXISTS sb_counts (
  table_name text NOT NULL,
  company_ne_id text NOT NULL,
  n bigint NOT NULL,
  PRIMARY KEY (table_name, company_ne_id)
);
CREATE OR REPLACE FUNCTION sb_counts_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sb_counts (table_name, company_ne_id, n)
    SELECT TG_TABLE_NAME, company_ne_id, count(*) FROM sb_new_rows GROUP BY company_ne_id
  ON CONFLICT (table_name, company_ne_id) DO UPDATE SET n = sb_counts.n + EXCLUDED.n;
  RETURN NULL;
END $$;
CREATE OR REPLACE FUNCTION sb_counts_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE sb_counts c SET n = c.n - d.n
    FROM (SELECT company_ne_id, count(*) AS n FROM sb_old_rows GROUP BY company_ne_id) d
    WHERE c.table_name = TG_TABLE_NAME AND c.company_ne_id = d.company_ne_id;
  RETURN NULL;
END $$;
CREATE OR REPLACE FUNCTION sb_counts_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM sb_counts WHERE table_name = TG_TABLE_NAME;
  RETURN NULL;
END $$;
`;

/**
 * Every data table keeps its row count per company in sb_counts (statement-level triggers with
 * transition tables: cheap even for bulk loads, exact whoever writes), so a count without
 * conditions (the grids' total) does not scan.
 */
function countTriggers(table: string): string[] {
  const t = quoteIdent(table);
  return [
    `CREATE TRIGGER ${quoteIdent(`${table}_count_ins`)} AFTER INSERT ON ${t} REFERENCING NEW TABLE AS sb_new_rows FOR EACH STATEMENT EXECUTE FUNCTION sb_counts_insert()`,
    `CREATE TRIGGER ${quoteIdent(`${table}_count_del`)} AFTER DELETE ON ${t} REFERENCING OLD TABLE AS sb_old_rows FOR EACH STATEMENT EXECUTE FUNCTION sb_counts_delete()`,
    `CREATE TRIGGER ${quoteIdent(`${table}_count_trunc`)} AFTER TRUNCATE ON ${t} FOR EACH STATEMENT EXECUTE FUNCTION sb_counts_truncate()`,
  ];
}

export function schemaFingerprint(registry: RegistryIndex): string {
  const h = createHash("sha1").update(SCHEMA_VERSION).update(INTERNAL_DDL);
  for (const r of registry.tableResources()) {
    const ddl = tableDdl(r);
    h.update(ddl.create).update(ddl.triggers.join(";")).update(ddl.indexes.join(";"));
  }
  return h.digest("hex");
}

/** Drops every sandbox table (ne_*, sb_*) of the current schema. */
export async function dropAll(db: SandboxDb): Promise<void> {
  const tables = await db.query<{ tablename: string }>(
    `SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND (tablename LIKE 'ne\\_%' OR tablename LIKE 'sb\\_%')`,
  );
  for (const { tablename } of tables) await db.exec(`DROP TABLE IF EXISTS ${quoteIdent(tablename)} CASCADE`);
  await db.exec(`DROP SEQUENCE IF EXISTS sb_que_id_seq`);
  for (const fn of ["sb_counts_insert", "sb_counts_delete", "sb_counts_truncate"]) await db.exec(`DROP FUNCTION IF EXISTS ${fn}() CASCADE`);
}

export type SchemaState = "created" | "rebuilt" | "current";

/**
 * Creates the tables when missing (indexes come with `finishLoad`, after the bulk load). When the
 * registry changed since the tables were made (the fingerprint differs), or `force` is set, drops
 * and recreates everything: the caller then seeds again.
 */
export async function ensureSchema(db: SandboxDb, registry: RegistryIndex, options: { force?: boolean } = {}): Promise<SchemaState> {
  const fingerprint = schemaFingerprint(registry);
  const existing = await db.query<{ value: string }>(`SELECT value FROM sb_meta WHERE key = 'schema'`).catch(() => null);
  const current = existing?.[0]?.value;
  if (current === fingerprint && !options.force) return "current";
  const state: SchemaState = existing === null ? "created" : "rebuilt";
  await dropAll(db);
  await db.exec(INTERNAL_DDL);
  for (const r of registry.tableResources()) {
    const ddl = tableDdl(r);
    await db.exec(ddl.create);
    for (const trigger of ddl.triggers) await db.exec(trigger);
  }
  await db.query(`INSERT INTO sb_meta (key, value) VALUES ('schema', $1)`, [fingerprint]);
  return state;
}

/** Creates the indexes of every table (idempotent). */
export async function ensureIndexes(db: SandboxDb, registry: RegistryIndex): Promise<void> {
  for (const r of registry.tableResources()) {
    for (const index of tableDdl(r).indexes) await db.exec(index);
  }
}

export async function getMeta(db: SandboxDb, key: string): Promise<string | undefined> {
  const rows = await db.query<{ value: string }>(`SELECT value FROM sb_meta WHERE key = $1`, [key]);
  return rows[0]?.value;
}

export async function setMeta(db: SandboxDb, key: string, value: string): Promise<void> {
  await db.query(
    `INSERT INTO sb_meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
    [key, value],
  );
}
