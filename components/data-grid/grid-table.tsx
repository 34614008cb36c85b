"use client";
// The rows of one page as an ARIA grid: virtualized (a 10,000-row page keeps a few dozen row
// elements), keyboard driven (arrows, Page Up/Down, Home/End move the active row, Enter opens it,
// Space selects it), checkboxes with Shift-click ranges, and resizable columns. The grid element
// itself holds focus and points at the active row with aria-activedescendant, so focus never
// lands on a row that virtualization removes.
import { useVirtualizer } from "@tanstack/react-virtual";
import { useTranslations } from "next-intl";
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent as ReactPointerEvent, type RefObject } from "react";
import { cn } from "@/components/ui/cn";
import { fieldFormat, isNumericFormat, type GridLocale } from "@/lib/grid/format";
import { MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH, defaultColumnWidth, type ResolvedColumn } from "@/lib/grid/columns";
import type { ApiRow } from "@/lib/query/call-operation";
import type { GridDefinition } from "./grid-definition";
import { ValueView } from "./value-view";

export const ROW_HEIGHT = 36;
const HEADER_HEIGHT = 36;
const SELECT_WIDTH = 40;

/** Selected record keys of one page. */
export type RowSelection = Readonly<Record<string, boolean>>;

export interface ChoiceLabels {
  labelOf: (value: string) => string | undefined;
  userContent: boolean;
}

type GridTableProps = {
  domId: string;
  label: string;
  rows: readonly ApiRow[];
  columns: readonly ResolvedColumn[];
  definition: GridDefinition;
  locale: GridLocale;
  choiceLabels: Readonly<Record<string, ChoiceLabels>>;
  selection: RowSelection;
  onSelectionChange: (next: RowSelection) => void;
  activeIndex: number;
  onActiveIndexChange: (index: number) => void;
  onOpen: (key: string) => void;
  onResizeEnd: (widths: Record<string, number>) => void;
  gridRef: RefObject<HTMLDivElement | null>;
  busy: boolean;
};

export function GridTable({
  domId,
  label,
  rows,
  columns,
  definition,
  locale,
  choiceLabels,
  selection,
  onSelectionChange,
  activeIndex,
  onActiveIndexChange,
  onOpen,
  onResizeEnd,
  gridRef,
  busy,
}: GridTableProps) {
  const t = useTranslations("grid");
  const anchorRef = useRef<number | null>(null);
  // Widths being dragged; they start over from the stored widths whenever the columns change.
  const [drag, setDrag] = useState<{ columns: readonly ResolvedColumn[]; widths: Record<string, number> }>({ columns, widths: {} });
  const dragged = drag.columns === columns ? drag.widths : {};
  const widthOf = (c: ResolvedColumn) => dragged[c.field.name] ?? c.width;
  const [resizing, setResizing] = useState<string | null>(null);
  const keys = useMemo(() => rows.map((row) => definition.rowKey(row)), [rows, definition]);

  const startResize = (event: ReactPointerEvent<HTMLDivElement>, column: ResolvedColumn) => {
    event.preventDefault();
    event.stopPropagation();
    const startX = event.clientX;
    const startWidth = widthOf(column);
    let latest = { ...dragged };
    setResizing(column.field.name);
    const onMove = (e: PointerEvent) => {
      const width = Math.round(Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, startWidth + e.clientX - startX)));
      latest = { ...latest, [column.field.name]: width };
      setDrag({ columns, widths: latest });
    };
    const onUp = () => {
      window.removeEventListener("pointermove", onMove);
      window.removeEventListener("pointerup", onUp);
      setResizing(null);
      const widths: Record<string, number> = {};
      for (const c of columns) widths[c.field.name] = latest[c.field.name] ?? c.width;
      onResizeEnd(widths);
    };
    window.addEventListener("pointermove", onMove);
    window.addEventListener("pointerup", onUp);
  };

  const resetWidth = (column: ResolvedColumn) => {
    const widths: Record<string, number> = {};
    for (const c of columns) widths[c.field.name] = c === column ? defaultColumnWidth(c.field) : widthOf(c);
    onResizeEnd(widths);
  };

  // TanStack Virtual returns fresh functions each render; the React Compiler (not enabled here)
  // would skip this component, which is what a virtualized list needs anyway.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => gridRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    paddingStart: HEADER_HEIGHT,
    scrollPaddingStart: HEADER_HEIGHT,
  });

  const totalWidth = SELECT_WIDTH + columns.reduce((sum, c) => sum + widthOf(c), 0);

  const setActive = (index: number) => {
    if (rows.length === 0) return;
    const next = Math.max(0, Math.min(rows.length - 1, index));
    onActiveIndexChange(next);
    virtualizer.scrollToIndex(next, { align: "auto" });
  };

  const selectRange = (from: number, to: number, value: boolean) => {
    const next = { ...selection };
    const [lo, hi] = from < to ? [from, to] : [to, from];
    for (let i = lo; i <= hi; i += 1) {
      const id = keys[i];
      if (id === undefined) continue;
      if (value) next[id] = true;
      else delete next[id];
    }
    onSelectionChange(next);
  };

  const toggleRow = (index: number, shift: boolean) => {
    const key = keys[index];
    if (key === undefined) return;
    const value = !selection[key];
    if (shift && anchorRef.current !== null) selectRange(anchorRef.current, index, value);
    else selectRange(index, index, value);
    anchorRef.current = index;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return;
    const page = Math.max(1, Math.floor((gridRef.current?.clientHeight ?? ROW_HEIGHT * 10) / ROW_HEIGHT) - 2);
    switch (event.key) {
      case "ArrowDown":
        setActive(activeIndex + 1);
        break;
      case "ArrowUp":
        setActive(activeIndex - 1);
        break;
      case "PageDown":
        setActive(activeIndex + page);
        break;
      case "PageUp":
        setActive(activeIndex - page);
        break;
      case "Home":
        setActive(0);
        break;
      case "End":
        setActive(rows.length - 1);
        break;
      case "Enter": {
        const key = keys[activeIndex];
        if (key !== undefined) onOpen(key);
        break;
      }
      case " ":
        toggleRow(activeIndex, event.shiftKey);
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  const selectedOnPage = keys.filter((k) => selection[k]).length;
  const allSelected = keys.length > 0 && selectedOnPage === keys.length;
  const someSelected = selectedOnPage > 0;
  const headerCheckbox = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (headerCheckbox.current) headerCheckbox.current.indeterminate = someSelected && !allSelected;
  }, [someSelected, allSelected]);

  const rowDomId = (index: number) => `${domId}-r${index}`;
  const active = keys[activeIndex] !== undefined ? rowDomId(activeIndex) : undefined;

  return (
    <div
      ref={gridRef}
      id={domId}
      role="grid"
      aria-label={label}
      aria-rowcount={rows.length + 1}
      aria-colcount={columns.length + 1}
      aria-multiselectable="true"
      aria-activedescendant={active}
      aria-busy={busy || undefined}
      tabIndex={0}
      onKeyDown={onKeyDown}
      onFocus={(event) => {
        if (event.target === event.currentTarget && keys[activeIndex] === undefined && rows.length > 0) onActiveIndexChange(0);
      }}
      className={cn(
        "group/grid relative h-[max(20rem,calc(100dvh-23rem))] overflow-auto rounded-lg border border-ink-200 bg-ink-0 text-sm outline-none focus-visible:ring-2 focus-visible:ring-brand-600 dark:border-ink-800 dark:bg-ink-900 dark:focus-visible:ring-brand-400",
        busy && "opacity-70",
      )}
    >
      <div role="rowgroup" className="sticky top-0 z-10" style={{ width: totalWidth }}>
        <div role="row" aria-rowindex={1} className="flex border-b border-ink-200 bg-ink-50 dark:border-ink-700 dark:bg-ink-850" style={{ height: HEADER_HEIGHT }}>
          <div role="columnheader" aria-colindex={1} className="flex shrink-0 items-center justify-center" style={{ width: SELECT_WIDTH }}>
            <input
              ref={headerCheckbox}
              type="checkbox"
              tabIndex={-1}
              aria-label={t("selectPage")}
              checked={allSelected}
              onChange={() => {
                const next: Record<string, boolean> = { ...selection };
                for (const k of keys) {
                  if (allSelected) delete next[k];
                  else next[k] = true;
                }
                onSelectionChange(next);
              }}
              className="size-4 accent-brand-600"
            />
          </div>
          {columns.map((column, i) => {
            const { field } = column;
            const numeric = isNumericFormat(fieldFormat(field));
            return (
              <div
                key={field.name}
                role="columnheader"
                aria-colindex={i + 2}
                title={field.name}
                className={cn(
                  "relative flex shrink-0 items-center px-2 text-xs font-semibold text-ink-700 select-none dark:text-ink-200",
                  numeric && "justify-end",
                )}
                style={{ width: widthOf(column) }}
              >
                <span className="truncate">{field.label[locale]}</span>
                <div
                  aria-hidden="true"
                  onPointerDown={(event) => startResize(event, column)}
                  onDoubleClick={() => resetWidth(column)}
                  className={cn(
                    "absolute top-0 right-0 h-full w-1.5 cursor-col-resize touch-none hover:bg-brand-400",
                    resizing === field.name && "bg-brand-500",
                  )}
                />
              </div>
            );
          })}
        </div>
      </div>
      <div role="rowgroup" className="relative" style={{ height: virtualizer.getTotalSize() - HEADER_HEIGHT, width: totalWidth }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index];
          const key = keys[item.index];
          if (!row || key === undefined) return null;
          const selected = Boolean(selection[key]);
          const isActive = item.index === activeIndex;
          return (
            <div
              key={key}
              id={rowDomId(item.index)}
              role="row"
              aria-rowindex={item.index + 2}
              aria-selected={selected}
              data-row-key={key}
              data-active={isActive || undefined}
              onClick={() => {
                onActiveIndexChange(item.index);
                onOpen(key);
              }}
              className={cn(
                "absolute left-0 flex cursor-pointer border-b border-ink-100 hover:bg-ink-50 dark:border-ink-800 dark:hover:bg-ink-850",
                selected && "bg-brand-50 dark:bg-brand-950/60",
                isActive && "shadow-[inset_3px_0_0_0] shadow-brand-600 group-focus-visible/grid:bg-brand-100 dark:shadow-brand-400 dark:group-focus-visible/grid:bg-brand-900/60",
              )}
              style={{ height: ROW_HEIGHT, width: totalWidth, transform: `translateY(${item.start - HEADER_HEIGHT}px)` }}
            >
              <div role="gridcell" className="flex shrink-0 items-center justify-center" style={{ width: SELECT_WIDTH }}>
                <input
                  type="checkbox"
                  tabIndex={-1}
                  aria-label={t("selectRow", { key })}
                  checked={selected}
                  onClick={(event) => event.stopPropagation()}
                  onChange={(event) => toggleRow(item.index, (event.nativeEvent as MouseEvent).shiftKey)}
                  className="size-4 accent-brand-600"
                />
              </div>
              {columns.map((column) => {
                const { field } = column;
                const value = row[field.name] ?? null;
                const custom = definition.cells?.[field.name];
                const numeric = isNumericFormat(fieldFormat(field));
                const choice = choiceLabels[field.name];
                return (
                  <div
                    key={field.name}
                    role="gridcell"
                    data-field={field.name}
                    className={cn("flex shrink-0 items-center overflow-hidden px-2 whitespace-nowrap", numeric && "justify-end")}
                    style={{ width: widthOf(column) }}
                  >
                    {custom ? (
                      <custom.render field={field} value={value} row={row} locale={locale} />
                    ) : (
                      <ValueView field={field} value={value} locale={locale} choiceLabel={choice?.labelOf} choiceIsUserContent={choice?.userContent} />
                    )}
                  </div>
                );
              })}
            </div>
          );
        })}
      </div>
    </div>
  );
}
