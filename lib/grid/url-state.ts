// The grid's state in the URL (nuqs parsers): filters, page, page size, the open record and the
// order search's extension_execution_id. Everything is validated when read: a bad value is
// dropped and its default used, never thrown, so a shared or hand-edited link always opens.
//
//   /orders?f=receive_order_order_status_id.in:20,30&f=receive_order_shop_id.in:1&page=2&size=500
import { createLoader, createParser, createSerializer, parseAsNativeArrayOf, parseAsNumberLiteral } from "nuqs";
import { coerce, gte, lte, maxLength, minLength, refine, regex, string, trim } from "zod/mini";
import type { ResourceDef } from "@/lib/ne/registry/types";
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type PageSize } from "./page-sizes";
import { filterKey, parseFilterToken, serializeFilterToken, type GridFilter } from "./filters";

export { DEFAULT_PAGE_SIZE, PAGE_SIZES, type PageSize } from "./page-sizes";
/** The API's offset is bounded by the BFF (100,000,000); no page can start later. */
export const MAX_PAGE = 1_000_000;

const pageSchema = coerce.number().check(refine(Number.isInteger), gte(1), lte(MAX_PAGE));
const recordKeySchema = string().check(regex(/^[0-9A-Za-z_-]{1,100}$/));
const extensionIdSchema = string().check(trim(), minLength(1), maxLength(200));

const pageParser = createParser({
  parse: (s) => {
    const r = pageSchema.safeParse(s);
    return r.success ? r.data : null;
  },
  serialize: (n: number) => String(n),
});

const recordKeyParser = createParser({
  parse: (s) => (recordKeySchema.safeParse(s).success ? s : null),
  serialize: (s: string) => s,
});

const extensionIdParser = createParser({
  parse: (s) => {
    const r = extensionIdSchema.safeParse(s);
    return r.success ? r.data : null;
  },
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
    open: recordKeyParser,
    extension_execution_id: extensionIdParser,
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
  open: string | null;
  extensionExecutionId: string | null;
}

/** One filter per field+operator: the later one in the URL wins. */
export function dedupeFilters(filters: readonly GridFilter[]): GridFilter[] {
  const byKey = new Map<string, GridFilter>();
  for (const f of filters) {
    byKey.delete(filterKey(f));
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
    open: loaded.open,
    extensionExecutionId: loaded.extension_execution_id,
  };
}

/** The query string of a grid state (defaults left out), as the page's hooks write it. */
export function writeGridUrlState(resource: ResourceDef, base: string, state: Partial<GridUrlState>): string {
  const serialize = createSerializer(gridUrlParsers(resource));
  return serialize(base, {
    f: state.filters === undefined ? undefined : dedupeFilters(state.filters),
    page: state.page,
    size: state.size,
    open: state.open,
    extension_execution_id: state.extensionExecutionId,
  });
}
