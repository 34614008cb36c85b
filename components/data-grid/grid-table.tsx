"use client";
// The rows of one page as an ARIA grid, on TanStack Table: the table instance owns the column
// definitions (from the registry, components/data-grid/column-defs.ts), their order, visibility,
// sizes and pins, and the row selection; the API pages and filters, so nothing here sorts. The one
// order there is, newest or oldest first on the key column (lib/grid/row-order.ts, done by paging),
// has its control in that column's header (aria-sort, a pressed button); no other header sorts.
// Around it, what the table leaves to the page: virtualized rows (a 10,000-row page keeps a few
// dozen row elements), the keyboard model (arrows, Page Up/Down, Home/End move the active row,
// Enter opens it, Space selects it, Shift extends), and the look.
// Widths and pinned offsets are CSS variables on the grid element, so dragging a column's edge
// restyles one element per pointer move and re-renders no row (rows are memoized on their data).
// The grid element itself holds focus and points at the active row with aria-activedescendant,
// so focus never lands on a row that virtualization removes.
import { functionalUpdate, getCoreRowModel, useReactTable, type Column, type ColumnPinningState, type ColumnSizingInfoState, type ColumnSizingState, type Header, type Row, type RowSelectionState, type Updater } from "@tanstack/react-table";
import { defaultRangeExtractor, useVirtualizer, type Range } from "@tanstack/react-virtual";
import { ArrowDownWideNarrow, ArrowUpNarrowWide, Pin, PinOff } from "lucide-react";
import { useTranslations } from "next-intl";
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type KeyboardEvent, type RefObject } from "react";
import { cn } from "@/components/ui/cn";
import { SELECT_COLUMN, defaultColumnWidth, drawnOrder, type ColumnModel } from "@/lib/grid/columns";
import { isNumericFormat, type GridLocale } from "@/lib/grid/format";
import type { RowOrder } from "@/lib/grid/row-order";
import type { ApiRow } from "@/lib/query/call-operation";
import { gridColumnDefs, gridMeta } from "./column-defs";
import { canvasMeasure, fitWidths } from "./fit-widths";
import type { GridDefinition } from "./grid-definition";
import { ValueView } from "./value-view";

export const ROW_HEIGHT = 36;
const HEADER_HEIGHT = 36;

/** Selected record keys of one page. */
export type RowSelection = Readonly<Record<string, boolean>>;

export interface ChoiceLabels {
  /** The full name (drawers, filters, hover). */
  labelOf: (value: string) => string | undefined;
  userContent: boolean;
  /** What a cell shows where the list has short names (a shop's abbreviation). */
  shortOf?: (value: string) => string | undefined;
}

/** What a layout change carries back to the grid's owner (who saves it). */
export type LayoutChange = Pick<ColumnModel, "sizing" | "pinned">;

type GridTableProps = {
  domId: string;
  label: string;
  rows: readonly ApiRow[];
  model: ColumnModel;
  definition: GridDefinition;
  locale: GridLocale;
  choiceLabels: Readonly<Record<string, ChoiceLabels>>;
  selection: RowSelection;
  onSelectionChange: (next: RowSelection) => void;
  activeIndex: number;
  onActiveIndexChange: (index: number) => void;
  onOpen: (key: string) => void;
  /** A resize ended, a width was reset or a column was pinned: save the layout. */
  onLayoutChange: (next: LayoutChange) => void;
  /** The widths the shown columns fit on this page (the column chooser shows them as the defaults). */
  onFittedChange?: (fitted: Readonly<Record<string, number>>) => void;
  gridRef: RefObject<HTMLDivElement | null>;
  busy: boolean;
  order: RowOrder;
  onOrder: (next: RowOrder) => void;
};

const cssVar = (kind: "w" | "x", id: string) => `--col-${kind}-${id}`;

/** A column's width (and left offset when pinned) as the CSS variables set on the grid. */
function columnStyle(column: Column<ApiRow, unknown>): CSSProperties {
  const pinned = column.getIsPinned() === "left";
  return {
    width: `var(${cssVar("w", column.id)})`,
    ...(pinned ? { position: "sticky", left: `var(${cssVar("x", column.id)})` } : {}),
  };
}

/** Sizes start from the model (fitted where nobody resized) and follow a drag locally; they start over when those change. */
function useLocalSizing(base: ColumnSizingState) {
  const [state, setState] = useState({ base, sizing: base });
  const sizing = state.base === base ? state.sizing : base;
  // The latest sizes for handlers that run twice before a render (a drag's last move, then its end).
  const ref = useRef(sizing);
  useLayoutEffect(() => {
    ref.current = sizing;
  }, [sizing]);
  const set = (next: ColumnSizingState) => {
    ref.current = next;
    setState({ base, sizing: next });
  };
  return { sizing, ref, set };
}

const IDLE_SIZING: ColumnSizingInfoState = {
  startOffset: null,
  startSize: null,
  deltaOffset: null,
  deltaPercentage: null,
  isResizingColumn: false,
  columnSizingStart: [],
};

export function GridTable(props: GridTableProps) {
  const { domId, label, rows, model, definition, locale, choiceLabels, selection, onSelectionChange, activeIndex, onActiveIndexChange, onOpen, onLayoutChange, onFittedChange, gridRef, busy, order, onOrder } = props;
  const t = useTranslations("grid");
  const tAll = useTranslations();
  const anchorRef = useRef<number | null>(null);
  const rowHeight = definition.rowHeight ?? ROW_HEIGHT;
  // Rows come in primary-key order: the order control sits on the first key column shown.
  const orderColumn = definition.resource.primaryKey.find((name) => model.shown.includes(name));
  // Columns nobody resized (their width is the kind's default) fit the words of this page: the
  // widest value as drawn and the header, within the kind's range (lib/grid/column-widths.ts).
  // Every shown column is fitted (the column chooser shows the fit as a resized column's default);
  // those at their kind's default take it.
  const allFittedNow = useMemo(() => {
    const byName = new Map(definition.resource.fields.map((f) => [f.name, f]));
    const fields = model.shown.flatMap((name) => {
      const field = byName.get(name);
      return field ? [field] : [];
    });
    const family = typeof document === "undefined" ? "" : getComputedStyle(document.body).fontFamily;
    return fitWidths({ fields, rows, definition, locale, choiceLabels, t: (key) => tAll(key), measure: canvasMeasure(family), orderColumn });
  }, [definition, model.shown, rows, locale, choiceLabels, tAll, orderColumn]);
  // Kept by value: a render that fits the same widths (a drag's pointer moves) starts nothing over.
  const allFittedKey = JSON.stringify(allFittedNow);
  const allFitted = useMemo<Record<string, number>>(() => JSON.parse(allFittedKey) as Record<string, number>, [allFittedKey]);
  const fitted = useMemo<Record<string, number>>(() => {
    const byName = new Map(definition.resource.fields.map((f) => [f.name, f]));
    const out: Record<string, number> = {};
    for (const [name, width] of Object.entries(allFitted)) {
      const field = byName.get(name);
      if (field && model.sizing[name] === defaultColumnWidth(field)) out[name] = width;
    }
    return out;
  }, [allFitted, definition, model.sizing]);
  useEffect(() => {
    onFittedChange?.(allFitted);
  }, [allFitted, onFittedChange]);
  const base = useMemo<ColumnSizingState>(() => ({ ...model.sizing, ...fitted }), [model.sizing, fitted]);
  const local = useLocalSizing(base);
  const [sizingInfo, setSizingInfo] = useState<ColumnSizingInfoState>(IDLE_SIZING);
  const infoRef = useRef(sizingInfo);
  useLayoutEffect(() => {
    infoRef.current = sizingInfo;
  }, [sizingInfo]);

  const columnOrder = useMemo(() => [SELECT_COLUMN, ...model.order], [model.order]);
  const columnVisibility = useMemo(() => ({ ...model.visibility, [SELECT_COLUMN]: true }), [model.visibility]);
  const columnPinning = useMemo<ColumnPinningState>(() => ({ left: [SELECT_COLUMN, ...model.pinned], right: [] }), [model.pinned]);

  // A fitted width is not the person's: it is saved as the default, so it is fitted again next time.
  const ownSizing = (sizing: ColumnSizingState): ColumnSizingState => {
    const out = { ...sizing };
    for (const [id, width] of Object.entries(fitted)) if (out[id] === width && model.sizing[id] !== undefined) out[id] = model.sizing[id];
    return out;
  };
  const saveSizing = (sizing: ColumnSizingState) => onLayoutChange({ sizing: ownSizing(sizing), pinned: model.pinned });

  // TanStack Table and TanStack Virtual hand out fresh functions each render; the React Compiler
  // (not enabled here) would skip this component, which is what a virtualized grid needs anyway.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable<ApiRow>({
    data: rows as ApiRow[],
    columns: gridColumnDefs(definition.resource),
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => definition.rowKey(row),
    manualPagination: true,
    manualFiltering: true,
    manualSorting: true,
    enableSorting: false,
    enableRowSelection: true,
    enableColumnResizing: true,
    columnResizeMode: "onChange",
    state: {
      columnOrder,
      columnVisibility,
      columnPinning,
      columnSizing: local.sizing,
      columnSizingInfo: sizingInfo,
      rowSelection: selection as RowSelectionState,
    },
    onColumnSizingChange: (updater: Updater<ColumnSizingState>) => local.set(functionalUpdate(updater, local.ref.current)),
    onColumnSizingInfoChange: (updater: Updater<ColumnSizingInfoState>) => {
      const before = infoRef.current;
      const next = functionalUpdate(updater, before);
      infoRef.current = next;
      setSizingInfo(next);
      if (before.isResizingColumn && !next.isResizingColumn) saveSizing(local.ref.current);
    },
    onColumnPinningChange: (updater: Updater<ColumnPinningState>) => {
      const next = functionalUpdate(updater, columnPinning);
      onLayoutChange({ sizing: ownSizing(local.ref.current), pinned: (next.left ?? []).filter((id) => id !== SELECT_COLUMN) });
    },
    onRowSelectionChange: (updater: Updater<RowSelectionState>) => onSelectionChange(functionalUpdate(updater, selection as RowSelectionState)),
  });

  const tableRows = table.getRowModel().rows;
  const headers = table.getFlatHeaders().filter((h) => h.column.getIsVisible());
  const drawn = [...headers.filter((h) => h.column.getIsPinned() === "left"), ...headers.filter((h) => !h.column.getIsPinned())];
  const lastPinned = drawn.filter((h) => h.column.getIsPinned() === "left").at(-1)?.column.id;

  // The CSS variables every header and cell reads: one style change per pointer move.
  const vars: Record<string, string> = { "--grid-width": `${table.getTotalSize()}px` };
  for (const header of drawn) {
    vars[cssVar("w", header.column.id)] = `${header.column.getSize()}px`;
    if (header.column.getIsPinned() === "left") vars[cssVar("x", header.column.id)] = `${header.column.getStart("left")}px`;
  }
  // What makes a row draw differently, other than its data: which columns, in what order, pinned where.
  const layoutKey = drawnOrder(model).join(",") + `|${model.pinned.join(",")}`;

  const resetWidth = (column: Column<ApiRow, unknown>) => {
    const next = { ...local.ref.current };
    delete next[column.id];
    // Back to the width that fits the page's words: saved as the default, fitted once the layout is back.
    const fit = fitted[column.id];
    if (fit !== undefined) next[column.id] = fit;
    local.set(next);
    saveSizing(next);
  };

  const virtualizer = useVirtualizer({
    count: tableRows.length,
    getScrollElement: () => gridRef.current,
    estimateSize: () => rowHeight,
    overscan: 12,
    paddingStart: HEADER_HEIGHT,
    scrollPaddingStart: HEADER_HEIGHT,
    // The active row stays rendered when scrolled away, so aria-activedescendant always names an
    // element of the page (axe: aria-valid-attr-value) and the keyboard resumes from it.
    rangeExtractor: useCallback(
      (range: Range) => {
        const indexes = defaultRangeExtractor(range);
        if (activeIndex < 0 || activeIndex >= range.count || indexes.includes(activeIndex)) return indexes;
        return [...indexes, activeIndex].sort((a, b) => a - b);
      },
      [activeIndex],
    ),
  });

  const setActive = (index: number) => {
    if (tableRows.length === 0) return;
    const next = Math.max(0, Math.min(tableRows.length - 1, index));
    onActiveIndexChange(next);
    virtualizer.scrollToIndex(next, { align: "auto" });
  };

  const selectRange = (from: number, to: number, value: boolean) => {
    const [lo, hi] = from < to ? [from, to] : [to, from];
    table.setRowSelection((current) => {
      const next = { ...current };
      for (const row of tableRows.slice(lo, hi + 1)) {
        if (value) next[row.id] = true;
        else delete next[row.id];
      }
      return next;
    });
  };

  const toggleRow = (index: number, shift: boolean) => {
    const row = tableRows[index];
    if (!row) return;
    const value = !row.getIsSelected();
    if (shift && anchorRef.current !== null) selectRange(anchorRef.current, index, value);
    else row.toggleSelected(value);
    anchorRef.current = index;
  };

  // Rows are memoized: their handlers must keep one identity across renders, and read the latest.
  const actionsRef = useRef({ toggleRow, onOpen, onActiveIndexChange });
  useLayoutEffect(() => {
    actionsRef.current = { toggleRow, onOpen, onActiveIndexChange };
  });
  const actions = useMemo<RowActions>(
    () => ({
      toggle: (index, shift) => actionsRef.current.toggleRow(index, shift),
      open: (index, key) => {
        actionsRef.current.onActiveIndexChange(index);
        actionsRef.current.onOpen(key);
      },
    }),
    [],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return;
    const page = Math.max(1, Math.floor((gridRef.current?.clientHeight ?? rowHeight * 10) / rowHeight) - 2);
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
        setActive(tableRows.length - 1);
        break;
      case "Enter": {
        const row = tableRows[activeIndex];
        if (row) onOpen(row.id);
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

  const allSelected = table.getIsAllRowsSelected();
  const someSelected = table.getIsSomeRowsSelected();
  const headerCheckbox = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (headerCheckbox.current) headerCheckbox.current.indeterminate = someSelected && !allSelected;
  }, [someSelected, allSelected]);

  const rowDomId = (index: number) => `${domId}-r${index}`;
  const active = tableRows[activeIndex] ? rowDomId(activeIndex) : undefined;
  const resizingColumn = sizingInfo.isResizingColumn;

  return (
    <div
      ref={gridRef}
      id={domId}
      role="grid"
      aria-label={label}
      aria-rowcount={tableRows.length + 1}
      aria-colcount={drawn.length}
      aria-multiselectable="true"
      aria-activedescendant={active}
      aria-busy={busy || undefined}
      tabIndex={0}
      onKeyDown={onKeyDown}
      onFocus={(event) => {
        if (event.target === event.currentTarget && !tableRows[activeIndex] && tableRows.length > 0) onActiveIndexChange(0);
      }}
      data-resizing={resizingColumn || undefined}
      className={cn(
        "group/grid relative h-[max(20rem,calc(100dvh-23rem))] overflow-auto rounded-lg border border-ink-200 bg-ink-0 text-sm outline-none focus-visible:ring-2 focus-visible:ring-brand-600 dark:border-ink-800 dark:bg-ink-900 dark:focus-visible:ring-brand-400",
        busy && "opacity-70",
        resizingColumn && "cursor-col-resize select-none",
      )}
      style={vars as CSSProperties}
    >
      <div role="rowgroup" className="sticky top-0 z-20" style={{ width: "var(--grid-width)" }}>
        <div role="row" aria-rowindex={1} className="flex border-b border-ink-200 bg-ink-50 dark:border-ink-700 dark:bg-ink-850" style={{ height: HEADER_HEIGHT }}>
          {drawn.map((header, i) =>
            header.column.id === SELECT_COLUMN ? (
              <div
                key={header.id}
                role="columnheader"
                aria-colindex={i + 1}
                className="z-10 flex shrink-0 items-center justify-center bg-inherit"
                style={columnStyle(header.column)}
              >
                <input
                  ref={headerCheckbox}
                  type="checkbox"
                  tabIndex={-1}
                  aria-label={t("selectPage")}
                  checked={allSelected}
                  onChange={table.getToggleAllRowsSelectedHandler()}
                  className="size-4 accent-brand-600"
                />
              </div>
            ) : (
              <HeaderCell
                key={header.id}
                header={header}
                index={i}
                locale={locale}
                lastPinned={header.column.id === lastPinned}
                resizing={resizingColumn === header.column.id}
                onReset={() => resetWidth(header.column)}
                order={header.column.id === orderColumn ? order : undefined}
                onOrder={onOrder}
              />
            ),
          )}
        </div>
      </div>
      <div role="rowgroup" className="relative" style={{ height: virtualizer.getTotalSize() - HEADER_HEIGHT, width: "var(--grid-width)" }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = tableRows[item.index];
          if (!row) return null;
          return (
            <GridRow
              key={row.id}
              row={row}
              index={item.index}
              top={item.start - HEADER_HEIGHT}
              domId={rowDomId(item.index)}
              selected={row.getIsSelected()}
              active={item.index === activeIndex}
              layoutKey={layoutKey}
              lastPinned={lastPinned}
              definition={definition}
              locale={locale}
              choiceLabels={choiceLabels}
              actions={actions}
              selectLabel={t("selectRow", { key: row.id })}
              height={rowHeight}
            />
          );
        })}
      </div>
    </div>
  );
}

function HeaderCell({
  header,
  index,
  locale,
  lastPinned,
  resizing,
  onReset,
  order,
  onOrder,
}: {
  header: Header<ApiRow, unknown>;
  index: number;
  locale: GridLocale;
  lastPinned: boolean;
  resizing: boolean;
  onReset: () => void;
  /** The rows' order, on the column that holds the order control only. */
  order: RowOrder | undefined;
  onOrder: (next: RowOrder) => void;
}) {
  const t = useTranslations("grid.columns");
  const tOrder = useTranslations("grid.order");
  const { column } = header;
  const meta = gridMeta(column);
  const pinned = column.getIsPinned() === "left";
  const name = meta?.label[locale] ?? column.id;
  const resize = header.getResizeHandler();
  return (
    <div
      role="columnheader"
      aria-colindex={index + 1}
      aria-sort={order === undefined ? undefined : order === "desc" ? "descending" : "ascending"}
      title={column.id}
      data-field={column.id}
      data-pinned={pinned || undefined}
      className={cn(
        "group/header relative flex shrink-0 items-center gap-1 bg-inherit px-2 text-xs font-semibold text-ink-700 select-none dark:text-ink-200",
        meta && isNumericFormat(meta.format) && "justify-end",
        pinned && "z-10",
        lastPinned && "shadow-[1px_0_0_0] shadow-ink-300 dark:shadow-ink-600",
      )}
      style={columnStyle(column)}
    >
      <span className="truncate">{name}</span>
      {order !== undefined ? (
        <button
          type="button"
          aria-label={tOrder("newest")}
          aria-pressed={order === "desc"}
          title={order === "desc" ? tOrder("toOldest", { column: name }) : tOrder("toNewest", { column: name })}
          data-order-control={order}
          onClick={() => onOrder(order === "desc" ? "asc" : "desc")}
          className="grid size-5 shrink-0 place-items-center rounded text-brand-700 hover:bg-ink-200 focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-brand-300 dark:hover:bg-ink-700"
        >
          {order === "desc" ? <ArrowDownWideNarrow aria-hidden="true" className="size-3.5" /> : <ArrowUpNarrowWide aria-hidden="true" className="size-3.5" />}
        </button>
      ) : null}
      <button
        type="button"
        tabIndex={-1}
        aria-label={pinned ? t("unpin", { column: name }) : t("pin", { column: name })}
        aria-pressed={pinned}
        onClick={() => column.pin(pinned ? false : "left")}
        className={cn(
          "grid size-5 shrink-0 place-items-center rounded text-ink-500 hover:bg-ink-200 hover:text-ink-800 dark:text-ink-400 dark:hover:bg-ink-700 dark:hover:text-ink-100",
          pinned ? "text-brand-700 dark:text-brand-300" : "opacity-0 group-hover/header:opacity-100 focus-visible:opacity-100",
        )}
      >
        {pinned ? <PinOff aria-hidden="true" className="size-3.5" /> : <Pin aria-hidden="true" className="size-3.5" />}
      </button>
      <div
        aria-hidden="true"
        data-resize-handle={column.id}
        onMouseDown={resize}
        onTouchStart={resize}
        onDoubleClick={onReset}
        className={cn("absolute top-0 right-0 h-full w-1.5 cursor-col-resize touch-none hover:bg-brand-400", resizing && "bg-brand-500")}
      />
    </div>
  );
}

interface RowActions {
  toggle: (index: number, shift: boolean) => void;
  open: (index: number, key: string) => void;
}

type GridRowProps = {
  row: Row<ApiRow>;
  index: number;
  top: number;
  domId: string;
  selected: boolean;
  active: boolean;
  /** Changes when the drawn columns or pins change (widths are CSS variables: they do not). */
  layoutKey: string;
  lastPinned: string | undefined;
  definition: GridDefinition;
  locale: GridLocale;
  choiceLabels: Readonly<Record<string, ChoiceLabels>>;
  actions: RowActions;
  selectLabel: string;
  height: number;
};

/** One row; memoized, so a resize (CSS variables) or a move of the active row elsewhere skips it. */
const GridRow = memo(function GridRow({ row, index, top, domId, selected, active, lastPinned, definition, locale, choiceLabels, actions, selectLabel, height }: GridRowProps) {
  const cells = [...row.getLeftVisibleCells(), ...row.getCenterVisibleCells()];
  return (
    <div
      id={domId}
      role="row"
      aria-rowindex={index + 2}
      aria-selected={selected}
      data-row-key={row.id}
      data-active={active || undefined}
      onClick={() => actions.open(index, row.id)}
      className={cn(
        // Opaque backgrounds: pinned cells inherit them and cover what scrolls beneath.
        "absolute left-0 flex cursor-pointer border-b border-ink-100 dark:border-ink-800",
        selected ? "bg-brand-50 dark:bg-brand-950" : "bg-ink-0 hover:bg-ink-50 dark:bg-ink-900 dark:hover:bg-ink-850",
        active && "group-focus-visible/grid:bg-brand-100 dark:group-focus-visible/grid:bg-brand-900",
      )}
      style={{ height, width: "var(--grid-width)", transform: `translateY(${top}px)` }}
    >
      {cells.map((cell) => {
        const { column } = cell;
        const pinned = column.getIsPinned() === "left";
        if (column.id === SELECT_COLUMN) {
          return (
            <div
              key={cell.id}
              role="gridcell"
              className={cn("z-10 flex shrink-0 items-center justify-center bg-inherit", active && "shadow-[inset_3px_0_0_0] shadow-brand-600 dark:shadow-brand-400")}
              style={columnStyle(column)}
            >
              <input
                type="checkbox"
                tabIndex={-1}
                aria-label={selectLabel}
                checked={selected}
                onClick={(event) => event.stopPropagation()}
                onChange={(event) => actions.toggle(index, (event.nativeEvent as MouseEvent).shiftKey)}
                className="size-4 accent-brand-600"
              />
            </div>
          );
        }
        const meta = gridMeta(column);
        if (!meta) return null;
        const { field } = meta;
        const value = row.original[field.name] ?? null;
        const custom = definition.cells?.[field.name];
        const choice = choiceLabels[field.name];
        return (
          <div
            key={cell.id}
            role="gridcell"
            data-field={field.name}
            data-pinned={pinned || undefined}
            className={cn(
              "flex shrink-0 items-center overflow-hidden bg-inherit px-2 whitespace-nowrap",
              isNumericFormat(meta.format) && "justify-end",
              pinned && "z-10",
              column.id === lastPinned && "shadow-[1px_0_0_0] shadow-ink-300 dark:shadow-ink-600",
            )}
            style={columnStyle(column)}
          >
            {custom ? (
              <custom.render field={field} value={value} row={row.original} locale={locale} />
            ) : (
              <ValueView field={field} value={value} locale={locale} choiceLabel={choice?.labelOf} choiceIsUserContent={choice?.userContent} choiceShort={choice?.shortOf} />
            )}
          </div>
        );
      })}
    </div>
  );
});
