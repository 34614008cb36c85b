import { describe, expect, it } from "vitest";
import { parseDays, parseSort, parseWarehouse } from "./stock-url-state";
import { stockCsvDocument, type StockColumn } from "./stock-table";
import { csvText } from "@/lib/grid/csv";

describe("stock views' URL values", () => {
  it("reads a warehouse id, days and a sort, dropping bad ones", () => {
    expect(parseWarehouse("3")).toBe(3);
    expect([parseWarehouse("0"), parseWarehouse("-1"), parseWarehouse("x"), parseWarehouse("1e3")]).toEqual([null, null, null, null]);
    expect(parseDays("21")).toBe(21);
    expect([parseDays("0"), parseDays("366"), parseDays("7.5")]).toEqual([null, null, null]);
    expect(parseSort("-cover")).toEqual({ id: "cover", desc: true });
    expect(parseSort("goodsId")).toEqual({ id: "goodsId", desc: false });
    expect(parseSort("a;b")).toBeNull();
  });
});

describe("stockCsvDocument", () => {
  it("writes the columns shown with plain numbers, empty for none, formulas neutralised", () => {
    type R = { id: string; name: string; n: number; cover: number | null };
    const columns: StockColumn<R>[] = [
      { id: "id", header: "商品コード", value: (r) => r.id },
      { id: "name", header: "商品名", value: (r) => r.name },
      { id: "n", header: "発注数", value: (r) => r.n, numeric: true },
      { id: "cover", header: "在庫日数", value: (r) => r.cover, numeric: true },
    ];
    const doc = stockCsvDocument(columns, [
      { id: "A-1", name: "=HYPERLINK()", n: 1200, cover: 6.7 },
      { id: "B", name: "箱, 大", n: 0, cover: null },
    ]);
    expect(csvText(doc)).toBe('商品コード,商品名,発注数,在庫日数\r\nA-1,\'=HYPERLINK(),1200,6.7\r\nB,"箱, 大",0,\r\n');
  });
});
