// The analytics numbers as a manager checks them: each view's CSV (exactly the table shown) against
// the sandbox's own answer for the same question, computed here from the API's searches (slips,
// rows, goods, stock, set goods), and a slip cancelled in the sandbox leaving the sales numbers at
// the next sync, which reads only what changed (the sandbox's call log: the records each search
// answered). The views' rules: lib/analytics/README.md.
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import Papa from "papaparse";
import { expect, sandboxUrl, SANDBOX_USERS, test } from "./fixtures";
import { freshCopy, lastDays, sandboxSales } from "./pages/analytics-copy";
import { callLogMark, callsSince, sandboxCall } from "./pages/sandbox-api";
import { ShellPage } from "./pages/shell-page";
import { dateConditions } from "../lib/board/period";
import ja from "../messages/ja.json";

test.use({ user: "manager", viewport: { width: 1440, height: 900 } });
// A sync of the company (the first one copies 13 months) before the pages.
test.describe.configure({ timeout: 300_000 });

const SLIPS = "/api_v1_receiveorder_base/search";
const ROWS = "/api_v1_receiveorder_row/search";
type Range = { from: string; to: string };

/** The CSV the view's "CSV" button saves, as records keyed by its (Japanese) headers. */
async function downloadCsv(page: Page): Promise<Record<string, string>[]> {
  const downloaded = page.waitForEvent("download");
  await page.getByRole("button", { name: ja.analytics.csv.button, exact: true }).click();
  const text = (await readFile(await (await downloaded).path(), "utf8")).replace(/^\uFEFF/, "");
  const parsed = Papa.parse<Record<string, string>>(text.trimEnd(), { header: true });
  expect(parsed.errors).toEqual([]);
  return parsed.data;
}

/** The digits of a shown number (`¥36,146` → 36146). */
const digits = (text: string) => Number(text.replace(/[^\d-]/g, ""));

/** The sales table's total line: orders and revenue as shown. */
async function salesTotals(page: Page): Promise<{ orders: number; revenue: number }> {
  const total = page.locator("tfoot tr").first().locator("th, td");
  await expect(total.first()).toBeVisible();
  return { orders: digits(await total.nth(1).innerText()), revenue: digits(await total.nth(2).innerText()) };
}

/** Units and row sub-totals per goods code of the period's slips that count (not cancelled; rows valid, not cancelled), from the API. */
async function sandboxGoodsSold(range: Range): Promise<Map<string, { units: number; revenue: number }>> {
  const params: Record<string, string> = { fields: "receive_order_id", "receive_order_cancel_type_id-eq": "0", limit: "10000" };
  for (const c of dateConditions(range)) params[`${c.field}-${c.op}`] = String(c.value);
  const slips = (await sandboxCall("manager", SLIPS, params)).data ?? [];
  expect(slips.length, "a page of the sandbox's slips holds the whole period").toBeLessThan(10_000);
  const ids = new Set(slips.map((s) => s.receive_order_id!));
  const sold = new Map<string, { units: number; revenue: number }>();
  if (ids.size === 0) return sold;
  const numeric = [...ids].map(Number);
  const rows =
    (
      await sandboxCall("manager", ROWS, {
        fields: "receive_order_row_receive_order_id,receive_order_row_goods_id,receive_order_row_quantity,receive_order_row_sub_total_price,receive_order_row_cancel_flag,receive_order_row_deleted_flag",
        "receive_order_row_receive_order_id-gte": String(Math.min(...numeric)),
        "receive_order_row_receive_order_id-lte": String(Math.max(...numeric)),
        limit: "10000",
      })
    ).data ?? [];
  expect(rows.length, "a page of the sandbox's rows holds the period's").toBeLessThan(10_000);
  for (const r of rows) {
    if (!ids.has(r.receive_order_row_receive_order_id!) || r.receive_order_row_deleted_flag !== "1" || r.receive_order_row_cancel_flag === "1") continue;
    const goods = r.receive_order_row_goods_id!;
    const seen = sold.get(goods) ?? { units: 0, revenue: 0 };
    seen.units += Number(r.receive_order_row_quantity ?? 0);
    seen.revenue += Number(r.receive_order_row_sub_total_price ?? 0);
    sold.set(goods, seen);
  }
  return sold;
}

/** Free stock of all warehouses per goods code, from the API. */
async function sandboxFree(): Promise<Map<string, number>> {
  const stock = (await sandboxCall("manager", "/api_v1_master_stock/search", { fields: "stock_goods_id,stock_free_quantity", limit: "10000" })).data ?? [];
  expect(stock.length).toBeGreaterThan(0);
  return new Map(stock.map((s) => [s.stock_goods_id!, Number(s.stock_free_quantity ?? 0)]));
}

test("goods performance: the ranking's CSV holds every goods code sold in the period, with the API's units and row sub-totals", async ({ page, baseURL }) => {
  await freshCopy(page, baseURL ?? "");
  // Ten days: fewer goods codes than the largest ranking (1,000) shows.
  const range = lastDays(10);
  const shell = new ShellPage(page);
  await shell.gotoSettled(`/analytics/goods?from=${range.from}&to=${range.to}&top=1000`);
  await expect(page.locator("tbody tr").first()).toBeVisible();
  const expected = await sandboxGoodsSold(range);
  expect(expected.size).toBeGreaterThan(10);
  expect(expected.size, "the top 1,000 holds every goods code sold").toBeLessThanOrEqual(1000);

  const c = ja.analytics.columns;
  const rows = await downloadCsv(page);
  expect(rows.map((r) => r[c.goodsId]).sort()).toEqual([...expected.keys()].sort());
  for (const r of rows) expect({ goods: r[c.goodsId], units: Number(r[c.units]), revenue: Number(r[c.goodsRevenue]) }).toEqual({ goods: r[c.goodsId], ...expected.get(r[c.goodsId]!) });
  // Ranked by units, most first.
  const units = rows.map((r) => Number(r[c.units]));
  expect(units).toEqual([...units].sort((a, b) => b - a));
});

test("reorder list and sellable sets: their CSVs against the API's goods, stock, set goods and the last 30 days' rows", async ({ page, baseURL }) => {
  await freshCopy(page, baseURL ?? "");
  const shell = new ShellPage(page);

  // What the reorder list must hold, from the API: goods at or below their reorder point, or with
  // under 14 days of cover at the last 30 days' pace.
  const goods = (await sandboxCall("manager", "/api_v1_master_goods/search", { fields: "goods_id,goods_order_point,goods_stock_constant,goods_lot,goods_deleted_flag", limit: "10000" })).data ?? [];
  const free = await sandboxFree();
  const sold = await sandboxGoodsSold(lastDays(30));
  const expected = new Map<string, { free: number; orderPoint: number | null; suggested: number; dailyUnits: number }>();
  for (const g of goods) {
    if (g.goods_deleted_flag === "1") continue;
    const f = free.get(g.goods_id!) ?? 0;
    const point = g.goods_order_point === null || g.goods_order_point === "" ? null : Number(g.goods_order_point);
    const units = sold.get(g.goods_id!)?.units ?? 0;
    const belowPoint = point !== null && point > 0 && f <= point;
    const fast = units > 0 && Math.max(f, 0) * 30 < units * 14;
    if (!belowPoint && !fast) continue;
    const lot = Math.max(Number(g.goods_lot || 1), 1);
    const suggested = Math.ceil(Math.max(Number(g.goods_stock_constant || 0) - f, 0) / lot) * lot;
    expected.set(g.goods_id!, { free: f, orderPoint: point, suggested, dailyUnits: Math.round((units / 30) * 100) / 100 });
  }
  expect(expected.size, "the sandbox has goods to reorder").toBeGreaterThan(0);

  await shell.gotoSettled("/stock/reorder");
  await expect(page.locator("main table tbody tr").first()).toBeVisible();
  // A page of the list at a time (100 rows), the CSV holds them all.
  await expect(page.locator("main table tbody tr")).toHaveCount(Math.min(expected.size, 100));
  const rc = ja.stockAnalytics.reorder.col;
  const reorder = await downloadCsv(page);
  expect(reorder.map((r) => r[rc.goodsId]).sort()).toEqual([...expected.keys()].sort());
  for (const r of reorder) {
    const id = r[rc.goodsId]!;
    expect({ id, free: Number(r[rc.free]), orderPoint: r[rc.orderPoint] === "" ? null : Number(r[rc.orderPoint]), suggested: Number(r[rc.suggested]), dailyUnits: Number(r[rc.dailyUnits]) }).toEqual({ id, ...expected.get(id) });
  }

  // Sellable sets: the minimum over each set's components of floor(free / quantity per set).
  const setRows = (await sandboxCall("manager", "/api_v1_master_setgoods/search", { fields: "set_goods_id,set_goods_detail_goods_id,set_goods_detail_quantity", limit: "10000" })).data ?? [];
  const sellable = new Map<string, number>();
  for (const s of setRows) {
    const quantity = Number(s.set_goods_detail_quantity ?? 0);
    const can = quantity > 0 ? Math.floor(Math.max(free.get(s.set_goods_detail_goods_id!) ?? 0, 0) / quantity) : Infinity;
    sellable.set(s.set_goods_id!, Math.min(sellable.get(s.set_goods_id!) ?? Infinity, can));
  }
  expect(sellable.size, "the sandbox has set goods").toBeGreaterThan(0);
  await shell.gotoSettled("/stock/sets");
  await expect(page.locator("main table tbody tr").first()).toBeVisible();
  const sc = ja.stockAnalytics.sets.col;
  const sets = await downloadCsv(page);
  expect(Object.fromEntries(sets.map((r) => [r[sc.setId]!, Number(r[sc.sellable])]))).toEqual(
    Object.fromEntries([...sellable].map(([id, n]) => [id, Number.isFinite(n) ? n : 0])),
  );
});

test("a slip cancelled in the sandbox leaves the sales numbers at the next sync, which reads only the changed slip", async ({ page, baseURL }) => {
  await freshCopy(page, baseURL ?? "");
  const range = lastDays(60);
  const shell = new ShellPage(page);
  const view = `/analytics/sales?from=${range.from}&to=${range.to}&by=month`;
  await shell.gotoSettled(view);
  const before = await salesTotals(page);
  expect(before).toEqual(await sandboxSales("manager", range));

  // The newest live slip of the period with an amount, cancelled as a person does on the main screen.
  const params: Record<string, string> = { fields: "receive_order_id,receive_order_total_amount", "receive_order_cancel_type_id-eq": "0", "receive_order_total_amount-gt": "0", limit: "10000" };
  for (const cond of dateConditions(range)) params[`${cond.field}-${cond.op}`] = String(cond.value);
  const live = (await sandboxCall("manager", SLIPS, params)).data ?? [];
  const slip = live.at(-1)!;
  expect(slip).toBeTruthy();
  const mark = await callLogMark();
  const res = await fetch(`${sandboxUrl}/__sandbox/orders/${slip.receive_order_id}/cancel`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ login_code: SANDBOX_USERS.manager.login }),
  });
  expect(res.status, await res.text()).toBe(200);

  await freshCopy(page, baseURL ?? "");
  // The incremental sync asked for the slips changed since its mark: a handful, not the 13 months.
  const slipReads = await callsSince(mark, SLIPS);
  expect(slipReads.length).toBeGreaterThanOrEqual(1);
  const read = slipReads.reduce((n, c) => n + (c.rows ?? 0), 0);
  expect(read).toBeGreaterThanOrEqual(1);
  expect(read).toBeLessThan(live.length);

  await page.reload();
  const after = await salesTotals(page);
  expect(after).toEqual({ orders: before.orders - 1, revenue: before.revenue - Number(slip.receive_order_total_amount) });
  expect(after).toEqual(await sandboxSales("manager", range));

  // With cancelled slips counted, the slip is back in the numbers.
  await shell.gotoSettled(`${view}&cancelled=1`);
  await expect.poll(async () => (await salesTotals(page)).orders).toBeGreaterThan(after.orders);
});
