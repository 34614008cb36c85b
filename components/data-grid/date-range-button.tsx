"use client";
// A button showing a date range in the page's language that opens the date-range panel
// (./date-range-panel.tsx: quick ranges in JST and a calendar, a chunk of its own loaded on the
// button's hover or focus). The grids' date quick filters (./quick-date-range.tsx) and the board's
// custom period (components/board/board-filters.tsx) both draw it.
import { CalendarDays, ChevronDown } from "lucide-react";
import type { ReactNode } from "react";
import { lazyComponent } from "@/components/ui/lazy-component";
import type { GridLocale } from "@/lib/grid/format";
import type { QuickRange } from "@/lib/grid/quick-ranges";
import type { DateRangePanelProps } from "./date-range-panel";
import { Popover } from "@/components/ui/popover";

const DateRangePanel = lazyComponent(() => import("./date-range-panel"));

export function DateRangeButton({
  label,
  locale,
  from,
  to,
  relative,
  text,
  buttonLabel,
  pressed,
  onApply,
}: {
  /** The panel's name (and the calendar's). */
  label: string;
  locale: GridLocale;
  from: string;
  to: string;
  /** The quick range the range is, by name (its button shows pressed in the panel). */
  relative?: QuickRange;
  /** What the button shows beside its calendar icon. */
  text: ReactNode;
  /** The button's accessible name, when its text alone would not say enough. */
  buttonLabel?: string;
  pressed?: boolean;
  onApply: DateRangePanelProps["onApply"];
}) {
  return (
    <Popover
      button={
        <>
          <CalendarDays aria-hidden="true" />
          <span className="truncate">{text}</span>
          <ChevronDown aria-hidden="true" />
        </>
      }
      buttonLabel={buttonLabel}
      buttonClassName="max-w-full tabular-nums"
      pressed={pressed}
      panelLabel={label}
      panelClassName="w-[27rem]"
      onIntent={DateRangePanel.preload}
    >
      {(close) => (
        <DateRangePanel
          label={label}
          locale={locale}
          from={from}
          to={to}
          relative={relative}
          onApply={(range, name) => {
            onApply(range, name);
            close();
          }}
        />
      )}
    </Popover>
  );
}
