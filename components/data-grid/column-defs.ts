// TanStack Table's column definitions of a resource, built from the registry: one column per
// field (label, format and filter kind in `meta`), sized from the field's default width, plus the
// selection column. Nothing here sorts or filters rows: the API pages and filters (manual mode),
// and a page never pretends to order rows it does not hold.
import type { ColumnDef, RowData } from "@tanstack/react-table";
import { MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH, SELECT_COLUMN, SELECT_COLUMN_WIDTH, columnMeta, defaultColumnWidth, type GridColumnMeta } from "@/lib/grid/columns";
import type { ApiRow } from "@/lib/query/call-operation";
import type { ResourceDef } from "@/lib/ne/registry/types";

declare module "@tanstack/react-table" {
  // Every data column's meta is a GridColumnMeta; the selection column has none.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars, @typescript-eslint/no-empty-object-type
  interface ColumnMeta<TData extends RowData, TValue> extends Partial<GridColumnMeta> {}
}

export type GridColumnDef = ColumnDef<ApiRow, string | null>;

const cache = new WeakMap<ResourceDef, GridColumnDef[]>();

/** The column definitions of a resource (built once per resource). */
export function gridColumnDefs(resource: ResourceDef): GridColumnDef[] {
  const known = cache.get(resource);
  if (known) return known;
  const defs: GridColumnDef[] = [
    {
      id: SELECT_COLUMN,
      size: SELECT_COLUMN_WIDTH,
      minSize: SELECT_COLUMN_WIDTH,
      maxSize: SELECT_COLUMN_WIDTH,
      enableResizing: false,
      enableHiding: false,
      enablePinning: false,
    },
    ...resource.fields.map(
      (field): GridColumnDef => ({
        id: field.name,
        accessorFn: (row) => row[field.name] ?? null,
        size: defaultColumnWidth(field),
        minSize: MIN_COLUMN_WIDTH,
        maxSize: MAX_COLUMN_WIDTH,
        meta: columnMeta(field),
      }),
    ),
  ];
  cache.set(resource, defs);
  return defs;
}

/** A data column's meta (undefined for the selection column). */
export function gridMeta(column: { columnDef: { meta?: Partial<GridColumnMeta> } }): GridColumnMeta | undefined {
  const meta = column.columnDef.meta;
  return meta?.field ? (meta as GridColumnMeta) : undefined;
}
