// What the dashboard keeps per person and grid (columns, their order and widths) and what a saved
// view holds (name, filters, columns, pins, row order). The same zod schemas check the route handlers' input and
// the browser's reading of their answers. Field names are checked for shape here; the grid drops
// names its resource does not have, and filters the registry refuses (an operator the API does
// not take on the field's type), when it applies a stored state, and says so.
// A filter is a token as in the URL (`field.op:value`, or a relative date range by name,
// `receive_order_date=this-week`, which a view keeps as the name and the grid resolves on the day
// it is opened: lib/grid/filters.ts).
//
// The browser's first load never imports this file's values (only its types): lib/query/grid-storage.ts
// loads it when it reads an answer, and the column helpers live in ./columns (re-exported here).
import { _default, array, boolean, gte, literal, lte, maxLength, minLength, nullable, number, object, optional, record, refine, regex, strictObject, string, trim, type output } from "zod/mini";
import { MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH } from "./columns";
import { MAX_FILTER_TOKEN_LENGTH } from "./filters";
import { PAGE_SIZES } from "./page-sizes";
import { ROW_ORDERS } from "./row-order";

export { MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH, defaultColumnWidth } from "./columns";

// zod/mini: the same checks as zod, a fraction of its weight in the browser bundle.
const fieldName = string().check(regex(/^[a-z0-9_]{1,100}$/));

/** A grid's id: the preferences key and the export file's name (`orders`, `order-rows`). */
export const gridIdSchema = string().check(regex(/^[a-z][a-z0-9-]{0,39}$/));

const width = number().check(refine(Number.isInteger), gte(MIN_COLUMN_WIDTH), lte(MAX_COLUMN_WIDTH));
const columnList = array(fieldName).check(minLength(1), maxLength(400));

export const gridPreferencesSchema = strictObject({
  /** Visible columns, in order. */
  columns: columnList,
  /** Widths in px of the columns someone resized. */
  widths: _default(record(fieldName, width), {}),
  /** Columns pinned to the left edge, in order; absent: the grid's default (its key column). */
  pinned: optional(array(fieldName).check(maxLength(400))),
});
export type GridPreferences = output<typeof gridPreferencesSchema>;

export const savedViewStateSchema = strictObject({
  /** Filter tokens as in the URL (`field.op:value`). */
  filters: array(string().check(maxLength(MAX_FILTER_TOKEN_LENGTH))).check(maxLength(200)),
  columns: optional(columnList),
  widths: optional(record(fieldName, width)),
  pinned: optional(array(fieldName).check(maxLength(400))),
  size: optional(literal(PAGE_SIZES)),
  /** Row order on the key column (lib/grid/row-order.ts); absent: the default, newest first. */
  order: optional(literal(ROW_ORDERS)),
  /** The grid's tab (`queue=`, the orders' work queue); absent: all. */
  tab: optional(string().check(regex(/^[a-z][a-z0-9-]{0,39}$/))),
});
export type SavedViewState = output<typeof savedViewStateSchema>;

export const viewNameSchema = string().check(
  trim(),
  minLength(1),
  maxLength(80),
  refine((s) => !/[\u0000-\u001f\u007f]/.test(s), "no control characters"),
);

export const createViewSchema = strictObject({ name: viewNameSchema, state: savedViewStateSchema });
export const renameViewSchema = strictObject({ name: viewNameSchema });

export const savedViewSchema = object({
  id: string(),
  name: string(),
  state: savedViewStateSchema,
  updatedAt: string(),
});
export type SavedView = output<typeof savedViewSchema>;
export const savedViewListSchema = object({ views: array(savedViewSchema) });
export const preferencesAnswerSchema = object({ preferences: nullable(gridPreferencesSchema) });
/** What deleting a saved view answers. */
export const deletedAnswerSchema = object({ deleted: boolean() });
