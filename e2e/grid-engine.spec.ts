import { expect, failedResource, test } from "./fixtures";
import { GridPage } from "./pages/grid-page";
import { countRowRenders, renderStats, resetRenderStats } from "./pages/react-renders";
import { addFault, clearFaults } from "./pages/sandbox-api";

// The grid's engine (TanStack Table): resizing a column of a 10,000-row page re-renders no row;
// the key column is pinned and stays put while the grid scrolls sideways; pins are set from the
// header and the column chooser and saved with the layout; an answer that lacks its rows or its
// count is an error, never an empty grid or a false total.

const P = "receive_order_";

test.describe("column resizing", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("dragging a column's edge on a 10,000-row page changes its width without re-rendering a row, and the width is kept", async ({ page }) => {
    // Four loads of a 10,000-row page: on a busy machine they outlast the default minute.
    test.setTimeout(180_000);
    await countRowRenders(page);
    const rows = new GridPage(page, "/order-rows");
    await rows.goto("?size=10000");
    const field = "receive_order_row_goods_name";
    // From the default width, whatever an earlier run left (a double click on the edge resets it).
    await rows.resetColumnWidth(field);
    await page.reload();
    await rows.waitForRows();
    const before = await rows.headerWidth(field);
    const { rowsSeen } = await renderStats(page);
    expect(rowsSeen).toBeGreaterThan(10);

    await resetRenderStats(page);
    await rows.dragColumnEdge(field, 80, 20);
    await expect.poll(() => rows.headerWidth(field)).toBe(before + 80);
    const during = await renderStats(page);
    // The drag committed (the counter works), and not one row element was rendered again.
    expect(during.commits).toBeGreaterThan(5);
    expect(during.rowRenders).toBe(0);

    // The counter does see a row that really changes: ticking one re-renders that row.
    await resetRenderStats(page);
    await rows.rowCheckbox(await rows.rowKey(0)).check();
    await expect.poll(async () => (await renderStats(page)).rowRenders).toBeGreaterThan(0);

    await page.reload();
    await rows.waitForRows();
    await expect.poll(() => rows.headerWidth(field)).toBe(before + 80);

    // A double click on the edge goes back to the default width (and that is kept too).
    await rows.resetColumnWidth(field);
    await expect.poll(() => rows.headerWidth(field)).toBe(before);
    await page.reload();
    await rows.waitForRows();
    await expect.poll(() => rows.headerWidth(field)).toBe(before);
  });
});

test.describe("column pinning", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  async function resetLayout(orders: GridPage): Promise<void> {
    await orders.openColumnChooser();
    await orders.resetColumns();
    await orders.applyColumns();
  }

  test("the slip number is pinned by default and stays put while the grid scrolls sideways", async ({ page }) => {
    // The default columns fit a wide screen (issue 34): a narrower one scrolls them sideways.
    await page.setViewportSize({ width: 1024, height: 800 });
    const orders = new GridPage(page);
    await orders.goto();
    await resetLayout(orders);
    await expect.poll(() => orders.pinnedFields()).toEqual([`${P}id`]);
    expect((await orders.drawnFields())[0]).toBe(`${P}id`);

    const idLeft = await orders.headerLeft(`${P}id`);
    const dateLeft = await orders.headerLeft(`${P}date`);
    expect(await orders.scrollToRightEnd()).toBeGreaterThan(100);
    expect(await orders.headerLeft(`${P}id`)).toBe(idLeft);
    expect(await orders.headerLeft(`${P}date`)).toBeLessThan(dateLeft - 100);
    // The pinned cells are drawn over what scrolls beneath them.
    expect(await orders.cellIsOnTop(`${P}id`)).toBe(true);
  });

  test("any column pins from its header and from the column chooser, and the pins are saved with the layout", async ({ page }) => {
    const orders = new GridPage(page);
    await orders.goto();
    await resetLayout(orders);
    const name = `${P}purchaser_name`;

    await orders.togglePinInHeader(name);
    await expect.poll(() => orders.pinnedFields()).toEqual([`${P}id`, name]);
    expect((await orders.drawnFields()).slice(0, 2)).toEqual([`${P}id`, name]);
    await expect(orders.pinToggle(name)).toHaveAttribute("aria-pressed", "true");
    await page.reload();
    await orders.waitForRows();
    await expect.poll(() => orders.pinnedFields()).toEqual([`${P}id`, name]);

    // Unpin the slip number from the column chooser, with the keyboard.
    await orders.openColumnChooser();
    await orders.chooserPinToggle("伝票番号", true).focus();
    await page.keyboard.press("Enter");
    await expect(orders.chooserPinToggle("伝票番号", false)).toHaveAttribute("aria-pressed", "false");
    await orders.applyColumns("keyboard");
    await expect.poll(() => orders.pinnedFields()).toEqual([name]);
    await page.reload();
    await orders.waitForRows();
    await expect.poll(() => orders.pinnedFields()).toEqual([name]);

    // Back to defaults pins the slip number alone again.
    await resetLayout(orders);
    await expect.poll(() => orders.pinnedFields()).toEqual([`${P}id`]);
  });
});

test.describe("answers that lie", () => {
  test.afterEach(async () => {
    await clearFaults();
  });

  test("a search answered without its rows is an error with Retry, never an empty grid", async ({ page, consoleErrors }) => {
    // The injected answer without rows: a 502, and the error the grid's boundary catches.
    consoleErrors.allow(failedResource(502, "/api/ne/api_v1_receiveorder_base/search"), /^console: BffError: API answered success without `data`/);
    const orders = new GridPage(page);
    await addFault({ path: "/api_v1_receiveorder_base/search", kind: "incomplete" });
    await page.goto("/orders");
    await orders.waitForError();
    await expect(orders.errorPanel).toContainText(orders.messages.query.error.title);
    await expect(orders.grid).toHaveCount(0);
    await expect(orders.emptyStates).toHaveCount(0);
    await clearFaults();
    await orders.retry();
    await orders.waitForRows();
    expect(await orders.total()).toBeGreaterThan(0);
  });

  test("oldest first, a count answered without its count leaves the rows, says the total is unavailable, and Retry brings it", async ({ page, consoleErrors }) => {
    consoleErrors.allow(failedResource(502, "/api/ne/api_v1_receiveorder_base/count"));
    const orders = new GridPage(page);
    await addFault({ path: "/api_v1_receiveorder_base/count", kind: "incomplete" });
    // Oldest first asks for the page beside the count, so its rows do not need the total.
    await page.goto("/orders?order=asc");
    await orders.waitForState("ready");
    // Retried as a retryable failure first, then said plainly; the rows stay all along.
    await expect(orders.totalUnavailable).toBeVisible({ timeout: 30_000 });
    await expect(orders.renderedRows.first()).toBeVisible();
    await expect(orders.errorPanel).toHaveCount(0);
    await clearFaults();
    await orders.retryTotal();
    await expect(orders.totalUnavailable).toHaveCount(0);
    expect(await orders.total()).toBeGreaterThan(0);
  });

  test("newest first, a count answered without its count is an error with Retry (the page cannot be known), never an empty grid", async ({ page, consoleErrors }) => {
    consoleErrors.allow(failedResource(502, "/api/ne/api_v1_receiveorder_base/count"), /^console: BffError: API answered success without `count`/);
    const orders = new GridPage(page);
    await addFault({ path: "/api_v1_receiveorder_base/count", kind: "incomplete" });
    await page.goto("/orders");
    await orders.waitForError();
    await expect(orders.errorPanel).toContainText(orders.messages.query.error.title);
    await expect(orders.grid).toHaveCount(0);
    await expect(orders.emptyStates).toHaveCount(0);
    await clearFaults();
    await orders.retry();
    await orders.waitForRows();
    await orders.expectOrder("newest");
    expect(await orders.total()).toBeGreaterThan(0);
  });
});
