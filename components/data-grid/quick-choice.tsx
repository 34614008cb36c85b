"use client";
// A choice quick filter: the button with the number chosen and its checkbox panel. Choices are the
// field's own (registry values, the definition's source, the registry's source) unless the filter
// names a source; fetched only once the panel has opened. Loaded apart from the grid's first code
// (./quick-filters.tsx), only by grids that have one.
import { useTranslations } from "next-intl";
import { useState } from "react";
import { fieldMap } from "@/lib/grid/filters";
import { choiceState, choiceWrite, type ChoiceQuickFilter } from "@/lib/grid/quick-filters";
import { useChoices } from "@/lib/query/choices";
import { ChoicePopover } from "./choice-popover";
import { useQuickLabel, type QuickControlProps } from "./quick-control";
import { useFieldChoices } from "./use-field-choices";

export default function ChoiceControl({ definition, spec, filters, onWrite, locale }: QuickControlProps<ChoiceQuickFilter>) {
  const t = useTranslations("catalog.quick");
  const label = useQuickLabel(definition, spec, locale);
  const [opened, setOpened] = useState(false);
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
