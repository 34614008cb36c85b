"use client";
// A quick filter over an enum-like field: a button with the number chosen, a panel of checkboxes
// (from the registry's values or from the field's choices operation, fetched on first open),
// Apply and Clear. It writes one `in` filter to the URL.
import { ChevronDown } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState, type ReactNode } from "react";
import { ChoiceList } from "@/components/data-grid/choice-list";
import type { QuickFiltersProps } from "@/components/data-grid/grid-definition";
import { Popover } from "@/components/data-grid/popover";
import { Button } from "@/components/ui/button";
import { filterKey, filterValues, findFilter, validateFilter } from "@/lib/grid/filters";
import type { GridLocale } from "@/lib/grid/format";
import { useChoices, type Choice } from "@/lib/query/choices";
import type { ChoicesSource } from "@/lib/query/choice-types";
import type { ResourceDef } from "@/lib/ne/registry/types";

type ChoiceFilterProps = Pick<QuickFiltersProps, "filters" | "setFilters"> & {
  resource: ResourceDef;
  field: string;
  label: string;
  locale: GridLocale;
  /** Choices known without asking the API (registry values); otherwise `source` is fetched. */
  staticChoices?: readonly Choice[];
  source?: ChoicesSource;
  /** Something shown before a choice's label (the order status's colour dot). */
  decorate?: (choice: Choice) => ReactNode;
  panelClassName?: string;
};

export function ChoiceFilter({ resource, field, label, locale, staticChoices, source, decorate, panelClassName, filters, setFilters }: ChoiceFilterProps) {
  const t = useTranslations("catalog.quick");
  const current = filterValues(findFilter(filters, field, "in"));
  const [opened, setOpened] = useState(false);
  const fetched = useChoices(staticChoices ? undefined : source, locale, opened);
  return (
    <ChoicePopover
      label={label}
      buttonLabel={current.length ? t("withCount", { label, count: current.length }) : undefined}
      choices={staticChoices ?? fetched.choices}
      isLoading={!staticChoices && fetched.isLoading}
      isError={!staticChoices && fetched.isError}
      selected={current}
      decorate={decorate}
      panelClassName={panelClassName}
      onOpen={() => setOpened(true)}
      onApply={(values) => {
        const next = values.length ? validateFilter(resource, { field, op: "in", value: values }) : null;
        setFilters([filterKey({ field, op: "in" }), filterKey({ field, op: "eq" })], next ? [next] : []);
      }}
    />
  );
}

interface ChoicePopoverProps {
  label: string;
  /** The button's accessible name when some are chosen ("Shop (2 chosen)"). */
  buttonLabel?: string;
  choices: readonly Choice[];
  isLoading?: boolean;
  isError?: boolean;
  selected: readonly string[];
  /** Applies the ticked values; Clear applies none. */
  onApply: (values: string[]) => void;
  /** Called each time the panel opens (fetch the choices on first use). */
  onOpen?: () => void;
  decorate?: (choice: Choice) => ReactNode;
  panelClassName?: string;
}

/**
 * The button and panel of a choice filter: the number chosen on the button, checkboxes in the
 * panel (a draft until Apply), Clear. Kept apart from where the choice is stored (the grid's URL
 * filters above, the board's own URL state).
 */
export function ChoicePopover({ label, buttonLabel, choices, isLoading, isError, selected, onApply, onOpen, decorate, panelClassName = "w-72" }: ChoicePopoverProps) {
  const t = useTranslations("catalog.quick");
  const [draft, setDraft] = useState<string[]>([...selected]);
  return (
    <Popover
      button={
        <>
          {label}
          {selected.length ? (
            <span className="rounded-full bg-brand-600 px-1.5 text-[11px] leading-4 font-semibold text-white dark:bg-brand-400 dark:text-ink-950">{selected.length}</span>
          ) : null}
          <ChevronDown aria-hidden="true" />
        </>
      }
      buttonLabel={buttonLabel}
      pressed={selected.length > 0}
      panelLabel={label}
      panelClassName={panelClassName}
      onOpenChange={(open) => {
        if (open) {
          onOpen?.();
          setDraft([...selected]);
        }
      }}
    >
      {(close) => (
        <div className="flex flex-col gap-3">
          <ChoiceList legend={label} choices={choices} selected={draft} onChange={setDraft} isLoading={isLoading} isError={isError} decorate={decorate} />
          <div className="flex justify-between gap-2">
            <Button
              size="sm"
              variant="ghost"
              onClick={() => {
                onApply([]);
                close();
              }}
            >
              {t("clear")}
            </Button>
            <Button
              size="sm"
              variant="primary"
              onClick={() => {
                onApply(draft);
                close();
              }}
            >
              {t("apply")}
            </Button>
          </div>
        </div>
      )}
    </Popover>
  );
}
