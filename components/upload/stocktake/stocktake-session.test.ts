// The stocktake card's worker logic without a worker: read, compare, read again before sending
// (changed rows and recomputed differences), and the prepared upload (checked against the fresh
// stock, batches that unzip to the differences, the plan), plus the table's filter.
import { describe, expect, it } from "vitest";
import { buildStocktakeStock, gunzipToText, readPlanCsv, sha256Hex, type StocktakePair } from "@/lib/csv";
import { problemAt } from "../worker-protocol";
import { lookupsOfStock, StocktakeSession } from "./stocktake-session";
import { filterCount, filteredRows } from "./stocktake-table";

const csv = (lines: string[]) => `${lines.join("\r\n")}\r\n`;
const WAREHOUSES = new Map([
  ["東京倉庫", "2"],
  ["大阪倉庫", "3"],
]);
const pair = (warehouse: string, code: string, quantity: number, allocated = 0): StocktakePair => ({ warehouse, code, quantity, allocated });

function stockOf(pairs: StocktakePair[], extraGoods: string[] = [], deleted: string[] = []) {
  return buildStocktakeStock(WAREHOUSES, pairs, new Set([...pairs.map((p) => p.code), ...extraGoods].filter((c) => !deleted.includes(c))), new Set(deleted));
}

const FILE = csv(["kyoten_mei,syohin_code,tanaoroshi_su", "東京倉庫,A,12", "東京倉庫,B,3", "東京倉庫,C,7", "東京倉庫,N,4", "東京倉庫,X,1"]);
const STOCK = [pair("東京倉庫", "A", 10), pair("東京倉庫", "B", 5), pair("東京倉庫", "C", 7), pair("東京倉庫", "U1", 6), pair("東京倉庫", "U2", 2, 1), pair("大阪倉庫", "A", 9)];

async function sessionOf(text = FILE, stock = stockOf(STOCK, ["N"])) {
  const session = new StocktakeSession();
  const read = await session.readSource({ type: "text", text }, 1 << 20);
  if (!read.ok) throw new Error(read.refusal.reason.en);
  return { session, preview: read.preview, view: session.compute(stock) };
}

describe("StocktakeSession", () => {
  it("reads the file (needs of its warehouses and codes) and compares it: per row current, counted, status; counts; problems; unmentioned goods", async () => {
    const { preview, view } = await sessionOf();
    expect(preview.rows).toBe(5);
    expect(preview.needs).toEqual({ goodsCodes: ["A", "B", "C", "N", "X"], warehouseNames: ["東京倉庫"] });
    expect(preview.sha256).toBe(await sha256Hex(FILE));
    expect(view.counts).toEqual({ error: 1, up: 2, down: 1, none: 1 });
    expect([...view.lines]).toEqual([2, 3, 4, 5, 6]);
    expect([...view.status]).toEqual([1, 2, 3, 1, 0]);
    expect([...view.current].slice(0, 4)).toEqual([10, 5, 7, 0]);
    expect([...view.linked]).toEqual([1, 1, 1, 0, 0]);
    expect([...view.counted]).toEqual([12, 3, 7, 4, 1]);
    expect(view.codes).toEqual(["A", "B", "C", "N", "X"]);
    expect(view.warehouses[view.warehouseOf[4] as number]).toBe("東京倉庫");
    expect(view.errorRows).toBe(1);
    expect(view.problems.count).toBe(1);
    expect(problemAt(view.problems, 0)).toMatchObject({ line: 6, code: "unknown-goods" });
    expect(view.groups).toEqual([{ name: "東京倉庫", from: 0, count: 2 }]);
    expect(view.unmentioned.codes).toEqual(["U1", "U2"]);
    expect([...view.unmentioned.quantity]).toEqual([6, 2]);
    expect([...view.unmentioned.allocated]).toEqual([0, 1]);
  });

  it("the table's filter: rows of each status in file order, and their counts", async () => {
    const { view } = await sessionOf();
    expect([...filteredRows(view, "all")]).toEqual([0, 1, 2, 3, 4]);
    expect([...filteredRows(view, "up")]).toEqual([0, 3]);
    expect([...filteredRows(view, "down")]).toEqual([1]);
    expect([...filteredRows(view, "none")]).toEqual([2]);
    expect([...filteredRows(view, "error")]).toEqual([4]);
    expect(["all", "up", "down", "none", "error"].map((f) => filterCount(view, f as never))).toEqual([5, 2, 1, 1, 1]);
  });

  it("rows in error are left out only by choice; the upload is checked clean, cut into batches that hold the differences, with the plan", async () => {
    const { session } = await sessionOf();
    await expect(session.prepare({ unmentioned: "leave", reason: "棚卸", excludeErrors: false })).rejects.toThrow(/rows in error/);
    const prepared = await session.prepare({ unmentioned: "zero", reason: "棚卸 5月", excludeErrors: true });
    if (prepared.type !== "ready") throw new Error(prepared.type);
    // U2 has 1 allocated: it cannot be set to 0.
    expect(prepared.cannotZero).toEqual([{ warehouse: "東京倉庫", code: "U2", quantity: 2, allocated: 1, why: "allocated" }]);
    expect(prepared.zeroed).toBe(1);
    expect(prepared.rows).toBe(4);
    const [batch] = prepared.prepared.batches;
    expect(prepared.prepared.batches).toHaveLength(1);
    const text = await gunzipToText(Uint8Array.from(atob(batch?.gzipBase64 ?? ""), (c) => c.charCodeAt(0)));
    expect(text).toBe(["kyoten_mei,syohin_code,kasan_su,gensan_su,nyusyukko_riyu", "東京倉庫,A,2,,棚卸 5月", "東京倉庫,B,,2,棚卸 5月", "東京倉庫,N,4,,棚卸 5月", "東京倉庫,U1,,6,棚卸 5月"].join("\r\n"));
    expect(batch?.sha256).toBe(await sha256Hex(text));
    expect(prepared.sha256).toBe(await sha256Hex(`${text}\r\n`));
    expect(prepared.prepared.goodsCodes).toEqual(["A", "B", "N", "U1"]);
    const plan = readPlanCsv(prepared.prepared.plan ?? "");
    expect(plan.kind).toBe("stocktake");
    expect(plan.rows.map((r) => [r.code, r.quantityBefore, r.change, r.quantityAfter, r.counted])).toEqual([
      ["A", 10, 2, 12, 12],
      ["B", 5, -2, 3, 3],
      ["C", 7, 0, 7, 7],
      ["N", 0, 4, 4, 4],
      ["U1", 6, -6, 0, 0],
    ]);
  });

  it("read again before sending: changed rows before → now with the difference recomputed; the upload sends the fresh difference, never the preview's", async () => {
    const { session } = await sessionOf(csv(["kyoten_mei,syohin_code,tanaoroshi_su", "東京倉庫,A,12", "東京倉庫,B,3", "東京倉庫,C,7"]));
    const same = session.restock(stockOf(STOCK, ["N"]));
    expect(same.changedCount).toBe(0);
    expect(same.unmentionedChanged).toEqual([]);
    // A went from 10 to 15 and C got 2 allocated since the preview; U1 was sold out.
    const fresh = stockOf([pair("東京倉庫", "A", 15), pair("東京倉庫", "B", 5), pair("東京倉庫", "C", 7, 2), pair("東京倉庫", "U1", 0), pair("東京倉庫", "U2", 2, 1)], ["N"]);
    const changes = session.restock(fresh);
    expect(changes.changedCount).toBe(2);
    expect(changes.changed).toEqual([
      { line: 2, warehouse: "東京倉庫", code: "A", before: { linked: true, quantity: 10, allocated: 0 }, now: { linked: true, quantity: 15, allocated: 0 }, counted: 12, difference: -3 },
      { line: 4, warehouse: "東京倉庫", code: "C", before: { linked: true, quantity: 7, allocated: 0 }, now: { linked: true, quantity: 7, allocated: 2 }, counted: 7, difference: 0 },
    ]);
    expect(changes.unmentionedChanged).toEqual([{ warehouse: "東京倉庫", code: "U1", before: { quantity: 6, allocated: 0 }, now: null }]);
    expect(changes.view.counts).toEqual({ error: 0, up: 0, down: 2, none: 1 });
    // Compared again with the same stock: nothing changed any more.
    expect(session.restock(fresh).changedCount).toBe(0);
    const prepared = await session.prepare({ unmentioned: "leave", reason: "棚卸", excludeErrors: false });
    if (prepared.type !== "ready") throw new Error(prepared.type);
    const text = await gunzipToText(Uint8Array.from(atob(prepared.prepared.batches[0]?.gzipBase64 ?? ""), (c) => c.charCodeAt(0)));
    expect(text).toBe(["kyoten_mei,syohin_code,kasan_su,gensan_su,nyusyukko_riyu", "東京倉庫,A,,3,棚卸", "東京倉庫,B,,2,棚卸"].join("\r\n"));
  });

  it("no difference: nothing to send; a reason the upload check refuses: not sent, its problem named by the stocktake's line", async () => {
    const { session } = await sessionOf(csv(["倉庫名,商品コード,棚卸数", "東京倉庫,C,7"]));
    expect(await session.prepare({ unmentioned: "leave", reason: "棚卸", excludeErrors: false })).toEqual({ type: "nothing", cannotZero: [] });
    const other = await sessionOf(csv(["倉庫名,商品コード,棚卸数", "東京倉庫,C,7", "東京倉庫,A,11"]));
    const prepared = await other.session.prepare({ unmentioned: "leave", reason: "x".repeat(300), excludeErrors: false });
    expect(prepared.type).toBe("unclean");
    if (prepared.type !== "unclean") return;
    expect(problemAt(prepared.problems, 0)).toMatchObject({ line: 3, column: "nyusyukko_riyu" });
  });

  it("a 3,500-row stocktake makes 2 batches; look-ups from the stock name its warehouses, goods and every stocked pair", async () => {
    const codes = Array.from({ length: 3500 }, (_, i) => `G${i}`);
    const stock = stockOf(codes.map((c, i) => pair("東京倉庫", c, i % 7)));
    const { session, view } = await sessionOf(csv(["kyoten_mei,syohin_code,tanaoroshi_su", ...codes.map((c, i) => `東京倉庫,${c},${(i % 7) + 1}`)]), stock);
    expect(view.counts.up).toBe(3500);
    const prepared = await session.prepare({ unmentioned: "leave", reason: "棚卸", excludeErrors: false });
    if (prepared.type !== "ready") throw new Error(prepared.type);
    expect(prepared.prepared.batches.map((b) => [b.firstLine, b.lastLine, b.rows])).toEqual([
      [2, 3001, 3000],
      [3002, 3501, 500],
    ]);
    // More goods than the journal keeps: none listed.
    expect(prepared.prepared.goodsCodes).toEqual([]);
    const lookups = lookupsOfStock(stock);
    expect(lookups.warehouseNames).toEqual(new Set(["東京倉庫", "大阪倉庫"]));
    expect(lookups.goodsCodes.size).toBe(3500);
    expect(lookups.warehouseStock.get("東京倉庫\tG8")).toEqual({ quantity: 1, allocated: 0 });
  });
});
