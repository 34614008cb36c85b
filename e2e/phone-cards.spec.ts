import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { CardsGridPage } from "./pages/grid-cards";
import { ROWS_TIMEOUT } from "./pages/grid-page";
import { sandboxCall, sandboxCount } from "./pages/sandbox-api";

// Issue 34, deliverables 5 and 6 (the offline part): on a phone (390 × 844) every grid shows each
// record as a card (its key, the fields its definition marks as summary, its status badge), with
// the same paging, selection and drawer; the toolbar is one row; nothing scrolls sideways. Offline,
// the grid says so over the rows, which it marks as the previous filter's; back online, the new
// rows. Expectations come from the sandbox's API (newest first: the last record in key order first).

const PHONE = { width: 390, height: 844 };
const ORDERS = "/api_v1_receiveorder_base";
const P = "receive_order_";

test.use({ viewport: PHONE, hasTouch: true });
// Each story walks several pages on a 2-core machine shared with builds: more than the default minute.
test.describe.configure({ timeout: 300_000 });

/** The newest records first, as the grid pages them: record `index` from the end of the API's order. */
async function newest(path: string, fields: readonly string[], index: number, conditions: Record<string, string> = {}): Promise<Record<string, string | null>> {
  const total = await sandboxCount("staff", `${path}/count`, conditions);
  const answer = await sandboxCall("staff", `${path}/search`, { ...conditions, fields: fields.join(","), offset: String(total - 1 - index), limit: "1" });
  const row = answer.data?.[0];
  if (!row) throw new Error(`no record ${index} from the end of ${path}`);
  return row;
}

const grouped = (raw: string | null | undefined) => Number(raw ?? "0").toLocaleString("en-US");

async function expectAxeClean(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(serious).toEqual([]);
}

for (const locale of ["ja", "en"] as const) {
  test.describe(`phone cards (${locale})`, () => {
    test.use({ locale: locale === "ja" ? "ja-JP" : "en-US" });

    test("orders: cards with status and total, one toolbar row, no sideways scroll, tap and keyboard open the drawer, paging", async ({ page }) => {
      const orders = new CardsGridPage(page, "/orders", locale);
      await orders.goto();
      const fields = [`${P}id`, `${P}total_amount`, `${P}purchaser_name`, `${P}order_status_id`];
      const first = await newest(ORDERS, fields, 0);
      const second = await newest(ORDERS, fields, 1);

      await test.step("cards, not the table: the newest slip first with its status, purchaser and total", async () => {
        await expect(orders.anyGrid).toHaveCount(0);
        await orders.expectFirstCard(String(first[`${P}id`]));
        const card = orders.card(0);
        await expect(card.locator("[data-card-status]")).not.toHaveText("");
        expect(await orders.cardField(card, `${P}total_amount`)).toContain(grouped(first[`${P}total_amount`]));
        expect(await orders.cardField(card, `${P}purchaser_name`)).toBe(first[`${P}purchaser_name`] ?? "");
        await expect(orders.cards).toHaveCount(Math.min(100, await orders.total()));
        await orders.expectNoSidewaysScroll();
        await page.screenshot({ path: test.info().outputPath(`orders-cards-390-${locale}.png`) });
      });

      await test.step("the toolbar is one row", async () => {
        const boxes = (await orders.toolbarButtonBoxes()).filter((b) => b.box.y < 400);
        expect(boxes.length).toBeGreaterThan(1);
        const centres = boxes.map((b) => Math.round(b.box.y + b.box.height / 2));
        expect(Math.max(...centres) - Math.min(...centres), JSON.stringify(boxes)).toBeLessThanOrEqual(4);
      });

      await test.step("the card's status is the table's: wider than a phone, the same slip's row says the same", async () => {
        const status = (await orders.card(0).locator("[data-card-status]").textContent())?.trim();
        await page.setViewportSize({ width: 1440, height: 900 });
        const row = orders.row(String(first[`${P}id`]));
        await expect(row).toBeVisible();
        expect(await orders.cellText(row, `${P}order_status_id`)).toBe(status);
        await page.setViewportSize(PHONE);
        await orders.expectFirstCard(String(first[`${P}id`]));
      });

      await test.step("a tap opens the drawer; Esc closes it and gives focus back to the card", async () => {
        await orders.card(0).tap();
        await orders.waitForDrawer();
        await expect(orders.drawerTitle).toContainText(String(first[`${P}id`]));
        await orders.expectInsideViewport(orders.drawer, "drawer");
        await orders.closeDrawer();
        await expect(orders.card(0)).toBeFocused();
      });

      await test.step("keyboard: one tab stop, ↓ to the next card, Enter opens it, Space selects it", async () => {
        await expect(orders.cards.and(page.locator('[tabindex="0"]'))).toHaveCount(1);
        await page.keyboard.press("ArrowDown");
        await expect(orders.card(1)).toBeFocused();
        await expect(orders.card(1)).toHaveAttribute("tabindex", "0");
        await expect(orders.card(0)).toHaveAttribute("tabindex", "-1");
        await page.keyboard.press("Enter");
        await orders.waitForDrawer();
        await expect(orders.drawerTitle).toContainText(String(second[`${P}id`]));
        await orders.closeDrawer();
        await expect(orders.card(1)).toBeFocused();
        await page.keyboard.press(" ");
        await expect(orders.checkbox(String(second[`${P}id`]))).toBeChecked();
        await expect(orders.selectionCount(1)).toBeVisible();
        await expect(orders.drawer).toHaveCount(0);
        await expectAxeClean(page);
      });

      await test.step("paging: the next page's first card is the 101st newest slip", async () => {
        const next = await newest(ORDERS, [`${P}id`], 100);
        await orders.goToPage("next");
        await orders.expectFirstCard(String(next[`${P}id`]));
        await orders.expectNoSidewaysScroll();
      });
    });

    test("offline: a new filter says so over the previous filter's rows, marked; back online, the new rows", async ({ page, context, consoleErrors }) => {
      // Offline, the browser's own request for the tab's icon fails; nothing of the grid's may.
      consoleErrors.allow(/ERR_INTERNET_DISCONNECTED \(http:\/\/localhost:\d+\/(icon\.svg|favicon\.ico)\)/);
      const orders = new CardsGridPage(page, "/orders", locale);
      await orders.goto();
      const first = await newest(ORDERS, [`${P}id`], 0);
      await orders.expectFirstCard(String(first[`${P}id`]));
      const canceled = await newest(ORDERS, [`${P}id`], 0, { [`${P}cancel_type_id-neq`]: "0" });

      // The sheet's code loads on first use: once online, as a person would have opened it before.
      await orders.openFiltersSheet();
      await orders.closeFiltersSheet();
      await context.setOffline(true);
      await orders.openFiltersSheet();
      await orders.toggleQuickFilter(orders.messages.orders.quick.cancel, orders.messages.orders.quick.cancelCanceled);
      await orders.closeFiltersSheet();
      const banner = orders.networkBanner("offline");
      await expect(banner).toBeVisible();
      await expect(banner).toContainText(orders.messages.grid.network.offline);
      await expect(banner.getByText(orders.messages.grid.network.previous, { exact: true })).toBeVisible();
      // The rows are still the previous filter's, dimmed and busy.
      await expect(orders.card(0)).toHaveAttribute("data-card", String(first[`${P}id`]));
      await expect(orders.cardList).toHaveAttribute("aria-busy", "true");
      await expect(page.locator("[data-grid-cards]")).toHaveAttribute("data-previous-rows", "true");
      expect(await page.locator("[data-grid-cards]").evaluate((el) => getComputedStyle(el).filter)).toContain("grayscale");
      await page.screenshot({ path: test.info().outputPath(`orders-offline-390-${locale}.png`) });
      await expectAxeClean(page);

      await context.setOffline(false);
      await orders.expectFirstCard(String(canceled[`${P}id`]));
      await expect(banner).toHaveCount(0);
      await expect(orders.previousRowsLabel).toHaveCount(0);
      await orders.expectTotal(await sandboxCount("staff", `${ORDERS}/count`, { [`${P}cancel_type_id-neq`]: "0" }));
    });
  });
}

test("goods and stock: cards with the goods name and price, and the stock's name and free quantity", async ({ page }) => {
  const goods = new CardsGridPage(page, "/goods");
  await goods.goto();
  const item = await newest("/api_v1_master_goods", ["goods_id", "goods_name", "goods_selling_price"], 0);
  await goods.expectFirstCard(String(item.goods_id));
  expect(await goods.cardField(goods.card(0), "goods_name")).toBe(item.goods_name ?? "");
  expect(await goods.cardField(goods.card(0), "goods_selling_price")).toContain(grouped(item.goods_selling_price));
  await goods.expectNoSidewaysScroll();
  await page.screenshot({ path: test.info().outputPath("goods-cards-390.png") });

  const stock = new CardsGridPage(page, "/stock");
  await stock.goto();
  const row = await newest("/api_v1_master_stock", ["stock_goods_id", "stock_free_quantity"], 0);
  const name = (await sandboxCall("staff", "/api_v1_master_goods/search", { fields: "goods_name", "goods_id-eq": String(row.stock_goods_id) })).data?.[0]?.goods_name ?? "";
  await stock.expectFirstCard(String(row.stock_goods_id));
  // The goods name comes with the page's goods join, after the rows.
  await expect(stock.card(0).locator('[data-field="stock_goods_id"]')).toContainText(name, { timeout: ROWS_TIMEOUT });
  expect(await stock.cardField(stock.card(0), "stock_free_quantity")).toBe(grouped(row.stock_free_quantity));
  await stock.expectNoSidewaysScroll();
  await page.screenshot({ path: test.info().outputPath("stock-cards-390.png") });
});

test("slow: a request running past three seconds says so over the grid (Playwright's clock)", async ({ page }) => {
  await page.clock.install();
  const orders = new CardsGridPage(page, "/orders");
  await orders.goto();
  // Hold the next count the grid asks for until the story lets it go.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/ne/api_v1_receiveorder_base/count", async (route) => {
    await held;
    await route.continue();
  });
  await orders.openFiltersSheet();
  // Time stands still from here: only the story moves it.
  await page.clock.pauseAt(Date.now() + 2_000);
  await orders.toggleQuickFilter(orders.messages.orders.quick.cancel, orders.messages.orders.quick.cancelValid);
  const banner = orders.networkBanner("slow");
  // The sheet is modal: the list is found by its place, not its role, while it is open.
  await expect(orders.cardListBehindModal).toHaveAttribute("aria-busy", "true");
  await page.clock.runFor(2_000);
  await expect(banner).toHaveCount(0);
  await page.clock.runFor(1_100);
  await expect(banner).toBeVisible();
  await expect(banner).toContainText(orders.messages.grid.network.slow);
  await expect(banner.getByText(orders.messages.grid.network.previous, { exact: true })).toBeVisible();
  await page.clock.resume();
  await orders.closeFiltersSheet();
  release();
  await expect(banner).toHaveCount(0, { timeout: ROWS_TIMEOUT });
  await orders.expectTotal(await sandboxCount("staff", `${ORDERS}/count`, { [`${P}cancel_type_id-eq`]: "0" }));
});
