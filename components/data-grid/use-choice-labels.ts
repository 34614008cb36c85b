"use client";
// Names for the values of every shown field whose choices come from an operation (shop names in
// the shop column, ...), in one batch of queries. Grids enable it once their rows are in, so the
// rows never wait behind these lists (the BFF runs one person's calls one at a time).
import { useQueries } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import type { GridLocale } from "@/lib/grid/format";
import { choicesFromRows, choicesQueryOptions } from "@/lib/query/choices";
import { classificationOfPath, useClassificationLabels } from "@/lib/query/classification-labels";
import type { ChoicesSource } from "@/lib/query/choice-types";
import type { ApiRow } from "@/lib/query/call-operation";
import type { FieldDef } from "@/lib/ne/registry/types";
import type { GridDefinition } from "./grid-definition";
import type { ChoiceLabels } from "./grid-table";
import { choicesSourceOf } from "./use-field-choices";

export function useChoiceLabels(
  definition: GridDefinition,
  fields: readonly FieldDef[],
  locale: GridLocale,
  enabled: boolean,
): Readonly<Record<string, ChoiceLabels>> {
  const sourced = useMemo(
    () => fields.flatMap((field) => {
      const source = choicesSourceOf(definition, field);
      return source ? [{ field: field.name, source }] : [];
    }),
    [definition, fields],
  );
  // One query per distinct source path+request, however many fields share it.
  const sources = useMemo(() => {
    const byKey = new Map<string, ChoicesSource>();
    for (const { source } of sourced) byKey.set(JSON.stringify(choicesQueryOptions(source).queryKey), source);
    return [...byKey.entries()];
  }, [sourced]);
  // A classification list (payment methods, ...) is named once its labels are in (loading beside it).
  const classified = useMemo(() => sources.some(([, source]) => classificationOfPath(source.path)), [sources]);
  const classifications = useClassificationLabels(enabled && classified);
  // Combined inside useQueries, which keeps the answer's identity until a list or the language
  // changes: the rows are memoized on these labels, and new ones on every render would redraw them.
  const combine = useCallback(
    (results: readonly { data?: { rows: ApiRow[] } }[]) => {
      const out: Record<string, ChoiceLabels> = {};
      sources.forEach(([key, source], i) => {
        const rows = results[i]?.data?.rows;
        if (!rows || (classifications === undefined && classificationOfPath(source.path))) return;
        const choices = choicesFromRows(rows, source, locale, classifications);
        const map = new Map(choices.map((c) => [c.value, c.label]));
        const shorts = new Map(choices.flatMap((c) => (c.short ? [[c.value, c.short] as const] : [])));
        const labels: ChoiceLabels = { labelOf: (v) => map.get(v), userContent: choices.some((c) => c.userContent), ...(shorts.size ? { shortOf: (v: string) => shorts.get(v) } : {}) };
        for (const entry of sourced) if (JSON.stringify(choicesQueryOptions(entry.source).queryKey) === key) out[entry.field] = labels;
      });
      return out;
    },
    [sources, sourced, locale, classifications],
  );
  return useQueries({
    queries: sources.map(([, source]) => ({ ...choicesQueryOptions(source), enabled })),
    combine,
  });
}
