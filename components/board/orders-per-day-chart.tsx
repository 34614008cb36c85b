"use client";
// The chart of the board's period (recharts, its own chunk: see orders-per-day.tsx): orders as bars
// on the left axis, revenue as a line on the right one (yen, compact). The bars follow the text
// colour of the wrapper (currentColor), so light and dark need nothing here. The chart is hidden
// from assistive technology (the board has a table of the same numbers), so it takes no focus.
import { useMemo } from "react";
import { Bar, CartesianGrid, ComposedChart, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

const MARGIN = { top: 8, right: 8, bottom: 0, left: 0 };
const RADIUS: [number, number, number, number] = [3, 3, 0, 0];
const CURSOR = { fill: "currentColor", fillOpacity: 0.08 };
const TOOLTIP_STYLE = { background: "#fff", color: "#111", borderRadius: 6, fontSize: 12 };

export interface ChartRow {
  label: string;
  long: string;
  orders: number;
  revenue: number | null;
}

export default function OrdersPerDayChart({
  data,
  ordersLabel,
  revenueLabel,
  locale,
  large,
  revenueColour,
}: {
  data: ChartRow[];
  ordersLabel: string;
  revenueLabel: string;
  locale: string;
  large: boolean;
  revenueColour: string;
}) {
  const tick = useMemo(() => ({ fill: "currentColor", fontSize: large ? 16 : 12, opacity: 0.8 }), [large]);
  const intl = locale === "en" ? "en-US" : "ja-JP";
  const formatCount = useMemo(() => (v: number) => v.toLocaleString(intl), [intl]);
  const formatYenShort = useMemo(() => {
    const f = new Intl.NumberFormat(intl, { style: "currency", currency: "JPY", notation: "compact", maximumFractionDigits: 1 });
    return (v: number) => f.format(v);
  }, [intl]);
  const formatTooltip = useMemo(
    () => (value: unknown, name: unknown) =>
      name === "revenue" ? ([`¥${Math.round(Number(value)).toLocaleString(intl)}`, revenueLabel] as [string, string]) : ([Number(value).toLocaleString(intl), ordersLabel] as [string, string]),
    [intl, ordersLabel, revenueLabel],
  );
  const longOf = useMemo(() => new Map(data.map((d) => [d.label, d.long])), [data]);
  const formatTooltipLabel = useMemo(() => (label: unknown) => longOf.get(String(label)) ?? String(label), [longOf]);
  const hasRevenue = data.some((d) => d.revenue !== null);
  return (
    <ResponsiveContainer width="100%" height="100%" debounce={100}>
      <ComposedChart accessibilityLayer={false} data={data} margin={MARGIN}>
        <CartesianGrid vertical={false} stroke="currentColor" strokeOpacity={0.15} />
        <XAxis dataKey="label" tick={tick} stroke="currentColor" strokeOpacity={0.3} interval="preserveStartEnd" />
        <YAxis yAxisId="orders" allowDecimals={false} tick={tick} stroke="currentColor" strokeOpacity={0.3} width={large ? 56 : 44} tickFormatter={formatCount} />
        {hasRevenue ? <YAxis yAxisId="revenue" orientation="right" tick={tick} stroke="currentColor" strokeOpacity={0.3} width={large ? 84 : 64} tickFormatter={formatYenShort} /> : null}
        <Tooltip cursor={CURSOR} labelFormatter={formatTooltipLabel} formatter={formatTooltip} contentStyle={TOOLTIP_STYLE} />
        <Bar yAxisId="orders" dataKey="orders" fill="currentColor" radius={RADIUS} isAnimationActive={false} />
        {hasRevenue ? <Line yAxisId="revenue" dataKey="revenue" stroke={revenueColour} strokeWidth={large ? 3 : 2} dot={data.length <= 31} isAnimationActive={false} /> : null}
      </ComposedChart>
    </ResponsiveContainer>
  );
}
