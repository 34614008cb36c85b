// Stocktakes and undo against the real sandbox (its HTTP API and upload queue, minimal data of
// company 1): the look-ups through its search and count, the stocktake's upload sent batch by
// batch as the journal would, the stock read back equal to the counts, then the undo upload
// (checked like any file) bringing every warehouse stock back to what it was. The same for a
// warehouse-stock file that adds, subtracts, links and unlinks.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningSandbox } from "@/sandbox/server";
import { call, login, startTestSandbox, type Tokens } from "@/sandbox/test-support";
import { upload, waitForJob } from "@/sandbox/uploads/test-helpers";
import {
  checkUpload,
  computeStocktake,
  fetchLookups,
  fetchStocktakeStock,
  lookupNeeds,
  makeBatches,
  readBackStock,
  readCsvBytes,
  stockPlan,
  stockReport,
  stocktakeNeeds,
  stocktakeUpload,
  undoUpload,
  type CsvRead,
  type StockApi,
} from "./index";

const WS = "/api_v1_warehouse_stock/upload";
const WAREHOUSES = ["基本拠点", "東日本倉庫", "西日本倉庫"];
const GOODS = ["TSHIRT-WHT-M", "TSHIRT-BLK-L", "MUG-001", "TOWEL-002", "SOCKS-003"];

let sb: RunningSandbox;
let tokens: Tokens;
let api: StockApi;
let apiCalls = 0;

beforeAll(async () => {
  sb = await startTestSandbox();
  tokens = await login(sb.url);
  const params = (conditions: { field: string; op: string; value?: string | string[] }[] = []) =>
    Object.fromEntries(conditions.map((c) => [`${c.field}-${c.op}`, Array.isArray(c.value) ? c.value.join(",") : (c.value ?? "")]));
  api = {
    async search(path, req) {
      apiCalls++;
      const answer = await call(sb.url, path, { ...tokens, fields: req.fields.join(","), ...params(req.conditions), offset: req.offset, limit: req.limit });
      if (answer.result !== "success") throw new Error(`${path}: ${JSON.stringify(answer)}`);
      return { rows: answer.data ?? [] };
    },
    async count(path, req) {
      apiCalls++;
      const answer = await call(sb.url, path, { ...tokens, ...params(req.conditions) });
      if (answer.result !== "success") throw new Error(`${path}: ${JSON.stringify(answer)}`);
      return Number(answer.count);
    },
  };
});
afterAll(async () => {
  await sb?.close();
});

function read(text: string): CsvRead {
  const out = readCsvBytes(new TextEncoder().encode(text));
  if (!out.ok) throw new Error(out.refusal.reason.en);
  return out.read;
}

/** Every warehouse stock of the company's warehouses, as `warehouse\tcode` → "quantity/allocated". */
async function allStock(): Promise<Map<string, string>> {
  const s = await fetchStocktakeStock({ warehouseNames: WAREHOUSES, goodsCodes: GOODS }, api);
  const out = new Map<string, string>();
  for (let i = 0; i < s.size; i++) out.set(`${s.warehouse[i]}\t${s.code[i]}`, `${s.quantity[i]}/${s.allocated[i]}`);
  return out;
}

/**
 * A warehouse-stock upload as the page sends it: checked against fresh look-ups (no problem
 * expected), cut into batches, each sent once and followed to its queue result.
 */
async function send(text: string): Promise<void> {
  const r = read(text);
  const lookups = await fetchLookups("warehouse-stock", lookupNeeds("warehouse-stock", r), api);
  expect(checkUpload("warehouse-stock", r, lookups).problems).toEqual([]);
  for (const batch of makeBatches(r)) {
    const answer = await upload(sb.url, tokens, WS, new TextEncoder().encode(batch.text));
    expect(answer.result, JSON.stringify(answer)).toBe("success");
    const job = await waitForJob(sb.url, tokens, answer.que_id as string);
    expect([job.que_status_id, job.que_message]).toEqual(["2", null]);
  }
}

describe("a stocktake through the sandbox, then its undo", () => {
  it("every counted goods equals its count; unmentioned goods set to 0 where nothing is allocated; undo restores all", async () => {
    const original = await allStock();
    expect(original.get("東日本倉庫\tTSHIRT-WHT-M")).toBe("5/0");
    expect(original.get("基本拠点\tTSHIRT-BLK-L")).toBe("20/1");
    expect(original.has("東日本倉庫\tTSHIRT-BLK-L")).toBe(false);

    const file = read(
      [
        "倉庫名,商品コード,棚卸数",
        "東日本倉庫,TSHIRT-WHT-M,8", // 5 → 8
        "東日本倉庫,MUG-001,2", // 5 → 2
        "東日本倉庫,TSHIRT-BLK-L,4", // not linked → 4
        "東日本倉庫,TOWEL-002,0", // not linked, 0: nothing
        "基本拠点,TOWEL-002,40", // 40: nothing
        "基本拠点,MUG-001,25", // 30 (2 allocated) → 25
      ].join("\r\n"),
    );
    apiCalls = 0;
    const result = computeStocktake(file, await fetchStocktakeStock(stocktakeNeeds(file), api));
    expect(apiCalls).toBe(3); // the warehouse master, the stock of the two warehouses, which of their goods are deleted
    expect(result.problems).toEqual([]);
    expect(result.counts).toEqual({ error: 0, up: 2, down: 2, none: 2 });
    const up = stocktakeUpload(result, { unmentioned: "zero" });
    // Unmentioned: 東日本倉庫 SOCKS-003 (5) and 基本拠点 TSHIRT-WHT-M (10) go to 0; 基本拠点
    // TSHIRT-BLK-L and SOCKS-003 hold allocated stock and stay.
    expect(up.zeroed).toBe(2);
    expect(up.cannotZero.map((g) => `${g.warehouse}\t${g.code}`)).toEqual(["基本拠点\tSOCKS-003", "基本拠点\tTSHIRT-BLK-L"]); // in the stock's order (goods code)
    await send(up.text);

    const after = await allStock();
    for (const p of up.plan.rows) expect(Number(after.get(`${p.warehouse}\t${p.code}`)?.split("/")[0] ?? 0), `${p.warehouse} ${p.code}`).toBe(p.counted);
    expect(after.get("東日本倉庫\tTSHIRT-BLK-L")).toBe("4/0");
    expect(after.has("東日本倉庫\tTOWEL-002")).toBe(false);
    expect(after.get("基本拠点\tTSHIRT-BLK-L")).toBe("20/1");
    const report = stockReport(up.plan, await readBackStock(up.plan, api), "ja");
    expect([report.matched, report.mismatched]).toEqual([up.plan.rows.length, 0]);

    await send(undoUpload(up.plan).text);
    expect(await allStock()).toEqual(original);
  });
});

describe("a warehouse-stock upload through the sandbox, then its undo", () => {
  it("adds, subtracts, links and unlinks as planned; undo brings every stock back", async () => {
    const original = await allStock();
    const text = [
      "kyoten_mei,syohin_code,kasan_su,gensan_su,nyusyukko_riyu,kyoten_syohin_himoduke,kyoten_syohin_sakujyo",
      "西日本倉庫,TSHIRT-BLK-L,,,,a,", // link at 0
      "西日本倉庫,TOWEL-002,6,,入荷,,", // an addition links
      "西日本倉庫,SOCKS-003,,,,,d", // unlink (5, nothing allocated)
      "基本拠点,TSHIRT-WHT-M,3,,入荷,,",
      "基本拠点,MUG-001,,4,出荷,,",
    ].join("\r\n");
    const r = read(text);
    const plan = stockPlan(r, await fetchLookups("warehouse-stock", lookupNeeds("warehouse-stock", r), api));
    expect(plan.rows.map((p) => [p.code, p.change, p.linkedBefore, p.linkedAfter])).toEqual([
      ["TSHIRT-BLK-L", 0, false, true],
      ["TOWEL-002", 6, false, true],
      ["SOCKS-003", -5, true, false],
      ["TSHIRT-WHT-M", 3, true, true],
      ["MUG-001", -4, true, true],
    ]);
    await send(text);
    const report = stockReport(plan, await readBackStock(plan, api), "en");
    expect(report.rows.map((x) => [x.code, x.actual, x.match])).toEqual([
      ["TSHIRT-BLK-L", 0, true],
      ["TOWEL-002", 6, true],
      ["SOCKS-003", 0, true],
      ["TSHIRT-WHT-M", 13, true],
      ["MUG-001", 26, true],
    ]);
    expect(await allStock()).not.toEqual(original);

    await send(undoUpload(plan).text);
    expect(await allStock()).toEqual(original);
  });
});
