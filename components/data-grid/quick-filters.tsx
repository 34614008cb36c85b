"use client";
// A definition's quick filters drawn as controls, in order: a keyword search, a choice (button and
// checkbox panel; choices fetched on first open), a toggle, a date range. What each reads from and
// writes to the URL filters is lib/grid/quick-filters.ts's; labels are messages or the registry's.
// The choice and date-range controls are their own chunks, loaded only by grids that have them
// (rendered on the server, so a first load shows them at once; the rows never wait for them).
import { ChevronDown } from "lucide-react";
import { useTranslations } from "next-intl";
import { lazy, Suspense } from "react";
import { buttonClasses } from "@/components/ui/button";
import { ToggleGroup } from "@/components/ui/toggle-group";
import type { GridFilter } from "@/lib/grid/filters";
import type { GridLocale } from "@/lib/grid/format";
import { toggleState, toggleWrite, type ChoiceQuickFilter, type DateRangeQuickFilter, type ForgivingQuickFilter, type QuickWrite, type ToggleQuickFilter } from "@/lib/grid/quick-filters";
import type { GridDefinition } from "./grid-definition";
import { KeywordSearch } from "./keyword-search";
import { useQuickLabel, type QuickControlProps } from "./quick-control";

const ChoiceControl = lazy(() => import("./quick-choice"));
const DateRangeControl = lazy(() => import("./quick-date-range"));
// The orders' and stock grids' one search box (./forgiving-search.tsx).
const ForgivingControl = lazy(() => import("./forgiving-search"));

type QuickFiltersProps = {
  definition: GridDefinition;
  filters: readonly GridFilter[];
  /** Replaces the filters of the given keys (`field-op`) with `next` (page back to 1). */
  setFilters: (keys: readonly string[], next: readonly GridFilter[]) => void;
  locale: GridLocale;
};

export function QuickFilters({ definition, filters, setFilters, locale }: QuickFiltersProps) {
  const t = useTranslations("catalog.quick");
  const onWrite = ({ keys, next }: QuickWrite) => setFilters(keys, next);
  const shared = { definition, filters, onWrite, locale };
  return (
    <div role="group" aria-label={t("label")} className="flex flex-wrap items-center gap-2">
      {(definition.quickFilters ?? []).map((spec) => {
        switch (spec.kind) {
          case "keyword":
            return <KeywordSearch key={`keyword-${spec.label}`} resource={definition.resource} spec={spec} filters={filters} onWrite={onWrite} locale={locale} countPath={definition.countPath} />;
          case "toggle":
            return <ToggleControl key={`toggle-${spec.field}`} spec={spec} {...shared} />;
          case "choice":
            return (
              <Suspense key={`choice-${spec.field}`} fallback={<Placeholder spec={spec} {...shared} />}>
                <ChoiceControl spec={spec} {...shared} />
              </Suspense>
            );
          case "forgiving":
            return (
              <Suspense key={`forgiving-${spec.label}`} fallback={<SearchPlaceholder spec={spec} />}>
                <ForgivingControl spec={spec} {...shared} />
              </Suspense>
            );
          case "dateRange":
            return (
              <Suspense key={`dateRange-${spec.field}`} fallback={<Placeholder spec={spec} {...shared} />}>
                <DateRangeControl spec={spec} {...shared} />
              </Suspense>
            );
        }
      })}
    </div>
  );
}

function ToggleControl({ definition, spec, filters, onWrite, locale }: QuickControlProps<ToggleQuickFilter>) {
  const t = useTranslations();
  const label = useQuickLabel(definition, spec, locale);
  return (
    <ToggleGroup
      label={label}
      value={toggleState(filters, spec)}
      options={spec.options.map((o) => ({ value: o.value, label: t(o.label) }))}
      onValueChange={(value) => onWrite(toggleWrite(definition.resource, spec, value))}
    />
  );
}

/** A control's name in its place while its code loads (a page reached in the browser), inert. */
function Placeholder({ definition, spec, locale }: QuickControlProps<ChoiceQuickFilter | DateRangeQuickFilter>) {
  const label = useQuickLabel(definition, spec, locale);
  return (
    <span aria-hidden="true" className={buttonClasses({ variant: "secondary", size: "sm", className: "pointer-events-none opacity-70" })}>
      {label}
      {spec.kind === "choice" ? <ChevronDown aria-hidden="true" /> : null}
    </span>
  );
}

/** The search box's place while its code loads, inert. */
function SearchPlaceholder({ spec }: { spec: ForgivingQuickFilter }) {
  const t = useTranslations();
  return (
    <span aria-hidden="true" className="inline-flex h-8 w-72 items-center rounded-md border border-ink-300 px-2 text-sm text-ink-500 dark:border-ink-600 dark:text-ink-400">
      {t(spec.placeholder)}
    </span>
  );
}
