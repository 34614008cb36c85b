// The worker through its messages, as the page drives it (a fake global scope): a goods file is
// read and checked, its needs name its codes, the diff compares it with the goods given (rows in
// error left out when chosen, and then only), the diff CSV follows the page's language, and the
// batches carry the plan of the same rows.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { currentGoodsOf, readGoodsPlanCsv } from "@/lib/csv";
import { goodsChangeAt, goodsCreatedAt, type FromWorker, type ToWorker } from "./worker-protocol";

const answers: FromWorker[] = [];
const scope: { onmessage: ((event: MessageEvent<ToWorker>) => void) | null; postMessage: (m: FromWorker) => void } = {
  onmessage: null,
  postMessage: (m) => answers.push(m),
};

async function ask(message: ToWorker): Promise<FromWorker> {
  const before = answers.length;
  scope.onmessage?.({ data: message } as MessageEvent<ToWorker>);
  await vi.waitFor(() => expect(answers.length).toBe(before + 1));
  return answers[before] as FromWorker;
}

beforeAll(async () => {
  vi.stubGlobal("self", scope);
  await import("./upload-worker");
});
afterAll(() => vi.unstubAllGlobals());

const lookups = { warehouseNames: new Set<string>(), goodsCodes: new Set<string>(), warehouseStock: new Map() };
const current = currentGoodsOf([
  { goods_id: "A-1", goods_deleted_flag: "0", goods_name: "りんご", goods_selling_price: "100.00" },
  { goods_id: "A-2", goods_deleted_flag: "1", goods_name: "みかん", goods_selling_price: "80" },
  { goods_id: "A-3", goods_deleted_flag: "0", goods_name: "ぶどう", goods_selling_price: "300" },
]);

const text = [
  "syohin_code,syohin_name,baika_tnk,hs_code",
  "A-1,りんご（大）,100,",
  "A-2,みかん,90,",
  "A-3,ぶどう,300,",
  "N-1,新しい商品,500,",
  "A-4,もう一つ,abc,",
].join("\r\n");

describe("the upload worker, a goods file", () => {
  it("reads, checks, diffs, downloads and plans", async () => {
    expect((await ask({ type: "read", kind: "goods", source: { type: "text", text } })).type).toBe("preview");
    const checked = await ask({ type: "check", lookups });
    expect(checked.type === "checked" && checked.summary.errorRows).toBe(1);

    const needs = await ask({ type: "goods-needs" });
    if (needs.type !== "goods-needs") throw new Error(needs.type);
    expect(needs.needs.codes).toEqual(["A-1", "A-2", "A-3", "N-1", "A-4"]);
    expect(needs.needs.notCompared.map((c) => c.column)).toEqual(["hs_code"]);

    // The row in error (line 6, a price that is no number) is a new goods until it is left out.
    const whole = await ask({ type: "goods-diff", current, excludeErrors: false });
    if (whole.type !== "goods-diff") throw new Error(whole.type);
    expect(whole.view.counts).toMatchObject({ new: 2, changed: 2, unchanged: 1, excluded: 0, deleted: 1, cells: 2 });
    const left = await ask({ type: "goods-diff", excludeErrors: true });
    if (left.type !== "goods-diff") throw new Error(left.type);
    const { view } = left;
    expect(view.counts).toMatchObject({ rows: 5, new: 1, changed: 2, unchanged: 1, excluded: 1, skipped: 0, cells: 2 });
    expect([0, 1].map((i) => goodsChangeAt(view, i))).toEqual([
      { line: 2, code: "A-1", column: "syohin_name", old: "りんご", new: "りんご（大）", deleted: false },
      { line: 3, code: "A-2", column: "baika_tnk", old: "80", new: "90", deleted: true },
    ]);
    expect(goodsCreatedAt(view, 0)).toEqual({ line: 5, code: "N-1" });
    expect(view.deleted).toEqual([{ code: "A-2", line: 3 }]);
    expect(view.notCompared[0]?.reason.en).toMatch(/HS code/);

    const ja = await ask({ type: "goods-diff-csv", locale: "ja", excludeErrors: true });
    const en = await ask({ type: "goods-diff-csv", locale: "en", excludeErrors: true });
    if (ja.type !== "goods-diff-csv" || en.type !== "goods-diff-csv") throw new Error("no csv");
    expect(ja.csv.split("\r\n")[0]).toBe("\ufeff商品コード,行,区分,列,項目,変更前,変更後");
    expect(en.csv).toContain("A-1,2,Changed,syohin_name,");
    expect(en.csv).toContain("りんご,りんご（大）");
    expect(en.csv).toContain("N-1,5,New");
    expect(en.csv).not.toContain("A-4");

    const batches = await ask({ type: "batches", excludeErrors: true });
    if (batches.type !== "batches") throw new Error(batches.type);
    const plan = readGoodsPlanCsv(batches.prepared.plan ?? "");
    if (!plan.ok) throw new Error(plan.reason.en);
    expect(plan.plan.created).toEqual([{ code: "N-1", line: 5 }]);
    expect(plan.plan.changed).toEqual([
      { code: "A-1", line: 2, deleted: false, changes: [{ column: "syohin_name", old: "りんご", new: "りんご（大）" }] },
      { code: "A-2", line: 3, deleted: true, changes: [{ column: "baika_tnk", old: "80", new: "90" }] },
    ]);
    expect(batches.prepared.excludedLines).toEqual([6]);
  });

  it("refuses to prepare a goods file's batches before its goods are read (no plan, no send)", async () => {
    await ask({ type: "read", kind: "goods", source: { type: "text", text: "syohin_code,syohin_name\r\nB-1,x\r\n" } });
    await ask({ type: "check", lookups });
    const answer = await ask({ type: "batches", excludeErrors: false });
    expect(answer).toEqual({ type: "failed", message: "goods diff before the goods are read" });
  });
});

describe("the upload worker, a warehouse stock file", () => {
  it("says what sending changes in the stock: rows in error and refused warnings change nothing, a new pair is linked", async () => {
    const { stockLookups } = await import("@/lib/csv");
    const stock = stockLookups(new Set(["東京", "大阪"]), new Set(["G-1", "G-2", "G-3"]), [
      { warehouseName: "東京", code: "G-1", quantity: 10, allocated: 0 },
      { warehouseName: "東京", code: "G-2", quantity: 3, allocated: 0 },
    ]);
    const file = [
      "kyoten_mei,syohin_code,kasan_su,gensan_su",
      "東京,G-1,5,", // +5
      "東京,G-1,,2", // −2
      "東京,G-2,,9", // below 0: a warning, refused alone: no change
      "東京,G-2,x,", // an error: no change
      "大阪,G-3,4,", // links G-3 to 大阪 with 4
    ].join("\r\n");
    expect((await ask({ type: "read", kind: "warehouse-stock", source: { type: "text", text: file } })).type).toBe("preview");
    const checked = await ask({ type: "check", lookups: stock });
    if (checked.type !== "checked") throw new Error(checked.type);
    expect(checked.summary).toMatchObject({ errorRows: 1, warningRows: 1 });
    expect(checked.summary.stock).toEqual({
      pairs: 2,
      added: 7,
      subtracted: 0,
      linked: 1,
      unlinked: 0,
      rows: [
        { warehouse: "東京", code: "G-1", before: 10, change: 3, after: 13, link: null },
        { warehouse: "大阪", code: "G-3", before: 0, change: 4, after: 4, link: "link" },
      ],
    });
  });
});
