"use client";
// The order rows grid (/order-rows, `/api_v1_receiveorder_row/search`): goods, quantities and
// allocation of every slip's rows, with the same grid as the slips. Quick filters: goods (code or
// name) and slip number in one search, allocation and cancel. A row's drawer links to its slip.
import { defineGrid } from "@/components/data-grid/define-grid";
import { gridScreen } from "@/components/data-grid/grid-screen";
import { filteredHref } from "@/lib/grid/links";
import { recordKeyOf } from "@/lib/grid/record-key";
import { receiveOrder } from "@/lib/ne/registry/resources/receive-order";
import { receiveOrderRow } from "@/lib/ne/registry/resources/receive-order-row";

import { TWO_LINE_ROW_HEIGHT, twoLineNameCell } from "@/components/goods/goods-name-cell";
const R = "receive_order_row_";

export const orderRowsGrid = defineGrid({
  id: "order-rows",
  resource: receiveOrderRow,
  texts: "orderRows",
  // The slips of the rows shown: slip and order numbers carry as they are, other filters as the
  // slip numbers of this page or of the rows selected.
  links: [
    {
      href: "/orders",
      label: "orderRows.toOrders",
      carry: {
        target: receiveOrder,
        fields: { [`${R}receive_order_id`]: "receive_order_id", [`${R}shop_cut_form_id`]: "receive_order_shop_cut_form_id" },
        key: { from: `${R}receive_order_id`, to: "receive_order_id" },
      },
    },
  ],
  // The row's slip: the slips grid filtered to it, with its drawer open.
  drawerLinks: (row) => {
    const slip = row[`${R}receive_order_id`];
    if (!slip) return [];
    const href = filteredHref("/orders", receiveOrder, [{ field: "receive_order_id", op: "eq", value: slip }], recordKeyOf(receiveOrder, { receive_order_id: slip }));
    return [{ href, label: "orderRows.toSlip" }];
  },
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
  cells: { [`${R}goods_name`]: twoLineNameCell },
  rowHeight: TWO_LINE_ROW_HEIGHT,
  // A phone's card: the slip number, then the goods, quantity and subtotal.
  summary: [`${R}goods_name`, `${R}quantity`, `${R}sub_total_price`],
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
