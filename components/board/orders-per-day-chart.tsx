"use client";
// The bars of "orders per day" (recharts, its own chunk: see orders-per-day.tsx). Colours follow
// the text colour of the wrapper (currentColor), so light and dark need nothing here. The chart is
// hidden from assistive technology (the board has a table of the same numbers), so it takes no focus.
import { useMemo } from "react";
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatDay, formatShortDay } from "@/lib/grid/day-format";

const MARGIN = { top: 8, right: 8, bottom: 0, left: 0 };
const RADIUS: [number, number, number, number] = [3, 3, 0, 0];
const CURSOR = { fill: "currentColor", fillOpacity: 0.08 };
const TOOLTIP_STYLE = { background: "#fff", color: "#111", borderRadius: 6, fontSize: 12 };


export default function OrdersPerDayChart({ data, countLabel, locale, large }: { data: { day: string; count: number }[]; countLabel: string; locale: string; large: boolean }) {
  const tick = useMemo(() => ({ fill: "currentColor", fontSize: large ? 16 : 12, opacity: 0.8 }), [large]);
  const formatCount = useMemo(() => (v: number) => v.toLocaleString(locale), [locale]);
  const formatTooltip = useMemo(() => (value: unknown) => [Number(value).toLocaleString(locale), countLabel] as [string, string], [locale, countLabel]);
  // The axis: `11/5` (ja), `Nov 5` (en); the tooltip the whole day in the page's date style.
  const grid = locale === "en" ? "en" : "ja";
  const dayLabel = useMemo(() => (day: string) => formatShortDay(day, grid), [grid]);
  const formatTooltipLabel = useMemo(() => (label: unknown) => formatDay(String(label), grid), [grid]);
  return (
    <ResponsiveContainer width="100%" height="100%" debounce={100}>
      <BarChart accessibilityLayer={false} data={data} margin={MARGIN}>
        <CartesianGrid vertical={false} stroke="currentColor" strokeOpacity={0.15} />
        <XAxis dataKey="day" tickFormatter={dayLabel} tick={tick} stroke="currentColor" strokeOpacity={0.3} interval="preserveStartEnd" />
        <YAxis allowDecimals={false} tick={tick} stroke="currentColor" strokeOpacity={0.3} width={large ? 56 : 44} tickFormatter={formatCount} />
        <Tooltip cursor={CURSOR} labelFormatter={formatTooltipLabel} formatter={formatTooltip} contentStyle={TOOLTIP_STYLE} />
        <Bar dataKey="count" fill="currentColor" radius={RADIUS} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
