import { expect, test } from "./fixtures";
import { GoodsPage, ImagesPage } from "./pages/catalog-page";
import { GridPage } from "./pages/grid-page";
import { ShellPage } from "./pages/shell-page";

// History and focus as a keyboard user expects them: opening a record is a step Back undoes (and
// Back after that stays in the app); every dialog gives focus back to the control that opened it;
// a deleted saved view can be brought back for a few seconds.

test.use({ viewport: { width: 1440, height: 900 } });

test("Back closes the drawer and takes the record off the URL; a second Back stays in the app", async ({ page }) => {
  const goods = new GoodsPage(page);
  await goods.goto();
  const shell = new ShellPage(page);
  await shell.navLink("images").click();
  const images = new ImagesPage(page);
  await images.waitForRows();

  await images.openWithEnter();
  await page.goBack();
  await expect(images.drawer).toHaveCount(0);
  await expect(page).toHaveURL(/\/images$/);
  await expect(images.grid).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(/\/goods$/);
  await goods.waitForRows();

  await test.step("Forward brings the grid back; a drawer opened and closed with Esc leaves nothing for Back to reopen", async () => {
    await page.goForward();
    await images.waitForRows();
    await images.openWithEnter();
    await images.closeWithEsc();
    await page.goBack();
    await expect(page).toHaveURL(/\/goods$/);
    await expect(images.drawer).toHaveCount(0);
  });
});

test("a drawer that came with a shared link closes in place, and Back leaves the grid as before", async ({ page }) => {
  const orders = new GridPage(page, "/orders");
  await orders.goto();
  const key = await orders.rowKey(0);
  await page.goto(`/orders?open=${key}`);
  await orders.waitForDrawer();
  await orders.closeWithEsc();
  await page.goBack();
  await expect(page).toHaveURL(/\/orders$/);
  await expect(orders.drawer).toHaveCount(0);
});

test("every dialog gives focus back to the control that opened it", async ({ page }) => {
  const orders = new GridPage(page, "/orders");
  await orders.goto();

  await test.step("the column chooser, closed with Esc and with Apply", async () => {
    const opener = orders.opener("columns");
    await orders.openColumnChooser();
    await page.keyboard.press("Escape");
    await expect(orders.columnChooser).toBeHidden();
    await expect(opener).toBeFocused();
    await orders.openColumnChooser();
    await orders.applyColumns("keyboard");
    await expect(opener).toBeFocused();
  });

  await test.step("the export, closed with Esc", async () => {
    const opener = orders.opener("export");
    await opener.focus();
    await page.keyboard.press("Enter");
    await expect(orders.exportDialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(orders.exportDialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  await test.step("saved views, closed with Esc", async () => {
    const opener = orders.opener("views");
    await opener.focus();
    await page.keyboard.press("Enter");
    await expect(orders.viewsPanel).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(orders.viewsPanel).toBeHidden();
    await expect(opener).toBeFocused();
  });

  await test.step("the filter builder, closed with Esc", async () => {
    const opener = orders.opener("filter");
    await opener.focus();
    await page.keyboard.press("Enter");
    await expect(orders.filterPanel).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(orders.filterPanel).toBeHidden();
    await expect(opener).toBeFocused();
  });

  await test.step("the drawer, closed with its Close button", async () => {
    await orders.openWithEnter();
    await orders.drawer.getByRole("button", { name: orders.messages.grid.close, exact: true }).first().click();
    await expect(orders.drawer).toHaveCount(0);
    await expect(orders.grid).toBeFocused();
  });
});

test("a deleted saved view comes back with Undo; without it, it is gone for good", async ({ page }) => {
  const goods = new GoodsPage(page);
  await goods.goto();
  const name = `undo ${Date.now().toString(36)}`;
  await goods.saveView(name);

  await goods.openViews();
  await goods.deleteViewInPanel(name);
  await goods.viewUndo.click();
  await expect(goods.viewButton(name)).toBeVisible();
  await expect(goods.viewButton(name)).toBeFocused();
  await goods.closeViews();
  await page.reload();
  await goods.waitForRows();
  await goods.openViews();
  await expect(goods.viewButton(name)).toBeVisible();

  // Without Undo the notice goes after a few seconds and the view is deleted.
  await goods.deleteViewInPanel(name);
  await expect(goods.viewUndo).toHaveCount(0, { timeout: 20_000 });
  await goods.closeViews();
  await page.reload();
  await goods.waitForRows();
  await goods.openViews();
  await expect(goods.viewsPanel.getByText(goods.messages.grid.views.none).or(goods.viewsPanel.getByRole("listitem").first())).toBeVisible();
  await expect(goods.viewButton(name)).toHaveCount(0);
});
