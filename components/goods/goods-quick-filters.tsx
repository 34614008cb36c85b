"use client";
// Quick filters of the goods master: a search by goods code, name or JAN code, the goods type and
// the handling class (classification names in the page's language), and shown or hidden goods.
import { useTranslations } from "next-intl";
import type { QuickFiltersProps } from "@/components/data-grid/grid-definition";
import { ChoiceFilter } from "@/components/catalog/choice-filter";
import { KeywordFilter } from "@/components/catalog/keyword-filter";
import { toggleFilters, toggleState, type ToggleChoice } from "@/components/catalog/quick-filter-state";
import { ToggleGroup } from "@/components/ui/toggle-group";
import { CHOICES } from "@/lib/ne/registry/choice-sources";
import { goods } from "@/lib/ne/registry/resources/goods";

const P = "goods_";
const VISIBLE = `${P}visible_flag`;

type Visible = "all" | "shown" | "hidden";
const VISIBLE_CHOICES: readonly ToggleChoice<Visible>[] = [
  { value: "all", filter: null },
  { value: "shown", filter: { op: "eq", value: "1" } },
  { value: "hidden", filter: { op: "eq", value: "0" } },
];

export function GoodsQuickFilters({ filters, setFilters, locale }: QuickFiltersProps) {
  const t = useTranslations("goods.quick");
  const tc = useTranslations("catalog.quick");
  return (
    <div role="group" aria-label={tc("label")} className="flex flex-wrap items-center gap-2">
      <KeywordFilter
        resource={goods}
        filters={filters}
        setFilters={setFilters}
        label={t("keyword")}
        targets={[
          { field: `${P}id`, label: t("goodsId") },
          { field: `${P}name`, label: t("goodsName") },
          { field: `${P}jan_code`, label: t("janCode") },
        ]}
      />
      <ChoiceFilter resource={goods} field={`${P}type_id`} label={t("type")} locale={locale} source={CHOICES.goodsType} filters={filters} setFilters={setFilters} />
      <ChoiceFilter resource={goods} field={`${P}merchandise_id`} label={t("merchandise")} locale={locale} source={CHOICES.merchandise} filters={filters} setFilters={setFilters} />
      <ToggleGroup<Visible>
        label={t("visible")}
        value={toggleState(filters, VISIBLE, VISIBLE_CHOICES)}
        options={[
          { value: "all", label: tc("all") },
          { value: "shown", label: t("shown") },
          { value: "hidden", label: t("hidden") },
        ]}
        onValueChange={(v) => {
          const { keys, next } = toggleFilters(VISIBLE, VISIBLE_CHOICES, v);
          setFilters(keys, next);
        }}
      />
    </div>
  );
}
