// What an export fetches and how it names values. With names (the default), the choice lists come
// from the grid's own queries (cached), so a file shows what the screen shows; the fetched fields
// are the record's key, the chosen columns and whatever their namers read.
import type { QueryClient } from "@tanstack/react-query";
import { fieldNamers, type FieldNamer, type ValueMode } from "@/lib/grid/export";
import type { GridLocale } from "@/lib/grid/format";
import type { FieldDef } from "@/lib/ne/registry/types";
import { callSearch } from "@/lib/query/call-operation";
import { choicesFromRows, choicesQueryOptions } from "@/lib/query/choices";
import { classificationOfPath, loadClassificationLabels } from "@/lib/query/classification-labels";
import type { GridDefinition } from "../grid-definition";
import { choicesSourceOf } from "../use-field-choices";
import type { ExportRequest, ExportScope, Job } from "./stage";

export async function prepareJob(options: {
  definition: GridDefinition;
  locale: GridLocale;
  request: ExportRequest;
  scope: ExportScope;
  exportFields: FieldDef[];
  values: ValueMode;
  queryClient: QueryClient;
}): Promise<Job> {
  const { definition, locale, request, scope, exportFields, values, queryClient } = options;
  let namers: Record<string, FieldNamer> = {};
  if (values === "names") {
    const rowNames = definition.rowNames ?? {};
    const lists: Record<string, Map<string, string>> = {};
    for (const field of exportFields) {
      const source = rowNames[field.name] ? undefined : choicesSourceOf(definition, field);
      if (!source) continue;
      const answer = await queryClient.fetchQuery(choicesQueryOptions(source));
      const labels = classificationOfPath(source.path) ? await loadClassificationLabels().catch(() => null) : undefined;
      lists[field.name] = new Map(choicesFromRows(answer.rows, source, locale, labels).map((c) => [c.value, c.label]));
    }
    namers = fieldNamers(exportFields, locale, rowNames, lists);
  }
  const fetchFields = [...new Set([...definition.keyFields, ...exportFields.map((f) => f.name), ...Object.values(namers).flatMap((n) => n.needs ?? [])])];
  const fetchPage = async (offset: number, limit: number, signal: AbortSignal) =>
    (await callSearch(definition.searchPath, { fields: fetchFields, conditions: request.conditions, extensionExecutionId: request.extensionExecutionId, offset, limit }, signal, { background: true })).rows;
  return { scope, exportFields, namers, fetchPage, pages: [] };
}
