"use client";
// Quick filters of the images grid: a search by goods code, file name or alt text, and the file
// state (spec 3.2).
import { useTranslations } from "next-intl";
import type { QuickFiltersProps } from "@/components/data-grid/grid-definition";
import { ChoiceFilter } from "@/components/catalog/choice-filter";
import { KeywordFilter } from "@/components/catalog/keyword-filter";
import type { Choice } from "@/lib/query/choices";
import { GOODS_IMAGE_STATUS, goodsImage } from "@/lib/ne/registry/resources/goods-image";

const P = "goods_image_";

export function ImageQuickFilters({ filters, setFilters, locale }: QuickFiltersProps) {
  const t = useTranslations("images.quick");
  const tc = useTranslations("catalog.quick");
  const statuses: Choice[] = GOODS_IMAGE_STATUS.map((s) => ({ value: s.value, label: s.label[locale], userContent: false }));
  return (
    <div role="group" aria-label={tc("label")} className="flex flex-wrap items-center gap-2">
      <KeywordFilter
        resource={goodsImage}
        filters={filters}
        setFilters={setFilters}
        label={t("keyword")}
        targets={[
          { field: `${P}goods_id`, label: t("goodsId") },
          { field: `${P}file_name`, label: t("fileName") },
          { field: `${P}alt`, label: t("alt") },
        ]}
      />
      <ChoiceFilter resource={goodsImage} field={`${P}status`} label={t("status")} locale={locale} staticChoices={statuses} filters={filters} setFilters={setFilters} />
    </div>
  );
}
