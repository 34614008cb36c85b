"use client";
// The board's filters: shops (the same choices as the orders grid's quick filter) and a period on
// the order date (today, this week, last week, the last 7 or 30 days, with the grids' names and
// words, or a custom range on the grids' date-range picker, in the page's language, whose quick
// ranges set the period by name), and whether cancelled slips count. Their
// state is the URL's (board-url-state.ts).
import { useTranslations } from "next-intl";
import { useId } from "react";
import { ChoicePopover } from "@/components/data-grid/choice-popover";
import { DateRangeButton } from "@/components/data-grid/date-range-button";
import { useRangeText } from "@/components/data-grid/range-text";
import { ToggleGroup } from "@/components/ui/toggle-group";
import type { ChoicesResult } from "@/lib/query/choices";
import { BOARD_PERIODS, type PeriodKind } from "@/lib/board/period";
import type { GridLocale } from "@/lib/grid/format";
import { QUICK_RANGE_MESSAGE, type QuickRange } from "@/lib/grid/quick-ranges";

export function ShopFilter({ shops, selected, onChange }: { shops: ChoicesResult; selected: readonly string[]; onChange: (ids: string[]) => void }) {
  const t = useTranslations("board.filters");
  return (
    <ChoicePopover
      label={t("shop")}
      buttonLabel={selected.length ? t("shopCount", { count: selected.length }) : undefined}
      choices={shops.choices}
      isLoading={shops.isLoading}
      isError={shops.isError}
      selected={selected}
      panelClassName="w-80"
      onApply={onChange}
    />
  );
}

export function PeriodFilter({
  kind,
  from,
  to,
  locale,
  onKind,
  onCustom,
}: {
  kind: PeriodKind;
  from: string;
  to: string;
  locale: GridLocale;
  onKind: (kind: PeriodKind) => void;
  onCustom: (range: { from: string | null; to: string | null }) => void;
}) {
  const t = useTranslations("board.filters");
  const tDates = useTranslations("grid.dates");
  const tRange = useTranslations("relativeDates");
  const label = t("customRange");
  // A named period the toggle does not offer (yesterday, this month... from the picker's quick
  // ranges) shows under "custom", by its name.
  const offered = kind === "custom" || (BOARD_PERIODS as readonly string[]).includes(kind);
  const relative = kind === "custom" ? undefined : (kind as QuickRange);
  const text = useRangeText(from, to, locale, offered ? undefined : relative);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <ToggleGroup<PeriodKind>
        label={t("period")}
        value={offered ? kind : "custom"}
        options={[...BOARD_PERIODS.map((p) => ({ value: p, label: tRange(QUICK_RANGE_MESSAGE[p]) })), { value: "custom" as const, label: t("custom") }]}
        onValueChange={onKind}
      />
      {!offered || kind === "custom" ? (
        // The grids' date-range picker: the range in the page's language, quick ranges in JST and
        // a calendar.
        <DateRangeButton
          label={label}
          locale={locale}
          from={from}
          to={to}
          relative={offered ? undefined : relative}
          text={text}
          buttonLabel={tDates("button", { label, range: text })}
          onApply={(range, name) => (name ? onKind(name) : onCustom({ from: range.from || null, to: range.to || null }))}
        />
      ) : null}
    </div>
  );
}

/** Whether cancelled slips are counted (off by default: the board counts live slips). */
export function CancelledFilter({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const t = useTranslations("board.filters");
  const id = useId();
  return (
    <div className="flex h-8 items-center gap-2 rounded-md border border-ink-200 bg-ink-0 px-2.5 shadow-xs dark:border-ink-700 dark:bg-ink-850">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className="size-4 accent-brand-600 dark:accent-brand-400"
      />
      <label htmlFor={id} className="text-xs font-medium text-ink-800 dark:text-ink-100">
        {t("includeCancelled")}
      </label>
    </div>
  );
}
