"use client";
// The goods × warehouse stock matrix (/stock/matrix, issue 35 item 6): one row per goods, a column
// group per warehouse (named from the warehouse master) with its free and on-hand stock.
//
// Paged by goods: the goods master gives the page's goods (codes and names, in code order), then ONE
// warehouse stock search names those goods (`warehouse_stock_goods_id-in`, at most 1,000: the page
// sizes stop there) and the chosen warehouses (`warehouse_stock_warehouse_id-in`); the warehouse
// master is the choice list every page shares (cached per company by the BFF,
// lib/bff/server/choice-cache.ts). Its calls go one after the other: warehouses, the page of goods,
// its stock, then the count of goods for the paging. ./stock-matrix-pivot.ts lays them out.
//
// State in the URL as the grids keep theirs (nuqs): `f=` the goods filters the search box writes
// (the stock grids' box, components/data-grid/forgiving-search.tsx, on the goods master's code),
// `q=` the typed text, `wh=` the warehouses chosen, `page=`, `size=`. The table is TanStack Table
// with column groups, one focusable ARIA grid: arrows move the active cell (aria-activedescendant),
// Home/End to a row's ends, Ctrl+Home/End to the table's, Page Up/Down by 10 rows. "CSV" saves
// exactly the columns shown (./stock-matrix-csv.tsx).
import { createColumnHelper, flexRender, getCoreRowModel, useReactTable, type ColumnDef } from "@tanstack/react-table";
import { useQuery } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { parseAsArrayOf, parseAsNumberLiteral, parseAsString, useQueryStates } from "nuqs";
import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { ChoicePopover } from "@/components/data-grid/choice-popover";
import { GridSkeleton } from "@/components/data-grid/grid-skeleton";
import { GridEmpty, GridFilteredEmpty, GridPastEnd } from "@/components/data-grid/grid-states";
import { GridPagination } from "@/components/data-grid/grid-pagination";
import { goodsGrid } from "@/components/goods/goods-grid";
import { QueryErrorState } from "@/components/query/query-error-state";
import { cn } from "@/components/ui/cn";
import { filterKey, filtersToConditions, upsertFilter, type GridFilter } from "@/lib/grid/filters";
import { stockGoodsSearch } from "@/lib/grid/forgiving-keys";
import { formatGrouped, type GridLocale } from "@/lib/grid/format";
import { isPastEnd, pageCount } from "@/lib/grid/row-order";
import { dedupeFilters, gridUrlParsers } from "@/lib/grid/url-state";
import { callSearch, type ApiRow } from "@/lib/query/call-operation";
import { choicesFromRows, choicesQueryOptions } from "@/lib/query/choices";
import { useCount, useSearch } from "@/lib/query/hooks";
import { neKeys } from "@/lib/query/keys";
import { CHOICES } from "@/lib/ne/registry/choice-sources";
import { goods } from "@/lib/ne/registry/resources/goods";
import { warehouseStock } from "@/lib/ne/registry/resources/warehouse-stock";
import { MATRIX_GOODS_FIELDS, MATRIX_PAGE_SIZES, MATRIX_STOCK_FIELDS, pageGoodsCodes, pivotWarehouseStock, type MatrixRow, type MatrixWarehouse } from "./stock-matrix-pivot";

const ForgivingSearch = lazy(() => import("@/components/data-grid/forgiving-search"));
const MatrixCsv = lazy(() => import("./stock-matrix-csv"));

const GOODS_SEARCH = "/api_v1_master_goods/search" as const;
const STOCK_SEARCH = "/api_v1_warehouse_stock/search" as const;
/** The API's largest `limit`: a page of 1,000 goods in up to 10 warehouses is one call. */
const STOCK_LIMIT = 10_000;
const SEARCH_BOX = stockGoodsSearch("goods_id");
const goodsParsers = gridUrlParsers(goods);
const parsers = {
  f: goodsParsers.f,
  q: parseAsString,
  page: goodsParsers.page,
  size: parseAsNumberLiteral(MATRIX_PAGE_SIZES).withDefault(100),
  wh: parseAsArrayOf(parseAsString, ",").withDefault([]),
};
const PAGE_STEP = 10;

/**
 * The warehouse stock of a page's goods: one search (`in` on the codes, and on the chosen
 * warehouses); a further page of it only when 10,000 rows came back (more than 10 warehouses).
 */
async function fetchPageStock(codes: readonly string[], warehouses: readonly string[], signal: AbortSignal): Promise<ApiRow[]> {
  const filters: GridFilter[] = [{ field: "warehouse_stock_goods_id", op: "in", value: [...codes] }];
  if (warehouses.length) filters.push({ field: "warehouse_stock_warehouse_id", op: "in", value: [...warehouses] });
  const conditions = filtersToConditions(warehouseStock, filters);
  const rows: ApiRow[] = [];
  for (let offset = 0; ; offset += STOCK_LIMIT) {
    const answer = await callSearch(STOCK_SEARCH, { fields: [...MATRIX_STOCK_FIELDS], conditions, offset, limit: STOCK_LIMIT }, signal);
    rows.push(...answer.rows);
    if (answer.rows.length < STOCK_LIMIT) return rows;
  }
}

type CellKind = "free" | "onHand";
interface LeafMeta {
  warehouse?: string;
  kind?: CellKind;
  numeric?: boolean;
}

export function StockMatrixScreen() {
  const locale = useLocale() as GridLocale;
  const t = useTranslations("stock.matrix");
  const tGrid = useTranslations("grid");
  const tCatalog = useTranslations("catalog");
  const domId = useId().replace(/:/g, "");
  const [url, setUrl] = useQueryStates(parsers, { history: "push" });
  const filters = useMemo(() => dedupeFilters(url.f), [url.f]);
  const conditions = useMemo(() => filtersToConditions(goods, filters), [filters]);
  const chosen = useMemo(() => [...new Set(url.wh.filter((w) => /^\d+$/.test(w)))].sort((a, b) => Number(a) - Number(b)), [url.wh]);

  // 1. The warehouse master (the choice list the grids share).
  const warehousesQuery = useQuery<{ rows: ApiRow[] }>(choicesQueryOptions(CHOICES.warehouse));
  const warehouseChoices = useMemo(() => (warehousesQuery.data ? choicesFromRows(warehousesQuery.data.rows, CHOICES.warehouse, locale) : []), [warehousesQuery.data, locale]);
  const warehouses = useMemo<MatrixWarehouse[]>(() => warehouseChoices.map((c) => ({ id: c.value, name: c.label })), [warehouseChoices]);

  // 2. The page of goods, once the warehouses are in.
  const goodsRequest = useMemo(
    () => ({ fields: [...MATRIX_GOODS_FIELDS], conditions, offset: (url.page - 1) * url.size, limit: url.size }),
    [conditions, url.page, url.size],
  );
  const goodsQuery = useSearch(GOODS_SEARCH, warehousesQuery.isSuccess ? goodsRequest : null, { keepPrevious: true });
  const pageGoods = useMemo(() => goodsQuery.data?.rows ?? [], [goodsQuery.data]);
  const codes = useMemo(() => pageGoodsCodes(pageGoods), [pageGoods]);

  // 3. Their stock in the chosen warehouses: one search. Its answer carries the goods it was asked
  // for, so a new page's goods are never laid out against the previous page's stock.
  const stockQuery = useQuery({
    queryKey: [...neKeys.all, "stock-matrix", codes, chosen],
    queryFn: async ({ signal }) => ({ goods: pageGoods, rows: await fetchPageStock(codes, chosen, signal) }),
    enabled: goodsQuery.isSuccess && !goodsQuery.isPlaceholderData && codes.length > 0,
    placeholderData: (previous) => previous,
  });

  // 4. How many goods match, for the paging: after the page's own calls.
  const pageDone = goodsQuery.isSuccess && !goodsQuery.isPlaceholderData && (codes.length === 0 || stockQuery.isSuccess || stockQuery.isError);
  const countQuery = useCount("/api_v1_master_goods/count", { conditions }, { enabled: pageDone || goodsQuery.isError });
  const total = countQuery.data?.count;

  const pageEmpty = goodsQuery.isSuccess && !goodsQuery.isPlaceholderData && codes.length === 0;
  const laid = pageEmpty ? undefined : stockQuery.data;
  const matrix = useMemo(() => pivotWarehouseStock(laid?.goods ?? [], laid?.rows ?? [], warehouses, chosen), [laid, warehouses, chosen]);
  const shownRows = laid ? matrix.rows : [];

  const setFilters = (keys: readonly string[], next: readonly GridFilter[]) => {
    let out = filters.filter((f) => !keys.includes(filterKey(f)));
    for (const f of next) out = upsertFilter(out, f);
    void setUrl({ f: out, page: 1 });
  };
  const clearFilters = () => void setUrl({ f: [], q: null, wh: null, page: 1 });

  const failed = warehousesQuery.isError ? warehousesQuery : goodsQuery.isError ? goodsQuery : stockQuery.isError ? stockQuery : null;
  const loading = !failed && !pageEmpty && !laid;
  const busy = goodsQuery.isFetching || stockQuery.isFetching || stockQuery.isPlaceholderData;
  const filtered = filters.length > 0 || chosen.length > 0;

  let body;
  if (failed) {
    body = <QueryErrorState error={failed.error} onRetry={() => void failed.refetch()} />;
  } else if (loading) {
    body = <GridSkeleton label={tGrid("loading")} />;
  } else if (shownRows.length === 0) {
    if (url.page > 1 && (total === undefined || isPastEnd(url.page, url.size, total))) {
      body = <GridPastEnd lastPage={total !== undefined && total > 0 ? pageCount(total, url.size) : undefined} onPage={(page) => void setUrl({ page })} />;
    } else if (filters.length > 0) {
      body = <GridFilteredEmpty title={t("filtered.title")} onClear={clearFilters} />;
    } else {
      body = <GridEmpty title={t("empty.title")} body={t("empty.body")} />;
    }
  } else if (matrix.warehouses.length === 0) {
    body = <GridEmpty title={t("noWarehouses")} />;
  } else {
    body = <MatrixTable id={domId} rows={shownRows} warehouses={matrix.warehouses} busy={busy} label={t("gridLabel")} />;
  }

  return (
    <section aria-labelledby={`${domId}-label`} className="flex flex-col gap-3" data-stock-matrix="">
      <h2 id={`${domId}-label`} className="sr-only">
        {t("gridLabel")}
      </h2>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <Suspense fallback={<div className="h-8 w-72" />}>
            <ForgivingSearch definition={goodsGrid} spec={SEARCH_BOX} filters={filters} onWrite={({ keys, next }) => setFilters(keys, next)} locale={locale} />
          </Suspense>
          <ChoicePopover
            label={t("warehouses")}
            buttonLabel={chosen.length ? tCatalog("quick.withCount", { label: t("warehouses"), count: chosen.length }) : undefined}
            choices={warehouseChoices}
            isLoading={warehousesQuery.isLoading}
            isError={warehousesQuery.isError}
            selected={chosen}
            onApply={(values) => void setUrl({ wh: values.length ? values : null, page: 1 })}
          />
          {filtered ? (
            <button type="button" onClick={clearFilters} className="text-sm text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-brand-300">
              {tGrid("filters.clear")}
            </button>
          ) : null}
        </div>
        <Suspense fallback={null}>
          <MatrixCsv matrix={shownRows.length ? matrix : null} />
        </Suspense>
      </div>
      {body}
      {!failed && goodsQuery.isSuccess ? (
        <GridPagination
          page={url.page}
          size={url.size}
          sizes={MATRIX_PAGE_SIZES}
          total={total}
          totalFailed={countQuery.isError}
          onRetryTotal={() => void countQuery.refetch()}
          rowsOnPage={shownRows.length}
          onPage={(page) => void setUrl({ page })}
          onSize={(size) => void setUrl({ size: size as (typeof MATRIX_PAGE_SIZES)[number], page: 1 })}
          selected={0}
          onClearSelection={() => undefined}
        />
      ) : null}
    </section>
  );
}

const column = createColumnHelper<MatrixRow>();

function MatrixTable({ id, rows, warehouses, busy, label }: { id: string; rows: readonly MatrixRow[]; warehouses: readonly MatrixWarehouse[]; busy: boolean; label: string }) {
  const t = useTranslations("stock.matrix");
  const columns = useMemo<ColumnDef<MatrixRow, unknown>[]>(
    () => [
      column.accessor("code", { id: "code", header: t("code") }) as ColumnDef<MatrixRow, unknown>,
      column.accessor("name", { id: "name", header: t("name") }) as ColumnDef<MatrixRow, unknown>,
      ...warehouses.map(
        (w) =>
          column.group({
            id: `w${w.id}`,
            header: w.name,
            columns: (["free", "onHand"] as const).map((kind) =>
              column.accessor((row) => row.cells[w.id]?.[kind] ?? null, {
                id: `w${w.id}-${kind}`,
                header: t(kind),
              }),
            ),
          }) as ColumnDef<MatrixRow, unknown>,
      ),
    ],
    [warehouses, t],
  );
  // What each warehouse leaf column holds (TanStack's column meta is the grids' GridColumnMeta).
  const leafInfo = useMemo(() => {
    const map = new Map<string, LeafMeta>();
    for (const w of warehouses) for (const kind of ["free", "onHand"] as const) map.set(`w${w.id}-${kind}`, { warehouse: w.id, kind, numeric: true });
    return map;
  }, [warehouses]);
  // TanStack Table hands out fresh functions each render (the React Compiler is not enabled here).
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({ data: rows as MatrixRow[], columns, getCoreRowModel: getCoreRowModel(), getRowId: (row) => row.code });
  const leaves = table.getVisibleLeafColumns();
  const tableRows = table.getRowModel().rows;

  // The active cell: kept per page of rows (a new page starts at its first cell).
  const [active, setActive] = useState({ rows, r: 0, c: 0 });
  const at = active.rows === rows ? active : { rows, r: 0, c: 0 };
  const r = Math.min(at.r, tableRows.length - 1);
  const c = Math.min(at.c, leaves.length - 1);
  const cellId = (ri: number, ci: number) => `${id}-r${ri}-c${ci}`;
  const move = (nr: number, nc: number) => setActive({ rows, r: Math.max(0, Math.min(tableRows.length - 1, nr)), c: Math.max(0, Math.min(leaves.length - 1, nc)) });
  const gridRef = useRef<HTMLTableElement>(null);
  const [focused, setFocused] = useState(false);
  useEffect(() => {
    if (!focused) return;
    document.getElementById(cellId(r, c))?.scrollIntoView({ block: "nearest", inline: "nearest" });
    // cellId is derived from id.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [r, c, focused]);

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const ctrl = event.ctrlKey || event.metaKey;
    switch (event.key) {
      case "ArrowDown":
        move(r + 1, c);
        break;
      case "ArrowUp":
        move(r - 1, c);
        break;
      case "ArrowRight":
        move(r, c + 1);
        break;
      case "ArrowLeft":
        move(r, c - 1);
        break;
      case "PageDown":
        move(r + PAGE_STEP, c);
        break;
      case "PageUp":
        move(r - PAGE_STEP, c);
        break;
      case "Home":
        move(ctrl ? 0 : r, 0);
        break;
      case "End":
        move(ctrl ? tableRows.length - 1 : r, leaves.length - 1);
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  const headerGroups = table.getHeaderGroups();
  const depth = headerGroups.length;
  return (
    <div className="max-h-[70vh] overflow-auto rounded-lg border border-ink-200 dark:border-ink-700">
      <p id={`${id}-keys`} className="sr-only">
        {t("keyboard")}
      </p>
      <table
        ref={gridRef}
        role="grid"
        aria-label={label}
        aria-describedby={`${id}-keys`}
        aria-rowcount={tableRows.length + depth}
        aria-colcount={leaves.length}
        aria-activedescendant={tableRows.length ? cellId(r, c) : undefined}
        aria-busy={busy || undefined}
        tabIndex={0}
        onKeyDown={onKeyDown}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
        data-stock-matrix-table=""
        className="group w-max min-w-full border-separate border-spacing-0 text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <thead className="sticky top-0 z-20 bg-ink-50 dark:bg-ink-850">
          {headerGroups.map((group, gi) => (
            <tr key={group.id} role="row" aria-rowindex={gi + 1}>
              {group.headers.map((header) => {
                const leafTop = header.column.parent === undefined && header.column.columns.length === 0;
                // A top-level leaf (code, name) spans the header rows: drawn once, in the first.
                if (leafTop && gi > 0) return null;
                const meta = leafInfo.get(header.column.id);
                const isGroup = header.column.columns.length > 0;
                return (
                  <th
                    key={header.id}
                    role="columnheader"
                    scope={isGroup ? "colgroup" : "col"}
                    colSpan={header.colSpan}
                    rowSpan={leafTop ? depth : undefined}
                    data-warehouse-header={isGroup ? header.column.id.slice(1) : undefined}
                    className={cn(
                      "border-b border-ink-200 px-3 py-1.5 text-xs font-semibold whitespace-nowrap text-ink-700 dark:border-ink-700 dark:text-ink-200",
                      isGroup ? "border-l text-center" : meta?.numeric ? "text-right" : "text-left",
                      meta?.kind === "free" ? "border-l" : undefined,
                      header.column.id === "code" ? "sticky left-0 z-10 bg-ink-50 dark:bg-ink-850" : undefined,
                    )}
                  >
                    {header.isPlaceholder && !leafTop ? null : isGroup ? (
                      // A warehouse's name: the shop's own data, in no page language.
                      <span data-user-content="">{flexRender(header.column.columnDef.header, header.getContext())}</span>
                    ) : (
                      flexRender(header.column.columnDef.header, header.getContext())
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {tableRows.map((row, ri) => (
            <tr key={row.id} role="row" aria-rowindex={ri + depth + 1} data-goods={row.original.code} className="hover:bg-ink-50/60 dark:hover:bg-ink-850/60">
              {row.getVisibleCells().map((cell, ci) => {
                const meta = leafInfo.get(cell.column.id);
                const value = cell.getValue() as string | number | null;
                const isActive = ri === r && ci === c;
                const isCode = cell.column.id === "code";
                return (
                  <td
                    key={cell.id}
                    id={cellId(ri, ci)}
                    role="gridcell"
                    aria-colindex={ci + 1}
                    data-warehouse={meta?.warehouse}
                    data-kind={meta?.kind ?? cell.column.id}
                    data-value={value === null ? "" : String(value)}
                    data-active={isActive || undefined}
                    className={cn(
                      "border-b border-ink-100 px-3 py-1.5 whitespace-nowrap dark:border-ink-800",
                      meta?.numeric ? "text-right tabular-nums" : "text-left",
                      meta?.kind === "free" ? "border-l border-l-ink-200 dark:border-l-ink-700" : undefined,
                      isCode ? "sticky left-0 z-10 bg-ink-0 font-medium dark:bg-ink-900" : undefined,
                      cell.column.id === "name" ? "max-w-80 truncate" : undefined,
                      isActive ? "group-focus-visible:outline-2 group-focus-visible:-outline-offset-2 group-focus-visible:outline-brand-600 group-focus:bg-brand-50 dark:group-focus:bg-brand-950/40" : undefined,
                    )}
                  >
                    {meta?.numeric ? (
                      value === null ? (
                        <>
                          <span aria-hidden="true" className="text-ink-400 dark:text-ink-500">
                            —
                          </span>
                          <span className="sr-only">{t("notLinked")}</span>
                        </>
                      ) : (
                        formatGrouped(String(value))
                      )
                    ) : (
                      <span data-user-content="" title={cell.column.id === "name" && typeof value === "string" ? value : undefined}>
                        {value}
                      </span>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
