// The grid's TanStack Table, headless: column definitions from the registry, seeded from the
// column model, give the columns, sizes, pins and offsets the grid draws.
import { createTable, getCoreRowModel, type TableState } from "@tanstack/react-table";
import { describe, expect, it } from "vitest";
import { SELECT_COLUMN, SELECT_COLUMN_WIDTH, columnModel, defaultColumnWidth } from "@/lib/grid/columns";
import { receiveOrder } from "@/lib/ne/registry/resources/receive-order";
import type { ApiRow } from "@/lib/query/call-operation";
import { gridColumnDefs, gridMeta } from "./column-defs";

const P = "receive_order_";
const defaults = [`${P}id`, `${P}date`, `${P}shop_id`, `${P}total_amount`];

function tableOf(model: ReturnType<typeof columnModel>, rows: ApiRow[] = []) {
  const state: Partial<TableState> = {
    columnOrder: [SELECT_COLUMN, ...model.order],
    columnVisibility: { ...model.visibility, [SELECT_COLUMN]: true },
    columnPinning: { left: [SELECT_COLUMN, ...model.pinned], right: [] },
    columnSizing: model.sizing,
    rowSelection: {},
  };
  const table = createTable<ApiRow>({
    data: rows,
    columns: gridColumnDefs(receiveOrder),
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => row[`${P}id`] ?? "",
    state,
    onStateChange: () => undefined,
    renderFallbackValue: null,
    manualPagination: true,
    manualFiltering: true,
    manualSorting: true,
    enableSorting: false,
  });
  table.setOptions((prev) => ({ ...prev, state: { ...table.initialState, ...state } }));
  return table;
}

describe("the grid's TanStack Table", () => {
  it("has the selection column and one column per registry field, with label, format and filter kind in meta", () => {
    const defs = gridColumnDefs(receiveOrder);
    expect(defs).toHaveLength(receiveOrder.fields.length + 1);
    expect(gridColumnDefs(receiveOrder)).toBe(defs); // built once per resource
    const table = tableOf(columnModel(receiveOrder, { columns: defaults }, null));
    const amount = table.getColumn(`${P}total_amount`)!;
    expect(gridMeta(amount)).toMatchObject({ format: "yen", filter: "number", label: { ja: expect.any(String), en: expect.any(String) } });
    expect(gridMeta(table.getColumn(SELECT_COLUMN)!)).toBeUndefined();
    expect(amount.getCanSort()).toBe(false);
  });

  it("shows the model's columns in its order, pinned ones first, the selection column leading", () => {
    const model = columnModel(receiveOrder, { columns: defaults }, { columns: defaults, widths: {}, pinned: [`${P}shop_id`] });
    const table = tableOf(model);
    expect(table.getLeftVisibleLeafColumns().map((c) => c.id)).toEqual([SELECT_COLUMN, `${P}shop_id`]);
    expect(table.getCenterVisibleLeafColumns().map((c) => c.id)).toEqual([`${P}id`, `${P}date`, `${P}total_amount`]);
    expect(table.getVisibleLeafColumns()).toHaveLength(defaults.length + 1);
  });

  it("sizes columns from the model (defaults, stored widths) and offsets pinned ones from the left edge", () => {
    const model = columnModel(receiveOrder, { columns: defaults, pinned: [`${P}id`] }, { columns: defaults, widths: { [`${P}date`]: 222 }, pinned: [`${P}id`, `${P}date`] });
    const table = tableOf(model);
    const id = table.getColumn(`${P}id`)!;
    const date = table.getColumn(`${P}date`)!;
    expect(table.getColumn(SELECT_COLUMN)!.getSize()).toBe(SELECT_COLUMN_WIDTH);
    expect(id.getSize()).toBe(defaultColumnWidth(receiveOrder.fields.find((f) => f.name === `${P}id`)!));
    expect(date.getSize()).toBe(222);
    expect(id.getStart("left")).toBe(SELECT_COLUMN_WIDTH);
    expect(date.getStart("left")).toBe(SELECT_COLUMN_WIDTH + id.getSize());
    const shownWidths = defaults.reduce((sum, n) => sum + table.getColumn(n)!.getSize(), 0);
    expect(table.getTotalSize()).toBe(SELECT_COLUMN_WIDTH + shownWidths);
  });

  it("keys rows by the definition's record key, for the selection", () => {
    const table = tableOf(columnModel(receiveOrder, { columns: defaults }, null), [{ [`${P}id`]: "7" }, { [`${P}id`]: "9" }]);
    expect(table.getRowModel().rows.map((r) => r.id)).toEqual(["7", "9"]);
  });
});
