"use client";
// The warehouse stock grid (/stock/warehouses, `/api_v1_warehouse_stock/search`, spec 2.9): the
// quantities of every goods in every warehouse, warehouses named from the warehouse master.
import { useTranslations } from "next-intl";
import { DataGrid } from "@/components/data-grid/data-grid";
import type { GridDefinition } from "@/components/data-grid/grid-definition";
import type { GridPreferences } from "@/lib/grid/preferences";
import { warehouseStock } from "@/lib/ne/registry/resources/warehouse-stock";
import { primaryKeyRecord } from "@/lib/grid/record-key";
import { WarehouseStockQuickFilters } from "./warehouse-stock-quick-filters";

const P = "warehouse_stock_";

export const warehouseStockGrid: GridDefinition = {
  id: "warehouse-stock",
  resource: warehouseStock,
  searchPath: "/api_v1_warehouse_stock/search",
  countPath: "/api_v1_warehouse_stock/count",
  defaultColumns: [`${P}warehouse_id`, `${P}goods_id`, `${P}quantity`, `${P}allocation_quantity`, `${P}free_quantity`, `${P}last_modified_null_safe_date`],
  ...primaryKeyRecord(warehouseStock),
  quickFilters: WarehouseStockQuickFilters,
  drawerGroups: [
    { titleKey: "summary", fields: [`${P}warehouse_id`, `${P}goods_id`, `${P}quantity`, `${P}allocation_quantity`, `${P}free_quantity`] },
    { titleKey: "audit", fields: [`${P}creation_date`, `${P}creator_name`, `${P}last_modified_date`, `${P}last_modified_by_name`] },
  ],
};

export function WarehouseStockGrid({ initialPreferences }: { initialPreferences: GridPreferences | null }) {
  const t = useTranslations("stock.warehouses");
  return (
    <DataGrid
      definition={warehouseStockGrid}
      initialPreferences={initialPreferences}
      texts={{ label: t("gridLabel"), emptyTitle: t("empty.title"), emptyBody: t("empty.body"), filteredTitle: t("filtered.title") }}
    />
  );
}
