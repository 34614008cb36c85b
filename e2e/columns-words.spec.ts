import Papa from "papaparse";
import { expect, test } from "./fixtures";
import { GridPage } from "./pages/grid-page";
import { catalogues, type Locale } from "./pages/messages";
import { callLogMark, callsSince, sandboxCall } from "./pages/sandbox-api";
import { ShellPage } from "./pages/shell-page";

// Issue 34, deliverables 4 and 6: columns that show the words. At 1440 px the orders grid shows
// slip number, date, shop, status, purchaser and total without sideways scrolling and without
// cutting a purchaser's name; shop cells show the shop's abbreviation with the full name on hover
// and in the drawer; goods names take two lines rather than being cut, beside a thumbnail; names,
// not codes: the cancel toggle's chip, the mail send state, an export that writes what the screen
// shows. Expectations come from the sandbox's answers, never from counts other stories change.

test.use({ viewport: { width: 1440, height: 900 } });
// axe and an export in one story, on a machine that may be busy.
test.describe.configure({ timeout: 180_000 });

const P = "receive_order_";
const SIX = [`${P}id`, `${P}date`, `${P}shop_id`, `${P}order_status_id`, `${P}purchaser_name`, `${P}total_amount`];

/** The person's stored layout back to the defaults (other stories pin and resize columns). */
async function resetLayout(grid: GridPage): Promise<void> {
  await grid.openColumnChooser();
  await grid.resetColumns();
  await grid.applyColumns();
  await grid.waitForRows();
}

async function openIn(page: import("@playwright/test").Page, locale: Locale, path: "/orders" | "/goods", query = ""): Promise<GridPage> {
  const grid = new GridPage(page, path, locale);
  if (locale === "ja") {
    await grid.goto(query);
  } else {
    const shell = new ShellPage(page);
    await shell.goto(`${path}${query}`);
    await shell.switchLanguage(locale);
  }
  await grid.waitForRows();
  return grid;
}

/** Texts of the given field's cells (their first element) that are cut: wider or taller than they show. */
async function clippedCells(grid: GridPage, field: string): Promise<string[]> {
  return grid.grid.locator(`[role="gridcell"][data-field="${field}"]`).evaluateAll((cells) =>
    cells.flatMap((cell) => {
      const text = cell.firstElementChild as HTMLElement | null;
      if (!text) return [];
      const cut = text.scrollWidth > text.clientWidth + 1 || text.getBoundingClientRect().right > cell.getBoundingClientRect().right + 0.5;
      return cut ? [text.textContent ?? ""] : [];
    }),
  );
}

for (const locale of ["ja", "en"] as const) {
  test.describe(`orders at 1440 px, ${locale}`, () => {
    test("the six columns show without sideways scrolling, and no purchaser's name is cut", async ({ page }) => {
      const orders = await openIn(page, locale, "/orders");
      await resetLayout(orders);
      // The shop names (a list asked beside the rows) are in: the cells read no code.
      await expect(orders.cell(0, `${P}shop_id`)).not.toHaveText(/^\d+$/);
      const drawn = await orders.drawnFields();
      for (const field of SIX) expect(drawn, field).toContain(field);
      const { scrollWidth, clientWidth } = await orders.grid.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
      expect(scrollWidth, "the grid scrolls sideways").toBeLessThanOrEqual(clientWidth);
      const box = await orders.grid.boundingBox();
      for (const field of SIX) {
        const header = await orders.header(field).boundingBox();
        expect(header && box && header.x + header.width <= box.x + box.width + 0.5, `${field} inside the grid`).toBe(true);
      }
      expect(await orders.renderedRows.count()).toBeGreaterThan(5);
      expect(await clippedCells(orders, `${P}purchaser_name`)).toEqual([]);
      expect(await clippedCells(orders, `${P}total_amount`)).toEqual([]);
      expect(await clippedCells(orders, `${P}order_status_id`)).toEqual([]);
    });
  });
}

test("a shop cell shows the shop's abbreviation with its full name as title, and the drawer the full name", async ({ page }) => {
  const orders = await openIn(page, "ja", "/orders");
  const shops = new Map(
    ((await sandboxCall("staff", "/api_v1_master_shop/search", { fields: "shop_id,shop_name,shop_abbreviated_name" })).data ?? []).map((s) => [s.shop_id as string, s]),
  );
  const key = await orders.rowKey(0);
  const slip = (await sandboxCall("staff", "/api_v1_receiveorder_base/search", { fields: `${P}id,${P}shop_id`, [`${P}id-eq`]: key })).data?.[0];
  const shop = shops.get(slip?.[`${P}shop_id`] as string);
  expect(shop?.shop_abbreviated_name, "the sandbox's shops have abbreviations").toBeTruthy();
  const cell = orders.cell(0, `${P}shop_id`).locator("span").first();
  await expect(cell).toHaveText(shop?.shop_abbreviated_name as string);
  await expect(cell).toHaveAttribute("title", shop?.shop_name as string);
  await orders.openRowByClick(0);
  await expect(orders.drawer.locator(`[data-field="${P}shop_id"] dd`)).toHaveText(shop?.shop_name as string);
  await orders.closeDrawer();
});

for (const locale of ["ja", "en"] as const) {
  test(`names, not codes, ${locale}: the cancel toggle's chip, the mail send state in the drawer, axe clean`, async ({ page }) => {
    const m = catalogues[locale];
    const orders = await openIn(page, locale, "/orders");
    await orders.toggleQuickFilter(m.orders.quick.cancel, m.orders.quick.cancelValid);
    await expect(page).toHaveURL(/receive_order_cancel_type_id\.eq(:|%3A)0/);
    await expect(orders.filterChips).toHaveCount(1);
    await expect(orders.filterChips.first()).toHaveText(m.orders.quick.cancelValid);

    // A slip that sent several mails: the drawer names them.
    const slip = (await sandboxCall("staff", "/api_v1_receiveorder_base/search", { fields: `${P}id,${P}mail_status`, [`${P}mail_status-like`]: "%J%H%", limit: "1" })).data?.[0];
    const id = slip?.[`${P}id`] as string;
    const letters = [...new Set([...(slip?.[`${P}mail_status`] ?? "")])];
    expect(letters.length).toBeGreaterThan(1);
    await orders.goto(`?f=${P}id.eq:${id}`);
    await orders.openRowByClick(0);
    const mail = orders.drawer.locator(`[data-field="${P}mail_status"] dd`);
    for (const letter of letters) {
      await expect(mail.locator(`[data-mail-letter="${letter}"]`)).toHaveText(m.orders.mailStatus[letter as keyof typeof m.orders.mailStatus]);
    }
    await expect(mail).not.toContainText(letters.join(""));
    expect(await new ShellPage(page, locale).seriousA11yViolations(), "drawer").toEqual([]);
    await orders.closeDrawer();
    expect(await new ShellPage(page, locale).seriousA11yViolations(), "grid").toEqual([]);
  });
}

test("the export's names are the screen's: status and cancel state as the cells say them, the shop's full name as its title", async ({ page }) => {
  const orders = await openIn(page, "ja", "/orders", `?f=${P}id.lte:40`);
  await resetLayout(orders);
  const fields = [`${P}id`, `${P}shop_id`, `${P}order_status_id`, `${P}cancel_type_id`];
  await expect(orders.cell(0, `${P}shop_id`)).not.toHaveText(/^\d+$/);
  const firstKey = await orders.rowKey(0);
  const shopTitle = await orders.cell(0, `${P}shop_id`).locator("span").first().getAttribute("title");
  expect(shopTitle).toBeTruthy();
  const { rows: shown } = await orders.collectRows(fields);
  expect(shown.length).toBeGreaterThan(10);
  const { bytes } = await orders.exportCsv({ encoding: "utf8-bom", header: "names" });
  const parsed = Papa.parse<string[]>(bytes.subarray(3).toString("utf8"), { skipEmptyLines: true });
  const [header, ...rows] = parsed.data;
  const at = (field: string) => header?.indexOf(field) ?? -1;
  const byId = new Map(rows.map((r) => [r[at(`${P}id`)], r]));
  expect(byId.size).toBe(shown.length);
  for (const row of shown) {
    const line = byId.get(row.cells[`${P}id`] ?? row.key);
    expect(line, row.key).toBeTruthy();
    for (const field of [`${P}order_status_id`, `${P}cancel_type_id`]) expect(line?.[at(field)], `${row.key} ${field}`).toBe(row.cells[field]);
  }
  expect(byId.get(firstKey)?.[at(`${P}shop_id`)]).toBe(shopTitle);
  // 有効 as the screen says it, not the row's own "有効な受注です。".
  expect(rows.some((r) => r[at(`${P}cancel_type_id`)] === catalogues.ja.orders.cancel.valid)).toBe(true);
});

test("goods names take two lines rather than being cut, beside a thumbnail from one image search; the tags show once", async ({ page }) => {
  // Made-to-order goods have the longest names (【受注生産】... colour and size).
  const goods = await openIn(page, "ja", "/goods", `?f=goods_name.like:${encodeURIComponent("受注生産")}`);
  await resetLayout(goods);
  // One page shown from a fresh load: its image search is counted from here.
  const mark = await callLogMark();
  await page.reload();
  await goods.waitForRows();
  const names = goods.grid.locator("[data-goods-name-text]");
  await expect(names.first()).toBeVisible();
  const lines = await names.evaluateAll((els) =>
    els.map((el) => {
      const line = parseFloat(getComputedStyle(el).lineHeight);
      return { text: el.textContent ?? "", lines: Math.round(el.getBoundingClientRect().height / line), cut: el.scrollHeight > el.clientHeight + 1 };
    }),
  );
  // Long names wrap to a second line, and a name of two lines is whole.
  expect(lines.some((l) => l.lines === 2 && !l.cut), JSON.stringify(lines.slice(0, 5))).toBe(true);
  for (const l of lines) expect(l.lines, l.text).toBeLessThanOrEqual(2);

  // Thumbnails: the goods of the page that have images show them, after one image search (counted
  // before this story asks the sandbox itself).
  await expect(goods.grid.locator('[data-goods-thumbnail="success"]').first()).toBeAttached();
  expect((await callsSince(mark, "/api_v1_master_goodsimage/search")).length).toBe(1);
  const codes = await goods.renderedKeys();
  const images = (await sandboxCall("staff", "/api_v1_master_goodsimage/search", { fields: "goods_image_goods_id,goods_image_deleted_flag", "goods_image_goods_id-in": codes.join(","), limit: "10000" })).data ?? [];
  const withImage = codes.find((code) => images.some((i) => i.goods_image_goods_id === code && i.goods_image_deleted_flag !== "1"));
  expect(withImage, "a goods of the page has an image").toBeTruthy();
  const img = goods.row(withImage as string).locator(`[data-field="goods_name"] img`);
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0)).toBe(true);
  expect(await new ShellPage(page).seriousA11yViolations(), "goods grid").toEqual([]);

  // The drawer lists the tags once: the tags section, not also the master's bracketed text.
  await goods.openRowByClick(0);
  await expect(goods.drawer.locator("[data-goods-tags]")).toBeVisible();
  await expect(goods.drawer.locator('[data-field="goods_tag"]')).toHaveCount(0);
  await goods.closeDrawer();
});
