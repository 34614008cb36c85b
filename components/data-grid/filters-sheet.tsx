"use client";
// On a phone, a grid's filters in one sheet: the quick filters and "Add condition", which on a
// wider screen sit above the grid. A change applies at once (the chips under the button show it);
// Close or Esc puts the sheet away. Loaded when the Filters button is first touched or focused.
import { useTranslations } from "next-intl";
import type { GridFilter } from "@/lib/grid/filters";
import type { GridLocale } from "@/lib/grid/format";
import { Button } from "@/components/ui/button";
import { FilterBuilder } from "./filter-builder";
import type { GridDefinition } from "./grid-definition";
import { Modal } from "@/components/ui/modal";
import { QuickFilters } from "./quick-filters";

export interface FiltersSheetProps {
  definition: GridDefinition;
  filters: readonly GridFilter[];
  locale: GridLocale;
  setFilters: (keys: readonly string[], next: readonly GridFilter[]) => void;
  onAdd: (filters: GridFilter[]) => void;
  onClose: () => void;
}

export default function FiltersSheet({ definition, filters, locale, setFilters, onAdd, onClose }: FiltersSheetProps) {
  const t = useTranslations("grid.sheet");
  return (
    <Modal
      open
      onClose={onClose}
      title={t("title")}
      side="bottom"
      footer={
        <Button size="sm" variant="primary" onClick={onClose}>
          {t("close")}
        </Button>
      }
    >
      <div className="flex flex-col items-start gap-3" data-filters-sheet="">
        {definition.quickFilters?.length ? <QuickFilters definition={definition} filters={filters} setFilters={setFilters} locale={locale} /> : null}
        <FilterBuilder definition={definition} locale={locale} onAdd={onAdd} />
      </div>
    </Modal>
  );
}
