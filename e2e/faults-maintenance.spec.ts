// The API in maintenance (003004, as the sandbox's fault controls answer it) while shop staff work:
// a filter change on the orders grid, and a stock upload. Maintenance keeps the person's work
// and picks up again by itself: the grid says "maintenance" at once (no quick retries), keeps the
// new filter, and loads its result once maintenance is over without anyone pressing a button; an
// upload batch turned away by maintenance stays stored (never "result unknown"), nothing is
// queued, and it is sent by itself once maintenance is over, the file applied exactly once.
import { expect, failedResource, test } from "./fixtures";
import { OrdersPage } from "./pages/orders-page";
import { addFault, callLogMark, callsSince, clearFaults, sandboxCount } from "./pages/sandbox-api";
import { escapeRegExp, format } from "./pages/messages";
import {
  expectedQuantities,
  fill,
  journalFiles,
  pairKey,
  queJobCount,
  stockPairs,
  stockQuantities,
  stockRows,
  UploadsPage,
  warehouseStockCsv,
} from "./pages/uploads-page";
import ja from "../messages/ja.json";
import { MAINTENANCE_RETRY_S, MAINTENANCE_SEND_DELAYS_MS } from "../lib/query/maintenance";

const SEARCH = "/api_v1_receiveorder_base/search";
const COUNT = "/api_v1_receiveorder_base/count";
const BFF_ORDERS = "/api/ne/api_v1_receiveorder_base/";
const UPLOAD = "/api_v1_warehouse_stock/upload";
const STATUS = "receive_order_order_status_id";
const SHIPPED = `?f=${STATUS}.in:50&size=50`;
const MAINTENANCE = { kind: "error" as const, code: "003004" };
/** What React logs for the failure the grid's error boundary caught: the sandbox's maintenance message. */
const caught = /^console: BffError: .*(メンテナンス|maintenance)/;
const run = Date.now().toString(36);

test.use({ viewport: { width: 1440, height: 900 } });
test.describe.configure({ timeout: 180_000 });
test.afterEach(async () => {
  await clearFaults();
});

test("grid: maintenance during a filter change says so at once, keeps the filter, and loads its result by itself once it is over", async ({ page, consoleErrors }) => {
  consoleErrors.allow(failedResource(503, BFF_ORDERS), caught);
  // The page's clock runs as usual; the story moves it to the end of the countdown.
  await page.clock.install();
  const orders = new OrdersPage(page);
  await orders.goto(SHIPPED);
  await orders.total();
  // The work-queue tabs' counts are all in first, so the calls counted below are the new filter's only.
  await orders.waitForQueueCounts();
  const both = { [`${STATUS}-in`]: "20,50" };
  const expected = await sandboxCount("staff", COUNT, both);

  const mark = await callLogMark();
  await addFault({ ...MAINTENANCE, path: COUNT });
  await addFault({ ...MAINTENANCE, path: SEARCH });
  await orders.chooseQuickFilter(ja.orders.quick.status, ["納品書印刷待ち"]);

  const panel = orders.errorPanel;
  await expect(panel).toBeVisible({ timeout: 30_000 });
  await expect(panel).toHaveAttribute("data-error-kind", "maintenance");
  await expect(panel).toContainText(ja.query.maintenance.title);
  await expect(panel).toContainText(ja.query.error.maintenance);
  await expect(panel).toContainText(ja.query.maintenance.kept);
  await expect(panel).toContainText(format(ja.query.error.code, { code: "003004" }));
  await expect(panel.getByRole("status")).toContainText(new RegExp(escapeRegExp(ja.query.maintenance.countdown).replace("\\{seconds\\}", "\\d+")));
  await expect(panel.getByRole("button", { name: ja.query.maintenance.retryNow })).toBeVisible();
  // Never shown as "nothing here", and the person's filter is kept (the address and its chip).
  await expect(orders.emptyStates).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`f=${STATUS}\\.in(%3A|:)20(%2C|,)50`));
  // Maintenance is not asked again at once: one call of the new count until the countdown ends.
  expect((await callsSince(mark, COUNT)).length).toBe(1);

  // Maintenance ends; nobody presses anything, and the countdown runs out.
  await clearFaults();
  await page.clock.fastForward(MAINTENANCE_RETRY_S * 1000);
  await expect(orders.state("ready")).toBeVisible({ timeout: 45_000 });
  await orders.expectTotal(expected);
  await orders.waitForRows();
  await expect(orders.errorPanel).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`f=${STATUS}\\.in(%3A|:)20(%2C|,)50`));
});

test("upload: a batch turned away by maintenance stays stored (nothing queued, never 'unknown') and is sent by itself once it is over; the file is applied once", async ({ page, consoleErrors }) => {
  // A maintenance answer is the send route's 503 (the batch back to "stored"), which the page handles.
  consoleErrors.allow(failedResource(503, "/send"));
  // The page's clock runs as usual; the story moves it past the page's wait before it sends again.
  await page.clock.install();
  const t = ja.uploads;
  const pairs = await stockPairs("staff", 6);
  const rows = stockRows(pairs, 3001, `e2eメンテナンス ${run}`);
  const before = await stockQuantities("staff", pairs);
  const fileName = `maintenance-${run}.csv`;
  const uploads = new UploadsPage(page);
  await uploads.goto();
  await uploads.drop("warehouse-stock", { name: fileName, mimeType: "text/csv", buffer: warehouseStockCsv(rows) });
  const card = uploads.card(fileName);
  await card.expectClean(3001);
  const jobsBefore = await queJobCount("staff");

  await addFault({ ...MAINTENANCE, path: UPLOAD });
  const mark = await callLogMark();
  await card.sendButton.click();

  const status = card.root.getByRole("status").filter({ hasText: new RegExp(fill(t.progress.maintenance, { batch: 1, total: 2, seconds: 999 }).split("999").map(escapeRegExp).join("\\d+")) });
  await expect(status).toBeVisible({ timeout: 60_000 });
  await expect(card.root.getByRole("button", { name: t.send.sendNow })).toBeVisible();
  await expect(card.batchRows).toHaveCount(2);
  await card.expectBatchState(card.batchRows.nth(0), "stored");
  await card.expectBatchState(card.batchRows.nth(1), "stored");
  const [entry] = await journalFiles(page.request, fileName);
  expect(entry?.batches.map((b) => b.state)).toEqual(["stored", "stored"]);
  expect((await callsSince(mark, UPLOAD)).length).toBe(1);
  expect(await queJobCount("staff")).toBe(jobsBefore);

  // Maintenance ends; the page sends the batch again by itself once its wait is over.
  await clearFaults();
  await page.clock.fastForward(MAINTENANCE_SEND_DELAYS_MS[0]!);
  await card.expectAllDone(2, 90_000);
  await expect(card.root.getByRole("alert")).toHaveCount(0);
  for (const b of (await journalFiles(page.request, fileName))[0]?.batches ?? []) expect(b.state).toBe("done");
  expect((await callsSince(mark, UPLOAD)).length).toBe(3);
  expect(await queJobCount("staff")).toBe(jobsBefore + 2);
  const after = await stockQuantities("staff", pairs);
  const want = expectedQuantities(before, rows);
  for (const p of pairs) expect(after.get(pairKey(p.warehouseId, p.goodsCode)), p.goodsCode).toBe(want.get(pairKey(p.warehouseId, p.goodsCode)));
});
