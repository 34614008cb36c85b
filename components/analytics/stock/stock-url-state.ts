// The reorder list's and the sellable sets' state in the URL (nuqs), as the grids keep theirs:
//   /stock/reorder?warehouse=2&days=21&show=fast&sort=-cover
//   /stock/sets?warehouse=1&zero=1&sort=sellable
//   ...&page=3&size=500 (the table's page, as the grids' paging)
// Every value is checked when read; a bad one is dropped and its default used.
import { createParser, parseAsNumberLiteral, parseAsStringLiteral } from "nuqs";
import { DEFAULT_COVER_DAYS, MAX_COVER_DAYS } from "@/lib/analytics/stock-query";
import { parsePage } from "@/lib/grid/url-state";

/** `warehouse=<id>`: a positive warehouse id; none = all warehouses. */
export function parseWarehouse(s: string): number | null {
  if (!/^\d{1,9}$/.test(s)) return null;
  const n = Number(s);
  return n > 0 ? n : null;
}

/** `days=<n>`: 1 to MAX_COVER_DAYS. */
export function parseDays(s: string): number | null {
  if (!/^\d{1,3}$/.test(s)) return null;
  const n = Number(s);
  return n >= 1 && n <= MAX_COVER_DAYS ? n : null;
}

/** `sort=<column>` ascending, `sort=-<column>` descending; the column is checked by the screen. */
export interface SortState {
  id: string;
  desc: boolean;
}
export function parseSort(s: string): SortState | null {
  const m = /^(-?)([a-zA-Z0-9]{1,40})$/.exec(s);
  return m ? { id: m[2]!, desc: m[1] === "-" } : null;
}
const serializeSort = (s: SortState) => `${s.desc ? "-" : ""}${s.id}`;

export const REORDER_SHOW = ["all", "point", "fast"] as const;
export type ReorderShow = (typeof REORDER_SHOW)[number];

const warehouse = createParser({ parse: parseWarehouse, serialize: String });
const sort = createParser({ parse: parseSort, serialize: serializeSort, eq: (a, b) => serializeSort(a) === serializeSort(b) });

export const reorderUrlParsers = {
  warehouse,
  days: createParser({ parse: parseDays, serialize: String }).withDefault(DEFAULT_COVER_DAYS),
  show: parseAsStringLiteral(REORDER_SHOW).withDefault("all"),
  sort,
};

export const setsUrlParsers = {
  warehouse,
  zero: createParser<boolean>({ parse: (s: string) => (s === "1" ? true : null), serialize: () => "1" }).withDefault(false),
  sort,
};

/** The page sizes of the reorder list and the sellable sets (a page is drawn whole: no 10,000). */
export const STOCK_PAGE_SIZES = [50, 100, 500, 1000] as const;
export const DEFAULT_STOCK_PAGE_SIZE = 100;

/** `page=<n>` (1 …) and `size=<n>` of the table (components/analytics/stock/stock-table.tsx). */
export const stockPageParsers = {
  page: createParser({ parse: parsePage, serialize: String }).withDefault(1),
  size: parseAsNumberLiteral(STOCK_PAGE_SIZES).withDefault(DEFAULT_STOCK_PAGE_SIZE),
};
