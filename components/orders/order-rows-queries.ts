// The queries of a slip's rows in its drawer (order-rows-section.tsx): the rows and their count
// twin. Kept apart from the section (a lazy chunk) so the grid definition can start them the moment
// the drawer opens, beside the slip's own fetch.
import { countQuery, searchQuery } from "@/lib/query/hooks";

const R = "receive_order_row_";
export const ORDER_ROW_COLUMNS = [`${R}no`, `${R}goods_id`, `${R}goods_name`, `${R}quantity`, `${R}unit_price`, `${R}sub_total_price`, `${R}stock_allocation_quantity`, `${R}cancel_flag`];

export function orderRowsConditions(slip: string) {
  return [{ field: `${R}receive_order_id`, op: "eq" as const, value: slip }];
}

export function orderRowsQueries(slip: string) {
  const conditions = orderRowsConditions(slip);
  return {
    count: countQuery("/api_v1_receiveorder_row/count", { conditions }),
    rows: searchQuery("/api_v1_receiveorder_row/search", { fields: ORDER_ROW_COLUMNS, conditions, limit: 10_000 }),
  };
}
