"use client";
// What every quick-filter control (./quick-filters.tsx and the kinds loaded apart from it) takes,
// and how it names itself: its message, else its field's registry label.
import { useTranslations } from "next-intl";
import { fieldMap, type GridFilter } from "@/lib/grid/filters";
import type { GridLocale } from "@/lib/grid/format";
import type { QuickWrite } from "@/lib/grid/quick-filters";
import type { MessageKey } from "@/lib/i18n/message-key";
import type { GridDefinition } from "./grid-definition";

export interface QuickControlProps<S> {
  definition: GridDefinition;
  spec: S;
  filters: readonly GridFilter[];
  onWrite: (write: QuickWrite) => void;
  locale: GridLocale;
}

export function useQuickLabel(definition: GridDefinition, spec: { field: string; label?: MessageKey }, locale: GridLocale): string {
  const t = useTranslations();
  return spec.label ? t(spec.label) : (fieldMap(definition.resource).get(spec.field)?.label[locale] ?? spec.field);
}
