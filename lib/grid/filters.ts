// Grid filters: what a person asked for (field, operator, typed value), their compact text form
// for the URL and saved views (`field.op:value`), and the API conditions they become.
// A relative date range ("this week") is one filter with the grid's own operator `within` and the
// range's name as its value, written `field=this-week`: it stays a name in URLs and saved views
// and becomes the API's `gte`/`lte` days only when conditions are made (`resolveFilters`, with
// Japan's day); old absolute links (`field.gte:2026-11-21`) keep working as they are.
// Browser-safe and pure; every filter is checked against the registry, so a hand-edited URL can
// only ever produce conditions the BFF accepts. Checked by hand, not with zod: this module is in
// every grid's first load.
import type { ConditionInput } from "@/lib/bff/operation-request";
import { jstToday } from "@/lib/board/period";
import {
  LIST_OPERATORS,
  MAX_LIST_VALUES,
  OPERATORS,
  acceptsOperator,
  VALUELESS_OPERATORS,
  type FieldDef,
  type FieldType,
  type Operator,
  type ResourceDef,
} from "@/lib/ne/registry/types";
import { parseQuickRange, quickRangeOn } from "./quick-ranges";

/** The grid's operator of a relative date range (never sent: it becomes `gte` and `lte`). */
export const RELATIVE_OP = "within";
/** An API operator, or the grid's `within` (a date field in a named range: this week...). */
export type GridOperator = Operator | typeof RELATIVE_OP;

export interface GridFilter {
  field: string;
  op: GridOperator;
  /** Absent for valueless operators; a list for `in`/`nin`; a range's name for `within`; one string otherwise. */
  value?: string | readonly string[];
}

/** Whether a filter is a relative date range (`field=this-week`). */
export function isRelative(filter: Pick<GridFilter, "op">): boolean {
  return filter.op === RELATIVE_OP;
}

/** Fields of a resource by name, built once per resource. */
const fieldMaps = new WeakMap<ResourceDef, Map<string, FieldDef>>();
export function fieldMap(resource: ResourceDef): Map<string, FieldDef> {
  let map = fieldMaps.get(resource);
  if (!map) {
    map = new Map(resource.fields.map((f) => [f.name, f]));
    fieldMaps.set(resource, map);
  }
  return map;
}

export function isValueless(op: GridOperator): boolean {
  return (VALUELESS_OPERATORS as readonly string[]).includes(op);
}

export function isListOperator(op: GridOperator): boolean {
  return (LIST_OPERATORS as readonly string[]).includes(op);
}

export function isPatternOperator(op: GridOperator): boolean {
  return op === "like" || op === "nlike" || op === "nlikeornull";
}

/** The identity of a filter: the API takes one `<field>-<op>` parameter of each. */
export function filterKey(filter: Pick<GridFilter, "field" | "op">): string {
  return `${filter.field}-${filter.op}`;
}

// Full-width digits, minus signs and separators typed on a Japanese keyboard → ASCII.
function toHalfWidth(s: string): string {
  return s
    .replace(/[０-９]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replace(/[－−ー]/g, "-")
    .replace(/[．]/g, ".")
    .replace(/[／]/g, "/")
    .replace(/[：]/g, ":")
    .replace(/　/g, " ");
}

const NUMBER = /^-?\d+(\.\d+)?$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/** A number as typed (`１，２００`, `1,200`, ` 12 `) → `1200`, or null when it is not one. */
export function normalizeNumber(raw: string): string | null {
  const s = toHalfWidth(raw).replace(/[,，\s]/g, "");
  return NUMBER.test(s) ? s : null;
}

/**
 * A date or date-time as typed or as a date input gives it (`2026/11/21`, `2026-11-21T09:30`)
 * → `YYYY-MM-DD` or `YYYY-MM-DD HH:MM[:SS]`, or null when it names no real day.
 */
export function normalizeDateTime(raw: string): string | null {
  const s = toHalfWidth(raw).trim().replace(/\//g, "-").replace("T", " ");
  const m = DATE_TIME.exec(s);
  if (!m) return null;
  const [, y, mo, d, h, mi, se] = m;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (year < 1 || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return null;
  if (h === undefined) return `${y}-${mo}-${d}`;
  if (Number(h) > 23 || Number(mi) > 59 || (se !== undefined && Number(se) > 59)) return null;
  return `${y}-${mo}-${d} ${h}:${mi}${se === undefined ? "" : `:${se}`}`;
}

/** One value of a field's type, normalized, or null when it cannot be sent. */
export function normalizeScalar(type: FieldType, op: GridOperator, raw: string): string | null {
  if (isPatternOperator(op)) {
    const s = raw.trim();
    return s === "" ? null : s;
  }
  if (type === "N") return normalizeNumber(raw);
  if (type === "D") return normalizeDateTime(raw);
  const s = raw.trim();
  return s === "" ? null : s;
}

/**
 * A filter made valid for `resource`, or null: the field exists and is searchable, the operator
 * is one the registry gives it (the official table for its type), and the value fits both (lists
 * split on commas, 1000 values at most).
 */
export function validateFilter(resource: ResourceDef, input: GridFilter): GridFilter | null {
  const field = fieldMap(resource).get(input.field);
  if (!field || !field.searchable) return null;
  if (input.op === RELATIVE_OP) {
    // A date field that takes both ends, and a range's name (an older spelling is renamed).
    if (!acceptsRelative(field)) return null;
    const name = typeof input.value === "string" ? parseQuickRange(input.value) : null;
    return name ? { field: field.name, op: RELATIVE_OP, value: name } : null;
  }
  if (!acceptsOperator(field, input.op)) return null;
  if (isValueless(input.op)) return { field: field.name, op: input.op };
  const raw = input.value;
  if (raw === undefined) return null;
  if (isListOperator(input.op)) {
    const parts = (typeof raw === "string" ? raw.split(",") : raw).map((v) => normalizeScalar(field.type, input.op, v));
    const values = [...new Set(parts.filter((v): v is string => v !== null && !v.includes(",")))];
    if (values.length === 0 || values.length > MAX_LIST_VALUES) return null;
    return { field: field.name, op: input.op, value: values };
  }
  if (typeof raw !== "string") return null;
  const value = normalizeScalar(field.type, input.op, raw);
  return value === null ? null : { field: field.name, op: input.op, value };
}

/**
 * Whether a list as typed (comma-separated) or chosen holds more distinct values than one `in`/
 * `nin` condition of the API takes (MAX_LIST_VALUES): the filter form refuses it with a message.
 */
export function exceedsListLimit(value: string | readonly string[]): boolean {
  const values = new Set((typeof value === "string" ? value.split(",") : value).map((v) => v.trim()).filter(Boolean));
  return values.size > MAX_LIST_VALUES;
}

/** Whether a field can hold a relative range: a date the API compares with `gte` and `lte`. */
export function acceptsRelative(field: FieldDef): boolean {
  return field.type === "D" && acceptsOperator(field, "gte") && acceptsOperator(field, "lte");
}

/** The longest token a URL or a saved view may hold (savedViewStateSchema allows the same). */
export const MAX_FILTER_TOKEN_LENGTH = 12_000;
const TOKEN = /^[a-z0-9_]{1,100}\.[a-z]{2,12}(:[\s\S]*)?$/;
/** A relative range: `receive_order_date=this-week`. */
const RELATIVE_TOKEN = /^([a-z0-9_]{1,100})=([A-Za-z0-9-]{1,20})$/;

function isOperator(s: string): s is Operator {
  return (OPERATORS as readonly string[]).includes(s);
}

/**
 * `receive_order_order_status_id.in:20,30` → a valid filter of `resource`, or null (bad tokens
 * are ignored, never thrown: a URL someone edited must not break the page).
 */
export function parseFilterToken(resource: ResourceDef, token: string): GridFilter | null {
  const relative = typeof token === "string" ? RELATIVE_TOKEN.exec(token) : null;
  if (relative) return validateFilter(resource, { field: relative[1] ?? "", op: RELATIVE_OP, value: relative[2] });
  if (typeof token !== "string" || token.length > MAX_FILTER_TOKEN_LENGTH || !TOKEN.test(token)) return null;
  const dot = token.indexOf(".");
  const colon = token.indexOf(":", dot);
  const field = token.slice(0, dot);
  const op = colon === -1 ? token.slice(dot + 1) : token.slice(dot + 1, colon);
  if (!isOperator(op)) return null;
  const value = colon === -1 ? undefined : token.slice(colon + 1);
  return validateFilter(resource, { field, op, value });
}

export function serializeFilterToken(filter: GridFilter): string {
  if (filter.op === RELATIVE_OP) return `${filter.field}=${typeof filter.value === "string" ? filter.value : ""}`;
  const head = `${filter.field}.${filter.op}`;
  if (filter.value === undefined || isValueless(filter.op)) return head;
  return `${head}:${typeof filter.value === "string" ? filter.value : filter.value.join(",")}`;
}

/** Valid filters from tokens, one per field+operator (the later one wins, as in a URL edit). */
export function parseFilterTokens(resource: ResourceDef, tokens: readonly string[]): GridFilter[] {
  return readFilterTokens(resource, tokens).filters;
}

/**
 * Why a stored condition (a URL's or a saved view's) is left out:
 * - `field`: the resource has no such searchable field (a renamed or removed field);
 * - `operator`: the API does not take this operator on the field's type (the official table:
 *   "before" on a text, "contains" on a number or a date, "any of" on a date);
 * - `tooMany`: a list of more values than one condition takes (MAX_LIST_VALUES);
 * - `value`: a value that does not fit the field's type;
 * - `unreadable`: not a condition at all.
 */
export type DropReason = "field" | "operator" | "tooMany" | "value" | "unreadable";

/** A condition left out, with what a notice needs to say which one and why. */
export interface DroppedFilter {
  reason: DropReason;
  /** The field's API name, when the token names one. */
  field?: string;
  /** The operator, when the token names one of the API's (or the grid's `within`). */
  op?: GridOperator;
  /** The value as stored (cut to 60 characters), when there is one. */
  value?: string;
}

const SHOWN_VALUE_LENGTH = 60;

/** Why `token` is not a filter of `resource`, or null when it is one. */
export function droppedFilterToken(resource: ResourceDef, token: string): DroppedFilter | null {
  if (parseFilterToken(resource, token)) return null;
  const relative = typeof token === "string" ? RELATIVE_TOKEN.exec(token) : null;
  if (relative) {
    const at = { field: relative[1] ?? "", op: RELATIVE_OP, value: relative[2] ?? "" } as const;
    const field = fieldMap(resource).get(at.field);
    if (!field || !field.searchable) return { reason: "field", ...at };
    if (!acceptsRelative(field)) return { reason: "operator", ...at };
    return { reason: "value", ...at };
  }
  if (typeof token !== "string" || !TOKEN.test(token.slice(0, 120))) return { reason: "unreadable" };
  const dot = token.indexOf(".");
  const colon = token.indexOf(":", dot);
  const name = token.slice(0, dot);
  const op = colon === -1 ? token.slice(dot + 1) : token.slice(dot + 1, colon);
  const raw = colon === -1 ? undefined : token.slice(colon + 1);
  const value = raw === undefined || raw === "" ? undefined : raw.length > SHOWN_VALUE_LENGTH ? `${raw.slice(0, SHOWN_VALUE_LENGTH)}…` : raw;
  const at = { field: name, ...(value === undefined ? {} : { value }) };
  if (!isOperator(op)) return { reason: "unreadable", ...at };
  const field = fieldMap(resource).get(name);
  if (!field || !field.searchable) return { reason: "field", op, ...at };
  if (!acceptsOperator(field, op)) return { reason: "operator", op, ...at };
  if (isListOperator(op) && raw !== undefined && raw.split(",").length > MAX_LIST_VALUES) return { reason: "tooMany", op, ...at };
  return { reason: "value", op, ...at };
}

/**
 * Tokens (a URL's `f` values, a saved view's filters) → the valid filters, one per field and
 * operator (the later one wins), and the tokens left out with why: a page opens with what it can
 * apply and says what it could not, never an error.
 */
export function readFilterTokens(resource: ResourceDef, tokens: readonly string[]): { filters: GridFilter[]; dropped: DroppedFilter[] } {
  const byKey = new Map<string, GridFilter>();
  const dropped: DroppedFilter[] = [];
  for (const token of tokens) {
    const filter = parseFilterToken(resource, token);
    if (!filter) {
      const why = droppedFilterToken(resource, token);
      if (why) dropped.push(why);
      continue;
    }
    for (const key of [filterKey(filter), ...replacedKeys(filter)]) byKey.delete(key);
    byKey.set(filterKey(filter), filter);
  }
  return { filters: [...byKey.values()], dropped };
}

/**
 * The other filters a filter takes the place of: a relative range both ends of its field, an end
 * (`gte`/`lte`) the field's relative range. (One field, one range: never "this week" and a day.)
 */
export function replacedKeys(filter: Pick<GridFilter, "field" | "op">): string[] {
  const { field } = filter;
  if (filter.op === RELATIVE_OP) return [filterKey({ field, op: "gte" }), filterKey({ field, op: "lte" })];
  if (filter.op === "gte" || filter.op === "lte") return [filterKey({ field, op: RELATIVE_OP })];
  return [];
}

/** `filters` with `filter` added, or replacing the one of the same field and operator (and those it replaces). */
export function upsertFilter(filters: readonly GridFilter[], filter: GridFilter): GridFilter[] {
  const key = filterKey(filter);
  const replaced = replacedKeys(filter);
  const kept = filters.filter((f) => !replaced.includes(filterKey(f)));
  const at = kept.findIndex((f) => filterKey(f) === key);
  if (at === -1) return [...kept, filter];
  return kept.map((f, i) => (i === at ? filter : f));
}

export function removeFilter(filters: readonly GridFilter[], key: string): GridFilter[] {
  return filters.filter((f) => filterKey(f) !== key);
}

export function findFilter(filters: readonly GridFilter[], field: string, op: GridOperator): GridFilter | undefined {
  return filters.find((f) => f.field === field && f.op === op);
}

/** The value of a filter as a list (an `in` filter's values, or the one value). */
export function filterValues(filter: GridFilter | undefined): string[] {
  if (!filter || filter.value === undefined) return [];
  return typeof filter.value === "string" ? [filter.value] : [...filter.value];
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The API value of one filter. Patterns without a `%` mean "contains" (`%山田%`); a bare date
 * read as a whole day where that is what people mean: `lte`/`gt` a day include/exclude all of
 * it (23:59:59), `gte`/`lt` start at its midnight.
 */
function conditionValue(field: FieldDef, filter: GridFilter): string | string[] | undefined {
  const { op, value } = filter;
  if (isValueless(op) || value === undefined) return undefined;
  if (typeof value !== "string") return [...value];
  if (isPatternOperator(op)) return value.includes("%") ? value : `%${value}%`;
  if (field.type === "D" && DATE_ONLY.test(value)) {
    if (op === "lte" || op === "gt") return `${value} 23:59:59`;
    return `${value} 00:00:00`;
  }
  return value;
}

/**
 * Relative ranges as the days they cover when Japan's day is `today` (`gte` first day, `lte` last
 * day); every other filter as it is. A relative range's ends replace the field's own.
 */
export function resolveFilters(filters: readonly GridFilter[], today: string): GridFilter[] {
  let out: GridFilter[] = [];
  for (const f of filters) {
    const name = f.op === RELATIVE_OP && typeof f.value === "string" ? parseQuickRange(f.value) : null;
    if (f.op === RELATIVE_OP && !name) continue;
    if (!name) {
      out.push(f);
      continue;
    }
    const { from, to } = quickRangeOn(name, today);
    out = out.filter((g) => g.field !== f.field || (g.op !== "gte" && g.op !== "lte"));
    out.push({ field: f.field, op: "gte", value: from }, { field: f.field, op: "lte", value: to });
  }
  return out;
}

/**
 * The API conditions of valid filters (invalid ones are dropped, never sent); relative ranges are
 * resolved with Japan's `today` (`YYYY-MM-DD`; now's when not given).
 */
export function filtersToConditions(resource: ResourceDef, filters: readonly GridFilter[], today: string = jstToday(new Date())): ConditionInput[] {
  const out: ConditionInput[] = [];
  const seen = new Set<string>();
  for (const raw of resolveFilters(filters, today)) {
    const filter = validateFilter(resource, raw);
    if (!filter || seen.has(filterKey(filter))) continue;
    seen.add(filterKey(filter));
    const field = fieldMap(resource).get(filter.field) as FieldDef;
    const value = conditionValue(field, filter);
    const op = filter.op as Operator; // resolved: no `within` is left
    out.push(value === undefined ? { field: filter.field, op } : { field: filter.field, op, value });
  }
  return out;
}
