"use client";
// One field of a row as the grid shows it: the definition's custom cell (grouping tags, a cancel
// badge, the goods name beside a stock code) or the field's format with its choice names.
import type { GridLocale } from "@/lib/grid/format";
import type { ApiRow } from "@/lib/query/call-operation";
import type { FieldDef } from "@/lib/ne/registry/types";
import type { GridDefinition } from "./grid-definition";
import type { ChoiceLabels } from "./grid-table";
import { ValueView } from "./value-view";

/** `wrap`: long text wraps (a phone's card: a goods name keeps its colour and size) instead of being cut. */
export function FieldValue({ definition, field, row, locale, choice, wrap = false }: { definition: GridDefinition; field: FieldDef; row: ApiRow; locale: GridLocale; choice?: ChoiceLabels; wrap?: boolean }) {
  const value = row[field.name] ?? null;
  const Custom = definition.cells?.[field.name]?.render;
  if (Custom) return <Custom field={field} value={value} row={row} locale={locale} />;
  return <ValueView field={field} value={value} locale={locale} choiceLabel={choice?.labelOf} choiceIsUserContent={choice?.userContent} wrap={wrap} />;
}
