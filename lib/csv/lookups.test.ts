// The look-ups against a fake API over generated masters: what they find, and how many upstream
// calls they cost. The fake enforces the API's limits (limit ≤ 10,000, `in` ≤ 1000 values) and
// answers rows in primary-key order.
import { describe, expect, it } from "vitest";
import { WH } from "./fixtures/generate";
import { fetchLookups, lookupNeeds, readCsvBytes, type CsvRead, type LookupCount, type LookupSearch } from "./index";

type Row = Record<string, string | null>;
type Condition = { field: string; op: string; value?: string | string[] };

function fakeApi(tables: Record<string, Row[]>) {
  const calls: string[] = [];
  const matches = (row: Row, conditions: Condition[] = []) =>
    conditions.every((c) => {
      const v = row[c.field] ?? "";
      if (c.op === "eq") return v === c.value;
      if (c.op === "in") {
        if (!Array.isArray(c.value) || c.value.length > 1000) throw new Error(`in takes ≤ 1000 values (${c.field})`);
        return c.value.includes(v);
      }
      throw new Error(`op ${c.op} not faked`);
    });
  const table = (path: string) => {
    const rows = tables[path.replace(/\/(search|count)$/, "")];
    if (!rows) throw new Error(`no table for ${path}`);
    return rows;
  };
  const search: LookupSearch = async (path, req) => {
    calls.push(path);
    const limit = req.limit ?? 10_000;
    if (limit > 10_000) throw new Error("limit over 10000");
    const hit = table(path).filter((r) => matches(r, req.conditions));
    const offset = req.offset ?? 0;
    return { rows: hit.slice(offset, offset + limit).map((r) => Object.fromEntries(req.fields.map((f) => [f, r[f] ?? null]))) };
  };
  const count: LookupCount = async (path, req) => {
    calls.push(path);
    return table(path).filter((r) => matches(r, req.conditions)).length;
  };
  return { api: { search, count }, calls };
}

const WAREHOUSES: Row[] = [
  { warehouse_id: "1", warehouse_name: "基本拠点" },
  { warehouse_id: "2", warehouse_name: "東京倉庫" },
  { warehouse_id: "3", warehouse_name: "大阪倉庫" },
];

const code = (i: number) => `G-${String(i).padStart(6, "0")}`;

function goodsRows(n: number, deleted: (i: number) => boolean = () => false): Row[] {
  return Array.from({ length: n }, (_, i) => ({ goods_id: code(i), goods_deleted_flag: deleted(i) ? "1" : "0" }));
}

function read(lines: string[]): CsvRead {
  const out = readCsvBytes(new TextEncoder().encode(`${lines.join("\r\n")}\r\n`));
  if (!out.ok) throw new Error(out.refusal.reason.en);
  return out.read;
}

describe("lookupNeeds", () => {
  it("distinct trimmed codes and warehouse names, empty cells left out", () => {
    const r = read([WH, " 東京倉庫 ,A-1,1,,,,", "東京倉庫,A-1,1,,,,", "大阪倉庫, A-2 ,1,,,,", ",,1,,,,"]);
    expect(lookupNeeds("warehouse-stock", r)).toEqual({ goodsCodes: ["A-1", "A-2"], warehouseNames: ["東京倉庫", "大阪倉庫"] });
    expect(lookupNeeds("goods", read(["syohin_code,syohin_name", "A,x", "B,y", "A,z"]))).toEqual({ goodsCodes: ["A", "B"], warehouseNames: [] });
  });
});

describe("fetchLookups: goods upload", () => {
  it("a 100,000-row file naming 100,000 goods against 100,000 goods: a count and 10 pages", async () => {
    const lines = ["syohin_code,syohin_name"];
    for (let i = 0; i < 100_000; i++) lines.push(`${code(i * 2)},商品${i}`); // half of them exist
    const { api, calls } = fakeApi({ "/api_v1_master_goods": goodsRows(100_000) });
    const lookups = await fetchLookups("goods", lookupNeeds("goods", read(lines)), api);
    expect(calls).toEqual(["/api_v1_master_goods/count", ...Array(10).fill("/api_v1_master_goods/search")]);
    expect(calls.length).toBeLessThanOrEqual(20);
    expect(lookups.goodsCodes.size).toBe(50_000);
    expect(lookups.goodsCodes.has(code(99_998))).toBe(true);
    expect(lookups.goodsCodes.has(code(100_000))).toBe(false);
  });
  it("a few codes: one `in` call, no count", async () => {
    const { api, calls } = fakeApi({ "/api_v1_master_goods": goodsRows(50_000) });
    const lookups = await fetchLookups("goods", { goodsCodes: [code(1), code(7), "NOPE"], warehouseNames: [] }, api);
    expect(calls).toEqual(["/api_v1_master_goods/search"]);
    expect([...lookups.goodsCodes].sort()).toEqual([code(1), code(7)]);
  });
  it("2,500 codes against 100,000 goods: `in` lists of ≤ 1000 beat 10 pages", async () => {
    const { api, calls } = fakeApi({ "/api_v1_master_goods": goodsRows(100_000, (i) => i === 5) });
    const codes = Array.from({ length: 2500 }, (_, i) => code(i * 3));
    const lookups = await fetchLookups("goods", { goodsCodes: codes, warehouseNames: [] }, api);
    expect(calls).toEqual(["/api_v1_master_goods/count", ...Array(3).fill("/api_v1_master_goods/search")]);
    expect(lookups.goodsCodes.size).toBe(2500);
  });
  it("codes holding a comma are asked with eq (an `in` list splits on commas)", async () => {
    const { api, calls } = fakeApi({ "/api_v1_master_goods": [...goodsRows(10), { goods_id: "A,B", goods_deleted_flag: "0" }] });
    const lookups = await fetchLookups("goods", { goodsCodes: [code(1), "A,B"], warehouseNames: [] }, api);
    expect(lookups.goodsCodes).toEqual(new Set([code(1), "A,B"]));
    expect(calls).toEqual(["/api_v1_master_goods/count", "/api_v1_master_goods/search"]);
  });
});

describe("fetchLookups: warehouse stock upload", () => {
  it("finds warehouses, goods (not deleted ones) and the stock of the file's pairs", async () => {
    const { api } = fakeApi({
      "/api_v1_warehouse_base": WAREHOUSES,
      "/api_v1_master_goods": goodsRows(10, (i) => i === 3 || i === 4),
      "/api_v1_warehouse_stock": [
        { warehouse_stock_warehouse_id: "2", warehouse_stock_goods_id: code(1), warehouse_stock_quantity: "10", warehouse_stock_allocation_quantity: "2" },
        { warehouse_stock_warehouse_id: "3", warehouse_stock_goods_id: code(1), warehouse_stock_quantity: "5", warehouse_stock_allocation_quantity: "0" },
        { warehouse_stock_warehouse_id: "2", warehouse_stock_goods_id: code(3), warehouse_stock_quantity: "7", warehouse_stock_allocation_quantity: "0" },
        { warehouse_stock_warehouse_id: "1", warehouse_stock_goods_id: code(2), warehouse_stock_quantity: "9", warehouse_stock_allocation_quantity: "0" },
      ],
    });
    const lookups = await fetchLookups("warehouse-stock", { goodsCodes: [code(1), code(2), code(3), code(4), "NOPE"], warehouseNames: ["東京倉庫", "大阪倉庫", "横浜倉庫"] }, api);
    expect(lookups.warehouseNames).toEqual(new Set(["東京倉庫", "大阪倉庫"]));
    expect(lookups.goodsCodes).toEqual(new Set([code(1), code(2)]));
    expect(lookups.warehouseStock).toEqual(
      new Map([
        [`東京倉庫\t${code(1)}`, { quantity: 10, allocated: 2 }],
        [`大阪倉庫\t${code(1)}`, { quantity: 5, allocated: 0 }],
      ]),
    );
    // The same pairs indexed for the check (warehouse → code → position of the same entry).
    const index = lookups.stockIndex;
    expect(index?.entries.length).toBe(lookups.warehouseStock.size);
    expect([...(index?.positions ?? [])].map(([w, codes]) => [w, [...codes.keys()]])).toEqual([
      ["東京倉庫", [code(1)]],
      ["大阪倉庫", [code(1)]],
    ]);
    for (const [key, entry] of lookups.warehouseStock) {
      const [w, c] = key.split("\t") as [string, string];
      expect(index?.entries[index.positions.get(w)?.get(c) ?? -1]).toBe(entry);
    }
  });

  it("a file naming more warehouses than one `in` list takes asks for their stock in turns", async () => {
    const warehouses: Row[] = Array.from({ length: 1200 }, (_, i) => ({ warehouse_id: String(i + 1), warehouse_name: `倉庫${i + 1}` }));
    const { api } = fakeApi({
      "/api_v1_warehouse_base": warehouses,
      "/api_v1_master_goods": goodsRows(2),
      "/api_v1_warehouse_stock": [
        { warehouse_stock_warehouse_id: "5", warehouse_stock_goods_id: code(0), warehouse_stock_quantity: "3", warehouse_stock_allocation_quantity: "0" },
        { warehouse_stock_warehouse_id: "1150", warehouse_stock_goods_id: code(1), warehouse_stock_quantity: "4", warehouse_stock_allocation_quantity: "1" },
      ],
    });
    // The fake refuses an `in` list over 1000 values, as the API does.
    const lookups = await fetchLookups("warehouse-stock", { goodsCodes: [code(0), code(1)], warehouseNames: warehouses.map((w) => w.warehouse_name as string) }, api);
    expect(lookups.warehouseStock).toEqual(
      new Map([
        [`倉庫5\t${code(0)}`, { quantity: 3, allocated: 0 }],
        [`倉庫1150\t${code(1)}`, { quantity: 4, allocated: 1 }],
      ]),
    );
  });

  function stockTables(goods: number, linked: (i: number) => string | null) {
    const stock: Row[] = [];
    for (let i = 0; i < goods; i++) {
      const w = linked(i);
      if (w) stock.push({ warehouse_stock_warehouse_id: w, warehouse_stock_goods_id: code(i), warehouse_stock_quantity: "100", warehouse_stock_allocation_quantity: "0" });
    }
    return { "/api_v1_warehouse_base": WAREHOUSES, "/api_v1_master_goods": goodsRows(goods, (i) => i % 1000 === 999), "/api_v1_warehouse_stock": stock };
  }
  function file(rows: number): CsvRead {
    const lines = [WH];
    for (let i = 0; i < rows; i++) lines.push(`${i % 2 ? "東京倉庫" : "大阪倉庫"},${code(i)},,1,,,`);
    return read(lines);
  }

  it("100,000 rows naming 100,000 goods against 100,000 goods, all stocked: ≤ 20 calls", async () => {
    const { api, calls } = fakeApi(stockTables(100_000, (i) => (i % 2 ? "2" : "3")));
    const lookups = await fetchLookups("warehouse-stock", lookupNeeds("warehouse-stock", file(100_000)), api);
    // warehouses 1; stock: count + 10 pages; deleted goods among them: count + 1 page.
    expect(calls.length).toBe(14);
    expect(lookups.goodsCodes.size).toBe(99_900);
    expect(lookups.warehouseStock.size).toBe(99_900);
  });
  it("the same file when no goods is stocked yet (a first load): ≤ 20 calls", async () => {
    const { api, calls } = fakeApi(stockTables(100_000, () => null));
    const lookups = await fetchLookups("warehouse-stock", lookupNeeds("warehouse-stock", file(100_000)), api);
    // warehouses 1; stock: a count of 0 (no page); goods: count + 10 pages.
    expect(calls.length).toBe(13);
    expect(lookups.goodsCodes.size).toBe(99_900);
    expect(lookups.warehouseStock.size).toBe(0);
  });
  it("half of the goods stocked: still ≤ 20 calls", async () => {
    const { api, calls } = fakeApi(stockTables(100_000, (i) => (i < 50_000 ? (i % 2 ? "2" : "3") : null)));
    const lookups = await fetchLookups("warehouse-stock", lookupNeeds("warehouse-stock", file(100_000)), api);
    // warehouses 1; stock: count + 5 pages; deleted among them: count + 1; the other 50,000 codes: count + 10 pages.
    expect(calls.length).toBe(20);
    expect(lookups.goodsCodes.size).toBe(99_900);
    expect(lookups.warehouseStock.size).toBe(49_950);
  });
});
