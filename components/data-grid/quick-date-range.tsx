"use client";
// A date-range quick filter: the field's name and two day inputs (from, to). Loaded apart from the
// grid's first code (./quick-filters.tsx), only by grids that have one.
import { useTranslations } from "next-intl";
import { useId } from "react";
import { dateRangeState, dateRangeWrite, type DateRangeQuickFilter } from "@/lib/grid/quick-filters";
import { useQuickLabel, type QuickControlProps } from "./quick-control";

export default function DateRangeControl({ definition, spec, filters, onWrite, locale }: QuickControlProps<DateRangeQuickFilter>) {
  const t = useTranslations("catalog.quick");
  const id = useId();
  const label = useQuickLabel(definition, spec, locale);
  const { from, to } = dateRangeState(filters, spec);
  const set = (end: "from" | "to", day: string) => onWrite(dateRangeWrite(definition.resource, spec, end, day));
  const input = "h-7 rounded bg-transparent px-1 text-sm tabular-nums dark:[color-scheme:dark]";
  return (
    <fieldset className="flex h-8 items-center gap-1 rounded-md border border-ink-200 bg-ink-0 pr-1 pl-2.5 shadow-xs dark:border-ink-700 dark:bg-ink-850">
      <legend className="sr-only">{label}</legend>
      <span aria-hidden="true" className="text-xs font-medium whitespace-nowrap text-ink-800 dark:text-ink-100">
        {label}
      </span>
      <label htmlFor={`${id}-from`} className="sr-only">
        {t("dateFrom", { label })}
      </label>
      <input id={`${id}-from`} type="date" value={from} max={to || undefined} onChange={(e) => set("from", e.target.value)} className={input} />
      <span aria-hidden="true" className="text-ink-600 dark:text-ink-300">
        –
      </span>
      <label htmlFor={`${id}-to`} className="sr-only">
        {t("dateTo", { label })}
      </label>
      <input id={`${id}-to`} type="date" value={to} min={from || undefined} onChange={(e) => set("to", e.target.value)} className={input} />
    </fieldset>
  );
}
