import { expect, test } from "./fixtures";
import { sandboxCall } from "./pages/sandbox-api";
import { ShellPage } from "./pages/shell-page";
import { parseCsv, StockMatrixPage, type ShownMatrix } from "./pages/stock-matrix-page";
import en from "../messages/en.json";
import ja from "../messages/ja.json";

// The goods × warehouse stock matrix (/stock/matrix, issue 35 item 6) against the sandbox: a page of
// goods shows, for every warehouse of the warehouse master, exactly the free and on-hand stock the
// API's own warehouse stock search gives for those goods (blank where a goods has no row there:
// not linked); its URL (goods search, warehouses, page, size) brings the same view back in another
// tab; "CSV" saves exactly the table; the grid is keyboard usable, in Japanese and English, axe clean.

test.use({ viewport: { width: 1440, height: 900 } });
// Each story loads the page more than once and asks the sandbox itself: four calls in a row a load.
test.describe.configure({ timeout: 180_000 });

type Conditions = Record<string, string>;

/** What the sandbox itself says the matrix of one page of goods is, computed here from its answers. */
async function expectedMatrix(options: { offset: number; limit: number; goods?: Conditions; warehouses?: readonly string[] }): Promise<{ codes: string[]; matrix: Omit<ShownMatrix, "headers"> }> {
  const goods = await sandboxCall("staff", "/api_v1_master_goods/search", { fields: "goods_id,goods_name", offset: String(options.offset), limit: String(options.limit), ...options.goods });
  const codes = (goods.data ?? []).map((g) => g.goods_id as string);
  const master = await sandboxCall("staff", "/api_v1_warehouse_base/search", { fields: "warehouse_id,warehouse_name", limit: "10000" });
  let warehouses = (master.data ?? []).map((w) => ({ id: String(w.warehouse_id), name: String(w.warehouse_name) })).sort((a, b) => Number(a.id) - Number(b.id));
  if (options.warehouses?.length) warehouses = warehouses.filter((w) => options.warehouses?.includes(w.id));
  const stock = codes.length
    ? await sandboxCall("staff", "/api_v1_warehouse_stock/search", {
        fields: "warehouse_stock_warehouse_id,warehouse_stock_goods_id,warehouse_stock_free_quantity,warehouse_stock_quantity",
        "warehouse_stock_goods_id-in": codes.join(","),
        limit: "10000",
      })
    : { data: [] };
  const rows = (goods.data ?? []).map((g) => {
    const cells: Record<string, { free: string; onHand: string }> = {};
    for (const w of warehouses) {
      const found = (stock.data ?? []).find((s) => s.warehouse_stock_goods_id === g.goods_id && String(s.warehouse_stock_warehouse_id) === w.id);
      cells[w.id] = found ? { free: String(Number(found.warehouse_stock_free_quantity)), onHand: String(Number(found.warehouse_stock_quantity)) } : { free: "", onHand: "" };
    }
    return { code: g.goods_id as string, name: (g.goods_name as string | null) ?? "", cells };
  });
  return { codes, matrix: { warehouses, rows } };
}

function withoutHeaders(shown: ShownMatrix): Omit<ShownMatrix, "headers"> {
  return { warehouses: shown.warehouses, rows: shown.rows };
}

test("a page of goods shows the sandbox's own warehouse stock, free and on hand, per warehouse", async ({ page }) => {
  const matrix = new StockMatrixPage(page);
  await matrix.goto("?size=50&page=2");
  const { codes, matrix: expected } = await expectedMatrix({ offset: 50, limit: 50 });
  expect(codes.length).toBeGreaterThan(0);
  expect(expected.warehouses.length).toBeGreaterThan(1);
  const shown = await matrix.read();
  expect(withoutHeaders(shown)).toEqual(expected);
  // Linked pairs and unlinked ones both occur on the page (else blank-versus-0 proves nothing).
  const cells = shown.rows.flatMap((r) => Object.values(r.cells));
  expect(cells.some((c) => c.onHand === "")).toBe(true);
  expect(cells.some((c) => c.onHand !== "")).toBe(true);
  expect(shown.headers).toEqual([ja.stock.matrix.code, ja.stock.matrix.name, ...expected.warehouses.flatMap(() => [ja.stock.matrix.free, ja.stock.matrix.onHand])]);
  expect(await matrix.total()).toBe(Number((await sandboxCall("staff", "/api_v1_master_goods/count", {})).count));
});

test("the URL keeps the goods search, the warehouses, the page and its size: another tab shows the same", async ({ page, context }) => {
  const matrix = new StockMatrixPage(page);
  await matrix.goto("?size=50");
  const first = await matrix.read();
  const code = first.rows[0]?.code ?? "";
  const text = code.slice(0, Math.max(2, code.length - 2));
  await matrix.search(text);
  await expect.poll(() => decodeURIComponent(page.url())).toContain(`f=goods_id.like:${text}`);
  const kept = first.warehouses.slice(0, 2);
  await matrix.chooseWarehouses(kept.map((w) => w.name));
  await expect.poll(() => new URL(page.url()).searchParams.get("wh")).toBe(kept.map((w) => w.id).join(","));
  await matrix.waitForTable();
  const shown = await matrix.read();
  expect(shown.warehouses.map((w) => w.id)).toEqual(kept.map((w) => w.id));
  const { matrix: expected } = await expectedMatrix({ offset: 0, limit: 50, goods: { "goods_id-like": `%${text}%` }, warehouses: kept.map((w) => w.id) });
  expect(expected.rows.length).toBeGreaterThan(0);
  expect(withoutHeaders(shown)).toEqual(expected);

  const other = await context.newPage();
  const again = new StockMatrixPage(other);
  await other.goto(page.url());
  await again.waitForTable();
  expect(await again.read()).toEqual(shown);
  await expect(other.getByRole("search", { name: ja.forgivingSearch.stock.label }).getByRole("searchbox")).toHaveValue(text);
  await other.close();
});

test("CSV saves exactly the table shown: UTF-8 with a BOM, and Shift_JIS", async ({ page }) => {
  const matrix = new StockMatrixPage(page);
  await matrix.goto("?size=50");
  const shown = await matrix.read();
  const expectedRecords = [
    [ja.stock.matrix.code, ja.stock.matrix.name, ...shown.warehouses.flatMap((w) => [`${w.name} フリー在庫数`, `${w.name} 在庫数`])],
    ...shown.rows.map((r) => [r.code, r.name, ...shown.warehouses.flatMap((w) => [r.cells[w.id]?.free ?? "", r.cells[w.id]?.onHand ?? ""])]),
  ];

  const utf8 = await matrix.downloadCsv("utf8");
  expect(utf8.download.suggestedFilename()).toMatch(/^stock-matrix-\d{8}-\d{4}\.csv$/);
  expect([...utf8.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = new TextDecoder("utf-8").decode(utf8.bytes.subarray(3));
  expect(text.endsWith("\r\n")).toBe(true);
  expect(parseCsv(text)).toEqual(expectedRecords);
  // Plain numbers: no separators, no signs of currency.
  for (const record of parseCsv(text).slice(1)) for (const cell of record.slice(2)) expect(cell).toMatch(/^(-?\d+(\.\d+)?)?$/);

  const sjis = await matrix.downloadCsv("sjis");
  const decoded = parseCsv(new TextDecoder("shift_jis").decode(sjis.bytes));
  expect(decoded[0]).toEqual(expectedRecords[0]);
  // The numbers are the table's whatever a name held; names too when Shift_JIS holds them all.
  expect(decoded.map((r) => [r[0], ...r.slice(2)])).toEqual(expectedRecords.map((r) => [r[0], ...r.slice(2)]));
  if (!sjis.askedUnmappable) expect(decoded).toEqual(expectedRecords);
});

test("keyboard: Tab reaches the grid, arrows, Home/End and Ctrl+End move the active cell", async ({ page }) => {
  const shell = new ShellPage(page);
  const matrix = new StockMatrixPage(page);
  await matrix.goto("?size=50");
  const shown = await matrix.read();
  const [w1] = shown.warehouses;
  const last = shown.warehouses.at(-1);
  await shell.tabTo(matrix.grid, 80);
  await shell.expectFocusRing(matrix.grid);
  expect(await matrix.activeCell()).toEqual({ row: shown.rows[0]?.code, kind: "code", warehouse: "" });
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  expect(await matrix.activeCell()).toEqual({ row: shown.rows[0]?.code, kind: "free", warehouse: w1?.id });
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowDown");
  expect(await matrix.activeCell()).toEqual({ row: shown.rows[1]?.code, kind: "onHand", warehouse: w1?.id });
  await page.keyboard.press("End");
  expect(await matrix.activeCell()).toEqual({ row: shown.rows[1]?.code, kind: "onHand", warehouse: last?.id });
  await page.keyboard.press("Control+End");
  expect(await matrix.activeCell()).toEqual({ row: shown.rows.at(-1)?.code, kind: "onHand", warehouse: last?.id });
  await page.keyboard.press("PageUp");
  expect(await matrix.activeCell()).toEqual({ row: shown.rows.at(-11)?.code, kind: "onHand", warehouse: last?.id });
  await page.keyboard.press("Home");
  expect(await matrix.activeCell()).toEqual({ row: shown.rows.at(-11)?.code, kind: "code", warehouse: "" });
  await page.keyboard.press("Control+Home");
  expect(await matrix.activeCell()).toEqual({ row: shown.rows[0]?.code, kind: "code", warehouse: "" });
  // The active cell is on screen after a jump to the end.
  await page.keyboard.press("Control+End");
  const id = await matrix.grid.getAttribute("aria-activedescendant");
  await expect(page.locator(`[id="${id}"]`)).toBeInViewport();
});

test("in English: headers, tabs and controls in English, the shop's data as it is; the same numbers", async ({ page }) => {
  const shell = new ShellPage(page);
  await shell.goto("/stock/matrix");
  await shell.switchLanguage("en");
  const matrix = new StockMatrixPage(page, "en");
  await matrix.goto("?size=50");
  await expect(page.getByRole("navigation", { name: en.stock.tabs.label }).getByRole("link", { name: en.stock.tabs.matrix })).toHaveAttribute("aria-current", "page");
  const shown = await matrix.read();
  expect(shown.headers.slice(0, 4)).toEqual([en.stock.matrix.code, en.stock.matrix.name, en.stock.matrix.free, en.stock.matrix.onHand]);
  const { matrix: expected } = await expectedMatrix({ offset: 0, limit: 50 });
  expect(withoutHeaders(shown)).toEqual(expected);
  expect(await shell.japaneseTextOutsideLangJa()).toEqual([]);
  const csv = await matrix.downloadCsv("utf8");
  const header = parseCsv(new TextDecoder().decode(csv.bytes.subarray(3)))[0];
  expect(header?.slice(0, 4)).toEqual([en.stock.matrix.code, en.stock.matrix.name, `${shown.warehouses[0]?.name} free quantity`, `${shown.warehouses[0]?.name} on-hand quantity`]);
});

test("no serious accessibility violation, light and dark, and a filter that finds nothing says so", async ({ page }) => {
  const shell = new ShellPage(page);
  const matrix = new StockMatrixPage(page);
  // 50 goods (the table is not virtualized: axe reads every cell, slow on a busy machine).
  await matrix.goto("?size=50");
  for (const theme of ["light", "dark"] as const) {
    await shell.setTheme(theme);
    await shell.expectDark(theme === "dark");
    await matrix.waitForTable();
    expect(await shell.seriousA11yViolations(), theme).toEqual([]);
  }
  await shell.setTheme("system");
  await page.goto("/stock/matrix?f=goods_id.like:no-such-goods-zz");
  await expect(page.locator('[data-grid-state="filtered-empty"]')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(ja.stock.matrix.filtered.title)).toBeVisible();
  expect(await shell.seriousA11yViolations(), "filtered empty").toEqual([]);
});
