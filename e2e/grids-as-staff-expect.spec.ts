import Papa from "papaparse";
import { expect, test } from "./fixtures";
import { GridPage, type GridPath } from "./pages/grid-page";
import { escapeRegExp, format } from "./pages/messages";
import { OrdersPage } from "./pages/orders-page";
import { sandboxCall, sandboxCount } from "./pages/sandbox-api";
import ja from "../messages/ja.json";
import { receiveOrder } from "../lib/ne/registry/resources/receive-order";

// Stories of issue 12's grid items as a shop's staff meets them: grids open on today's rows
// (newest first) with a header control that turns them around, kept in the URL and saved views and
// followed by exports; names where people read codes (delivery method 8, exports of names or
// codes, the "shop" column); one search box that finds goods by code or by name; and a page past
// the end that says so and offers the last page. What the grid shows is checked against the
// sandbox's own answers.

const ORDER_SEARCH = "/api_v1_receiveorder_base/search";
const ORDER_COUNT = "/api_v1_receiveorder_base/count";
const ID = "receive_order_id";
const STATUS = "receive_order_order_status_id";
const DELIVERY = "receive_order_delivery_id";

test.use({ viewport: { width: 1440, height: 900 } });

/** The API's slip at `offset` in its own (primary-key) order, with the conditions given. */
async function slipAt(offset: number, conditions: Record<string, string> = {}, fields = ID): Promise<Record<string, string | null>> {
  const answer = await sandboxCall("staff", ORDER_SEARCH, { fields, offset: String(offset), limit: "1", ...conditions });
  const row = answer.data?.[0];
  if (!row) throw new Error(`no slip at ${offset}`);
  return row;
}

/** The API's newest and oldest slip numbers (highest and lowest primary key) and the total. */
async function slipEnds(conditions: Record<string, string> = {}): Promise<{ total: number; newest: string; oldest: string }> {
  const total = await sandboxCount("staff", ORDER_COUNT, conditions);
  const [newest, oldest] = await Promise.all([slipAt(total - 1, conditions), slipAt(0, conditions)]);
  return { total, newest: newest[ID] as string, oldest: oldest[ID] as string };
}

test.describe("grids open newest first", () => {
  test("page 1 of orders holds the newest slip; the header control turns the order around, and a reload keeps it", async ({ page }) => {
    const orders = new OrdersPage(page);
    const { newest, oldest } = await slipEnds();
    expect(Number(newest)).toBeGreaterThan(Number(oldest));

    await orders.goto();
    await orders.expectOrder("newest");
    expect(await orders.rowKey(0)).toBe(newest);
    // Only the key column says it sorts; the others do not pretend to.
    await expect(orders.sortedHeaders).toHaveCount(1);
    await expect(orders.orderHeader).toHaveAttribute("data-field", ID);

    await test.step("a click on another header changes nothing", async () => {
      const url = page.url();
      await orders.header("receive_order_date").click();
      expect(page.url()).toBe(url);
      await expect(orders.header("receive_order_date")).not.toHaveAttribute("aria-sort", /.*/);
      expect(await orders.rowKey(0)).toBe(newest);
    });

    await test.step("the control from the keyboard: oldest first, in the URL", async () => {
      await orders.flipOrder("keyboard");
      await expect(page).toHaveURL(/[?&]order=asc/);
      await orders.expectOrder("oldest");
      await expect(orders.rowAt(0)).toHaveAttribute("data-row-key", oldest);
    });

    await test.step("a reload keeps oldest first, and page 1 holds the lowest slip number", async () => {
      await page.reload();
      await orders.expectOrder("oldest");
      await expect(orders.rowAt(0)).toHaveAttribute("data-row-key", oldest);
    });

    await test.step("a click turns it back: newest first leaves the URL", async () => {
      await orders.flipOrder("click");
      await orders.expectOrder("newest");
      await expect(orders.rowAt(0)).toHaveAttribute("data-row-key", newest);
      expect(new URL(page.url()).searchParams.has("order")).toBe(false);
    });
  });

  test("the next pages go back in time, and the last page ends on the oldest slips", async ({ page }) => {
    const orders = new OrdersPage(page);
    const size = 50;
    const { total } = await slipEnds();
    await orders.goto(`?size=${size}`);
    await orders.goToPage("next");
    await expect(page).toHaveURL(/[?&]page=2/);
    await orders.waitForRows();
    // Page 2 starts with the API's row total − 51 (page 1 holds the 50 after it).
    await expect(orders.rowAt(0)).toHaveAttribute("data-row-key", (await slipAt(total - size - 1))[ID] as string);
    await orders.goToPage("last");
    await orders.waitForRows();
    const lastPage = Math.ceil(total / size);
    await expect(page).toHaveURL(new RegExp(`[?&]page=${lastPage}(&|$)`));
    await expect(orders.rowAt(0)).toHaveAttribute("data-row-key", (await slipAt(total - (lastPage - 1) * size - 1))[ID] as string);
  });

  test("a saved view keeps the order", async ({ page }) => {
    const orders = new OrdersPage(page);
    const { newest, oldest } = await slipEnds();
    const name = `古い順 ${Date.now()}`;
    await orders.goto("?order=asc");
    await orders.expectOrder("oldest");
    await orders.saveView(name);

    await orders.flipOrder();
    await orders.expectOrder("newest");
    await expect(orders.rowAt(0)).toHaveAttribute("data-row-key", newest);

    await orders.applyView(name);
    await orders.expectOrder("oldest");
    await expect(page).toHaveURL(/[?&]order=asc/);
    await expect(orders.rowAt(0)).toHaveAttribute("data-row-key", oldest);
    await orders.deleteView(name);
  });

  // Every other grid: newest first on its key column, and the first row is the API's last.
  // `by`: the row's key (an integer key is its digits) or the key cell's text (a goods code).
  const grids: { path: GridPath; search: string; field: string; by: "key" | "cell" }[] = [
    { path: "/goods", search: "/api_v1_master_goods/search", field: "goods_id", by: "cell" },
    { path: "/stock", search: "/api_v1_master_stock/search", field: "stock_goods_id", by: "cell" },
    { path: "/images", search: "/api_v1_master_goodsimage/search", field: "goods_image_id", by: "key" },
    { path: "/masters/shops", search: "/api_v1_master_shop/search", field: "shop_id", by: "key" },
  ];
  for (const grid of grids) {
    test(`${grid.path} opens newest first, its first row the API's last`, async ({ page }) => {
      const count = grid.search.replace(/\/search$/, "/count");
      const total = await sandboxCount("staff", count);
      const last = (await sandboxCall("staff", grid.search, { fields: grid.field, offset: String(total - 1), limit: "1" })).data?.[0]?.[grid.field];
      const view = new GridPage(page, grid.path);
      await view.goto();
      await view.expectOrder("newest");
      await expect(view.orderHeader).toHaveAttribute("data-field", grid.field);
      if (grid.by === "key") await expect(view.rowAt(0)).toHaveAttribute("data-row-key", last as string);
      // The code starts the cell; the stock grids add the goods' name after it once their join lands.
      else await expect(view.cell(0, grid.field)).toHaveText(new RegExp(`^${escapeRegExp(last as string)}`));
    });
  }
});

test.describe("a page past the end", () => {
  test("says it is past the end, with the total and the pages, and offers the last page", async ({ page }) => {
    const orders = new OrdersPage(page);
    const total = await sandboxCount("staff", ORDER_COUNT);
    const pages = Math.ceil(total / 100);
    await page.goto("/orders?page=999");
    await orders.waitForState("past-end");
    await expect(orders.totalText).toHaveAttribute("data-grid-total", String(total));
    await expect(orders.totalText).toHaveText(
      format(ja.grid.pagination.pastEnd, { page: "999", total: total.toLocaleString("en-US"), pages: pages.toLocaleString("en-US") }),
    );
    // Never a range of rows the page does not have ("0–99,800").
    await expect(orders.totalText).not.toContainText("99,800");
    await orders.toLastPage.click();
    await expect(page).toHaveURL(new RegExp(`[?&]page=${pages}(&|$)`));
    await orders.waitForRows();
    await expect(orders.rowAt(0)).toHaveAttribute("data-row-key", (await slipAt(total - (pages - 1) * 100 - 1))[ID] as string);
  });
});

test.describe("names, not codes", () => {
  test("the delivery column and the drawer show the method's name, method 8 included; the shop column is called 店舗", async ({ page }) => {
    const orders = new OrdersPage(page);
    const eight = { [`${DELIVERY}-eq`]: "8" };
    expect(await sandboxCount("staff", ORDER_COUNT, eight)).toBeGreaterThan(0);
    const name = (await slipAt(0, eight, `${ID},receive_order_delivery_name`)).receive_order_delivery_name as string;
    expect(name).toBeTruthy();

    await orders.goto(`?f=${DELIVERY}.eq:8`);
    // The delivery method is no default column since issue 34 (the defaults fit 1440 px): shown from the chooser.
    const chooser = await orders.openColumnChooser();
    await chooser.getByRole("checkbox", { name: ja.orders.quick.delivery, exact: true }).check();
    await orders.applyColumns();
    await expect(orders.cell(0, DELIVERY)).toHaveText(name);
    await expect(orders.header("receive_order_shop_id")).toHaveText("店舗");
    await orders.openRowByClick(0);
    await expect(orders.drawer.locator(`[data-field="${DELIVERY}"] dd`)).toHaveText(name);
    await orders.closeDrawer();
    await orders.openColumnChooser();
    await orders.resetColumns();
    await orders.applyColumns();
  });

  test("an export writes names as the screen shows them by default, codes when asked, in the grid's order", async ({ page }) => {
    const orders = new OrdersPage(page);
    const conditions = { [`${ID}-lte`]: "120" };
    const { total, newest } = await slipEnds(conditions);
    const statusNames: string[] = receiveOrder.fields.find((f) => f.name === STATUS)?.enum?.map((v) => v.label.ja) ?? [];
    expect(statusNames.length).toBeGreaterThan(0);
    await orders.goto(`?f=${ID}.lte:120`);
    await orders.expectTotal(total);

    const read = (bytes: Buffer) => {
      const parsed = Papa.parse<string[]>(bytes.subarray(3).toString("utf8"), { skipEmptyLines: true });
      expect(parsed.errors).toEqual([]);
      const [header, ...rows] = parsed.data;
      const column = (field: string) => rows.map((r) => r[header?.indexOf(field) ?? -1] ?? "");
      return { rows, column };
    };

    await test.step("names by default", async () => {
      const { rows, column } = read((await orders.exportCsv({ encoding: "utf8-bom", header: "names" })).bytes);
      expect(rows).toHaveLength(total);
      expect(column(ID)[0]).toBe(newest);
      for (const status of column(STATUS)) expect(statusNames).toContain(status);
      for (const field of ["receive_order_shop_id", "receive_order_payment_method_id", DELIVERY, "receive_order_cancel_type_id"]) {
        expect(column(field).filter((v) => /^\d+$/.test(v)), field).toEqual([]);
      }
    });

    await test.step("codes when chosen", async () => {
      const { rows, column } = read((await orders.exportCsv({ encoding: "utf8-bom", header: "names", values: "codes" })).bytes);
      expect(rows).toHaveLength(total);
      for (const status of column(STATUS)) expect(status).toMatch(/^\d+$/);
      // The cancel type, a code the row names itself (a default column since issue 34; delivery no longer is).
      for (const cancel of column("receive_order_cancel_type_id")) expect(cancel).toMatch(/^\d+$/);
    });
  });
});

test.describe("search that does what it says", () => {
  test("goods are found by name and by code through the same box, which names what it searches", async ({ page }) => {
    const goods = new GridPage(page, "/goods");
    const total = await sandboxCount("staff", "/api_v1_master_goods/count");
    const picked = (await sandboxCall("staff", "/api_v1_master_goods/search", { fields: "goods_id,goods_name", offset: String(Math.floor(total / 2)), limit: "1" })).data?.[0];
    const code = picked?.goods_id as string;
    const name = picked?.goods_name as string;
    expect(code && name).toBeTruthy();
    const box = ja.goods.quick.keyword;

    await goods.goto();
    await expect(goods.searchBox(box)).toHaveAccessibleName(format(ja.catalog.quick.searchIn, { field: ja.goods.quick.codeOrName }));

    await test.step("by name", async () => {
      await goods.search(box, name);
      await expect(page).toHaveURL(/f=goods_name\.like/);
      await goods.waitForRows();
      const { rows } = await goods.collectRows(["goods_id", "goods_name"]);
      expect(rows.map((r) => r.cells.goods_id)).toContain(code);
      for (const row of rows) expect(row.cells.goods_name).toContain(name);
      await expect(goods.searchBox(box)).toHaveAccessibleName(format(ja.catalog.quick.searchIn, { field: ja.goods.quick.goodsName }));
    });

    await test.step("by code, in the same box with its default target", async () => {
      await goods.clearFilters();
      await goods.waitForRows();
      await goods.search(box, code);
      await expect(page).toHaveURL(/f=goods_id\.like/);
      await goods.waitForRows();
      const { rows } = await goods.collectRows(["goods_id"]);
      expect(rows.map((r) => r.cells.goods_id)).toContain(code);
      for (const row of rows) expect(row.cells.goods_id).toContain(code);
    });
  });
});
