"use client";
// The goods stock grid (/stock, `/api_v1_master_stock/search`, spec 2.8): quantities of every
// goods, allocated, free, defective, on order, short and reserved.
import { useTranslations } from "next-intl";
import { DataGrid } from "@/components/data-grid/data-grid";
import type { GridDefinition } from "@/components/data-grid/grid-definition";
import type { GridPreferences } from "@/lib/grid/preferences";
import { primaryKeyRecord } from "@/lib/grid/record-key";
import { stock } from "@/lib/ne/registry/resources/stock";
import { StockQuickFilters } from "./stock-quick-filters";

const P = "stock_";

export const stockGrid: GridDefinition = {
  id: "stock",
  resource: stock,
  searchPath: "/api_v1_master_stock/search",
  countPath: "/api_v1_master_stock/count",
  defaultColumns: [
    `${P}goods_id`,
    `${P}quantity`,
    `${P}allocation_quantity`,
    `${P}free_quantity`,
    `${P}defective_quantity`,
    `${P}remaining_order_quantity`,
    `${P}out_quantity`,
    `${P}advance_order_quantity`,
    `${P}last_modified_null_safe_date`,
  ],
  ...primaryKeyRecord(stock),
  quickFilters: StockQuickFilters,
  drawerGroups: [
    {
      titleKey: "summary",
      fields: [`${P}goods_id`, `${P}quantity`, `${P}allocation_quantity`, `${P}free_quantity`, `${P}defective_quantity`, `${P}remaining_order_quantity`, `${P}out_quantity`, `${P}deleted_flag`],
    },
    { titleKey: "reserved", fields: [`${P}advance_order_quantity`, `${P}advance_order_allocation_quantity`, `${P}advance_order_free_quantity`] },
    { titleKey: "audit", fields: [`${P}creation_date`, `${P}creator_name`, `${P}last_modified_date`, `${P}last_modified_by_name`] },
  ],
};

export function StockGrid({ initialPreferences }: { initialPreferences: GridPreferences | null }) {
  const t = useTranslations("stock.goods");
  return (
    <DataGrid
      definition={stockGrid}
      initialPreferences={initialPreferences}
      texts={{ label: t("gridLabel"), emptyTitle: t("empty.title"), emptyBody: t("empty.body"), filteredTitle: t("filtered.title") }}
    />
  );
}
