import { describe, expect, it } from "vitest";
import { csvText } from "@/lib/grid/csv";
import { matrixCsvDocument, pageGoodsCodes, pivotWarehouseStock, type MatrixWarehouse } from "./stock-matrix-pivot";

const W: MatrixWarehouse[] = [
  { id: "1", name: "本社倉庫" },
  { id: "2", name: "大阪倉庫" },
  { id: "3", name: "福岡倉庫" },
];
const goods = [
  { goods_id: "A-1", goods_name: "バスタオル" },
  { goods_id: "B-2", goods_name: "=SUM(A1)" },
  { goods_id: "C-3", goods_name: "未紐付けの商品" },
];
const row = (w: string, g: string, q: string, free: string) => ({
  warehouse_stock_warehouse_id: w,
  warehouse_stock_goods_id: g,
  warehouse_stock_quantity: q,
  warehouse_stock_free_quantity: free,
});
const stock = [row("1", "A-1", "12", "10"), row("2", "A-1", "3", "0"), row("1", "B-2", "1200", "1195"), row("3", "B-2", "0", "0"), row("1", "Z-9", "5", "5")];

describe("pivotWarehouseStock", () => {
  it("makes one row per goods in page order and one cell per warehouse", () => {
    const m = pivotWarehouseStock(goods, stock, W);
    expect(m.warehouses.map((w) => w.id)).toEqual(["1", "2", "3"]);
    expect(m.rows.map((r) => r.code)).toEqual(["A-1", "B-2", "C-3"]);
    expect(m.rows[0]?.cells).toEqual({ "1": { free: 10, onHand: 12 }, "2": { free: 0, onHand: 3 }, "3": null });
    expect(m.rows[1]?.cells).toEqual({ "1": { free: 1195, onHand: 1200 }, "2": null, "3": { free: 0, onHand: 0 } });
  });

  it("leaves a goods with no row for a warehouse blank (not linked), never 0", () => {
    const m = pivotWarehouseStock(goods, stock, W);
    expect(m.rows[2]?.cells).toEqual({ "1": null, "2": null, "3": null });
    // A linked pair with nothing in stock is 0, distinct from blank.
    expect(m.rows[1]?.cells["3"]).toEqual({ free: 0, onHand: 0 });
  });

  it("ignores stock of goods not on the page", () => {
    const m = pivotWarehouseStock(goods, stock, W);
    expect(m.rows.some((r) => r.code === "Z-9")).toBe(false);
  });

  it("keeps only the chosen warehouses, in the master's order", () => {
    const m = pivotWarehouseStock(goods, stock, W, ["3", "1"]);
    expect(m.warehouses.map((w) => w.name)).toEqual(["本社倉庫", "福岡倉庫"]);
    expect(m.rows[0]?.cells).toEqual({ "1": { free: 10, onHand: 12 }, "3": null });
  });

  it("adds a warehouse the master lacks, named by its id, so no stock is left out", () => {
    const m = pivotWarehouseStock(goods, [...stock, row("9", "C-3", "4", "4")], W);
    expect(m.warehouses.map((w) => w.id)).toEqual(["1", "2", "3", "9"]);
    expect(m.warehouses[3]?.name).toBe("9");
    expect(m.rows[2]?.cells["9"]).toEqual({ free: 4, onHand: 4 });
    expect(m.rows[0]?.cells["9"]).toBeNull();
  });

  it("lists a goods code once even when the page repeats it", () => {
    const m = pivotWarehouseStock([...goods, goods[0] as (typeof goods)[number]], stock, W);
    expect(m.rows).toHaveLength(3);
    expect(pageGoodsCodes([...goods, goods[0] as (typeof goods)[number]])).toEqual(["A-1", "B-2", "C-3"]);
  });
});

describe("matrixCsvDocument", () => {
  it("writes the columns shown, plain numbers and blanks where not linked, text guarded against formulas", () => {
    const m = pivotWarehouseStock(goods, stock, W, ["1", "3"]);
    const doc = matrixCsvDocument(m, { code: "商品コード", name: "商品名", free: (w) => `${w} フリー在庫数`, onHand: (w) => `${w} 在庫数` });
    expect(csvText(doc)).toBe(
      [
        "商品コード,商品名,本社倉庫 フリー在庫数,本社倉庫 在庫数,福岡倉庫 フリー在庫数,福岡倉庫 在庫数",
        "A-1,バスタオル,10,12,,",
        "B-2,'=SUM(A1),1195,1200,0,0",
        "C-3,未紐付けの商品,,,,",
        "",
      ].join("\r\n"),
    );
  });
});
