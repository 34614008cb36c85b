"use client";
// The table of the reorder list and the sellable sets (TanStack Table): sortable headers whose
// sort lives in the URL, numbers right-aligned, pages of 100 rows (page and size in the URL, the
// grids' paging controls: a list of two thousand goods is never drawn at once), and the "CSV"
// button that downloads every row of the list (all pages) with exactly the columns shown, in the
// order shown, as plain numbers (no separators), through the grids' CSV writer and encodings
// (lib/grid/csv.ts: UTF-8 with BOM or Shift_JIS, formula cells neutralised).
import { flexRender, getCoreRowModel, getPaginationRowModel, getSortedRowModel, useReactTable, type ColumnDef, type SortingState } from "@tanstack/react-table";
import { ArrowDown, ArrowUp, Download } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { useQueryStates } from "nuqs";
import { useId, useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { saveFile } from "@/components/ui/save-file";
import { GridPagination } from "@/components/data-grid/grid-pagination";
import { encodeCsvParts, exportFileName, loadSjisCodec, protectFormula, type CsvDocument, type CsvEncoding } from "@/lib/grid/csv";
import type { PageSize } from "@/lib/grid/page-sizes";
import { STOCK_PAGE_SIZES, stockPageParsers, type SortState } from "./stock-url-state";

/** A column: its header, its screen cell, its CSV value (a plain number or text; null = empty). */
export interface StockColumn<Row> {
  id: string;
  header: string;
  value: (row: Row) => string | number | null;
  /** What the screen shows (default: the value, numbers in the page's locale). */
  cell?: (row: Row) => React.ReactNode;
  numeric?: boolean;
}

/** The CSV document of the rows as shown: the columns' headers and values, formula cells neutralised. */
export function stockCsvDocument<Row>(columns: readonly StockColumn<Row>[], rows: readonly Row[]): CsvDocument {
  return {
    header: columns.map((c) => protectFormula(c.header) ?? ""),
    rows: rows.map((row) =>
      columns.map((c) => {
        const v = c.value(row);
        return v === null ? "" : protectFormula(String(v));
      }),
    ),
  };
}

/** The chosen warehouse's code and name (empty when the master lacks it) on every row; none for all warehouses. */
export function warehouseColumns<Row>(chosen: number | null, name: string | undefined, headers: { id: string; name: string }): StockColumn<Row>[] {
  if (chosen === null) return [];
  return [
    { id: "warehouseId", header: headers.id, value: () => String(chosen) },
    { id: "warehouseName", header: headers.name, value: () => name ?? null },
  ];
}

interface Props<Row> {
  caption: string;
  /** `reorder` → reorder-20261128-1012.csv */
  fileName: string;
  columns: readonly StockColumn<Row>[];
  rows: readonly Row[];
  sort: SortState | null;
  onSort: (sort: SortState | null) => void;
  rowKey: (row: Row) => string;
}

export function StockTable<Row>({ caption, fileName, columns, rows, sort, onSort, rowKey }: Props<Row>) {
  const t = useTranslations("stockAnalytics.table");
  const locale = useLocale();
  const [encoding, setEncoding] = useState<CsvEncoding>("utf8-bom");
  const encodingId = useId();
  const sorting: SortingState = useMemo(() => (sort && columns.some((c) => c.id === sort.id) ? [sort] : []), [sort, columns]);
  const defs = useMemo<ColumnDef<Row>[]>(() => {
    const nf = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
    return (
      columns.map((c) => ({
        id: c.id,
        header: c.header,
        accessorFn: (row: Row) => c.value(row) ?? undefined,
        sortUndefined: "last",
        cell: (info) => {
          if (c.cell) return c.cell(info.row.original);
          const v = info.getValue() as string | number | undefined;
          return v === undefined ? "—" : typeof v === "number" ? nf.format(v) : v;
        },
      }))
    );
  }, [columns, locale]);
  const [paging, setPaging] = useQueryStates(stockPageParsers, { history: "replace" });
  // A page past the end of a shorter list (another filter, another warehouse) shows the last one.
  const pages = Math.max(1, Math.ceil(rows.length / paging.size));
  const page = Math.min(paging.page, pages);
  // TanStack Table's instance is not memoizable by the React Compiler (as in components/upload).
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable<Row>({
    data: rows as Row[],
    columns: defs,
    state: { sorting, pagination: { pageIndex: page - 1, pageSize: paging.size } },
    onSortingChange: (updater) => {
      const next = typeof updater === "function" ? updater(sorting) : updater;
      onSort(next[0] ? { id: next[0].id, desc: next[0].desc } : null);
      void setPaging({ page: null });
    },
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
    manualPagination: false,
    autoResetPageIndex: false,
    getRowId: rowKey,
  });

  const download = async () => {
    // Every row of the list, in the order shown (all pages).
    const shown = table.getPrePaginationRowModel().rows.map((r) => r.original);
    const doc = stockCsvDocument(columns, shown);
    const codec = encoding === "sjis" ? await loadSjisCodec() : undefined;
    saveFile(encodeCsvParts(doc, encoding, codec) as BlobPart[], exportFileName(fileName), encoding === "sjis" ? "text/csv;charset=shift_jis" : "text/csv;charset=utf-8");
  };

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-end gap-2">
        <label htmlFor={encodingId} className="text-sm text-ink-700 dark:text-ink-300">
          {t("encoding")}
        </label>
        <select
          id={encodingId}
          value={encoding}
          onChange={(e) => setEncoding(e.target.value as CsvEncoding)}
          className="h-8 rounded-md border border-ink-300 bg-ink-0 px-2 text-sm dark:border-ink-600 dark:bg-ink-900"
        >
          <option value="utf8-bom">{t("utf8")}</option>
          <option value="sjis">{t("sjis")}</option>
        </select>
        <Button size="sm" onClick={() => void download()} disabled={rows.length === 0}>
          <Download aria-hidden="true" />
          CSV
        </Button>
      </div>
      {/* A wide table scrolls sideways here: the region takes the keyboard's focus (arrows scroll it). */}
      <div role="region" aria-label={caption} tabIndex={0} className="overflow-x-auto rounded-lg border border-ink-200 dark:border-ink-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600">
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-ink-50 dark:bg-ink-900">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const col = columns.find((c) => c.id === header.column.id);
                  const dir = header.column.getIsSorted();
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={dir === "asc" ? "ascending" : dir === "desc" ? "descending" : "none"}
                      className={`px-3 py-2 font-medium text-ink-800 dark:text-ink-200 ${col?.numeric ? "text-right" : "text-left"}`}
                    >
                      <button
                        type="button"
                        onClick={header.column.getToggleSortingHandler()}
                        className="inline-flex items-center gap-1 rounded focus-visible:outline-2 focus-visible:outline-brand-600"
                      >
                        {flexRender(header.column.columnDef.header, header.getContext())}
                        {dir === "asc" ? <ArrowUp className="size-3.5" aria-hidden="true" /> : dir === "desc" ? <ArrowDown className="size-3.5" aria-hidden="true" /> : null}
                      </button>
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id} className="border-t border-ink-100 dark:border-ink-800">
                {row.getVisibleCells().map((cell) => {
                  const col = columns.find((c) => c.id === cell.column.id);
                  return (
                    <td key={cell.id} className={`px-3 py-1.5 ${col?.numeric ? "text-right tabular-nums" : ""}`}>
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {rows.length > STOCK_PAGE_SIZES[0] ? (
        <GridPagination
          page={page}
          size={paging.size as PageSize}
          total={rows.length}
          rowsOnPage={table.getRowModel().rows.length}
          onPage={(next) => void setPaging({ page: next === 1 ? null : next })}
          onSize={(size) => void setPaging({ size: size as (typeof STOCK_PAGE_SIZES)[number], page: null })}
          selected={0}
          onClearSelection={() => undefined}
          sizes={STOCK_PAGE_SIZES}
        />
      ) : null}
    </div>
  );
}
