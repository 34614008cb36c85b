"use client";
// A definition's quick filters drawn as controls, in order: a keyword search, a choice (button and
// checkbox panel; choices fetched on first open), a toggle, a date range. What each reads from and
// writes to the URL filters is lib/grid/quick-filters.ts's; labels are messages or the registry's.
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { ToggleGroup } from "@/components/ui/toggle-group";
import { fieldMap, type GridFilter } from "@/lib/grid/filters";
import type { GridLocale } from "@/lib/grid/format";
import {
  choiceState,
  choiceWrite,
  dateRangeState,
  dateRangeWrite,
  toggleState,
  toggleWrite,
  type ChoiceQuickFilter,
  type DateRangeQuickFilter,
  type QuickWrite,
  type ToggleQuickFilter,
} from "@/lib/grid/quick-filters";
import type { MessageKey } from "@/lib/i18n/message-key";
import { useChoices } from "@/lib/query/choices";
import { ChoicePopover } from "./choice-popover";
import type { GridDefinition } from "./grid-definition";
import { KeywordSearch } from "./keyword-search";
import { useFieldChoices } from "./use-field-choices";

type QuickFiltersProps = {
  definition: GridDefinition;
  filters: readonly GridFilter[];
  /** Replaces the filters of the given keys (`field-op`) with `next` (page back to 1). */
  setFilters: (keys: readonly string[], next: readonly GridFilter[]) => void;
  locale: GridLocale;
};

type ControlProps<S> = { definition: GridDefinition; spec: S; filters: readonly GridFilter[]; onWrite: (write: QuickWrite) => void; locale: GridLocale };

export function QuickFilters({ definition, filters, setFilters, locale }: QuickFiltersProps) {
  const t = useTranslations("catalog.quick");
  const onWrite = ({ keys, next }: QuickWrite) => setFilters(keys, next);
  return (
    <div role="group" aria-label={t("label")} className="flex flex-wrap items-center gap-2">
      {(definition.quickFilters ?? []).map((spec) => {
        const shared = { definition, filters, onWrite, locale };
        switch (spec.kind) {
          case "keyword":
            return <KeywordSearch key={`keyword-${spec.label}`} resource={definition.resource} spec={spec} filters={filters} onWrite={onWrite} locale={locale} />;
          case "choice":
            return <ChoiceControl key={`choice-${spec.field}`} spec={spec} {...shared} />;
          case "toggle":
            return <ToggleControl key={`toggle-${spec.field}`} spec={spec} {...shared} />;
          case "dateRange":
            return <DateRangeControl key={`dateRange-${spec.field}`} spec={spec} {...shared} />;
        }
      })}
    </div>
  );
}

/** A control's name: its message, else the field's registry label. */
function useLabel(definition: GridDefinition, field: string, label: MessageKey | undefined, locale: GridLocale): string {
  const t = useTranslations();
  return label ? t(label) : (fieldMap(definition.resource).get(field)?.label[locale] ?? field);
}

function ChoiceControl({ definition, spec, filters, onWrite, locale }: ControlProps<ChoiceQuickFilter>) {
  const t = useTranslations("catalog.quick");
  const label = useLabel(definition, spec.field, spec.label, locale);
  const [opened, setOpened] = useState(false);
  // The field's own choices (registry values, the definition's source, the registry's), unless
  // the spec names a source; either is fetched only once the panel has opened.
  const own = useFieldChoices(definition, fieldMap(definition.resource).get(spec.field), locale, opened && !spec.source);
  const named = useChoices(spec.source, locale, opened);
  const choices = spec.source ? named : own;
  const selected = choiceState(filters, spec);
  return (
    <ChoicePopover
      label={label}
      buttonLabel={selected.length ? t("withCount", { label, count: selected.length }) : undefined}
      choices={choices.choices}
      isLoading={choices.isLoading}
      isError={choices.isError}
      selected={selected}
      decorate={spec.decorate}
      panelClassName={spec.wide ? "w-80" : undefined}
      onOpen={() => setOpened(true)}
      onApply={(values) => onWrite(choiceWrite(definition.resource, spec, values))}
    />
  );
}

function ToggleControl({ definition, spec, filters, onWrite, locale }: ControlProps<ToggleQuickFilter>) {
  const t = useTranslations();
  const label = useLabel(definition, spec.field, spec.label, locale);
  return (
    <ToggleGroup
      label={label}
      value={toggleState(filters, spec)}
      options={spec.options.map((o) => ({ value: o.value, label: t(o.label) }))}
      onValueChange={(value) => onWrite(toggleWrite(definition.resource, spec, value))}
    />
  );
}

function DateRangeControl({ definition, spec, filters, onWrite, locale }: ControlProps<DateRangeQuickFilter>) {
  const t = useTranslations("catalog.quick");
  const id = useId();
  const label = useLabel(definition, spec.field, spec.label, locale);
  const { from, to } = dateRangeState(filters, spec);
  const set = (end: "from" | "to", day: string) => onWrite(dateRangeWrite(definition.resource, spec, end, day));
  const input = "h-7 rounded bg-transparent px-1 text-sm tabular-nums dark:[color-scheme:dark]";
  return (
    <fieldset className="flex h-8 items-center gap-1 rounded-md border border-ink-200 bg-ink-0 pr-1 pl-2.5 shadow-xs dark:border-ink-700 dark:bg-ink-850">
      <legend className="sr-only">{label}</legend>
      <span aria-hidden="true" className="text-xs font-medium whitespace-nowrap text-ink-800 dark:text-ink-100">
        {label}
      </span>
      <label htmlFor={`${id}-from`} className="sr-only">
        {t("dateFrom", { label })}
      </label>
      <input id={`${id}-from`} type="date" value={from} max={to || undefined} onChange={(e) => set("from", e.target.value)} className={input} />
      <span aria-hidden="true" className="text-ink-600 dark:text-ink-300">
        –
      </span>
      <label htmlFor={`${id}-to`} className="sr-only">
        {t("dateTo", { label })}
      </label>
      <input id={`${id}-to`} type="date" value={to} min={from || undefined} onChange={(e) => set("to", e.target.value)} className={input} />
    </fieldset>
  );
}
