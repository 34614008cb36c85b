import type { Page } from "@playwright/test";
import { expect, failedResource, sandboxUrl, test } from "./fixtures";
import { GoodsPage, ImagesPage } from "./pages/catalog-page";
import { GridPage, type GridPath } from "./pages/grid-page";
import { sandboxCall, sandboxCount } from "./pages/sandbox-api";
import { ShellPage } from "./pages/shell-page";
import ja from "../messages/ja.json";

// Stories of the catalog grids against the sandbox: goods, stock by goods and by warehouse, and
// goods images. For each, a staff member sees rows whose total is the API's own count, narrows
// them with a quick filter that goes in the URL and survives a reload, opens a row with Enter and
// closes it with Esc; in English nothing but the shop's data is left in Japanese.

const decodedUrl = (page: Page) => decodeURIComponent(page.url());

async function everyShown(grid: GridPage, field: string, check: (text: string) => void): Promise<void> {
  const { rows } = await grid.collectRows([field]);
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) check(row.cells[field] ?? "");
}

test.use({ viewport: { width: 1440, height: 900 } });

test.describe("the goods grid", () => {
  test("shows the API's count, a name search narrows it, goes in the URL and survives a reload", async ({ page }) => {
    const goods = new GoodsPage(page);
    await goods.goto();
    const everything = await goods.total();
    expect(everything).toBe(await sandboxCount("staff", "/api_v1_master_goods/count"));
    await expect(goods.columnHeader("売価")).toBeVisible();

    await goods.search(ja.goods.quick.keyword, "Tシャツ", { target: ja.goods.quick.goodsName });
    await expect.poll(() => decodedUrl(page)).toContain("f=goods_name.like:Tシャツ");
    await goods.waitForRows();
    const total = await goods.total();
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThan(everything);
    expect(await sandboxCount("staff", "/api_v1_master_goods/count", { "goods_name-like": "%Tシャツ%" })).toBe(total);
    await everyShown(goods, "goods_name", (name) => expect(name).toContain("Tシャツ"));

    await test.step("a reload keeps the search, its text and the result", async () => {
      await page.reload();
      await goods.waitForRows();
      await expect(goods.filterChips).toHaveCount(1);
      await expect(goods.searchBox(ja.goods.quick.keyword)).toHaveValue("Tシャツ");
      expect(await goods.total()).toBe(total);
    });

    await test.step("the goods type choice adds to the search and matches the count", async () => {
      await goods.chooseQuickFilter(ja.goods.quick.type, ["通常商品"]);
      await expect.poll(() => decodedUrl(page)).toMatch(/f=goods_type_id\.in:0(&|$)/);
      await goods.waitForRows();
      await expect(goods.filterChips).toHaveCount(2);
      const normal = await goods.total();
      expect(normal).toBe(await sandboxCount("staff", "/api_v1_master_goods/count", { "goods_name-like": "%Tシャツ%", "goods_type_id-in": "0" }));
      expect(normal).toBeGreaterThan(0);
      expect(normal).toBeLessThanOrEqual(total);
      await everyShown(goods, "goods_type_id", (type) => expect(type).toBe("通常商品"));
    });
  });

  test("Enter opens a goods with its grouped fields and tags, Esc closes it", async ({ page }) => {
    const goods = new GoodsPage(page);
    await goods.goto();
    const key = await goods.openWithEnter();
    await expect(goods.drawer).toContainText(key);
    for (const group of ["概要", "金額", "在庫", "仕入先・メーカー", "配送", "日付", "担当・履歴"]) {
      await expect(goods.drawerGroup(group)).toBeVisible();
    }
    await goods.waitForDrawerTags();
    const answer = await sandboxCall("staff", "/api_v1_master_goodstag/search", { fields: "goods_tag_name,goods_tag_deleted_flag", "goods_tag_goods_id-eq": key });
    const expected = new Set((answer.data ?? []).filter((r) => r.goods_tag_deleted_flag !== "1").map((r) => r.goods_tag_name));
    await goods.expectDrawerTagCount(expected.size);
    for (const name of expected) await expect(goods.drawerTag(name as string)).toHaveCount(1);
    await goods.closeWithEsc();
  });
});

test.describe("the stock grids", () => {
  test("stock by goods: the API's count, a goods code search in the URL that survives a reload, the shortage toggle", async ({ page }) => {
    const stock = new GridPage(page, "/stock");
    await stock.goto();
    const everything = await stock.total();
    expect(everything).toBe(await sandboxCount("staff", "/api_v1_master_stock/count"));
    const code = (await stock.cellText(0, "stock_goods_id")).slice(0, 6);
    expect(code.length).toBe(6);

    await stock.search(ja.forgivingSearch.stock.label, code);
    await expect.poll(() => decodedUrl(page)).toContain(`f=stock_goods_id.like:${code}`);
    await stock.waitForRows();
    const total = await stock.total();
    expect(total).toBeLessThan(everything);
    expect(await sandboxCount("staff", "/api_v1_master_stock/count", { "stock_goods_id-like": `%${code}%` })).toBe(total);
    await everyShown(stock, "stock_goods_id", (id) => expect(id).toContain(code));

    await page.reload();
    await stock.waitForRows();
    await expect(stock.filterChips).toHaveCount(1);
    expect(await stock.total()).toBe(total);

    await test.step("only goods short of stock", async () => {
      await stock.search(ja.forgivingSearch.stock.label, "");
      await expect.poll(() => decodedUrl(page)).not.toContain("stock_goods_id.like");
      await stock.toggleQuickFilter(ja.stock.quick.shortage, ja.stock.quick.shortOnly);
      await expect.poll(() => decodedUrl(page)).toContain("f=stock_out_quantity.gt:0");
      await stock.waitForRows();
      const short = await stock.total();
      expect(short).toBe(await sandboxCount("staff", "/api_v1_master_stock/count", { "stock_out_quantity-gt": "0" }));
      await everyShown(stock, "stock_out_quantity", (n) => expect(Number(n.replace(/,/g, ""))).toBeGreaterThan(0));
    });
  });

  test("the tabs are links reachable from the keyboard, each view keeps its own columns", async ({ page }) => {
    const shell = new ShellPage(page);
    await shell.goto("/stock");
    const tabs = shell.tabs(ja.stock.tabs.label);
    await expect(tabs.getByRole("link", { name: ja.stock.tabs.goods })).toHaveAttribute("aria-current", "page");
    const toWarehouses = tabs.getByRole("link", { name: ja.stock.tabs.warehouses });
    await shell.tabTo(toWarehouses, 60);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/stock\/warehouses$/);
    await expect(toWarehouses).toHaveAttribute("aria-current", "page");
    await expect(shell.navLink("stock")).toHaveAttribute("aria-current", "page");
    const warehouses = new GridPage(page, "/stock/warehouses");
    await warehouses.waitForRows();
    await expect(warehouses.columnHeader("倉庫")).toBeVisible();
    await expect(new GridPage(page, "/stock").grid).toHaveCount(0);
  });

  test("stock by warehouse: a warehouse choice in the URL that survives a reload and matches the API's count", async ({ page }) => {
    const warehouses = new GridPage(page, "/stock/warehouses");
    await warehouses.goto();
    const everything = await warehouses.total();
    expect(everything).toBe(await sandboxCount("staff", "/api_v1_warehouse_stock/count"));
    const names = (await sandboxCall("staff", "/api_v1_warehouse_base/search", { fields: "warehouse_id,warehouse_name" })).data ?? [];
    const second = names.find((w) => w.warehouse_id === "2");
    expect(second?.warehouse_name).toBeTruthy();

    await warehouses.chooseQuickFilter(ja.stock.quick.warehouse, [second?.warehouse_name as string]);
    await expect.poll(() => decodedUrl(page)).toMatch(/f=warehouse_stock_warehouse_id\.in:2(&|$)/);
    await warehouses.waitForRows();
    const total = await warehouses.total();
    expect(total).toBeLessThan(everything);
    expect(await sandboxCount("staff", "/api_v1_warehouse_stock/count", { "warehouse_stock_warehouse_id-in": "2" })).toBe(total);
    await expect(warehouses.cell(0, "warehouse_stock_warehouse_id")).toHaveText(second?.warehouse_name as string);

    await page.reload();
    await warehouses.waitForRows();
    await expect(warehouses.filterChips).toHaveCount(1);
    expect(await warehouses.total()).toBe(total);

    await test.step("Enter opens the row of that warehouse and goods, Esc closes it", async () => {
      const key = await warehouses.openWithEnter();
      expect(key).toMatch(/^2__./);
      await expect(warehouses.drawer).toContainText(key.slice(3));
      await expect(warehouses.drawer).toContainText(second?.warehouse_name as string);
      await warehouses.closeWithEsc();
    });
  });

  test("stock by goods: Enter opens a goods' stock, Esc closes it", async ({ page }) => {
    const stock = new GridPage(page, "/stock");
    await stock.goto();
    const key = await stock.openWithEnter();
    await expect(stock.drawerTitle).toContainText(key);
    await expect(stock.drawerGroup("予約在庫")).toBeVisible();
    await stock.closeWithEsc();
  });
});

test.describe("the goods images grid", () => {
  test("thumbnails of a fixed size, the API's count, a status filter and a goods search that survive a reload", async ({ page }) => {
    const images = new ImagesPage(page);
    await images.goto();
    const everything = await images.total();
    expect(everything).toBe(await sandboxCount("staff", "/api_v1_master_goodsimage/count"));

    await test.step("each row has a 28 px image box: the image (lazy, with alt text) or the no-image mark", async () => {
      const cell = images.cell(0, "goods_image_url_https");
      const box = images.imageBox(cell);
      const size = await box.boundingBox();
      expect(Math.round(size?.width ?? 0)).toBe(28);
      expect(Math.round(size?.height ?? 0)).toBe(28);
      const img = images.thumbnail(cell);
      const mark = images.noImageMark(cell);
      await expect(img.or(mark).first()).toBeAttached();
      if ((await img.count()) > 0) {
        await expect(img).toHaveAttribute("loading", "lazy");
        await expect(img).toHaveAttribute("alt", /.+/);
      }
      await expect(cell).toContainText(/^https?:\/\//);
    });

    await images.chooseQuickFilter(ja.images.quick.status, ["アップロード済"]);
    await expect.poll(() => decodedUrl(page)).toMatch(/f=goods_image_status\.in:3(&|$)/);
    await images.waitForRows();
    const uploaded = await images.total();
    expect(uploaded).toBe(await sandboxCount("staff", "/api_v1_master_goodsimage/count", { "goods_image_status-in": "3" }));
    expect(uploaded).toBeLessThan(everything);

    const code = (await images.cellText(0, "goods_image_goods_id")).slice(0, 6);
    await images.search(ja.images.quick.keyword, code, { target: ja.images.quick.goodsId });
    await expect.poll(() => decodedUrl(page)).toContain(`f=goods_image_goods_id.like:${code}`);
    await images.waitForRows();
    const total = await images.total();
    expect(total).toBe(await sandboxCount("staff", "/api_v1_master_goodsimage/count", { "goods_image_status-in": "3", "goods_image_goods_id-like": `%${code}%` }));
    await everyShown(images, "goods_image_status", (s) => expect(s).toBe("アップロード済"));

    await page.reload();
    await images.waitForRows();
    await expect(images.filterChips).toHaveCount(2);
    expect(await images.total()).toBe(total);

    await test.step("Enter opens the image with its preview and a link to the file, Esc closes it", async () => {
      const key = await images.openWithEnter();
      await expect(images.drawer).toContainText(key);
      await expect(images.drawerImageLink).toHaveAttribute("href", new RegExp(`^${sandboxUrl}/images/`));
      await expect(images.drawerGroup("画像タグ")).toBeVisible();
      await images.closeWithEsc();
    });
  });
});

test.describe("goods image thumbnails", () => {
  // The one failure this story makes on purpose: an image its host no longer has.
  test.beforeEach(({ consoleErrors }) => {
    consoleErrors.allow(failedResource(404, "/images/"));
  });

  test("an image its host serves is shown in the box under the page's CSP; one that fails leaves the no-image mark", async ({ page }) => {
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    // The sandbox serves every image it lists (sandbox/images.ts); `_2.` images are made to fail.
    await page.route(`${sandboxUrl}/images/**`, (route) => (route.request().url().includes("_2.") ? route.fulfill({ status: 404, body: "" }) : route.continue()));
    const images = new ImagesPage(page);
    await images.goto("?f=goods_image_file_name.like:_1.");
    const img = images.thumbnail(0);
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
    await expect(img).toHaveAttribute("alt", /.+/);
    expect((await images.imageBox(0).boundingBox())?.width).toBe(28);

    await images.goto("?f=goods_image_file_name.like:_2.");
    await expect(images.noImageMark(0)).toBeVisible();
    expect(violations).toEqual([]);
  });

  test("an image on an https host nobody listed loads by default (NE_IMAGE_HOSTS unset)", async ({ page }) => {
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    // The e2e dashboard runs without NE_IMAGE_HOSTS, as a shop on the real API would at first.
    const response = await page.goto("/images");
    expect(response?.headers()["content-security-policy"]).toMatch(/img-src 'self' data: blob: https: /);
    // A mall's image host: the grid's page names it, and Playwright answers for it (the CSP is
    // applied before the request leaves, so a blocked image never reaches this route).
    const host = "https://image.mall-unlisted.example";
    const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
    let served = 0;
    await page.route(`${host}/**`, (route) => {
      served += 1;
      return route.fulfill({ status: 200, contentType: "image/png", body: png });
    });
    await page.route("**/api/ne/api_v1_master_goodsimage/search", async (route) => {
      const answer = await route.fetch();
      const json = (await answer.json()) as { rows?: Record<string, string | null>[] };
      for (const row of json.rows ?? []) row.goods_image_url_https = `${host}/goods/${row.goods_image_goods_id ?? "x"}.png`;
      await route.fulfill({ response: answer, body: JSON.stringify(json) });
    });
    const images = new ImagesPage(page);
    await images.goto("?f=goods_image_file_name.like:_1.");
    const img = images.thumbnail(0);
    await expect(img).toHaveAttribute("src", new RegExp(`^${host.replace(/[.]/g, "\\.")}/goods/`));
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
    expect(served).toBeGreaterThan(0);
    expect(violations).toEqual([]);
  });
});

// One test per grid (each with its own time budget): a page load, a drawer and two scans each.
const CATALOG_GRIDS: readonly { path: GridPath; column: string }[] = [
  { path: "/goods", column: "Selling price" },
  { path: "/stock", column: "Free quantity" },
  { path: "/stock/warehouses", column: "Warehouse" },
  { path: "/images", column: "File status" },
];

test.describe("in English", () => {
  for (const { path, column } of CATALOG_GRIDS) {
    test(`nothing but the shop's own data is left in Japanese, on the ${path} grid and in its drawer`, async ({ page }) => {
      const shell = new ShellPage(page);
      await shell.goto(path);
      await shell.switchLanguage("en");
      const grid = new GridPage(page, path, "en");
      await grid.goto();
      await expect(grid.columnHeader(column)).toBeVisible();
      expect(await shell.japaneseTextOutsideLangJa(), path).toEqual([]);
      await grid.openWithEnter();
      if (path === "/goods") await new GoodsPage(page, "en").waitForDrawerTags();
      if (path === "/images") await expect(new ImagesPage(page, "en").drawerPreview).toBeVisible();
      expect(await shell.japaneseTextOutsideLangJa(), `${path} drawer`).toEqual([]);
      await grid.closeWithEsc();
    });
  }
});

test.describe("accessibility", () => {
  for (const { path } of CATALOG_GRIDS) {
    test(`no serious violation on the ${path} grid, light and dark`, async ({ page }) => {
      const shell = new ShellPage(page);
      const grid = new GridPage(page, path);
      await shell.goto(path);
      for (const theme of ["light", "dark"] as const) {
        await shell.setTheme(theme);
        await shell.expectDark(theme === "dark");
        await grid.waitForRows();
        await expect(grid.grid).toBeVisible();
        expect(await shell.seriousA11yViolations(), `${path}, ${theme}`).toEqual([]);
      }
    });
  }
});
