"use client";
// A date-range quick filter: a button naming the field and its range in the page's language
// (`受注日: 今週（11/23–11/29）`, `受注日: 2026/11/17 – 2026/11/23`, `Order date: Nov 17, 2026 – Nov
// 23, 2026`), opening the date-range panel (./date-range-panel.tsx: quick ranges in JST and a
// calendar, loaded on first intent). A quick range is written by name (`field=this-week`, resolved
// to Japan's days when the page renders), calendar days as the field's `gte` and `lte` filters, as
// the filter builder does. Loaded apart from the grid's first code (./quick-filters.tsx), only by
// grids that have one.
import { useTranslations } from "next-intl";
import { useJstToday } from "@/components/ui/jst-today";
import { dateRangeState, dateRangeWriteBoth, type DateRangeQuickFilter } from "@/lib/grid/quick-filters";
import { DateRangeButton } from "./date-range-button";
import { useQuickLabel, type QuickControlProps } from "./quick-control";
import { useRangeText } from "./range-text";

export default function DateRangeControl({ definition, spec, filters, onWrite, locale }: QuickControlProps<DateRangeQuickFilter>) {
  const t = useTranslations("grid.dates");
  const label = useQuickLabel(definition, spec, locale);
  const today = useJstToday();
  const { from, to, relative } = dateRangeState(filters, spec, today);
  const text = useRangeText(from, to, locale, relative);
  return (
    <DateRangeButton
      label={label}
      locale={locale}
      from={from}
      to={to}
      relative={relative}
      text={t("button", { label, range: text })}
      pressed={Boolean(from || to)}
      onApply={(range, name) => onWrite(dateRangeWriteBoth(definition.resource, spec, { ...range, relative: name }))}
    />
  );
}
