"use client";
// Choices of enum-like fields whose values come from an operation (registry `choicesFrom`: shops,
// payment methods, ...). Classification lists the registry knows are labelled in the current
// language (their labels load on first need: ./classification-labels.ts); other names are the
// shop's own data and say so (`userContent`).
import { useMemo } from "react";
import { useQuery } from "@tanstack/react-query";
import type { BffError } from "./bff-error";
import type { ChoicesSource } from "./choice-types";
import { callInfo, callSearch, type ApiRow, type NeRequest, type OperationPath } from "./call-operation";
import { classificationOfPath, useClassificationLabels, type ClassificationLabels } from "./classification-labels";
import { shortNames } from "@/lib/grid/short-names";
import { neKeys } from "./keys";

export type { ChoicesSource } from "./choice-types";

export interface Choice {
  value: string;
  label: string;
  /** True when the label is the shop's data (a shop name), not a translated word. */
  userContent: boolean;
  /**
   * What a cell shows when the source names a short label (a shop's abbreviation, else the name
   * after the prefix all names share: lib/grid/short-names.ts); the label is then the full name.
   */
  short?: string;
}

function byNumberThenText(a: Choice, b: Choice): number {
  const na = Number(a.value);
  const nb = Number(b.value);
  if (Number.isFinite(na) && Number.isFinite(nb) && na !== nb) return na - nb;
  return a.value < b.value ? -1 : a.value > b.value ? 1 : 0;
}

/**
 * Choices from answer rows: one per value (labels of repeated values joined), in value order. A
 * classification list's values are named from `classifications` (./classification-labels.ts) when given.
 */
export function choicesFromRows(rows: readonly ApiRow[], source: ChoicesSource, locale: "ja" | "en", classifications?: ClassificationLabels | null): Choice[] {
  const key = classificationOfPath(source.path);
  const known = key && classifications ? new Map(classifications[key].map((v) => [v.id, v[locale]])) : undefined;
  const labels = new Map<string, string[]>();
  for (const row of rows) {
    const value = row[source.valueField];
    if (value === null || value === undefined || value === "") continue;
    const label = row[source.labelField] ?? "";
    const list = labels.get(value) ?? [];
    if (label && !list.includes(label)) list.push(label);
    labels.set(value, list);
  }
  const out = [...labels.entries()]
    .map(([value, names]): Choice => {
      const translated = known?.get(value);
      if (translated) return { value, label: translated, userContent: false };
      return { value, label: names.join("・") || value, userContent: names.length > 0 };
    })
    .sort(byNumberThenText);
  const shortField = source.shortLabelField;
  if (!shortField) return out;
  const abbreviations = new Map<string, string>();
  for (const row of rows) {
    const value = row[source.valueField];
    const abbreviation = row[shortField];
    if (value && abbreviation && !abbreviations.has(value)) abbreviations.set(value, abbreviation);
  }
  const shorts = shortNames(out.filter((c) => c.userContent).map((c) => ({ value: c.value, name: c.label, abbreviation: abbreviations.get(c.value) })));
  return out.map((c) => (shorts.has(c.value) ? { ...c, short: shorts.get(c.value) } : c));
}

export interface ChoicesResult {
  choices: Choice[];
  labelOf(value: string): string | undefined;
  isLoading: boolean;
  isError: boolean;
}

/** The one query of a choices source (shared by filters, cells and drawers through its key). */
export function choicesQueryOptions(source: ChoicesSource) {
  if (source.path.endsWith("/info")) {
    const path = source.path as OperationPath;
    return {
      queryKey: neKeys.request(path),
      queryFn: ({ signal }: { signal: AbortSignal }) => callInfo(path, signal),
      staleTime: 10 * 60_000,
    };
  }
  const path = source.path as OperationPath;
  const request: NeRequest = {
    fields: [...new Set([source.valueField, source.labelField, ...(source.shortLabelField ? [source.shortLabelField] : []), ...(source.extraFields ?? [])])],
    ...(source.conditions?.length ? { conditions: [...source.conditions] } : {}),
    limit: 10_000,
  };
  return {
    queryKey: neKeys.request(path, request),
    queryFn: ({ signal }: { signal: AbortSignal }) => callSearch(path, request, signal),
    staleTime: 10 * 60_000,
  };
}

export function toChoicesResult(choices: Choice[], isLoading: boolean, isError: boolean): ChoicesResult {
  const map = new Map(choices.map((c) => [c.value, c.label]));
  return { choices, labelOf: (value: string) => map.get(value), isLoading, isError };
}

const NO_SOURCE: ChoicesSource = { path: "/none", valueField: "", labelField: "" };

/** The choices of a source; fetched only while `enabled` (open menus, visible columns). */
export function useChoices(source: ChoicesSource | undefined, locale: "ja" | "en", enabled = true): ChoicesResult {
  const on = enabled && Boolean(source);
  const query = useQuery<{ rows: ApiRow[] }, BffError>({ ...choicesQueryOptions(source ?? NO_SOURCE), enabled: on });
  const rows = query.data?.rows;
  // A classification list's names wait for its labels, loading beside the request (or at once when
  // its answer is already in the cache).
  const classified = Boolean(source && classificationOfPath(source.path));
  const labels = useClassificationLabels(classified && (on || Boolean(rows)));
  const waiting = classified && labels === undefined;
  return useMemo(
    () => toChoicesResult(source && rows && !waiting ? choicesFromRows(rows, source, locale, labels) : [], query.isLoading || (Boolean(rows) && waiting), query.isError),
    [rows, source, locale, labels, waiting, query.isLoading, query.isError],
  );
}
