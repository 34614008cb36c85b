"use client";
// The analytics views' chart (recharts, its own chunk: loaded through ./view-parts.tsx): lines
// over the buckets, one per series (this period solid, the previous period or an average dashed).
// Hidden from assistive technology: the table beneath has the same numbers.
import { useMemo } from "react";
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

export interface Series {
  key: string;
  label: string;
  dashed?: boolean;
  /** Tailwind-free colour: the brand's for this period, a grey for the comparison. */
  color: string;
}

const MARGIN = { top: 8, right: 16, bottom: 0, left: 8 };
const TOOLTIP_STYLE = { background: "#fff", color: "#111", borderRadius: 6, fontSize: 12 };

export default function SeriesChart({ data, series, xKey, formatX, formatY }: { data: readonly object[]; series: Series[]; xKey: string; formatX: (x: string) => string; formatY: (y: number) => string }) {
  const tick = useMemo(() => ({ fill: "currentColor", fontSize: 12, opacity: 0.8 }), []);
  const formatTooltip = useMemo(() => (value: unknown, name: unknown) => [formatY(Number(value)), String(name)] as [string, string], [formatY]);
  return (
    <ResponsiveContainer width="100%" height="100%" debounce={100}>
      <LineChart accessibilityLayer={false} data={data as object[]} margin={MARGIN}>
        <CartesianGrid vertical={false} stroke="currentColor" strokeOpacity={0.15} />
        <XAxis dataKey={xKey} tickFormatter={formatX} tick={tick} stroke="currentColor" strokeOpacity={0.3} interval="preserveStartEnd" />
        <YAxis tick={tick} stroke="currentColor" strokeOpacity={0.3} width={72} tickFormatter={formatY} />
        <Tooltip labelFormatter={(l) => formatX(String(l))} formatter={formatTooltip} contentStyle={TOOLTIP_STYLE} />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        {series.map((s) => (
          <Line key={s.key} dataKey={s.key} name={s.label} stroke={s.color} strokeWidth={2} strokeDasharray={s.dashed ? "5 4" : undefined} dot={false} isAnimationActive={false} />
        ))}
      </LineChart>
    </ResponsiveContainer>
  );
}
