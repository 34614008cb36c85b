import { expect, test } from "./fixtures";
import { GoodsPage, StockPage } from "./pages/catalog-page";
import { GridPage } from "./pages/grid-page";
import { format } from "./pages/messages";
import { OrdersPage } from "./pages/orders-page";
import { callLogMark, callsSince, sandboxCall, sandboxCount } from "./pages/sandbox-api";
import ja from "../messages/ja.json";

// Stories of linked records (issue 12): a grid's links to related grids carry what applies (the
// slips shown → their rows; the goods shown → their stock and images), each link lands on a target
// whose rows all belong to the source; a row's drawer links to its slip, a goods' drawer to its
// stock, warehouse stock and images; the stock grids show the goods name beside the code from one
// goods search per page (counted in the sandbox's call log).

const ROW = "receive_order_row_";
const ROWS_COUNT = "/api_v1_receiveorder_row/count";
const GOODS_SEARCH = "/api_v1_master_goods/search";
const IMAGE_SEARCH = "/api_v1_master_goodsimage/search";

/** An order row's key is `<slip>__<row no>`; a slip's is its number. */
const slipOfRowKey = (key: string) => key.split("__")[0] as string;

/** Every row of the target's current page, by key (the target must show some). */
async function shownKeys(grid: GridPage): Promise<string[]> {
  const { rows } = await grid.collectRows([]);
  expect(rows.length).toBeGreaterThan(0);
  return rows.map((r) => r.key);
}

test.use({ viewport: { width: 1440, height: 900 } });

test.describe("links from the orders grid", () => {
  test("orders of one shop: the order rows link carries the slips of this page, and every row is one of them", async ({ page }) => {
    const first = (await sandboxCall("staff", "/api_v1_receiveorder_base/search", { fields: "receive_order_shop_id", limit: "1" })).data?.[0];
    const shop = first?.receive_order_shop_id as string;
    const orders = new OrdersPage(page);
    await orders.goto(`?f=receive_order_shop_id.in:${shop}&size=50`);
    const slips = new Set(await shownKeys(orders));
    expect(await orders.total()).toBeGreaterThan(slips.size);

    // A shop is not a field of the order rows: the link names the slips of this page, and says so.
    expect(await orders.carried(ja.orders.toRows)).toBe("page");
    await expect(orders.relatedLink(ja.orders.toRows)).toContainText(format(ja.grid.links.pagePart, { count: slips.size }));
    await orders.relatedLink(ja.orders.toRows).click();
    await page.waitForURL((url) => url.pathname === "/order-rows");

    const rows = new GridPage(page, "/order-rows");
    await rows.waitForRows();
    await expect(rows.activeFilters.locator(`[data-filter="${ROW}receive_order_id-in"]`)).toBeVisible();
    await expect(rows.filterChips).toHaveCount(1);
    expect(await rows.total()).toBe(await sandboxCount("staff", ROWS_COUNT, { [`${ROW}receive_order_id-in`]: [...slips].join(",") }));
    for (const key of await shownKeys(rows)) expect(slips, `row ${key}`).toContain(slipOfRowKey(key));
  });

  test("a slip number filter carries as it is", async ({ page }) => {
    const orders = new OrdersPage(page);
    await orders.goto("?f=receive_order_id.lte:40");
    expect(await orders.carried(ja.orders.toRows)).toBe("filters");
    await expect(orders.relatedLink(ja.orders.toRows)).toContainText(ja.grid.links.filters);
    await orders.relatedLink(ja.orders.toRows).click();
    await page.waitForURL((url) => url.pathname === "/order-rows");
    expect(decodeURIComponent(page.url())).toContain(`f=${ROW}receive_order_id.lte:40`);

    const rows = new GridPage(page, "/order-rows");
    await rows.waitForRows();
    expect(await rows.total()).toBe(await sandboxCount("staff", ROWS_COUNT, { [`${ROW}receive_order_id-lte`]: "40" }));
    for (const key of await shownKeys(rows)) expect(Number(slipOfRowKey(key))).toBeLessThanOrEqual(40);
  });

  test("the rows selected are what the link carries", async ({ page }) => {
    const orders = new OrdersPage(page);
    await orders.goto();
    expect(await orders.carried(ja.orders.toRows)).toBe("none");
    const picked = [await orders.rowKey(1), await orders.rowKey(3)];
    for (const key of picked) await orders.rowCheckbox(key).check();
    await expect(orders.relatedLink(ja.orders.toRows)).toHaveAttribute("data-carried", "selection");
    await expect(orders.relatedLink(ja.orders.toRows)).toContainText(format(ja.grid.links.selection, { count: 2 }));
    await orders.relatedLink(ja.orders.toRows).click();
    await page.waitForURL((url) => url.pathname === "/order-rows");

    const rows = new GridPage(page, "/order-rows");
    await rows.waitForRows();
    expect(await rows.total()).toBe(await sandboxCount("staff", ROWS_COUNT, { [`${ROW}receive_order_id-in`]: picked.join(",") }));
    for (const key of await shownKeys(rows)) expect(picked).toContain(slipOfRowKey(key));
  });

  test("an order row's drawer links to its slip, which opens in the slip's drawer", async ({ page }) => {
    const rows = new GridPage(page, "/order-rows");
    await rows.goto();
    const key = await rows.openWithEnter();
    const slip = slipOfRowKey(key);
    await rows.drawerLink(ja.orderRows.toSlip).click();
    await page.waitForURL((url) => url.pathname === "/orders" && url.searchParams.get("open") === slip);

    const orders = new OrdersPage(page);
    await orders.waitForDrawer();
    await expect(orders.drawerTitle).toContainText(slip);
    await orders.expectTotal(1);
    await expect(orders.row(slip)).toBeVisible();
  });
});

test.describe("links from the goods grid", () => {
  test("a goods' drawer links to its stock, its stock by warehouse and its images, each showing only that goods", async ({ page }) => {
    // A goods that has images (the generator gives most goods stock in some warehouse).
    const image = (await sandboxCall("staff", IMAGE_SEARCH, { fields: "goods_image_goods_id", limit: "1" })).data?.[0];
    const code = image?.goods_image_goods_id as string;
    expect(code).toMatch(/^[A-Za-z0-9-]+$/); // its record key is the code itself

    const goods = new GoodsPage(page);
    await goods.goto(`?f=goods_id.eq:${code}`);
    expect(await goods.openRowByClick(0)).toBe(code);

    await test.step("stock", async () => {
      await goods.drawerLink(ja.goods.toStock).click();
      await page.waitForURL((url) => url.pathname === "/stock");
      const stock = new StockPage(page);
      await stock.waitForRows();
      await stock.expectTotal(await sandboxCount("staff", "/api_v1_master_stock/count", { "stock_goods_id-eq": code }));
      expect(await shownKeys(stock)).toEqual([code]);
      await page.goBack();
      await goods.waitForDrawer();
    });

    await test.step("stock by warehouse", async () => {
      await goods.drawerLink(ja.goods.toWarehouseStock).click();
      await page.waitForURL((url) => url.pathname === "/stock/warehouses");
      const byWarehouse = new StockPage(page, "/stock/warehouses");
      await byWarehouse.waitForRows();
      await byWarehouse.expectTotal(await sandboxCount("staff", "/api_v1_warehouse_stock/count", { "warehouse_stock_goods_id-eq": code }));
      for (const key of await shownKeys(byWarehouse)) expect(key.split("__")).toContain(code);
      await page.goBack();
      await goods.waitForDrawer();
    });

    await test.step("images", async () => {
      await goods.drawerLink(ja.goods.toImages).click();
      await page.waitForURL((url) => url.pathname === "/images");
      const images = new GridPage(page, "/images");
      await images.waitForRows();
      await images.expectTotal(await sandboxCount("staff", "/api_v1_master_goodsimage/count", { "goods_image_goods_id-eq": code }));
      const { rows } = await images.collectRows(["goods_image_goods_id"]);
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(row.cells.goods_image_goods_id).toBe(code);
    });
  });

  test("goods found by name: the stock and images links carry the goods shown", async ({ page }) => {
    const goods = new GoodsPage(page);
    await goods.goto("?f=goods_name.like:Tシャツ");
    const shown = new Set(await shownKeys(goods));
    const codes = [...shown].join(",");

    expect(await goods.carried(ja.goods.toStock)).toBe("page");
    await goods.relatedLink(ja.goods.toStock).click();
    await page.waitForURL((url) => url.pathname === "/stock");
    const stock = new StockPage(page);
    await stock.waitForRows();
    await expect(stock.activeFilters.locator('[data-filter="stock_goods_id-in"]')).toBeVisible();
    expect(await stock.total()).toBe(await sandboxCount("staff", "/api_v1_master_stock/count", { "stock_goods_id-in": codes }));
    for (const key of await shownKeys(stock)) expect(shown).toContain(key);

    await page.goBack();
    await goods.waitForRows();
    expect(await goods.carried(ja.goods.toImages)).toBe("page");
    await goods.relatedLink(ja.goods.toImages).click();
    await page.waitForURL((url) => url.pathname === "/images");
    const images = new GridPage(page, "/images");
    await images.waitForRows();
    expect(await images.total()).toBe(await sandboxCount("staff", "/api_v1_master_goodsimage/count", { "goods_image_goods_id-in": codes }));
    const { rows } = await images.collectRows(["goods_image_goods_id"]);
    for (const row of rows) expect(shown).toContain(row.cells.goods_image_goods_id);
  });
});

test.describe("goods names in the stock grids", () => {
  test("the stock grid shows each goods' name beside its code, from one goods search per page", async ({ page }, testInfo) => {
    const mark = await callLogMark();
    const stock = new StockPage(page);
    await stock.goto("?size=50");
    await stock.waitForGoodsNames();

    // One goods search and one image search for the page (counted before this test's own search;
    // the names are shown, so the calls have been answered and logged).
    expect((await callsSince(mark, GOODS_SEARCH)).length).toBe(1);
    expect((await callsSince(mark, IMAGE_SEARCH)).length).toBe(1);

    const codes = (await stock.renderedKeys()).slice(0, 5);
    const answer = await sandboxCall("staff", GOODS_SEARCH, { fields: "goods_id,goods_name", "goods_id-in": codes.join(",") });
    const names = new Map((answer.data ?? []).map((g) => [g.goods_id, g.goods_name]));
    for (const code of codes) {
      const row = stock.row(code);
      expect(await stock.goodsName(row), `goods ${code}`).toBe(names.get(code) ?? "");
      expect(await stock.goodsName(row)).not.toBe("");
      // The thumbnail box is sized before any picture arrives; a picture has its own width and height.
      await expect(stock.imageBox(row)).toBeVisible();
      const img = stock.imageBox(row).locator("img");
      if (await img.count()) await expect(img).toHaveAttribute("width", "28");
    }
    await page.screenshot({ path: testInfo.outputPath("stock-desktop.png") });

    await test.step("the next page makes one more goods search", async () => {
      const next = await callLogMark();
      await stock.goToPage("next");
      await stock.waitForRows();
      await expect(page).toHaveURL(/page=2/);
      await stock.waitForGoodsNames();
      expect(await stock.goodsName(0)).not.toBe("");
      await expect.poll(async () => (await callsSince(next, GOODS_SEARCH)).length).toBe(1);
    });

    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: testInfo.outputPath("stock-390.png") });
  });

  test("the warehouse stock grid shows the goods name beside the code too", async ({ page }) => {
    const byWarehouse = new StockPage(page, "/stock/warehouses");
    await byWarehouse.goto();
    await byWarehouse.waitForGoodsNames();
    const code = (await byWarehouse.rowKey(0)).split("__")[1] as string;
    const answer = await sandboxCall("staff", GOODS_SEARCH, { fields: "goods_id,goods_name", "goods_id-eq": code });
    expect(await byWarehouse.goodsName(0)).toBe(answer.data?.[0]?.goods_name);
  });
});
