"use client";
// The choices of one field for filters and cells: its registry enum (translated, no request), or
// the operation its registry entry (or the grid definition) names, fetched only when `enabled`.
import { useMemo } from "react";
import type { GridLocale } from "@/lib/grid/format";
import { useChoices, type Choice, type ChoicesResult } from "@/lib/query/choices";
import type { ChoicesSource } from "@/lib/query/choice-types";
import type { FieldDef } from "@/lib/ne/registry/types";
import type { GridDefinition } from "./grid-definition";

export function choicesSourceOf(definition: GridDefinition, field: FieldDef | undefined): ChoicesSource | undefined {
  if (!field || field.enum) return undefined;
  return definition.choices?.[field.name] ?? field.choicesFrom;
}

/** Whether a field is chosen from a list (enum or choices operation) rather than typed. */
export function hasChoices(definition: GridDefinition, field: FieldDef | undefined): boolean {
  return Boolean(field?.enum || choicesSourceOf(definition, field));
}

export function useFieldChoices(definition: GridDefinition, field: FieldDef | undefined, locale: GridLocale, enabled: boolean): ChoicesResult {
  const source = choicesSourceOf(definition, field);
  const fetched = useChoices(source, locale, enabled && Boolean(source));
  return useMemo(() => {
    if (!field?.enum) return fetched;
    const choices: Choice[] = field.enum.map((v) => ({ value: v.value, label: v.label[locale], userContent: false }));
    const map = new Map(choices.map((c) => [c.value, c.label]));
    return { choices, labelOf: (value: string) => map.get(value), isLoading: false, isError: false };
  }, [field, fetched, locale]);
}
