// Stories of the order status board, as a manager: each status card counts what the API itself
// counts (with and without a shop filter), the period lives in the URL, a newest slip opens on
// /orders, wall-screen mode for a TV, a refresh that fails keeps the numbers, and English only.
import { expect, test } from "./fixtures";
import { BoardPage } from "./pages/board-page";
import { OrdersPage } from "./pages/orders-page";
import { addFault, clearFaults, sandboxCall, sandboxCount } from "./pages/sandbox-api";
import { ShellPage } from "./pages/shell-page";
import ja from "../messages/ja.json";

const COUNT = "/api_v1_receiveorder_base/count";
const STATUS = "receive_order_order_status_id";
const DATE = "receive_order_date";

test.use({ user: "manager", viewport: { width: 1440, height: 900 } });

/** A day in Japan, `YYYY-MM-DD`, `offset` days from today. */
function jstDay(offset = 0): string {
  return new Date(Date.now() + 9 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);
}

function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/** The API's own count of one status over the days from-to (JST), and optionally some shops. */
function apiCount(status: string, from: string, to: string, shops?: readonly string[]): Promise<number> {
  return sandboxCount("manager", COUNT, {
    [`${STATUS}-eq`]: status,
    [`${DATE}-gte`]: `${from} 00:00:00`,
    [`${DATE}-lt`]: `${nextDay(to)} 00:00:00`,
    ...(shops ? { "receive_order_shop_id-in": shops.join(",") } : {}),
  });
}

test.describe("the order status board", () => {
  test("each status card counts what the API counts, in the classification list's order, also for one shop", async ({ page }) => {
    const board = new BoardPage(page);
    const from = jstDay(-29);
    const to = jstDay();
    await board.goto(`?period=custom&from=${from}&to=${to}`);

    const info = await sandboxCall("manager", "/api_v1_system_orderstatus/info", {});
    const statusIds = (info.data ?? []).map((row) => row.order_status_id ?? "");
    const shown = await board.counts();
    expect(shown.map(([id]) => id)).toEqual(statusIds);
    for (const [id, count] of shown) expect(count, `status ${id}`).toBe(await apiCount(id, from, to));
    expect(shown.some(([, count]) => count > 0)).toBe(true);

    await test.step("the newest slip of a status is the last one of the API's slip-number order", async () => {
      const [id, count] = shown.find(([, c]) => c > 0) ?? ["", 0];
      const answer = await sandboxCall("manager", "/api_v1_receiveorder_base/search", {
        fields: "receive_order_id",
        [`${STATUS}-eq`]: id,
        [`${DATE}-gte`]: `${from} 00:00:00`,
        [`${DATE}-lt`]: `${nextDay(to)} 00:00:00`,
        offset: String(count - 1),
        limit: "1",
      });
      await expect.poll(async () => (await board.slipIds(id))[0]).toBe(answer.data?.[0]?.receive_order_id ?? "none");
      await expect(board.slipLinks(id)).toHaveCount(Math.min(5, count));
    });

    await test.step("filtered to one shop", async () => {
      const shops = (await sandboxCall("manager", "/api_v1_master_shop/search", { fields: "shop_id,shop_name" })).data ?? [];
      const shop = shops[0];
      expect(shop).toBeDefined();
      await board.chooseShops([shop?.shop_name ?? ""]);
      await expect(page).toHaveURL(new RegExp(`shop=${shop?.shop_id}(&|$)`));
      await board.waitForCounts();
      const filtered = await board.counts();
      for (const [id, count] of filtered) expect(count, `status ${id}, shop ${shop?.shop_id}`).toBe(await apiCount(id, from, to, [shop?.shop_id ?? ""]));
      expect(filtered.reduce((sum, [, c]) => sum + c, 0)).toBeLessThan(shown.reduce((sum, [, c]) => sum + c, 0));
    });
  });

  test("the period goes in the URL and survives a reload", async ({ page }) => {
    const board = new BoardPage(page);
    await board.goto();
    await expect(board.periodButton("last7")).toHaveAttribute("aria-pressed", "true");
    await board.periodButton("today").click();
    await expect(page).toHaveURL(/period=today/);
    await page.reload();
    await board.waitForCounts();
    await expect(board.periodButton("today")).toHaveAttribute("aria-pressed", "true");
    const today = jstDay();
    for (const [id, count] of await board.counts()) expect(count, `status ${id} today`).toBe(await apiCount(id, today, today));

    await board.periodButton("custom").click();
    const from = jstDay(-3);
    await board.fromDate.fill(from);
    await expect(page).toHaveURL(new RegExp(`period=custom.*from=${from}|from=${from}.*period=custom`));
    await page.reload();
    await board.waitForCounts();
    await expect(board.periodButton("custom")).toHaveAttribute("aria-pressed", "true");
    await expect(board.fromDate).toHaveValue(from);
    await expect(board.chartRows).toHaveCount(4);
  });

  test("a longer period than the chart can count says so", async ({ page }) => {
    const board = new BoardPage(page);
    await board.goto(`?period=custom&from=${jstDay(-59)}&to=${jstDay()}`);
    await expect(page.getByText(ja.board.chart.truncated.replace("{total}", "60").replace("{max}", "31"))).toBeVisible();
    await expect(board.chartRows).toHaveCount(31);
  });

  test("a newest slip opens that slip's drawer on /orders", async ({ page }) => {
    const board = new BoardPage(page);
    await board.goto("?period=30d");
    const link = board.slipLinks().first();
    const id = await board.slipId(link);
    expect(id).toMatch(/^\d+$/);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/orders\\?open=${id}$`));
    const orders = new OrdersPage(page);
    await expect(orders.drawerTitle).toContainText(id);
  });

  test("wall-screen mode hides the navigation, Esc brings it back, and a TV can open it directly", async ({ page }) => {
    const board = new BoardPage(page);
    const shell = new ShellPage(page);
    await board.goto();
    await expect(shell.primaryNav).toBeVisible();
    await board.wallButton.click();
    await expect(page).toHaveURL(/wall=1/);
    await expect(shell.primaryNav).toBeHidden();
    await expect(page.getByRole("banner")).toBeHidden();
    await expect(board.countOf(board.cards.first())).toHaveCSS("font-size", "72px");
    await page.keyboard.press("Escape");
    await expect(page).not.toHaveURL(/wall=1/);
    await expect(shell.primaryNav).toBeVisible();
    await expect(page.getByRole("banner")).toBeVisible();

    await board.pressWallShortcut();
    await expect(page).toHaveURL(/wall=1/);
    await expect(shell.primaryNav).toBeHidden();

    await page.goto("/board?wall=1");
    await board.waitForCounts();
    await expect(shell.primaryNav).toBeHidden();
    await expect(board.wallButton).toHaveText(ja.board.wall.exit);
  });

  test("a failing refresh keeps the numbers and says so, and Retry recovers", async ({ page }) => {
    const board = new BoardPage(page);
    await board.goto();
    const before = await board.counts();
    const updatedAt = await board.updatedAt();
    await addFault({ path: COUNT, kind: "http500" });
    try {
      await board.refreshNowButton.click();
      // Long: the failed counts are retried with backoff before the refresh is called failed.
      await expect(board.errorPanel).toBeVisible({ timeout: 30_000 });
      await expect(board.errorPanel).toContainText(ja.board.refresh.failed.split("{time}")[0] ?? "");
      expect(await board.counts()).toEqual(before);
      await expect(board.countOf(board.cards.first())).toBeVisible();
      // The time shown is still that of the numbers shown (the slips renewed, the counts did not).
      await board.expectUpdatedAt(updatedAt);
      await expect(board.errorPanel).toContainText(updatedAt);
    } finally {
      await clearFaults();
    }
    await board.errorPanel.getByRole("button", { name: ja.query.retry }).click();
    // Long: every card's count and slips and the chart are fetched again.
    await expect(board.errorPanel).toHaveCount(0, { timeout: 30_000 });
    await board.waitForCounts();
    expect(await board.counts()).toEqual(before);
  });

  test("refreshes every 60 s by default, not while the tab is hidden, and keeps the chosen interval", async ({ page }) => {
    // Time passes on the page's clock; the page counts its own count calls, so that right after a
    // jump in time the count already says whether a refresh was made (see BoardPage.countCountCalls).
    await page.clock.install();
    const board = new BoardPage(page);
    await board.countCountCalls();
    await board.goto();
    let calls = await board.countCalls();
    await page.clock.fastForward(30_000);
    expect(await board.countCalls()).toBe(calls);
    await page.clock.fastForward(31_000);
    await expect.poll(() => board.countCalls()).toBeGreaterThan(calls);
    await board.waitForCounts();

    await test.step("hidden: no refresh however long; shown again: at once", async () => {
      await board.setTabHidden(true);
      calls = await board.countCalls();
      await page.clock.fastForward(5 * 60_000);
      expect(await board.countCalls()).toBe(calls);
      await board.setTabHidden(false);
      await expect.poll(() => board.countCalls()).toBeGreaterThan(calls);
      await board.waitForCounts();
    });

    await test.step("off is kept in this browser", async () => {
      await board.refreshChoice.selectOption("off");
      await page.reload();
      await board.waitForCounts();
      await expect(board.refreshChoice).toHaveValue("off");
      calls = await board.countCalls();
      await page.clock.fastForward(10 * 60_000);
      expect(await board.countCalls()).toBe(calls);
    });
  });

  // One test per theme (each with its own time budget): axe runs twice in each.
  for (const theme of ["light", "dark"] as const) {
    test(`no serious accessibility violations in ${theme}, normal and wall screen`, async ({ page }) => {
      const shell = new ShellPage(page);
      const board = new BoardPage(page);
      await board.goto();
      await shell.waitForHydration();
      await shell.setTheme(theme);
      await shell.expectDark(theme === "dark");
      expect(await shell.seriousA11yViolations(), `normal, ${theme}`).toEqual([]);
      await board.wallButton.click();
      await board.waitForCounts();
      expect(await shell.seriousA11yViolations(), `wall, ${theme}`).toEqual([]);
      await page.keyboard.press("Escape");
      await expect(shell.primaryNav).toBeVisible();
    });
  }

  test("in English, nothing but the shop's own data is left in Japanese", async ({ page }) => {
    const shell = new ShellPage(page);
    await shell.goto("/board");
    await shell.switchLanguage("en");
    const board = new BoardPage(page, "en");
    await board.waitForCounts();
    await expect(page.getByRole("heading", { level: 2, name: "Shipment confirmed (complete)" })).toBeVisible();
    await expect(board.slipLinks().first()).toBeVisible();
    expect(await shell.japaneseTextOutsideLangJa()).toEqual([]);
    await board.periodButton("custom").click();
    await board.wallButton.click();
    await board.waitForCounts();
    expect(await shell.japaneseTextOutsideLangJa()).toEqual([]);
  });
});
