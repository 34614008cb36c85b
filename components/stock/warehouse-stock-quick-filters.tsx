"use client";
// Quick filters of the warehouse stock: a goods code search and the warehouses (names from the
// warehouse master, fetched when the choice opens).
import { useTranslations } from "next-intl";
import type { QuickFiltersProps } from "@/components/data-grid/grid-definition";
import { ChoiceFilter } from "@/components/catalog/choice-filter";
import { KeywordFilter } from "@/components/catalog/keyword-filter";
import { CHOICES } from "@/lib/ne/registry/choice-sources";
import { warehouseStock } from "@/lib/ne/registry/resources/warehouse-stock";

const P = "warehouse_stock_";

export function WarehouseStockQuickFilters({ filters, setFilters, locale }: QuickFiltersProps) {
  const t = useTranslations("stock.quick");
  const tc = useTranslations("catalog.quick");
  return (
    <div role="group" aria-label={tc("label")} className="flex flex-wrap items-center gap-2">
      <KeywordFilter resource={warehouseStock} filters={filters} setFilters={setFilters} label={t("goodsId")} targets={[{ field: `${P}goods_id`, label: t("goodsId") }]} />
      <ChoiceFilter resource={warehouseStock} field={`${P}warehouse_id`} label={t("warehouse")} locale={locale} source={CHOICES.warehouse} filters={filters} setFilters={setFilters} />
    </div>
  );
}
