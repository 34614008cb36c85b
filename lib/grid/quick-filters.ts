// A grid's quick filters as data (keyword, choice, toggle, date range, forgiving search) and, without React, what each
// reads from the URL filters and what a new state of it writes back. Every write is the `keys`
// (`field-op`) it replaces and the `next` filters, all checked against the registry, so the chips,
// the filter builder and a reload see the same thing. components/data-grid/quick-filters.tsx draws
// the controls.
import type { ReactNode } from "react";
import type { MessageKey } from "@/lib/i18n/message-key";
import type { Choice } from "@/lib/query/choices";
import type { ChoicesSource } from "@/lib/query/choice-types";
import type { Operator, ResourceDef } from "@/lib/ne/registry/types";
import { jstToday } from "@/lib/board/period";
import { filterKey, filterValues, findFilter, RELATIVE_OP, validateFilter, type GridFilter } from "./filters";
import { parseQuickRange, quickRangeOn, type QuickRange } from "./quick-ranges";

/** A field a control works on; its label is the registry's when no message is named. */
export interface QuickField {
  field: string;
  label?: MessageKey;
}

/** A "contains" search over one of a few text fields, with a choice of target when several. */
export interface KeywordQuickFilter {
  kind: "keyword";
  /** Accessible name of the search (and the text's placeholder when there are several targets). */
  label: MessageKey;
  /** Fields searched with `like`; the first is the default target. */
  targets: readonly QuickField[];
  /** Name of the target choice; `catalog.quick.searchBy` when absent. */
  targetLabel?: MessageKey;
  /** Fields matched exactly (`eq`), one more input each in the same search (a slip number). */
  exact?: readonly QuickField[];
  /**
   * A first target "any of these" (goods: code or name), the default: the API has no "or", so the
   * search asks how many rows each field would find (count twins, at once) and searches the first
   * field, in this order, that finds any; the chip then names the field it searched.
   */
  anyOf?: { label: MessageKey; fields: readonly string[] };
}

/** The target value of a keyword's "any of" choice (never a field name: those are [a-z0-9_]). */
export const ANY_TARGET = "*";

/** Some values of an enum-like field, one `in` filter. */
export interface ChoiceQuickFilter {
  kind: "choice";
  field: string;
  label?: MessageKey;
  /**
   * Where the choices come from when not the field's own (the registry's values, else the
   * definition's `choices`, else the registry's `choicesFrom`).
   */
  source?: ChoicesSource;
  /** Shown before a choice's label (the order status's colour dot). */
  decorate?: (choice: Choice) => ReactNode;
  /** A wider panel, for long names (shops, delivery methods). */
  wide?: boolean;
}

/** One option of a toggle: the filter on the toggle's field it stands for, none for "all". */
export interface ToggleOption {
  value: string;
  label: MessageKey;
  filter: { op: Operator; value: string } | null;
}

/** A segmented choice between a few fixed filters of one field ("all", "shown", "hidden"). */
export interface ToggleQuickFilter {
  kind: "toggle";
  field: string;
  label?: MessageKey;
  options: readonly ToggleOption[];
}

/** A day range on a date field: `gte` from, `lte` to; or a quick range by name (`field=this-week`). */
export interface DateRangeQuickFilter {
  kind: "dateRange";
  field: string;
  label?: MessageKey;
}

/**
 * One forgiving search box (components/data-grid/forgiving-search.tsx): what is typed becomes a few
 * readings (lib/grid/forgiving-search.ts), asked as counts one after another; the grid shows the
 * one with the most rows and the box says which reading found them. `orders`: slip and order
 * numbers, names with or without a space, kana, phones, email; `stockGoods`: goods by code, else
 * by name or JAN through one goods search, as `in` on the stock's goods code field (`goodsField`).
 */
export interface ForgivingQuickFilter {
  kind: "forgiving";
  label: MessageKey;
  placeholder: MessageKey;
  search: "orders" | "stockGoods";
  /** Every filter key (`field-op`) the search may write; a new search replaces them all. */
  keys: readonly string[];
  /** stockGoods: the grid's goods code field. */
  goodsField?: string;
}

export type QuickFilter = KeywordQuickFilter | ChoiceQuickFilter | ToggleQuickFilter | DateRangeQuickFilter | ForgivingQuickFilter;

/** What a control writes: the filters of `keys` go, `next` come in (the grid pages back to 1). */
export interface QuickWrite {
  keys: string[];
  next: GridFilter[];
}

const checked = (resource: ResourceDef, filter: GridFilter): GridFilter[] => {
  const valid = validateFilter(resource, filter);
  return valid ? [valid] : [];
};

// Keyword

export interface KeywordState {
  /** The field searched now, or the first target when none is. */
  target: string;
  /** The searched text as typed: the `%` the grid adds around a pattern is not shown. */
  text: string;
  /** The text of each exact field, by field. */
  exact: Record<string, string>;
}

/** The active search: the first target with a `like` filter, and each exact field's `eq`. */
export function keywordState(filters: readonly GridFilter[], spec: KeywordQuickFilter): KeywordState {
  const exact: Record<string, string> = {};
  for (const { field } of spec.exact ?? []) exact[field] = filterValues(findFilter(filters, field, "eq"))[0] ?? "";
  for (const { field } of spec.targets) {
    const value = filterValues(findFilter(filters, field, "like"))[0];
    if (value !== undefined) return { target: field, text: value.replace(/^%+|%+$/g, ""), exact };
  }
  return { target: spec.anyOf ? ANY_TARGET : (spec.targets[0]?.field ?? ""), text: "", exact };
}

/**
 * The searches a state may stand for: one write per field of `anyOf` when that is the target (in
 * its order), else the one write of keywordWrite.
 */
export function keywordCandidates(resource: ResourceDef, spec: KeywordQuickFilter, state: KeywordState): QuickWrite[] {
  if (state.target !== ANY_TARGET || !spec.anyOf || !state.text.trim()) return [keywordWrite(resource, spec, state.target === ANY_TARGET ? { ...state, target: spec.anyOf?.fields[0] ?? "" } : state)];
  return spec.anyOf.fields.map((field) => keywordWrite(resource, spec, { ...state, target: field }));
}

/** Of the candidates and how many rows each finds (undefined: unknown), the first that finds any, else the first. */
export function pickKeywordWrite(candidates: readonly QuickWrite[], counts: readonly (number | undefined)[]): QuickWrite | undefined {
  const index = counts.findIndex((n) => n !== undefined && n > 0);
  return candidates[index >= 0 ? index : 0];
}

/**
 * A new search: it replaces every target's `like` and every exact field's `eq`; one `like` on the
 * chosen target and one `eq` a filled exact field, none for blank text, a target not of the spec,
 * or a value the registry refuses.
 */
export function keywordWrite(resource: ResourceDef, spec: KeywordQuickFilter, state: KeywordState): QuickWrite {
  const exactFields = (spec.exact ?? []).map((e) => e.field);
  const keys = [...spec.targets.map(({ field }) => filterKey({ field, op: "like" })), ...exactFields.map((field) => filterKey({ field, op: "eq" }))];
  const next: GridFilter[] = [];
  const text = state.text.trim();
  if (text && spec.targets.some((t) => t.field === state.target)) next.push(...checked(resource, { field: state.target, op: "like", value: text }));
  for (const field of exactFields) {
    const value = state.exact[field]?.trim();
    if (value) next.push(...checked(resource, { field, op: "eq", value }));
  }
  return { keys, next };
}

// Choice

/** The chosen values: those of the field's `in` filter. */
export function choiceState(filters: readonly GridFilter[], spec: Pick<ChoiceQuickFilter, "field">): string[] {
  return filterValues(findFilter(filters, spec.field, "in"));
}

/** Chosen values as one `in` filter (none for none); it replaces the field's `in` and `eq`. */
export function choiceWrite(resource: ResourceDef, spec: Pick<ChoiceQuickFilter, "field">, values: readonly string[]): QuickWrite {
  const { field } = spec;
  return {
    keys: [filterKey({ field, op: "in" }), filterKey({ field, op: "eq" })],
    next: values.length ? checked(resource, { field, op: "in", value: [...values] }) : [],
  };
}

// Toggle

/** The option whose filter is in the URL, else the one without a filter. */
/**
 * The toggle option a filter stands for (the cancel toggle's "valid only" for `cancel_type_id eq 0`),
 * so its chip says the option's words rather than the condition's codes; undefined for any other filter.
 */
export function toggleOptionOf(quickFilters: readonly QuickFilter[] | undefined, filter: GridFilter): ToggleOption | undefined {
  for (const quick of quickFilters ?? []) {
    if (quick.kind !== "toggle" || quick.field !== filter.field) continue;
    const option = quick.options.find((o) => o.filter !== null && o.filter.op === filter.op && o.filter.value === filter.value);
    if (option) return option;
  }
  return undefined;
}

export function toggleState(filters: readonly GridFilter[], spec: Pick<ToggleQuickFilter, "field" | "options">): string | undefined {
  const match = spec.options.find((o) => o.filter && findFilter(filters, spec.field, o.filter.op)?.value === o.filter.value);
  return (match ?? spec.options.find((o) => o.filter === null))?.value;
}

/** The chosen option's filter; it replaces the filters of every option. */
export function toggleWrite(resource: ResourceDef, spec: Pick<ToggleQuickFilter, "field" | "options">, value: string): QuickWrite {
  const { field } = spec;
  const keys = [...new Set(spec.options.flatMap((o) => (o.filter ? [filterKey({ field, op: o.filter.op })] : [])))];
  const filter = spec.options.find((o) => o.value === value)?.filter;
  return { keys, next: filter ? checked(resource, { field, op: filter.op, value: filter.value }) : [] };
}

// Date range

export interface DateRangeState {
  /** `YYYY-MM-DD`, or "" for an open end. */
  from: string;
  to: string;
  /** The quick range it is by name (a relative range; from and to are its days today). */
  relative?: QuickRange;
}

function dayOf(filter: GridFilter | undefined): string {
  const value = filterValues(filter)[0] ?? "";
  return /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : "";
}

/**
 * The field's relative range with its days when Japan's day is `today`, else the days of its `gte`
 * and `lte` filters (a time of day is not shown).
 */
export function dateRangeState(filters: readonly GridFilter[], spec: Pick<DateRangeQuickFilter, "field">, today: string = jstToday(new Date())): DateRangeState {
  const relative = filterValues(findFilter(filters, spec.field, RELATIVE_OP))[0];
  const name = relative === undefined ? null : parseQuickRange(relative);
  if (name) return { ...quickRangeOn(name, today), relative: name };
  return { from: dayOf(findFilter(filters, spec.field, "gte")), to: dayOf(findFilter(filters, spec.field, "lte")) };
}

/** One end set to a day (a date input's value), or cleared with "". */
export function dateRangeWrite(resource: ResourceDef, spec: Pick<DateRangeQuickFilter, "field">, end: "from" | "to", day: string): QuickWrite {
  const op = end === "from" ? "gte" : "lte";
  const { field } = spec;
  return { keys: [filterKey({ field, op }), filterKey({ field, op: RELATIVE_OP })], next: day ? checked(resource, { field, op, value: day }) : [] };
}

/**
 * Both ends at once (the date picker's Apply or a quick range). A quick range (`relative`) is
 * written by name, one `within` filter that stays "this week"; days from the calendar as `gte`
 * from and `lte` to, an end given as "" cleared, days given the wrong way round swapped.
 */
export function dateRangeWriteBoth(resource: ResourceDef, spec: Pick<DateRangeQuickFilter, "field">, range: DateRangeState): QuickWrite {
  const { field } = spec;
  const keys = [filterKey({ field, op: "gte" }), filterKey({ field, op: "lte" }), filterKey({ field, op: RELATIVE_OP })];
  if (range.relative) return { keys, next: checked(resource, { field, op: RELATIVE_OP, value: range.relative }) };
  const [from, to] = range.from && range.to && range.from > range.to ? [range.to, range.from] : [range.from, range.to];
  return {
    keys,
    next: [...(from ? checked(resource, { field, op: "gte", value: from }) : []), ...(to ? checked(resource, { field, op: "lte", value: to }) : [])],
  };
}

/** Every field a quick filter reads or writes (for checks against the registry). */
export function quickFilterFields(spec: QuickFilter): string[] {
  if (spec.kind === "forgiving") return [...new Set(spec.keys.map((k) => k.slice(0, k.lastIndexOf("-"))))];
  return spec.kind === "keyword" ? [...new Set([...spec.targets.map((t) => t.field), ...(spec.exact ?? []).map((t) => t.field), ...(spec.anyOf?.fields ?? [])])] : [spec.field];
}
