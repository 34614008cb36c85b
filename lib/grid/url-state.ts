// The grid's state in the URL (nuqs parsers): filters, page, page size, the open record, the
// order search's extension_execution_id, the layout (table or gallery) and the tab (`queue`). Everything is validated when read: a bad value is
// dropped and its default used, never thrown, so a shared or hand-edited link always opens; a
// dropped condition is said on the page (droppedUrlFilters).
// Checked by hand, not with zod: this module is in every grid's first load (url-state.test.ts
// holds the checks against equivalent zod schemas).
//
//   /orders?f=receive_order_order_status_id.in:20,30&f=receive_order_shop_id.in:1&page=2&size=500&order=asc
//   /orders?f=receive_order_date=this-week   (a relative range, by name: lib/grid/quick-ranges.ts)
// (`order` is left out when it is the default, newest first: lib/grid/row-order.ts)
import { createLoader, createParser, createSerializer, parseAsNativeArrayOf, parseAsNumberLiteral } from "nuqs";
import type { ResourceDef } from "@/lib/ne/registry/types";
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type PageSize } from "./page-sizes";
import { filterKey, parseFilterToken, replacedKeys, readFilterTokens, serializeFilterToken, type DroppedFilter, type GridFilter } from "./filters";
import { DEFAULT_ROW_ORDER, parseRowOrder, type RowOrder } from "./row-order";

export { DEFAULT_PAGE_SIZE, PAGE_SIZES, type PageSize } from "./page-sizes";
/** The API's offset is bounded by the BFF (100,000,000); no page can start later. */
export const MAX_PAGE = 1_000_000;

// 400: a master's key spells each character outside [0-9A-Za-z-] as `_` + hex (a goods tag named
// in 40 Japanese characters comes to ~360), and a drawer link must survive a reload.
const RECORD_KEY = /^[0-9A-Za-z_-]{1,400}$/;
const MAX_EXTENSION_ID_LENGTH = 200;

/** `page=`: a whole number from 1 to MAX_PAGE as `Number()` reads it (`" 2"`, `"2.0"`), else null. */
export function parsePage(s: string): number | null {
  const n = Number(s);
  return Number.isInteger(n) && n >= 1 && n <= MAX_PAGE ? n : null;
}

/** `open=`: a record key of 1-400 letters, digits, `_` or `-`, else null. */
export function parseRecordKey(s: string): string | null {
  return RECORD_KEY.test(s) ? s : null;
}

/** `extension_execution_id=`: trimmed, 1-200 characters, else null. */
export function parseExtensionId(s: string): string | null {
  const id = s.trim();
  return id.length >= 1 && id.length <= MAX_EXTENSION_ID_LENGTH ? id : null;
}

const pageParser = createParser({
  parse: parsePage,
  serialize: (n: number) => String(n),
});

const rowOrderParser = createParser<RowOrder>({
  parse: parseRowOrder,
  serialize: (order) => order,
});

const recordKeyParser = createParser({
  parse: parseRecordKey,
  serialize: (s: string) => s,
});

/** The layouts a grid can show its rows in; `table` is the default and is left out of the URL. */
export const GRID_LAYOUTS = ["table", "gallery"] as const;
export type GridLayout = (typeof GRID_LAYOUTS)[number];

/** `layout=`: one of GRID_LAYOUTS, else null (the table). */
export function parseLayout(s: string): GridLayout | null {
  return (GRID_LAYOUTS as readonly string[]).includes(s) ? (s as GridLayout) : null;
}

const layoutParser = createParser({
  parse: parseLayout,
  serialize: (s: GridLayout) => s,
});

/** `queue=`: a tab's id as a grid with tabs names them (lowercase slug); the grid ignores an unknown one. */
export function parseTabId(s: string): string | null {
  return /^[a-z][a-z0-9-]{0,39}$/.test(s) ? s : null;
}

const tabParser = createParser({
  parse: parseTabId,
  serialize: (s: string) => s,
});

const extensionIdParser = createParser({
  parse: parseExtensionId,
  serialize: (s: string) => s,
});

function filterParser(resource: ResourceDef) {
  return createParser<GridFilter>({
    parse: (s) => parseFilterToken(resource, s),
    serialize: serializeFilterToken,
    eq: (a, b) => serializeFilterToken(a) === serializeFilterToken(b),
  });
}

function buildParsers(resource: ResourceDef) {
  return {
    f: parseAsNativeArrayOf(filterParser(resource)),
    page: pageParser.withDefault(1),
    size: parseAsNumberLiteral(PAGE_SIZES).withDefault(DEFAULT_PAGE_SIZE),
    order: rowOrderParser.withDefault(DEFAULT_ROW_ORDER),
    open: recordKeyParser,
    extension_execution_id: extensionIdParser,
    // Only grids with a gallery (the definition's `gallery`) offer the choice.
    layout: layoutParser.withDefault("table"),
    // Only grids with tabs (the definition's `tabs`: the orders' work queues) read it.
    queue: tabParser,
  };
}

export type GridUrlParsers = ReturnType<typeof buildParsers>;

const parsersByResource = new WeakMap<ResourceDef, GridUrlParsers>();

/** The parsers of one resource's grid (the same object each call, as nuqs hooks want). */
export function gridUrlParsers(resource: ResourceDef): GridUrlParsers {
  let parsers = parsersByResource.get(resource);
  if (!parsers) {
    parsers = buildParsers(resource);
    parsersByResource.set(resource, parsers);
  }
  return parsers;
}

export interface GridUrlState {
  filters: GridFilter[];
  page: number;
  size: PageSize;
  order: RowOrder;
  open: string | null;
  extensionExecutionId: string | null;
  layout: GridLayout;
  /** The tab chosen (`queue=`), checked against the grid's tabs by the grid. */
  queue?: string | null;
}

/** One filter per field+operator (and one range per date field): the later one in the URL wins. */
export function dedupeFilters(filters: readonly GridFilter[]): GridFilter[] {
  const byKey = new Map<string, GridFilter>();
  for (const f of filters) {
    for (const key of [filterKey(f), ...replacedKeys(f)]) byKey.delete(key);
    byKey.set(filterKey(f), f);
  }
  return [...byKey.values()];
}

/** Reads the grid state from a query string (or URLSearchParams), as the page's hooks do. */
export function readGridUrlState(resource: ResourceDef, search: string | URLSearchParams): GridUrlState {
  const loaded = createLoader(gridUrlParsers(resource))(search);
  return {
    filters: dedupeFilters(loaded.f),
    page: loaded.page,
    size: loaded.size,
    order: loaded.order,
    open: loaded.open,
    extensionExecutionId: loaded.extension_execution_id,
    layout: loaded.layout,
    ...(loaded.queue ? { queue: loaded.queue } : {}),
  };
}

/**
 * The `f` conditions of a URL the grid leaves out (an old link or bookmark: a field renamed, an
 * operator the API refuses for the field's type, a bad value), with why, for the page to say so.
 */
export function droppedUrlFilters(resource: ResourceDef, search: string | URLSearchParams): DroppedFilter[] {
  const params = typeof search === "string" ? new URLSearchParams(search) : search;
  return readFilterTokens(resource, params.getAll("f")).dropped;
}

/** The query string of a grid state (defaults left out), as the page's hooks write it. */
export function writeGridUrlState(resource: ResourceDef, base: string, state: Partial<GridUrlState>): string {
  const serialize = createSerializer(gridUrlParsers(resource));
  return serialize(base, {
    f: state.filters === undefined ? undefined : dedupeFilters(state.filters),
    page: state.page,
    size: state.size,
    order: state.order,
    open: state.open,
    extension_execution_id: state.extensionExecutionId,
    layout: state.layout,
    queue: state.queue,
  });
}
