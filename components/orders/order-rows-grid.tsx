"use client";
// The order rows grid (/order-rows, `/api_v1_receiveorder_row/search`): goods, quantities and
// allocation of every slip's rows, with the same grid as the slips. Quick filters: goods (code or
// name) and slip number in one search, allocation and cancel.
import { defineGrid } from "@/components/data-grid/define-grid";
import { gridScreen } from "@/components/data-grid/grid-screen";
import { receiveOrderRow } from "@/lib/ne/registry/resources/receive-order-row";

const R = "receive_order_row_";

export const orderRowsGrid = defineGrid({
  id: "order-rows",
  resource: receiveOrderRow,
  texts: "orderRows",
  links: [{ href: "/orders", label: "orderRows.toOrders" }],
  defaultColumns: [
    `${R}receive_order_id`,
    `${R}no`,
    `${R}shop_cut_form_id`,
    `${R}goods_id`,
    `${R}goods_name`,
    `${R}goods_option`,
    `${R}quantity`,
    `${R}unit_price`,
    `${R}sub_total_price`,
    `${R}stock_allocation_quantity`,
    `${R}stock_allocation_date`,
    `${R}cancel_flag`,
  ],
  quickFilters: [
    {
      kind: "keyword",
      label: "orderRows.quick.goods",
      targetLabel: "orderRows.quick.goodsTarget",
      targets: [
        { field: `${R}goods_id`, label: "orderRows.quick.goodsId" },
        { field: `${R}goods_name`, label: "orderRows.quick.goodsName" },
      ],
      exact: [{ field: `${R}receive_order_id`, label: "orderRows.quick.slip" }],
    },
    {
      kind: "toggle",
      field: `${R}stock_allocation_quantity`,
      label: "orderRows.quick.allocation",
      options: [
        { value: "all", label: "orderRows.quick.all", filter: null },
        { value: "yes", label: "orderRows.quick.allocated", filter: { op: "gt", value: "0" } },
        { value: "no", label: "orderRows.quick.unallocated", filter: { op: "eq", value: "0" } },
      ],
    },
    {
      kind: "toggle",
      field: `${R}cancel_flag`,
      label: "orderRows.quick.cancel",
      options: [
        { value: "all", label: "orderRows.quick.all", filter: null },
        { value: "no", label: "orderRows.quick.notCanceled", filter: { op: "neq", value: "1" } },
        { value: "yes", label: "orderRows.quick.canceled", filter: { op: "eq", value: "1" } },
      ],
    },
  ],
  drawerGroups: [
    { titleKey: "summary", fields: [`${R}receive_order_id`, `${R}no`, `${R}shop_cut_form_id`, `${R}shop_row_no`, `${R}cancel_flag`, `${R}deleted_flag`] },
    { titleKey: "goods", fields: [`${R}goods_id`, `${R}goods_name`, `${R}goods_option`, `${R}received_time_merchandise_id`, `${R}received_time_goods_type_id`] },
    {
      titleKey: "amounts",
      fields: [`${R}quantity`, `${R}unit_price`, `${R}wholesale_retail_ratio`, `${R}tax_rate`, `${R}sub_total_price`, `${R}received_time_first_cost`],
    },
    { titleKey: "allocation", fields: [`${R}stock_allocation_quantity`, `${R}advance_order_stock_allocation_quantity`, `${R}stock_allocation_date`] },
    { titleKey: "returns", fields: [`${R}returned_good_quantity`, `${R}returned_bad_quantity`, `${R}returned_reason_id`] },
    { titleKey: "audit", fields: [`${R}creation_date`, `${R}creator_name`, `${R}last_modified_date`, `${R}last_modified_by_name`, `${R}last_modified_newest_date`] },
  ],
});

export const OrderRowsScreen = gridScreen(orderRowsGrid);
