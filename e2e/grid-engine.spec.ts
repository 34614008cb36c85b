import ja from "../messages/ja.json";
import { expect, test } from "./fixtures";
import { GridLayout, countRowRenders, renderStats, resetRenderStats } from "./pages/grid-layout";
import { GridPage, messagePattern } from "./pages/orders-page";
import { addFault, clearFaults } from "./pages/sandbox-api";

// The grid's engine (TanStack Table): resizing a column of a 10,000-row page re-renders no row;
// the key column is pinned and stays put while the grid scrolls sideways; pins are set from the
// header and the column chooser and saved with the layout; an answer that lacks its rows or its
// count is an error, never an empty grid or a false total.

const P = "receive_order_";

test.describe("column resizing", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("dragging a column's edge on a 10,000-row page changes its width without re-rendering a row, and the width is kept", async ({ page }) => {
    await countRowRenders(page);
    const rows = new GridPage(page, "/order-rows");
    await rows.goto("?size=10000");
    const layout = new GridLayout(page, rows.grid);
    const field = "receive_order_row_goods_name";
    // From the default width, whatever an earlier run left (a double click on the edge resets it).
    await layout.header(field).locator("[data-resize-handle]").dblclick();
    await page.reload();
    await rows.waitForRows();
    const before = await layout.width(field);
    const { rowsSeen } = await renderStats(page);
    expect(rowsSeen).toBeGreaterThan(10);

    await resetRenderStats(page);
    await layout.dragEdge(field, 80, 20);
    await expect.poll(() => layout.width(field)).toBe(before + 80);
    const during = await renderStats(page);
    // The drag committed (the counter works), and not one row element was rendered again.
    expect(during.commits).toBeGreaterThan(5);
    expect(during.rowRenders).toBe(0);

    // The counter does see a row that really changes: ticking one re-renders that row.
    await resetRenderStats(page);
    await rows.renderedRows.first().getByRole("checkbox").check();
    await expect.poll(async () => (await renderStats(page)).rowRenders).toBeGreaterThan(0);

    await page.reload();
    await rows.waitForRows();
    await expect.poll(() => layout.width(field)).toBe(before + 80);

    // A double click on the edge goes back to the default width (and that is kept too).
    await layout.header(field).locator("[data-resize-handle]").dblclick();
    await expect.poll(() => layout.width(field)).toBe(before);
    await page.reload();
    await rows.waitForRows();
    await expect.poll(() => layout.width(field)).toBe(before);
  });
});

test.describe("column pinning", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  async function resetLayout(orders: GridPage): Promise<void> {
    await orders.page.getByRole("button", { name: ja.grid.columns.button, exact: true }).click();
    const dialog = orders.page.getByRole("dialog", { name: ja.grid.columns.title });
    await dialog.getByRole("button", { name: ja.grid.columns.reset }).click();
    await dialog.getByRole("button", { name: ja.grid.columns.apply }).click();
    await expect(dialog).toHaveCount(0);
  }

  test("the slip number is pinned by default and stays put while the grid scrolls sideways", async ({ page }) => {
    const orders = new GridPage(page);
    await orders.goto();
    await resetLayout(orders);
    const layout = new GridLayout(page, orders.grid);
    await expect.poll(() => layout.pinnedFields()).toEqual([`${P}id`]);
    expect((await layout.drawnFields())[0]).toBe(`${P}id`);

    const idLeft = await layout.left(`${P}id`);
    const dateLeft = await layout.left(`${P}date`);
    const scrolled = await layout.scrollToRightEnd();
    expect(scrolled).toBeGreaterThan(100);
    expect(await layout.left(`${P}id`)).toBe(idLeft);
    expect(await layout.left(`${P}date`)).toBeLessThan(dateLeft - 100);
    // The pinned cells are drawn over what scrolls beneath them.
    expect(await layout.cellIsOnTop(`${P}id`)).toBe(true);
  });

  test("any column pins from its header and from the column chooser, and the pins are saved with the layout", async ({ page }) => {
    const orders = new GridPage(page);
    await orders.goto();
    await resetLayout(orders);
    const layout = new GridLayout(page, orders.grid);
    const name = `${P}purchaser_name`;

    await layout.togglePin(name);
    await expect.poll(() => layout.pinnedFields()).toEqual([`${P}id`, name]);
    expect((await layout.drawnFields()).slice(0, 2)).toEqual([`${P}id`, name]);
    await expect(layout.pinToggle(name)).toHaveAttribute("aria-pressed", "true");
    await page.reload();
    await orders.waitForRows();
    await expect.poll(() => layout.pinnedFields()).toEqual([`${P}id`, name]);

    // Unpin the slip number from the column chooser, with the keyboard.
    await page.getByRole("button", { name: ja.grid.columns.button, exact: true }).click();
    const dialog = page.getByRole("dialog", { name: ja.grid.columns.title });
    const unpin = dialog.getByRole("button", { name: ja.grid.columns.unpin.replace("{column}", "伝票番号") });
    await unpin.focus();
    await page.keyboard.press("Enter");
    await expect(dialog.getByRole("button", { name: ja.grid.columns.pin.replace("{column}", "伝票番号") })).toHaveAttribute("aria-pressed", "false");
    await dialog.getByRole("button", { name: ja.grid.columns.apply }).click();
    await expect.poll(() => layout.pinnedFields()).toEqual([name]);
    await page.reload();
    await orders.waitForRows();
    await expect.poll(() => layout.pinnedFields()).toEqual([name]);

    // Back to defaults pins the slip number alone again.
    await resetLayout(orders);
    await expect.poll(() => layout.pinnedFields()).toEqual([`${P}id`]);
  });
});

test.describe("answers that lie", () => {
  test.afterEach(async () => {
    await clearFaults();
  });

  test("a search answered without its rows is an error with Retry, never an empty grid", async ({ page }) => {
    const orders = new GridPage(page, "/orders");
    await addFault({ path: "/api_v1_receiveorder_base/search", kind: "incomplete" });
    await page.goto("/orders");
    await expect(orders.errorPanel).toBeVisible({ timeout: 30_000 });
    await expect(orders.errorPanel).toContainText(ja.query.error.title);
    await expect(orders.grid).toHaveCount(0);
    await expect(page.getByText(ja.orders.empty.title)).toHaveCount(0);
    await clearFaults();
    await orders.errorPanel.getByRole("button", { name: ja.query.retry }).click();
    await orders.waitForRows();
    expect(await orders.total()).toBeGreaterThan(0);
  });

  test("a count answered without its count leaves the rows, says the total is unavailable, and Retry brings it", async ({ page }) => {
    const orders = new GridPage(page, "/orders");
    await addFault({ path: "/api_v1_receiveorder_base/count", kind: "incomplete" });
    await page.goto("/orders");
    await expect(orders.renderedRows.first()).toBeVisible({ timeout: 30_000 });
    // Retried as a retryable failure first, then said plainly; the rows stay all along.
    const totalText = page.getByText(messagePattern(ja.grid.pagination.rangeNoTotal));
    await expect(totalText).toBeVisible({ timeout: 30_000 });
    await expect(orders.renderedRows.first()).toBeVisible();
    await expect(orders.errorPanel).toHaveCount(0);
    await clearFaults();
    await page.getByRole("button", { name: ja.grid.pagination.retryTotal }).click();
    await expect(totalText).toHaveCount(0);
    expect(await orders.total()).toBeGreaterThan(0);
  });
});
