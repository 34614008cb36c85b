"use client";
// What both views show around their table: the warehouse chooser (all warehouses or one, named
// from the warehouse master), the copy's "as of" time with the refresh button, and the plain
// states: loading, failed (one Retry), no copy yet (its button builds it), nothing to list.
import { useLocale, useTranslations } from "next-intl";
import { useCallback, useId, type ReactNode } from "react";
import type { UseQueryResult } from "@tanstack/react-query";
import type { BffError } from "@/lib/query/bff-error";
import { CHOICES } from "@/lib/ne/registry/choice-sources";
import { useChoices } from "@/lib/query/choices";
import { QueryErrorState } from "@/components/query/query-error-state";
import { CopyState, EmptyReadModel } from "../view-parts";

/** Warehouse names from the warehouse master (the choice list the grids and /stock/matrix share). */
export function useWarehouseNames(): (id: number) => string | undefined {
  const locale = useLocale() === "en" ? "en" : "ja";
  const { labelOf } = useChoices(CHOICES.warehouse, locale);
  return useCallback((id: number) => labelOf(String(id)), [labelOf]);
}

export function WarehouseChooser({ value, warehouses, onChange }: { value: number | null; warehouses: readonly number[]; onChange: (w: number | null) => void }) {
  const t = useTranslations("stockAnalytics");
  const id = useId();
  const nameOf = useWarehouseNames();
  const choices = value !== null && !warehouses.includes(value) ? [...warehouses, value] : warehouses;
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm text-ink-700 dark:text-ink-300">
        {t("warehouse")}
      </label>
      <select
        id={id}
        value={value === null ? "" : String(value)}
        onChange={(e) => onChange(e.target.value === "" ? null : Number(e.target.value))}
        className="h-8 rounded-md border border-ink-300 bg-ink-0 px-2 text-sm dark:border-ink-600 dark:bg-ink-900"
      >
        <option value="">{t("allWarehouses")}</option>
        {choices.map((w) => (
          <option key={w} value={String(w)}>
            {nameOf(w) ?? t("warehouseId", { id: w })}
          </option>
        ))}
      </select>
    </div>
  );
}

interface FrameProps {
  status: "pending" | "error" | "success";
  error: unknown;
  onRetry: () => void;
  /** The answer's as-of (null: no sync has finished yet). */
  asOf: string | null | undefined;
  empty: boolean;
  emptyText: string;
  filters: ReactNode;
  children: ReactNode;
}

/** What a view's query tells the frame: its state, its Retry, its copy's as-of, whether the rows shown are none. */
export function frameState(query: UseQueryResult<{ asOf: string | null }, BffError>, shown: readonly unknown[], emptyText: string): Omit<FrameProps, "filters" | "children"> {
  return { status: query.status, error: query.error, onRetry: () => void query.refetch(), asOf: query.data?.asOf, empty: shown.length === 0, emptyText };
}

export function StockFrame({ status, error, onRetry, asOf, empty, emptyText, filters, children }: FrameProps) {
  const t = useTranslations("stockAnalytics");
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-wrap items-center gap-4">{filters}</div>
        <CopyState asOf={asOf} />
      </div>
      {status === "error" && asOf === undefined ? (
        <QueryErrorState error={error} onRetry={onRetry} />
      ) : status === "pending" ? (
        <p role="status" className="text-sm text-ink-600 dark:text-ink-400">
          {t("loading")}
        </p>
      ) : asOf === null && empty ? (
        <EmptyReadModel title={t("noCopy.title")} body={t("noCopy.body")} />
      ) : empty ? (
        <p role="status" className="rounded-lg border border-ink-200 p-6 text-sm dark:border-ink-700">
          {emptyText}
        </p>
      ) : (
        children
      )}
    </div>
  );
}
