"use client";
// A view's table (TanStack Table): the columns and rows of lib/analytics/tables.ts, numbers
// right-aligned with separators (yen with ¥) on screen; the CSV writes the same cells plain.
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from "@tanstack/react-table";
import { useMemo, type ReactNode } from "react";
import { cn } from "@/components/ui/cn";
import { formatGrouped, formatYen } from "@/lib/grid/format";
import type { CellValue, ViewColumn, ViewTable as Table } from "@/lib/analytics/tables";

export function formatCell(value: CellValue, column: ViewColumn): string {
  if (typeof value !== "number") return value;
  if (column.kind === "yen") return formatYen(String(value));
  if (column.kind === "decimal") return formatGrouped(value.toFixed(2));
  return formatGrouped(String(value));
}

const numeric = (c: ViewColumn) => c.kind !== "text";

export function ViewTable({ table, caption, renderCell }: { table: Table; caption: string; renderCell?: (columnId: string, value: CellValue, row: CellValue[]) => ReactNode }) {
  const columns = useMemo<ColumnDef<CellValue[]>[]>(
    () =>
      table.columns.map((c, i) => ({
        id: c.id,
        header: c.label,
        accessorFn: (row) => row[i],
        cell: (info) => {
          const value = info.getValue() as CellValue;
          return renderCell?.(c.id, value, info.row.original) ?? formatCell(value, c);
        },
      })),
    [table.columns, renderCell],
  );
  const byId = useMemo(() => new Map(table.columns.map((c) => [c.id, c])), [table.columns]);
  // eslint-disable-next-line react-hooks/incompatible-library -- the table's rows are plain data, rendered as they are
  const rt = useReactTable({ data: table.rows, columns, getCoreRowModel: getCoreRowModel() });
  const cellClass = (c: ViewColumn) => cn("px-3 py-1.5 whitespace-nowrap", numeric(c) && "text-right tabular-nums");
  // A wide table scrolls sideways here: the region takes the keyboard's focus (arrows scroll it).
  return (
    <div role="region" aria-label={caption} tabIndex={0} className="overflow-x-auto rounded-lg border border-ink-200 dark:border-ink-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600">
      <table className="w-full text-sm" data-analytics-table="">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-ink-50 text-xs text-ink-700 dark:bg-ink-900 dark:text-ink-200">
          {rt.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((h) => {
                const c = byId.get(h.column.id)!;
                return (
                  <th key={h.id} scope="col" className={cn(cellClass(c), "font-medium")}>
                    {flexRender(h.column.columnDef.header, h.getContext())}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody className="divide-y divide-ink-100 text-ink-900 dark:divide-ink-800 dark:text-ink-50">
          {rt.getRowModel().rows.map((row) => (
            <tr key={row.id}>
              {row.getVisibleCells().map((cell) => {
                const c = byId.get(cell.column.id)!;
                return (
                  <td key={cell.id} className={cellClass(c)} data-user-content={c.userContent ? "" : undefined}>
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
        {table.total ? (
          <tfoot className="border-t-2 border-ink-200 font-semibold text-ink-950 dark:border-ink-700 dark:text-ink-0">
            <tr>
              {table.total.map((value, i) => {
                const c = table.columns[i]!;
                return i === 0 ? (
                  <th key={c.id} scope="row" className={cn(cellClass(c), "text-left")}>
                    {formatCell(value, c)}
                  </th>
                ) : (
                  <td key={c.id} className={cellClass(c)}>
                    {formatCell(value, c)}
                  </td>
                );
              })}
            </tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}
