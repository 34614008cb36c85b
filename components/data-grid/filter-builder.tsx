"use client";
// "Add condition": a button opening the filter form (components/data-grid/filter-form.tsx),
// loaded when first opened so the grid's first load does not carry it.
import { Plus } from "lucide-react";
import { useTranslations } from "next-intl";
import { lazyComponent } from "@/components/ui/lazy-component";
import type { GridFilter } from "@/lib/grid/filters";
import type { GridLocale } from "@/lib/grid/format";
import type { GridDefinition } from "./grid-definition";
import { Popover } from "@/components/ui/popover";

const FilterForm = lazyComponent(() => import("./filter-form"));

type FilterBuilderProps = {
  definition: GridDefinition;
  locale: GridLocale;
  /** One condition, or two for a range of days. */
  onAdd: (filters: GridFilter[]) => void;
};

export function FilterBuilder({ definition, locale, onAdd }: FilterBuilderProps) {
  const t = useTranslations("grid");
  return (
    <Popover
      button={
        <>
          <Plus aria-hidden="true" />
          {t("filters.add")}
        </>
      }
      panelLabel={t("filters.add")}
      panelClassName="w-[22rem]"
      onIntent={FilterForm.preload}
    >
      {(close) => (
        <FilterForm
          definition={definition}
          locale={locale}
          onSubmit={(filters) => {
            onAdd(filters);
            close();
          }}
          onCancel={close}
        />
      )}
    </Popover>
  );
}
