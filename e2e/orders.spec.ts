import iconv from "iconv-lite";
import Papa from "papaparse";
import { expect, SANDBOX_PASSWORD, SANDBOX_USERS, signInThroughForm, test, failedResource, caughtBffError } from "./fixtures";
import { readFileSync } from "node:fs";
import { GridPage } from "./pages/grid-page";
import { OrdersPage } from "./pages/orders-page";
import { addFault, clearFaults, pickSlips, sandboxCall, sandboxClock, sandboxCount } from "./pages/sandbox-api";
import { ShellPage } from "./pages/shell-page";
import { SandboxSignInPage } from "./pages/sign-in-page";
import ja from "../messages/ja.json";

// Stories of the orders grid against the sandbox: filters that land in the URL and match the
// API's own count, saved views, whole-result exports in both encodings, the drawer with the
// slip's rows, keyboard use, virtualization of a 10,000-row page, an error that is not "no
// results", accessibility in light and dark, and company isolation.

const STATUS = "receive_order_order_status_id";
const SHOP = "receive_order_shop_id";
const ORDERS_COUNT = "/api_v1_receiveorder_base/count";
const q = ja.orders.quick;

test.use({ viewport: { width: 1440, height: 900 } });

test.describe("the orders grid", () => {
  test("filtering by status and shop goes in the URL, survives a reload and matches the API's count", async ({ page }) => {
    const orders = new OrdersPage(page);
    await orders.goto();
    const everything = await orders.total();
    expect(everything).toBeGreaterThan(0);

    const statuses = ["納品書印刷待ち", "納品書印刷済"];
    await orders.chooseQuickFilter(q.status, statuses);
    const shops = await orders.quickFilterChoices(q.shop);
    const shopName = shops[0] as string;
    await orders.chooseQuickFilter(q.shop, [shopName]);

    await expect(page).toHaveURL(new RegExp(`f=${STATUS}\\.in(%3A|:)20(%2C|,)40`));
    await expect(page).toHaveURL(new RegExp(`f=${SHOP}\\.in(%3A|:)\\d+`));
    const shopId = /receive_order_shop_id\.in(?:%3A|:)(\d+)/.exec(page.url())?.[1] as string;
    await orders.waitForRows();
    const total = await orders.total();
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThan(everything);

    await test.step("the API's count twin gives the same total for the same conditions", async () => {
      expect(await sandboxCount("staff", ORDERS_COUNT, { [`${STATUS}-in`]: "20,40", [`${SHOP}-in`]: shopId })).toBe(total);
    });

    await test.step("a reload keeps the filters and the result", async () => {
      await page.reload();
      await orders.waitForRows();
      await expect(orders.filterChips).toHaveCount(2);
      expect(await orders.total()).toBe(total);
    });

    await test.step("every row shown matches both conditions", async () => {
      await orders.setPageSize(500);
      await orders.waitForRows();
      // The cell shows the shop's short name, its full name as the title (issue 34).
      await expect(orders.cell(0, SHOP).locator("span").first()).toHaveAttribute("title", shopName);
      const shopShort = await orders.cellText(0, SHOP);
      const { rows } = await orders.collectRows([STATUS, SHOP]);
      expect(rows).toHaveLength(Math.min(total, 500));
      for (const row of rows) {
        expect(statuses).toContain(row.cells[STATUS]);
        expect(row.cells[SHOP]).toBe(shopShort);
      }
    });

    await test.step("Back undoes the last filter", async () => {
      await page.goBack();
      await expect(page).not.toHaveURL(/size=500/);
      await page.goBack();
      await expect(page).not.toHaveURL(new RegExp(SHOP));
      await orders.waitForRows();
      expect(await orders.total()).toBeGreaterThan(total);
    });
  });

  test("a saved view brings its filters back, also after a reload", async ({ page }) => {
    const orders = new OrdersPage(page);
    await orders.goto();
    await orders.chooseQuickFilter(q.status, ["受注メール取込済"]);
    await orders.waitForRows();
    const filtered = await orders.total();
    const name = `メール取込済み ${Date.now()}`;

    await orders.saveView(name);
    await orders.clearFilters();
    await expect(page).not.toHaveURL(/f=/);
    await orders.waitForRows();
    expect(await orders.total()).toBeGreaterThan(filtered);

    await orders.applyView(name);
    await expect(page).toHaveURL(new RegExp(`f=${STATUS}\\.in(%3A|:)1(&|$)`));
    await orders.waitForRows();
    expect(await orders.total()).toBe(filtered);

    await page.reload();
    await orders.waitForRows();
    await orders.openViews();
    await expect(orders.viewButton(name)).toBeVisible();

    await test.step("it can be renamed, then deleted", async () => {
      const renamed = `${name} 改`;
      await orders.renameView(name, renamed);
      await expect(orders.viewButton(renamed)).toBeVisible();
      await orders.closeViews();
      await orders.deleteView(renamed);
    });
  });

  test("the grid storage API wants a session, this site's Origin and valid input, and keeps people apart", async ({ page, baseURL, browser }) => {
    await page.goto("/orders");
    const origin = new URL(baseURL as string).origin;
    const url = "/api/grid/views/orders";
    const state = { filters: [`${STATUS}.in:50`], size: 100 };
    const post = (headers: Record<string, string>, data: unknown) => page.request.post(url, { headers: { "content-type": "application/json", ...headers }, data: JSON.stringify(data) });

    expect((await post({ origin: "https://evil.example" }, { name: "x", state })).status()).toBe(403);
    expect((await post({ origin }, { name: "x", state: { ...state, size: 77 } })).status()).toBe(400);
    expect((await post({ origin }, { name: "x", state, extra: 1 })).status()).toBe(400);
    expect((await page.request.put("/api/grid/preferences/orders", { headers: { "content-type": "application/json", origin }, data: JSON.stringify({ columns: ["a;b"] }) })).status()).toBe(400);
    expect((await page.request.get("/api/grid/views/NOT-A-GRID")).status()).toBe(404);

    const name = `API ${Date.now()}`;
    const created = await post({ origin }, { name, state });
    expect(created.status()).toBe(201);
    const view = (await created.json()) as { id: string };
    expect((await post({ origin }, { name, state })).status()).toBe(409);

    const stranger = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
    try {
      expect((await stranger.request.get(url)).status()).toBe(401);
      const operator = await stranger.newPage();
      await signInThroughForm(operator, "operator", "/orders");
      const theirs = (await (await stranger.request.get(url)).json()) as { views: { name: string }[] };
      expect(theirs.views.map((v) => v.name)).not.toContain(name);
      expect((await stranger.request.delete(`${url}/${view.id}`, { headers: { origin } })).status()).toBe(404);
    } finally {
      await stranger.close();
    }
    expect((await page.request.delete(`${url}/${view.id}`)).status()).toBe(403);
    expect((await page.request.delete(`${url}/${view.id}`, { headers: { origin } })).status()).toBe(200);
  });

  test("the whole filtered result exports with exactly `count` rows, in UTF-8 with BOM and in Shift_JIS", async ({ page }) => {
    const orders = new OrdersPage(page);
    // More rows than one page: the export must page through the BFF, not copy the screen.
    await orders.goto(`?f=${STATUS}.in:50&size=50`);
    const total = await orders.total();
    expect(total).toBeGreaterThan(50);
    const headerLabels = await orders.headerNames();

    await test.step("UTF-8 with BOM, labels in the header", async () => {
      const { download, bytes } = await orders.exportCsv({ encoding: "utf8-bom" });
      expect(download.suggestedFilename()).toMatch(/^orders-\d{8}-\d{4}\.csv$/);
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const parsed = Papa.parse<string[]>(bytes.subarray(3).toString("utf8"), { skipEmptyLines: true });
      expect(parsed.errors).toEqual([]);
      expect(parsed.data[0]).toEqual(headerLabels);
      expect(parsed.data.length - 1).toBe(total);
      const ids = parsed.data.slice(1).map((r) => r[0]);
      expect(new Set(ids).size).toBe(total);
    });

    await test.step("Shift_JIS with field names in the header", async () => {
      const { bytes } = await orders.exportCsv({ encoding: "sjis", header: "names" });
      expect([...bytes.subarray(0, 3)]).not.toEqual([0xef, 0xbb, 0xbf]);
      const text = iconv.decode(bytes, "cp932");
      const parsed = Papa.parse<string[]>(text, { skipEmptyLines: true });
      expect(parsed.errors).toEqual([]);
      expect(parsed.data[0]?.[0]).toBe("receive_order_id");
      expect(parsed.data.length - 1).toBe(total);
      // Japanese text survived the round trip through Shift_JIS.
      expect(text).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
    });
  });

  test("characters Shift_JIS cannot hold are reported by row and column, and saved as ? only when asked", async ({ page }) => {
    const orders = new OrdersPage(page);
    await orders.goto(`?f=${STATUS}.in:50&size=50`);
    const total = await orders.total();
    // The sandbox's names all fit in Shift_JIS: the export's answer gets one that does not.
    await page.route("**/api/ne/api_v1_receiveorder_base/search", async (route) => {
      // The grid's own page passes; so do the export's pages after its first (it splits the result).
      const asked = route.request().postDataJSON() as { offset?: number; limit?: number } | null;
      if (asked?.limit === 50 || asked?.offset !== 0) return route.fallback();
      const response = await route.fetch();
      const json = await response.json();
      json.rows[1].receive_order_purchaser_name = "𠮷田 花子😀";
      await route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify(json) });
    });
    const start = async () => {
      await orders.startExport({ encoding: "sjis" });
      await expect(orders.exportReport).toBeVisible();
    };
    let downloads = 0;
    page.on("download", () => (downloads += 1));

    // The file follows the grid's order, newest first: the API's second row is the file's row total − 1.
    const fileRow = total - 1;
    await start();
    await expect(orders.exportReportSummary).toContainText("2 か所");
    expect(await orders.exportReportCells()).toEqual([
      [fileRow.toLocaleString("en-US"), "購入者名", "𠮷", "U+20BB7"],
      [fileRow.toLocaleString("en-US"), "購入者名", "😀", "U+1F600"],
    ]);
    await orders.cancelExportReport();
    await expect(orders.exportReport).toHaveCount(0);
    expect(downloads).toBe(0);
    await orders.closeExport();

    await start();
    const downloadPromise = page.waitForEvent("download");
    await orders.continueExportReport();
    const text = iconv.decode(readFileSync(await (await downloadPromise).path()), "cp932");
    const parsed = Papa.parse<string[]>(text, { skipEmptyLines: true });
    expect(parsed.data.length - 1).toBe(total);
    const column = (parsed.data[0] ?? []).indexOf("購入者名");
    expect(parsed.data[fileRow]?.[column]).toBe("?田 花子?");
  });

  test("column widths change from the keyboard in the column chooser, persist, and go back to defaults", async ({ page }) => {
    const orders = new OrdersPage(page);
    await orders.goto();
    const widthOf = () => orders.columnWidth("伝票番号");
    const before = await widthOf();

    await orders.openColumnChooser();
    await orders.typeColumnWidth("伝票番号", 296);
    await orders.applyColumns("keyboard");
    await expect.poll(widthOf).toBe(296);

    await page.reload();
    await orders.waitForRows();
    await expect.poll(widthOf).toBe(296);

    await orders.openColumnChooser();
    await orders.resetColumns();
    await expect(orders.columnWidthField("伝票番号")).toHaveValue(String(before));
    await orders.applyColumns();
    await expect.poll(widthOf).toBe(before);
  });

  test("the drawer shows the slip's fields and as many rows as the row count says", async ({ page }) => {
    const orders = new OrdersPage(page);
    await orders.goto();
    const key = await orders.openRowByClick(0);
    await expect(page).toHaveURL(new RegExp(`open=${key}`));
    await expect(orders.drawerTitle).toContainText(key);
    for (const group of ["金額", "支払", "配送", "購入者", "送り先", "フラグ", "担当・履歴"]) {
      await expect(orders.drawerGroup(group)).toBeVisible();
    }
    const shownCount = await orders.drawerOrderRowCount();
    expect(shownCount).toBeGreaterThan(0);
    await expect(orders.drawerOrderRowItems).toHaveCount(shownCount);
    expect(await sandboxCount("staff", "/api_v1_receiveorder_row/count", { "receive_order_row_receive_order_id-eq": key })).toBe(shownCount);

    await test.step("the open slip survives a reload", async () => {
      await page.reload();
      await orders.waitForDrawer();
      await orders.closeDrawer();
      await expect(page).not.toHaveURL(/open=/);
    });
  });

  test("the keyboard moves through rows, opens one with Enter and closes it with Esc", async ({ page }) => {
    const orders = new OrdersPage(page);
    await orders.goto();
    const keys = await orders.renderedKeys();
    await orders.focus();
    await expect(orders.grid).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => orders.activeRowKey()).toBe(keys[2]);
    const activeId = await orders.activeRowId();

    await page.keyboard.press("Enter");
    await orders.waitForDrawer();
    await expect(orders.drawerTitle).toContainText(keys[2] as string);
    await orders.closeDrawer();
    await expect(orders.grid).toBeFocused();
    await expect(orders.grid).toHaveAttribute("aria-activedescendant", activeId);

    await test.step("End goes to the last row of the page, Space selects it", async () => {
      await page.keyboard.press("End");
      const last = await orders.activeRow();
      await expect(last).toHaveAttribute("aria-rowindex", await orders.ariaRowCount());
      await page.keyboard.press(" ");
      await expect(last).toHaveAttribute("aria-selected", "true");
    });

    await test.step("a checkbox and a Shift-click select a range", async () => {
      await page.keyboard.press("Home");
      await orders.rowCheckbox(keys[1] as string).click();
      await orders.rowCheckbox(keys[4] as string).click({ modifiers: ["Shift"] });
      for (const key of keys.slice(1, 5)) await expect(orders.row(key)).toHaveAttribute("aria-selected", "true");
      await expect(orders.row(keys[0] as string)).toHaveAttribute("aria-selected", "false");
      await expect(orders.selectionCount(5)).toBeVisible();
    });
  });

  test("a failing search shows an error with retry, never an empty list, and retry recovers", async ({ page, consoleErrors }) => {
    consoleErrors.allow(failedResource(502, "/api/ne/api_v1_receiveorder_base/search"), caughtBffError(500));
    const orders = new OrdersPage(page);
    await addFault({ path: "/api_v1_receiveorder_base/search", kind: "http500" });
    try {
      await page.goto(`/orders?f=${STATUS}.in:0,1,2`);
      await orders.waitForError();
      await expect(orders.errorPanel).toContainText(ja.query.error.title);
      await expect(orders.emptyStates).toHaveCount(0);
      await expect(orders.grid).toHaveCount(0);
    } finally {
      await clearFaults();
    }
    await orders.retry();
    await orders.waitForRows();
    expect(await orders.total()).toBeGreaterThan(0);
    await expect(orders.errorPanel).toHaveCount(0);
  });

  test("filtered to nothing says so and offers to clear", async ({ page }) => {
    const orders = new OrdersPage(page);
    await page.goto(`/orders?f=receive_order_purchaser_name.like:該当者なしの名前`);
    await orders.waitForState("filtered-empty");
    await orders.clearFromFilteredEmpty();
    await orders.waitForRows();
    await expect(page).not.toHaveURL(/f=/);
  });

  test("extension_execution_id shows exactly the slips picked on the main screen, ANDed with filters; an unknown one says so", async ({ page, consoleErrors }) => {
    // The unknown group: a parameter the API refuses (the sandbox's 003901) as a 400, caught by the grid's error boundary.
    consoleErrors.allow(failedResource(400, "/api/ne/api_v1_receiveorder_base/"), /^console: BffError: extension_execution_id が見つかりません/);
    const orders = new OrdersPage(page);
    const sent: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/ne/api_v1_receiveorder_base/")) sent.push(`${new URL(request.url()).pathname}:${JSON.stringify(request.postDataJSON()?.extensionExecutionId ?? null)}`);
    });
    const picked = ((await sandboxCall("staff", "/api_v1_receiveorder_base/search", { fields: "receive_order_id", limit: "3", offset: "7" })).data ?? []).map(
      (r) => r.receive_order_id as string,
    );
    expect(picked).toHaveLength(3);
    const group = await pickSlips("staff", picked);

    await orders.goto(`?extension_execution_id=${group}`);
    expect(await orders.total()).toBe(3);
    expect((await orders.renderedKeys()).sort()).toEqual([...picked].sort());
    expect(sent).toEqual(expect.arrayContaining([`/api/ne/api_v1_receiveorder_base/search:"${group}"`, `/api/ne/api_v1_receiveorder_base/count:"${group}"`]));
    await expect(orders.activeFilters).toContainText(group);

    // With a condition too: only the picked slips that meet it.
    await orders.goto(`?extension_execution_id=${group}&f=receive_order_id.eq:${picked[1]}`);
    expect(await orders.total()).toBe(1);
    await expect(orders.renderedRows).toHaveCount(1);

    // A group the API does not know is an error that names it, never "no slips"; removing it shows every slip.
    await page.goto(`/orders?extension_execution_id=no-such-group`);
    await orders.waitForError();
    await expect(orders.errorPanel).toContainText("003901");
    await expect(orders.emptyStates).toHaveCount(0);
    await orders.removeExtension();
    await orders.waitForRows();
    await expect(page).not.toHaveURL(/extension_execution_id/);
    expect(await orders.total()).toBeGreaterThan(3);
  });

  // One test per theme (each with its own time budget): axe runs twice in each.
  for (const theme of ["light", "dark"] as const) {
    test(`no serious accessibility violation on the grid and the open drawer, ${theme}`, async ({ page }) => {
      const orders = new OrdersPage(page);
      const shell = new ShellPage(page);
      await orders.goto();
      await shell.setTheme(theme);
      await shell.expectDark(theme === "dark");
      expect(await shell.seriousA11yViolations(), `grid, ${theme}`).toEqual([]);
      await orders.openRowByClick(1);
      await expect(orders.drawerOrderRowItems.first()).toBeVisible();
      expect(await shell.seriousA11yViolations(), `drawer, ${theme}`).toEqual([]);
      await orders.closeDrawer();
    });
  }

  test("in English, nothing but the shop's own data is left in Japanese", async ({ page }) => {
    const shell = new ShellPage(page);
    const orders = new OrdersPage(page, "en");
    await shell.goto("/orders");
    await shell.switchLanguage("en");
    await orders.waitForRows();
    await expect(orders.columnHeader("Order status")).toBeVisible();
    expect(await shell.japaneseTextOutsideLangJa()).toEqual([]);
  });
});

test.describe("an expired sign-in", () => {
  test("a grid query that finds both tokens expired sends the person to /login and back to the same filters", async ({ browser, baseURL }) => {
    // A fresh context (browser.newContext takes the test's signed-in storageState unless told
    // otherwise): signing in over the shared staff session would end it, as a new sign-in replaces
    // the browser's session, and the shared state must stay alive for the other stories.
    const context = await browser.newContext({ baseURL, locale: "ja-JP", viewport: { width: 1280, height: 800 }, storageState: { cookies: [], origins: [] } });
    const page = await context.newPage();
    try {
      await signInThroughForm(page, "manager", "/orders");
      const orders = new OrdersPage(page);
      await orders.waitForRows();
      // Let the lists that follow the rows (shop names, tag colours) finish before time jumps.
      await page.waitForLoadState("networkidle");
      await sandboxClock({ advance_s: 4 * 86_400 });
      await orders.chooseQuickFilter(q.status, ["納品書印刷中"]);
      await expect(page).toHaveURL(/\/login\?reason=expired&from=%2Forders%3Ff%3Dreceive_order_order_status_id\.in(%3A|%253A)30/);
      await expect(page.getByRole("alert").filter({ hasText: ja.login.expired })).toBeVisible();
      await sandboxClock(null);
      await page.getByRole("link", { name: ja.login.action }).click();
      await new SandboxSignInPage(page).signIn(SANDBOX_USERS.manager.login, SANDBOX_PASSWORD);
      await expect(page).toHaveURL(/\/orders\?f=receive_order_order_status_id\.in(%3A|:)30$/);
      await orders.waitForRows();
      await expect(orders.filterChips).toHaveCount(1);
    } finally {
      await sandboxClock(null);
      await context.close();
    }
  });
});

test.describe("the order rows grid", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("a 10,000-row page keeps at most 120 row elements while scrolling from end to end", async ({ page }) => {
    // Genuinely long: 10,000 rows through the BFF, then 61 scroll stops over them.
    test.setTimeout(120_000);
    const rows = new GridPage(page, "/order-rows");
    await rows.goto("?size=10000");
    const total = await rows.total();
    const onPage = Math.min(total, 10_000);
    expect(onPage).toBeGreaterThan(5000);
    await expect(rows.grid).toHaveAttribute("aria-rowcount", String(onPage + 1));
    const { maxRowElements, missing } = await rows.scrollThrough(60);
    expect(missing).toEqual([]);
    expect(maxRowElements).toBeGreaterThan(10);
    expect(maxRowElements).toBeLessThanOrEqual(120);
    await expect(rows.rowAtAriaIndex(onPage + 1)).toBeVisible();
  });
});

test.describe("another company", () => {
  test.use({ user: "operator", viewport: { width: 1280, height: 800 } });

  test("sees only its own orders", async ({ page }) => {
    const orders = new OrdersPage(page);
    await orders.goto();
    const total = await orders.total();
    expect(total).toBe(await sandboxCount("operator", ORDERS_COUNT));
    expect(total).not.toBe(await sandboxCount("staff", ORDERS_COUNT));
    const ownShops = new Set(
      ((await sandboxCall("operator", "/api_v1_master_shop/search", { fields: "shop_id,shop_name" })).data ?? []).map((s) => s.shop_name),
    );
    await expect(orders.cell(0, SHOP)).not.toHaveText(/^\d+$/);
    const { rows } = await orders.collectRows([SHOP]);
    expect(rows.length).toBe(Math.min(total, 100));
    // The cells show short names (issue 34), each with its shop's full name as the title.
    const titles = await orders.grid.locator(`[role="gridcell"][data-field="${SHOP}"] [title]`).evaluateAll((els) => els.map((el) => el.getAttribute("title")));
    expect(titles.length).toBeGreaterThan(0);
    for (const title of titles) expect(ownShops).toContain(title);
    expect(rows.every((row) => (row.cells[SHOP] ?? "") !== "")).toBe(true);
  });
});
