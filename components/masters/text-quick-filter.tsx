"use client";
// The quick filter of a master grid: "contains" on its obvious text fields (name, code), named by
// the registry's labels: the catalog grids' keyword search (components/catalog/keyword-filter.tsx).
import { useTranslations } from "next-intl";
import type { ComponentType } from "react";
import { KeywordFilter } from "@/components/catalog/keyword-filter";
import type { QuickFiltersProps } from "@/components/data-grid/grid-definition";
import { fieldMap } from "@/lib/grid/filters";
import type { ResourceDef } from "@/lib/ne/registry/types";

export function textQuickFilter(resource: ResourceDef, fields: readonly string[]): ComponentType<QuickFiltersProps> {
  const byName = fieldMap(resource);
  return function TextQuickFilter({ filters, setFilters, locale }: QuickFiltersProps) {
    const t = useTranslations("masters.quick");
    const targets = fields.map((field) => ({ field, label: byName.get(field)?.label[locale] ?? field }));
    return <KeywordFilter resource={resource} targets={targets} label={t("label")} filters={filters} setFilters={setFilters} />;
  };
}
