"use client";
// A stocktake's rows compared with the stock: line, warehouse, goods, current, counted,
// difference and status, filtered (all / up / down / no difference / errors). Virtualized as the
// problems table is: fixed-height rows between two spacer rows, each row saying its place
// (aria-rowindex), so 100,000 rows cost only those in view.
import { useVirtualizer } from "@tanstack/react-virtual";
import { useFormatter, useTranslations } from "next-intl";
import { useId, useMemo, useRef } from "react";
import { cn } from "@/components/ui/cn";
import type { StocktakeView } from "./stocktake-protocol";

const ROW_HEIGHT = 32;

export type StocktakeFilter = "all" | "up" | "down" | "none" | "error";
export const STOCKTAKE_FILTERS: readonly StocktakeFilter[] = ["all", "up", "down", "none", "error"];
/** lib/csv STOCKTAKE_STATUS order: the status code of each filter but "all". */
const STATUS_CODE: Record<Exclude<StocktakeFilter, "all">, number> = { error: 0, up: 1, down: 2, none: 3 };
const STATUS_NAME = ["error", "up", "down", "none"] as const;

/** Indexes of the rows a filter shows, in file order. */
export function filteredRows(view: Pick<StocktakeView, "size" | "status">, filter: StocktakeFilter): Int32Array {
  if (filter === "all") {
    const all = new Int32Array(view.size);
    for (let i = 0; i < view.size; i++) all[i] = i;
    return all;
  }
  const code = STATUS_CODE[filter];
  let n = 0;
  for (let i = 0; i < view.size; i++) if (view.status[i] === code) n++;
  const out = new Int32Array(n);
  let k = 0;
  for (let i = 0; i < view.size; i++) if (view.status[i] === code) out[k++] = i;
  return out;
}

export function filterCount(view: Pick<StocktakeView, "size" | "counts">, filter: StocktakeFilter): number {
  return filter === "all" ? view.size : view.counts[filter];
}

export function StocktakeFilterGroup({ view, filter, onFilter }: { view: StocktakeView; filter: StocktakeFilter; onFilter: (f: StocktakeFilter) => void }) {
  const t = useTranslations("uploads.stocktake");
  const format = useFormatter();
  const name = useId();
  return (
    <fieldset className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-ink-800 dark:text-ink-100">
      <legend className="sr-only">{t("filter.legend")}</legend>
      {STOCKTAKE_FILTERS.map((f) => (
        <label key={f} className="flex items-center gap-1.5" data-stocktake-filter={f}>
          <input type="radio" name={name} className="size-4 accent-brand-600" checked={filter === f} onChange={() => onFilter(f)} />
          <span>{t(`filter.${f}`, { count: format.number(filterCount(view, f)) })}</span>
        </label>
      ))}
    </fieldset>
  );
}

export function StocktakeTable({ view, filter, captionId }: { view: StocktakeView; filter: StocktakeFilter; captionId: string }) {
  const t = useTranslations("uploads.stocktake");
  const format = useFormatter();
  const rows = useMemo(() => filteredRows(view, filter), [view, filter]);
  const scrollRef = useRef<HTMLDivElement>(null);
  // TanStack Virtual returns fresh functions each render (see components/data-grid/grid-table.tsx).
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => scrollRef.current, estimateSize: () => ROW_HEIGHT, overscan: 12 });
  const items = virtualizer.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  const cell = "px-2 py-1 truncate";
  const num = (v: number) => (Number.isNaN(v) ? "—" : format.number(v));
  const signed = (d: number) => (d > 0 ? `+${format.number(d)}` : d < 0 ? `−${format.number(-d)}` : "0");

  return (
    <div ref={scrollRef} tabIndex={0} role="region" aria-labelledby={captionId} className="max-h-96 overflow-auto rounded-md border border-ink-200 dark:border-ink-800">
      <table className="w-full table-fixed border-collapse text-left text-xs" aria-rowcount={rows.length + 1} data-stocktake-rows="">
        <caption id={captionId} className="sr-only">
          {t("table.caption", { count: rows.length, filter: t(`filterName.${filter}`) })}
        </caption>
        <colgroup>
          <col className="w-16" />
          <col className="w-40" />
          <col className="w-48" />
          <col className="w-24" />
          <col className="w-24" />
          <col className="w-24" />
          <col />
        </colgroup>
        <thead className="sticky top-0 z-10 bg-ink-50 text-ink-700 dark:bg-ink-900 dark:text-ink-200">
          <tr aria-rowindex={1}>
            <th scope="col" className="px-2 py-1.5 text-right font-medium">{t("table.line")}</th>
            <th scope="col" className="px-2 py-1.5 font-medium">{t("table.warehouse")}</th>
            <th scope="col" className="px-2 py-1.5 font-medium">{t("table.code")}</th>
            <th scope="col" className="px-2 py-1.5 text-right font-medium">{t("table.current")}</th>
            <th scope="col" className="px-2 py-1.5 text-right font-medium">{t("table.counted")}</th>
            <th scope="col" className="px-2 py-1.5 text-right font-medium">{t("table.difference")}</th>
            <th scope="col" className="px-2 py-1.5 font-medium">{t("table.status")}</th>
          </tr>
        </thead>
        <tbody className="text-ink-900 dark:text-ink-100">
          {before > 0 ? (
            <tr aria-hidden="true">
              <td colSpan={7} style={{ height: before }} />
            </tr>
          ) : null}
          {items.map((item) => {
            const i = rows[item.index] as number;
            const status = STATUS_NAME[view.status[i] as number] ?? "error";
            const current = view.current[i] as number;
            const counted = view.counted[i] as number;
            const difference = status === "error" || Number.isNaN(current) || Number.isNaN(counted) ? null : counted - current;
            return (
              <tr
                key={item.key}
                aria-rowindex={item.index + 2}
                style={{ height: ROW_HEIGHT }}
                className="border-t border-ink-100 dark:border-ink-800"
                data-line={view.lines[i]}
                data-status={status}
              >
                <td className={cn(cell, "text-right font-mono tabular-nums")}>{format.number(view.lines[i] as number)}</td>
                <td className={cell} data-user-content="">{view.warehouses[view.warehouseOf[i] as number]}</td>
                <td className={cn(cell, "font-mono")} data-user-content="">{view.codes[i]}</td>
                <td className={cn(cell, "text-right tabular-nums")} data-cell="current">
                  {num(current)}
                  {!Number.isNaN(current) && view.linked[i] !== 1 ? <span className="ml-1 text-ink-600 dark:text-ink-300">{t("table.notLinked")}</span> : null}
                </td>
                <td className={cn(cell, "text-right tabular-nums")} data-cell="counted">{num(counted)}</td>
                <td className={cn(cell, "text-right font-medium tabular-nums")} data-cell="difference">{difference === null ? "—" : signed(difference)}</td>
                <td className={cell}>
                  <span
                    className={cn(
                      status === "error" && "text-red-700 dark:text-red-300",
                      status === "up" && "text-emerald-800 dark:text-emerald-200",
                      status === "down" && "text-amber-800 dark:text-amber-200",
                    )}
                  >
                    {t(`statusName.${status}`)}
                  </span>
                </td>
              </tr>
            );
          })}
          {after > 0 ? (
            <tr aria-hidden="true">
              <td colSpan={7} style={{ height: after }} />
            </tr>
          ) : null}
        </tbody>
      </table>
    </div>
  );
}
