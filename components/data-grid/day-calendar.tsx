"use client";
// A month calendar in the page's language (react-day-picker with date-fns' locales): Japanese
// month captions and 月火水木金土日 weekday names, or English ones, whatever the browser's locale.
// Days are `YYYY-MM-DD` calendar days; "today" is today in Japan. Keyboard: arrows move by day and
// week, Page Up/Down by month, Enter or Space picks (react-day-picker's grid model).
// Loaded only with a date picker's panel or the filter form's date conditions (a chunk of its own).
import { useState, type CSSProperties } from "react";
import { DayPicker, type DateRange } from "react-day-picker";
import { enUS } from "react-day-picker/locale/en-US";
import { ja } from "react-day-picker/locale/ja";
import "react-day-picker/style.css";
import { jstToday } from "@/lib/board/period";
import { dayToLocalDate, localDateToDay } from "@/lib/grid/day-format";
import type { GridLocale } from "@/lib/grid/format";

type DayCalendarProps = { locale: GridLocale; label: string } & (
  | { mode: "range"; from: string; to: string; onChange: (range: { from: string; to: string }) => void }
  | { mode: "single"; day: string; onChange: (day: string) => void }
);

// react-day-picker's stylesheet is not in a cascade layer, so it beats Tailwind's utilities: its
// variables are set inline (which beats it) from the wrapper's, which Tailwind sets per theme —
// the product's indigo (tailwind.config.ts brand-600 / brand-50; brand-400 / ink-800 in the dark)
// and days small enough for seven columns in a phone's popover.
const wrapperClass =
  "[--cal-accent:#2b4fd8] [--cal-accent-bg:#eef3ff] dark:[--cal-accent:#648bf5] dark:[--cal-accent-bg:#282d37] text-sm text-ink-900 dark:text-ink-100";
const rootStyle = {
  "--rdp-accent-color": "var(--cal-accent)",
  "--rdp-accent-background-color": "var(--cal-accent-bg)",
  "--rdp-day-height": "2.25rem",
  "--rdp-day-width": "2.25rem",
  "--rdp-day_button-height": "2.125rem",
  "--rdp-day_button-width": "2.125rem",
  "--rdp-nav-height": "2.25rem",
  "--rdp-nav_button-height": "2rem",
  "--rdp-nav_button-width": "2rem",
} as CSSProperties;

export default function DayCalendar(props: DayCalendarProps) {
  const { locale, label } = props;
  const today = dayToLocalDate(jstToday(new Date()));
  const first = props.mode === "range" ? props.to || props.from : props.day;
  const [month, setMonth] = useState<Date | undefined>(() => dayToLocalDate(first) ?? today);
  const shared = {
    locale: locale === "ja" ? ja : enUS,
    // Japanese calendars here start on Monday (月火水木金土日), as the back office's staff read them.
    weekStartsOn: locale === "ja" ? (1 as const) : (0 as const),
    today,
    month,
    onMonthChange: setMonth,
    "aria-label": label,
    style: rootStyle,
  };
  if (props.mode === "single") {
    return (
      <div className={wrapperClass} data-day-calendar="">
        <DayPicker
          {...shared}
          mode="single"
          selected={dayToLocalDate(props.day)}
          onSelect={(date: Date | undefined) => props.onChange(date ? localDateToDay(date) : "")}
        />
      </div>
    );
  }
  const selected: DateRange | undefined = props.from || props.to ? { from: dayToLocalDate(props.from || props.to), to: dayToLocalDate(props.to) } : undefined;
  return (
    <div className={wrapperClass} data-day-calendar="">
      <DayPicker
        {...shared}
        mode="range"
        selected={selected}
        onSelect={(range: DateRange | undefined) =>
          props.onChange({ from: range?.from ? localDateToDay(range.from) : "", to: range?.to ? localDateToDay(range.to) : "" })
        }
      />
    </div>
  );
}
