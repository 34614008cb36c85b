"use client";
// The bars of "orders per day" (recharts, its own chunk: see orders-per-day.tsx). Colours follow
// the text colour of the wrapper (currentColor), so light and dark need nothing here. The chart is
// hidden from assistive technology (the board has a table of the same numbers), so it takes no focus.
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { DayCount } from "./orders-per-day";

export default function OrdersPerDayChart({
  data,
  dayLabel,
  countLabel,
  locale,
  large,
}: {
  data: readonly DayCount[];
  dayLabel: (day: string) => string;
  countLabel: string;
  locale: string;
  large: boolean;
}) {
  const tick = { fill: "currentColor", fontSize: large ? 16 : 12, opacity: 0.8 };
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart accessibilityLayer={false} data={data.map((d) => ({ day: d.day, count: d.count ?? 0 }))} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid vertical={false} stroke="currentColor" strokeOpacity={0.15} />
        <XAxis dataKey="day" tickFormatter={dayLabel} tick={tick} stroke="currentColor" strokeOpacity={0.3} interval="preserveStartEnd" />
        <YAxis allowDecimals={false} tick={tick} stroke="currentColor" strokeOpacity={0.3} width={large ? 56 : 44} tickFormatter={(v: number) => v.toLocaleString(locale)} />
        <Tooltip
          cursor={{ fill: "currentColor", fillOpacity: 0.08 }}
          labelFormatter={(label) => dayLabel(String(label))}
          formatter={(value) => [Number(value).toLocaleString(locale), countLabel]}
          contentStyle={{ background: "var(--board-tooltip-bg, #fff)", color: "#111", borderRadius: 6, fontSize: 12 }}
        />
        <Bar dataKey="count" fill="currentColor" radius={[3, 3, 0, 0]} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
