// The query engine: turns a search/count request into one parameterized SQL statement, driven
// only by the registry (field names, types, operators). Values never enter the SQL text.
//
// Semantics (DESIGN.md): conditions `<field>-<op>` AND-ed; N compares as numbers, D as date-times,
// S as text; `like` uses % (and _) wildcards; in/nin take up to 1000 comma-separated values;
// neq/nin/nlike exclude NULL (nlikeornull keeps it); blank = NULL or '', null = NULL.
// Rows come in primary-key order; offset defaults to 0, limit to 10000 (its maximum, minimum 1).
// Strict as the API: an unknown field (in `fields` or a condition), an operator the official
// operator table refuses for the field's type (OPERATOR_TYPES) or the registry does not give the
// field, and a bad value are error answers (NE_CODES.invalidParameter, the sandbox's own code).
import type { FieldDef, Operator, ResourceDef } from "../lib/ne/registry/types";
import { MAX_LIST_VALUES, OPERATOR_TYPES, OPERATORS } from "../lib/ne/registry/types";
import { quoteIdent, type SandboxDb, type SqlParam } from "./db";
import { invalidParameter } from "./errors";
import { COMPANY_COLUMN, ROW_COLUMN, columnName, tableName } from "./schema";
import { normalizeDateTime } from "./time";

export const DEFAULT_LIMIT = 10_000;
export const MAX_LIMIT = 10_000;

/** Request parameters as strings (form fields of the call). */
export interface ParamReader {
  get(name: string): string | undefined;
  keys(): Iterable<string>;
}

export type ApiRow = Record<string, string | null>;

interface ResourcePlan {
  table: string;
  fields: Map<string, FieldDef>;
  orderBy: string;
}

const plans = new WeakMap<ResourceDef, ResourcePlan>();

function planOf(resource: ResourceDef): ResourcePlan {
  let p = plans.get(resource);
  if (!p) {
    const fields = new Map(resource.fields.map((f) => [f.name, f] as const));
    const pk = resource.primaryKey.filter((n) => fields.has(n)).map((n) => quoteIdent(columnName(n)));
    p = { table: quoteIdent(tableName(resource.key)), fields, orderBy: [...pk, ROW_COLUMN].join(", ") };
    plans.set(resource, p);
  }
  return p;
}

function col(field: FieldDef): string {
  return quoteIdent(columnName(field.name));
}

/** The column as the API shows it: every value a string (or null). */
export function selectExpr(field: FieldDef): string {
  switch (field.type) {
    case "S":
      return col(field);
    case "N":
      return `${col(field)}::text`;
    case "D":
      return `to_char(${col(field)}, 'YYYY-MM-DD HH24:MI:SS')`;
  }
}

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
const OPERATOR_SET: ReadonlySet<string> = new Set(OPERATORS);

/** Collects the values of a condition and hands out their placeholders. */
class Params {
  readonly values: SqlParam[];
  constructor(initial: SqlParam[]) {
    this.values = [...initial];
  }
  add(value: SqlParam, cast: string): string {
    this.values.push(value);
    return `$${this.values.length}::${cast}`;
  }
}

function castOf(field: FieldDef): string {
  return field.type === "N" ? "numeric" : field.type === "D" ? "timestamp" : "text";
}

function typedValue(field: FieldDef, raw: string, param: string): string {
  if (field.type === "S") return raw;
  const text = raw.trim();
  if (field.type === "N") {
    if (!NUMBER.test(text)) throw invalidParameter(`${param}: 数値ではありません (not a number): ${raw}`);
    return text;
  }
  const date = normalizeDateTime(text);
  if (!date) throw invalidParameter(`${param}: 日時ではありません (not a date-time YYYY-MM-DD HH:MM:SS): ${raw}`);
  return date;
}

function textExpr(field: FieldDef): string {
  // Pattern matching on numbers and dates works on what the API shows.
  return field.type === "S" ? col(field) : selectExpr(field);
}

function condition(field: FieldDef, op: Operator, raw: string, param: string, params: Params): string {
  const c = col(field);
  const cast = castOf(field);
  switch (op) {
    case "eq":
      return `${c} = ${params.add(typedValue(field, raw, param), cast)}`;
    case "neq":
      return `${c} <> ${params.add(typedValue(field, raw, param), cast)}`;
    case "lt":
      return `${c} < ${params.add(typedValue(field, raw, param), cast)}`;
    case "lte":
      return `${c} <= ${params.add(typedValue(field, raw, param), cast)}`;
    case "gt":
      return `${c} > ${params.add(typedValue(field, raw, param), cast)}`;
    case "gte":
      return `${c} >= ${params.add(typedValue(field, raw, param), cast)}`;
    case "in":
    case "nin": {
      const list = raw.split(",");
      if (list.length > MAX_LIST_VALUES) {
        throw invalidParameter(`${param}: 値は${MAX_LIST_VALUES}個までです (at most ${MAX_LIST_VALUES} values, got ${list.length})`);
      }
      const typed = list.map((v) => typedValue(field, v, param));
      const placeholder = params.add(typed, `${cast}[]`);
      return op === "in" ? `${c} = ANY(${placeholder})` : `${c} <> ALL(${placeholder})`;
    }
    case "like":
      return `${textExpr(field)} LIKE ${params.add(raw, "text")}`;
    case "nlike":
      return `${textExpr(field)} NOT LIKE ${params.add(raw, "text")}`;
    case "nlikeornull":
      return `(${textExpr(field)} NOT LIKE ${params.add(raw, "text")} OR ${c} IS NULL)`;
    case "blank":
      return field.type === "S" ? `(${c} IS NULL OR ${c} = '')` : `${c} IS NULL`;
    case "nblank":
      return field.type === "S" ? `(${c} IS NOT NULL AND ${c} <> '')` : `${c} IS NOT NULL`;
    case "null":
      return `${c} IS NULL`;
    case "nnull":
      return `${c} IS NOT NULL`;
  }
}

const EXTENSION_RESOURCE = "receiveOrder";
const EXTENSION_KEY_FIELD = "receive_order_id";

/** The `extension_execution_id` of an order-slip search or count, when one is sent. */
export function extensionExecutionOf(reader: ParamReader): string | undefined {
  const raw = reader.get("extension_execution_id")?.trim();
  return raw ? raw : undefined;
}

/**
 * Refuses an `extension_execution_id` that names no group of the company's (an unknown or
 * another company's id): an empty list would look like "no slips" to the person.
 */
export async function checkExtensionExecution(db: SandboxDb, resource: ResourceDef, reader: ParamReader, companyNeId: string): Promise<void> {
  if (resource.key !== EXTENSION_RESOURCE) return;
  const id = extensionExecutionOf(reader);
  if (id === undefined) return;
  const rows = await db.query<{ id: string }>(`SELECT id FROM sb_extension_executions WHERE id = $1 AND company_ne_id = $2`, [id, companyNeId]);
  if (rows.length === 0) {
    throw invalidParameter(`extension_execution_id が見つかりません。メイン画面から選び直してください (unknown extension_execution_id: select the slips again on the main screen): ${id}`);
  }
}

/** WHERE clauses of the `<field>-<op>` parameters; the company clause is always $1. */
function whereOf(resource: ResourceDef, reader: ParamReader, companyNeId: string): { where: string; params: Params; conditions: number } {
  const { fields } = planOf(resource);
  const params = new Params([companyNeId]);
  const clauses = [`${COMPANY_COLUMN} = $1`];
  for (const key of reader.keys()) {
    const dash = key.lastIndexOf("-");
    if (dash < 0) continue;
    const name = key.slice(0, dash).trim();
    const op = key.slice(dash + 1).trim();
    const field = fields.get(name);
    if (!field) throw invalidParameter(`検索条件のフィールドが存在しません (unknown field): ${name}`);
    if (!OPERATOR_SET.has(op)) throw invalidParameter(`検索条件の演算子が正しくありません (unknown operator): ${key}`);
    const operator = op as Operator;
    if (!field.searchable) throw invalidParameter(`このフィールドは検索できません (field cannot be searched): ${name}`);
    // The official operator table by type first (whatever a registry says), then the field's own list.
    if (!OPERATOR_TYPES[operator].includes(field.type)) {
      throw invalidParameter(`この型のフィールドでは使えない演算子です (operator ${operator} is not accepted on a field of type ${field.type}): ${key}`);
    }
    if (!field.operators.includes(operator)) {
      throw invalidParameter(`このフィールドでは使えない演算子です (operator not accepted): ${key}`);
    }
    clauses.push(condition(field, operator, reader.get(key) ?? "", key, params));
  }
  // The slips picked on the main screen (spec 4: order-slip search only; AND with the conditions).
  // The caller has checked that the id names a group of this company (see extensionExecutionOf).
  const extension = resource.key === EXTENSION_RESOURCE ? extensionExecutionOf(reader) : undefined;
  const slipId = extension === undefined ? undefined : fields.get(EXTENSION_KEY_FIELD);
  if (extension !== undefined && slipId) {
    clauses.push(
      `${col(slipId)} = ANY(COALESCE((SELECT receive_order_ids FROM sb_extension_executions WHERE id = ${params.add(extension, "text")} AND company_ne_id = $1), '{}'))`,
    );
  }
  return { where: clauses.join(" AND "), params, conditions: clauses.length - 1 };
}

function intParam(reader: ParamReader, name: string, fallback: number): number {
  const raw = reader.get(name);
  if (raw === undefined || raw.trim() === "") return fallback;
  if (!/^\s*[+-]?\d+\s*$/.test(raw)) throw invalidParameter(`${name} は整数で指定してください (must be an integer): ${raw}`);
  return Number(raw);
}

/** `fields=a, b,c` → requested field definitions; an unknown name is an error naming it. */
export function parseFields(resource: ResourceDef, raw: string | undefined, required: boolean): FieldDef[] {
  const names = (raw ?? "")
    .split(",")
    .map((n) => n.trim())
    .filter((n) => n !== "");
  if (names.length === 0) {
    if (required) throw invalidParameter("fields を指定してください (fields is required)");
    return [];
  }
  const { fields } = planOf(resource);
  const out: FieldDef[] = [];
  const seen = new Set<string>();
  for (const name of names) {
    const field = fields.get(name);
    if (!field) throw invalidParameter(`フィールドが存在しません (unknown field): ${name}`);
    if (!seen.has(name)) out.push(field);
    seen.add(name);
  }
  return out;
}

export interface CompiledSearch {
  sql: string;
  params: SqlParam[];
  fields: FieldDef[];
}

export function compileSearch(resource: ResourceDef, reader: ParamReader, companyNeId: string): CompiledSearch {
  const fields = parseFields(resource, reader.get("fields"), true);
  const offset = intParam(reader, "offset", 0);
  const limit = intParam(reader, "limit", DEFAULT_LIMIT);
  if (offset < 0) throw invalidParameter(`offset は0以上で指定してください (offset must be >= 0): ${offset}`);
  if (limit < 1) throw invalidParameter(`limit は1以上で指定してください (limit must be >= 1): ${limit}`);
  if (limit > MAX_LIMIT) throw invalidParameter(`limit は${MAX_LIMIT}以下で指定してください (limit must be <= ${MAX_LIMIT}): ${limit}`);
  const { where, params } = whereOf(resource, reader, companyNeId);
  const plan = planOf(resource);
  const select = fields.map((f, i) => `${selectExpr(f)} AS f${i}`).join(", ");
  const limitP = params.add(limit, "integer");
  const offsetP = params.add(offset, "integer");
  // Find the page's row ids first (narrow: no formatting, no wide rows carried through a sort or
  // skipped by a deep offset), then read and format only those rows.
  const keys = `SELECT ${ROW_COLUMN} FROM ${plan.table} WHERE ${where} ORDER BY ${plan.orderBy} LIMIT ${limitP} OFFSET ${offsetP}`;
  return {
    // (sb_row is unique per table; no company clause outside, or the planner walks the company's index.)
    sql: `SELECT ${select} FROM ${plan.table} WHERE ${ROW_COLUMN} = ANY(ARRAY(${keys})) ORDER BY ${plan.orderBy}`,
    params: params.values,
    fields,
  };
}

export function compileCount(resource: ResourceDef, reader: ParamReader, companyNeId: string): { sql: string; params: SqlParam[] } {
  const { where, params, conditions } = whereOf(resource, reader, companyNeId);
  if (conditions === 0) {
    // The company's total is kept by the table's triggers (schema.ts, sb_counts).
    return {
      sql: `SELECT COALESCE((SELECT n FROM sb_counts WHERE company_ne_id = $1 AND table_name = $2), 0)::text AS c`,
      params: [companyNeId, tableName(resource.key)],
    };
  }
  return { sql: `SELECT count(*)::text AS c FROM ${planOf(resource).table} WHERE ${where}`, params: params.values };
}

function toApiRows(rows: readonly Record<string, unknown>[], fields: readonly FieldDef[]): ApiRow[] {
  return rows.map((row) => {
    const out: ApiRow = {};
    fields.forEach((f, i) => {
      const v = row[`f${i}`];
      out[f.name] = v === null || v === undefined ? null : String(v);
    });
    return out;
  });
}

export async function runSearch(db: SandboxDb, resource: ResourceDef, reader: ParamReader, companyNeId: string): Promise<ApiRow[]> {
  await checkExtensionExecution(db, resource, reader, companyNeId);
  const q = compileSearch(resource, reader, companyNeId);
  const rows = await db.query<Record<string, unknown>>(q.sql, q.params, { prepare: true });
  return toApiRows(rows, q.fields);
}

export async function runCount(db: SandboxDb, resource: ResourceDef, reader: ParamReader, companyNeId: string): Promise<string> {
  await checkExtensionExecution(db, resource, reader, companyNeId);
  const q = compileCount(resource, reader, companyNeId);
  const rows = await db.query<{ c: string }>(q.sql, q.params, { prepare: true });
  return rows[0]?.c ?? "0";
}

/** Every row and field of a resource for a company (info operations), in primary-key order. */
export async function runAll(db: SandboxDb, resource: ResourceDef, companyNeId: string): Promise<ApiRow[]> {
  const plan = planOf(resource);
  const fields = resource.fields;
  const select = fields.map((f, i) => `${selectExpr(f)} AS f${i}`).join(", ");
  const rows = await db.query<Record<string, unknown>>(
    `SELECT ${select} FROM ${plan.table} WHERE ${COMPANY_COLUMN} = $1 ORDER BY ${plan.orderBy}`,
    [companyNeId],
    { prepare: true },
  );
  return toApiRows(rows, fields);
}
