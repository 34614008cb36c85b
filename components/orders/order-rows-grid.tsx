"use client";
// The order rows grid (/order-rows, `/api_v1_receiveorder_row/search`): goods, quantities and
// allocation of every slip's rows, with the same grid as the slips.
import Link from "next/link";
import { useTranslations } from "next-intl";
import { DataGrid } from "@/components/data-grid/data-grid";
import type { GridDefinition } from "@/components/data-grid/grid-definition";
import { buttonClasses } from "@/components/ui/button";
import type { GridPreferences } from "@/lib/grid/preferences";
import { receiveOrderRow } from "@/lib/ne/registry/resources/receive-order-row";
import { OrderRowQuickFilters } from "./order-row-quick-filters";

const R = "receive_order_row_";

export const orderRowsGrid: GridDefinition = {
  id: "order-rows",
  resource: receiveOrderRow,
  searchPath: "/api_v1_receiveorder_row/search",
  countPath: "/api_v1_receiveorder_row/count",
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
  keyFields: [`${R}receive_order_id`, `${R}no`],
  rowKey: (row) => `${row[`${R}receive_order_id`] ?? ""}-${row[`${R}no`] ?? ""}`,
  keyConditions: (key) => {
    const m = /^(\d{1,18})-(\d{1,9})$/.exec(key);
    if (!m) return null;
    return [
      { field: `${R}receive_order_id`, op: "eq", value: m[1] as string },
      { field: `${R}no`, op: "eq", value: m[2] as string },
    ];
  },
  quickFilters: OrderRowQuickFilters,
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
};

export function OrderRowsGrid({ initialPreferences }: { initialPreferences: GridPreferences | null }) {
  const t = useTranslations("orderRows");
  return (
    <DataGrid
      definition={orderRowsGrid}
      initialPreferences={initialPreferences}
      texts={{ label: t("gridLabel"), emptyTitle: t("empty.title"), emptyBody: t("empty.body"), filteredTitle: t("filtered.title") }}
      toolbarExtra={
        <Link href="/orders" className={buttonClasses({ size: "sm", variant: "ghost" })}>
          {t("toOrders")}
        </Link>
      }
    />
  );
}
