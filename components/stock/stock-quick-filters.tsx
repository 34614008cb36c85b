"use client";
// Quick filters of the goods stock: a goods code search, free stock (some, none) and shortage.
import { useTranslations } from "next-intl";
import type { QuickFiltersProps } from "@/components/data-grid/grid-definition";
import { KeywordFilter } from "@/components/catalog/keyword-filter";
import { toggleFilters, toggleState, type ToggleChoice } from "@/components/catalog/quick-filter-state";
import { ToggleGroup } from "@/components/ui/toggle-group";
import { stock } from "@/lib/ne/registry/resources/stock";

const P = "stock_";
const FREE = `${P}free_quantity`;
const OUT = `${P}out_quantity`;

type Free = "all" | "some" | "none";
const FREE_CHOICES: readonly ToggleChoice<Free>[] = [
  { value: "all", filter: null },
  { value: "some", filter: { op: "gt", value: "0" } },
  { value: "none", filter: { op: "lte", value: "0" } },
];
type Shortage = "all" | "short";
const SHORTAGE_CHOICES: readonly ToggleChoice<Shortage>[] = [
  { value: "all", filter: null },
  { value: "short", filter: { op: "gt", value: "0" } },
];

export function StockQuickFilters({ filters, setFilters }: QuickFiltersProps) {
  const t = useTranslations("stock.quick");
  const tc = useTranslations("catalog.quick");
  return (
    <div role="group" aria-label={tc("label")} className="flex flex-wrap items-center gap-2">
      <KeywordFilter resource={stock} filters={filters} setFilters={setFilters} label={t("goodsId")} targets={[{ field: `${P}goods_id`, label: t("goodsId") }]} />
      <ToggleGroup<Free>
        label={t("free")}
        value={toggleState(filters, FREE, FREE_CHOICES)}
        options={[
          { value: "all", label: tc("all") },
          { value: "some", label: t("freeSome") },
          { value: "none", label: t("freeNone") },
        ]}
        onValueChange={(v) => {
          const { keys, next } = toggleFilters(FREE, FREE_CHOICES, v);
          setFilters(keys, next);
        }}
      />
      <ToggleGroup<Shortage>
        label={t("shortage")}
        value={toggleState(filters, OUT, SHORTAGE_CHOICES)}
        options={[
          { value: "all", label: tc("all") },
          { value: "short", label: t("shortOnly") },
        ]}
        onValueChange={(v) => {
          const { keys, next } = toggleFilters(OUT, SHORTAGE_CHOICES, v);
          setFilters(keys, next);
        }}
      />
    </div>
  );
}
