// The queries of a slip's rows in its drawer (order-rows-section.tsx): the rows, and their count
// twin only when the rows fill the API's largest page (a person's calls go upstream one at a time,
// so a count beside the rows would be a round trip of its own). Kept apart from the section (a lazy
// chunk) so the grid definition can start the rows the moment the drawer opens, beside the slip's
// own fetch.
import { countQuery, searchQuery } from "@/lib/query/hooks";

const R = "receive_order_row_";
export const ORDER_ROW_COLUMNS = [`${R}no`, `${R}goods_id`, `${R}goods_name`, `${R}quantity`, `${R}unit_price`, `${R}sub_total_price`, `${R}stock_allocation_quantity`, `${R}cancel_flag`];

export function orderRowsConditions(slip: string) {
  return [{ field: `${R}receive_order_id`, op: "eq" as const, value: slip }];
}

/** The API's largest page: a slip with fewer rows has them all in one answer. */
export const ORDER_ROWS_PAGE = 10_000;

export function orderRowsQueries(slip: string) {
  const conditions = orderRowsConditions(slip);
  return {
    rows: searchQuery("/api_v1_receiveorder_row/search", { fields: ORDER_ROW_COLUMNS, conditions, limit: ORDER_ROWS_PAGE }),
  };
}

/** The count twin, asked only when the rows fill a page (more may exist). */
export function orderRowsCountQuery(slip: string) {
  return countQuery("/api_v1_receiveorder_row/count", { conditions: orderRowsConditions(slip) });
}
