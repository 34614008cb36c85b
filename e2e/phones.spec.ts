import { expect, test } from "./fixtures";
import { BoardPage } from "./pages/board-page";
import type { GridPath } from "./pages/grid-page";
import { CardsGridPage } from "./pages/grid-cards";
import { overlapping, PickersGridPage } from "./pages/grid-pickers";
import { format } from "./pages/messages";

// Issue 12, item 9: on a phone (390 × 844), every grid page and the board fit the screen: the
// document never scrolls sideways (only the grid does), the toolbars wrap without overlapping,
// the quick filters and "Add condition" fold into one sheet, and every popover, panel and dialog
// opened one by one stays inside the viewport. Records are cards there (e2e/phone-cards.spec.ts).

const PHONE = { width: 390, height: 844 };

const GRID_PAGES: readonly GridPath[] = [
  "/orders",
  "/order-rows",
  "/goods",
  "/stock",
  "/stock/warehouses",
  "/images",
  "/masters/set-goods",
  "/masters/goods-tags",
  "/masters/supply-orders",
  "/masters/place-order-rows",
  "/masters/shops",
  "/masters/malls",
  "/masters/warehouses",
  "/masters/wholesale",
  "/masters/payment-delivery-conversions",
  "/masters/forwarding-agents",
  "/masters/grouping-tags",
  "/masters/upload-queue",
];

test.describe("phones (390 px)", () => {
  test.use({ viewport: PHONE });

  for (const path of GRID_PAGES) {
    test(`${path}: no sideways scroll, toolbars apart, and every panel inside the screen`, async ({ page }) => {
      const grid = new CardsGridPage(page, path);
      await page.goto(path);
      // A screen may have no rows yet (the upload queue): then no drawer, and no export.
      await grid.waitForState("ready", "empty");
      const empty = await grid.state("empty").isVisible();
      if (!empty) await grid.waitForRows();
      await grid.expectNoSidewaysScroll();
      expect(overlapping(await grid.toolbarButtonBoxes())).toEqual([]);
      if (path === "/orders") await page.screenshot({ path: test.info().outputPath("orders-390.png") });

      // The filters sheet, and each panel opened from it (choices, dates, Add condition).
      const sheet = await grid.openFiltersSheet();
      await grid.expectInsideViewport(sheet, "filters sheet");
      const buttons = grid.panelButtons(sheet);
      const count = await buttons.count();
      expect(count).toBeGreaterThan(0);
      for (let i = 0; i < count; i += 1) {
        const button = buttons.nth(i);
        const name = (await button.getAttribute("aria-label")) ?? (await button.innerText());
        await button.click();
        await grid.expectPanelInsideViewport(name);
        if (path === "/orders") await page.screenshot({ path: test.info().outputPath(`orders-390-panel-${i}.png`) });
        await page.keyboard.press("Escape");
        await expect(grid.popoverPanels).toHaveCount(0);
        await expect(sheet).toBeVisible();
      }
      await grid.closeFiltersSheet();

      // Saved views, the column chooser, the export dialog.
      await grid.openViews();
      await grid.expectInsideViewport(grid.viewsPanel, "saved views");
      await grid.closeViews();
      await grid.openColumnChooser();
      await grid.expectInsideViewport(grid.columnChooser, "column chooser");
      await page.keyboard.press("Escape");
      await expect(grid.columnChooser).toBeHidden();
      const exportButton = page.getByRole("button", { name: grid.messages.grid.export });
      if (empty) {
        await expect(exportButton).toBeDisabled();
        await grid.expectNoSidewaysScroll();
        return;
      }
      await exportButton.click();
      await grid.expectInsideViewport(grid.exportDialog, "export");
      await page.keyboard.press("Escape");
      await expect(grid.exportDialog).toBeHidden();

      // The record drawer, from the first record's card (a phone shows cards, not the table).
      await grid.card(0).click();
      await grid.waitForDrawer();
      await grid.expectInsideViewport(grid.drawer, "drawer");
      if (path === "/orders") {
        // The slip's rows stay readable: the table scrolls in its box, names are not squeezed.
        await expect(grid.drawer.getByRole("table")).toBeVisible();
        const text = await grid.squeezedDrawerTextCells();
        expect(text.cells).toBeGreaterThan(0);
        expect(text.squeezed).toEqual([]);
        await page.screenshot({ path: test.info().outputPath("orders-390-drawer.png") });
      }
      await grid.closeDrawer();
      await grid.expectNoSidewaysScroll();
    });
  }

  test("the filters sheet applies a filter on a phone", async ({ page }) => {
    const orders = new PickersGridPage(page, "/orders");
    await orders.goto();
    const before = await orders.total();
    const sheet = await orders.openFiltersSheet();
    await orders.dateRangeButton("受注日").click();
    const panel = orders.dateRangePanel("受注日");
    await orders.expectPanelInsideViewport("date picker");
    await page.screenshot({ path: test.info().outputPath("orders-390-dates.png") });
    // The last 7 days: never empty, never everything (the sandbox's orders span 90 days; "today"
    // is empty in the first hour after midnight in Japan).
    await orders.quickRangeButton(panel, "last7").click();
    await expect(panel).toBeHidden();
    await expect(sheet).toBeVisible();
    await orders.closeFiltersSheet();
    // One condition, one chip: the range by name (receive_order_date=last-7).
    await expect(orders.filtersSheetButton).toHaveText(format(orders.messages.grid.sheet.openCount, { count: 1 }));
    await expect(orders.filterChips).toHaveCount(1);
    await orders.waitForState("ready");
    await expect.poll(() => orders.total()).toBeLessThan(before);
    await orders.expectNoSidewaysScroll();
  });

  test("the board fits: its shop filter's and custom period's panels stay inside the screen and nothing scrolls sideways", async ({ page }) => {
    const board = new BoardPage(page);
    await board.goto();
    const grid = new PickersGridPage(page);
    await grid.expectNoSidewaysScroll();
    const shop = page.getByRole("button", { name: board.messages.filters.shop, exact: true });
    await shop.click();
    const panel = page.getByRole("dialog", { name: board.messages.filters.shop, exact: true });
    await expect(panel).toBeVisible();
    await grid.expectPanelInsideViewport("shops");
    await page.screenshot({ path: test.info().outputPath("board-390-shops.png") });
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    await grid.expectNoSidewaysScroll();

    // The custom period's date-range picker too.
    await board.periodButton("custom").click();
    await board.openCustomRange();
    await grid.expectPanelInsideViewport("custom period");
    await page.screenshot({ path: test.info().outputPath("board-390-period.png") });
    await page.keyboard.press("Escape");
    await expect(board.customRangePanel).toBeHidden();
    await expect(board.customRangeButton).toBeFocused();
    await grid.expectNoSidewaysScroll();
  });
});
