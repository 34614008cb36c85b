// What an export fetches and how it names values. With names (the default), the choice lists come
// from the grid's own queries (cached), so a file shows what the screen shows; the fetched fields
// are the record's key, the chosen columns and whatever their namers read.
import type { QueryClient } from "@tanstack/react-query";
import { fieldNamers, type CellText, type FieldNamer, type ValueMode } from "@/lib/grid/export";
import type { GridLocale } from "@/lib/grid/format";
import type { FieldDef } from "@/lib/ne/registry/types";
import { callSearch } from "@/lib/query/call-operation";
import { choicesFromRows, choicesQueryOptions } from "@/lib/query/choices";
import { classificationOfPath, loadClassificationLabels } from "@/lib/query/classification-labels";
import type { GridDefinition, Translate } from "../grid-definition";
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
  /** The catalogue's messages: custom cells' words (the cancel state's "有効"). */
  t: Translate;
}): Promise<Job> {
  const { definition, locale, request, scope, exportFields, values, queryClient, t } = options;
  let namers: Record<string, FieldNamer> = {};
  if (values === "names") {
    const rowNames = definition.rowNames ?? {};
    // The words of the grid's custom cells that say them as text (the cancel state).
    const cells: Record<string, CellText> = {};
    for (const field of exportFields) {
      const cell = definition.cells?.[field.name];
      const text = cell?.text;
      if (text) cells[field.name] = { ...(cell.needs ? { needs: cell.needs } : {}), text: (value, row) => text({ field, value, row, locale }, t) };
    }
    const lists: Record<string, Map<string, string>> = {};
    for (const field of exportFields) {
      const source = rowNames[field.name] || cells[field.name] ? undefined : choicesSourceOf(definition, field);
      if (!source) continue;
      const answer = await queryClient.fetchQuery(choicesQueryOptions(source));
      const labels = classificationOfPath(source.path) ? await loadClassificationLabels().catch(() => null) : undefined;
      // The full name (a shop's, as its cell's title and the drawer say it): a file has no hover
      // to tell "本店" of one company from another's.
      lists[field.name] = new Map(choicesFromRows(answer.rows, source, locale, labels).map((c) => [c.value, c.label]));
    }
    namers = fieldNamers(exportFields, locale, rowNames, lists, cells);
  }
  const fetchFields = [...new Set([...definition.keyFields, ...exportFields.map((f) => f.name), ...Object.values(namers).flatMap((n) => n.needs ?? [])])];
  const fetchPage = async (offset: number, limit: number, signal: AbortSignal) =>
    (await callSearch(definition.searchPath, { fields: fetchFields, conditions: request.conditions, extensionExecutionId: request.extensionExecutionId, offset, limit }, signal, { background: true })).rows;
  return { scope, exportFields, namers, fetchPage, pages: [] };
}
