"use client";
// The active filters as chips ("Order status is any of: Awaiting statement printing, ..."), each
// removable, and "Clear filters". Names from a choices operation load only for active filters.
import { X } from "lucide-react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { fieldMap, filterKey, filterValues, isValueless, type GridFilter } from "@/lib/grid/filters";
import { formatGrouped, formatValue, type GridLocale } from "@/lib/grid/format";
import { toggleOptionOf } from "@/lib/grid/quick-filters";
import type { GridDefinition } from "./grid-definition";
import { useFieldChoices } from "./use-field-choices";

/** Values a chip lists; a longer list (the slips carried from another grid) shows its first few and how many more. */
const SHOWN_VALUES = 5;

type FilterChipsProps = {
  definition: GridDefinition;
  filters: readonly GridFilter[];
  locale: GridLocale;
  onRemove: (key: string) => void;
  onClear: () => void;
  extensionExecutionId?: string | null;
  onClearExtension?: () => void;
};

export function FilterChips({ definition, filters, locale, onRemove, onClear, extensionExecutionId, onClearExtension }: FilterChipsProps) {
  const t = useTranslations("grid");
  if (filters.length === 0 && !extensionExecutionId) return null;
  return (
    <ul aria-label={t("filters.active")} className="flex flex-wrap items-center gap-1.5">
      {extensionExecutionId ? (
        <li className="inline-flex max-w-full items-center gap-1 rounded-full border border-brand-200 bg-brand-50 py-0.5 pr-0.5 pl-2.5 text-xs text-brand-900 dark:border-brand-800 dark:bg-brand-950 dark:text-brand-100">
          <span className="truncate">
            {t("filters.extension")} <span data-user-content="">{extensionExecutionId}</span>
          </span>
          <RemoveButton label={t("filters.removeExtension")} onClick={() => onClearExtension?.()} />
        </li>
      ) : null}
      {filters.map((filter) => (
        <FilterChip key={filterKey(filter)} definition={definition} filter={filter} locale={locale} onRemove={onRemove} />
      ))}
      <li>
        <Button size="sm" variant="ghost" onClick={onClear}>
          {t("filters.clear")}
        </Button>
      </li>
    </ul>
  );
}

function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      className="grid size-5 shrink-0 place-items-center rounded-full text-current hover:bg-black/10 dark:hover:bg-white/15"
    >
      <X aria-hidden="true" className="size-3.5" />
    </button>
  );
}

function FilterChip({
  definition,
  filter,
  locale,
  onRemove,
}: {
  definition: GridDefinition;
  filter: GridFilter;
  locale: GridLocale;
  onRemove: (key: string) => void;
}) {
  const t = useTranslations("grid");
  const tAll = useTranslations();
  const field = fieldMap(definition.resource).get(filter.field);
  const choices = useFieldChoices(definition, field, locale, true);
  if (!field) return null;
  const label = field.label[locale];
  // A quick toggle's own filter reads as its option ("有効のみ"), not as the condition's code.
  const option = toggleOptionOf(definition.quickFilters, filter);
  const values = filterValues(filter).map((v) => formatValue(field, v, locale, choices.labelOf));
  // Registry labels and translated classification names are UI text; typed values and shop names are data.
  const translated = Boolean(field.enum) || (choices.choices.length > 0 && choices.choices.every((c) => !c.userContent));
  const text = `${label} ${t(`operators.${filter.op}`)}${isValueless(filter.op) ? "" : ":"}`;
  return (
    <li
      data-filter={filterKey(filter)}
      className="inline-flex max-w-full items-center gap-1 rounded-full border border-ink-200 bg-ink-50 py-0.5 pr-0.5 pl-2.5 text-xs text-ink-800 dark:border-ink-700 dark:bg-ink-850 dark:text-ink-100"
    >
      {option ? (
        <span className="truncate font-medium">{tAll(option.label)}</span>
      ) : (
        <span className="truncate">
          {text}{" "}
          {values.length ? (
            <span className="font-medium" data-user-content={translated ? undefined : ""}>
              {values.slice(0, values.length > SHOWN_VALUES ? SHOWN_VALUES - 2 : SHOWN_VALUES).join(", ")}
            </span>
          ) : null}
          {values.length > SHOWN_VALUES ? <> {t("filters.moreValues", { count: formatGrouped(String(values.length - SHOWN_VALUES + 2)) })}</> : null}
        </span>
      )}
      <RemoveButton label={t("filters.remove", { field: label })} onClick={() => onRemove(filterKey(filter))} />
    </li>
  );
}
