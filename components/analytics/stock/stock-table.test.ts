// The reorder list's CSV with one warehouse chosen: its code and name on every row, then the
// columns shown, plain numbers.
import { describe, expect, it } from "vitest";
import { stockCsvDocument, warehouseColumns, type StockColumn } from "./stock-table";

interface Row {
  goodsId: string;
  free: number;
}
const rest: StockColumn<Row>[] = [
  { id: "goodsId", header: "商品コード", value: (r) => r.goodsId },
  { id: "free", header: "フリー在庫", value: (r) => r.free, numeric: true },
];
const rows: Row[] = [
  { goodsId: "A-1", free: 12345 },
  { goodsId: "=B", free: -2 },
];

describe("warehouseColumns → CSV", () => {
  it("a chosen warehouse writes its code and name first on every row", () => {
    const doc = stockCsvDocument([...warehouseColumns<Row>(1002, "本社倉庫", { id: "倉庫コード", name: "倉庫名" }), ...rest], rows);
    expect(doc.header).toEqual(["倉庫コード", "倉庫名", "商品コード", "フリー在庫"]);
    expect(doc.rows).toEqual([
      ["1002", "本社倉庫", "A-1", "12345"],
      ["1002", "本社倉庫", "'=B", "-2"],
    ]);
  });

  it("a warehouse the master does not name keeps its code and an empty name; all warehouses: no warehouse column", () => {
    expect(stockCsvDocument([...warehouseColumns<Row>(7, undefined, { id: "id", name: "name" }), ...rest], rows.slice(0, 1)).rows).toEqual([["7", "", "A-1", "12345"]]);
    expect(warehouseColumns<Row>(null, "x", { id: "id", name: "name" })).toEqual([]);
  });
});
