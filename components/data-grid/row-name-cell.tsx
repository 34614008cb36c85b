"use client";
// A code whose name the row itself carries (a slip's delivery method id 8 and its
// `receive_order_delivery_name` "店頭受取"): the cell and the drawer show the name, the code only
// when the row has no name. The definition names these pairs in `rowNames`; defineGrid makes the
// cells.
import type { CellContext, CustomCell } from "./grid-definition";

export function rowNameCell(nameField: string): CustomCell {
  function RowNameCell({ value, row }: CellContext) {
    if (value === null || value === "") return null;
    const name = row[nameField];
    return (
      <span data-user-content="" data-code={value} className="truncate">
        {name || value}
      </span>
    );
  }
  RowNameCell.displayName = `RowNameCell(${nameField})`;
  return { render: RowNameCell, needs: [nameField], text: ({ value, row }) => (value ? row[nameField] || value : "") };
}
