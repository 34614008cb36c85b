import { expect, sandboxUrl, test } from "./fixtures";
import { addFault, clearFaults, sandboxCall, sandboxCount } from "./pages/sandbox-api";
import { ShellPage } from "./pages/shell-page";
import en from "../messages/en.json";
import ja from "../messages/ja.json";

// Stories of the masters area against the sandbox: every screen reached from the sub-navigation
// with the keyboard and showing the API's data (grid totals equal the count twin, list rows the
// info answer), a classification list searched on the client, a failing grid search that shows an
// error with Retry, and no Japanese UI text left in English.

type Screen = { slug: keyof typeof ja.masters.screens; kind: "grid" | "list" | "account"; op: string };

const grid = (slug: Screen["slug"], base: string): Screen => ({ slug, kind: "grid", op: `${base}/count` });
const list = (slug: Screen["slug"], path: string): Screen => ({ slug, kind: "list", op: path });

const SCREENS: readonly Screen[] = [
  grid("set-goods", "/api_v1_master_setgoods"),
  grid("goods-tags", "/api_v1_master_goodstag"),
  grid("supply-orders", "/api_v1_supplyorder_base"),
  grid("place-order-rows", "/api_v1_placeorder_row"),
  grid("shops", "/api_v1_master_shop"),
  grid("malls", "/api_v1_system_mall"),
  grid("warehouses", "/api_v1_warehouse_base"),
  grid("wholesale", "/api_v1_master_wholesale"),
  grid("payment-delivery-conversions", "/api_v1_receiveorder_paymentdeliveryconvert"),
  grid("forwarding-agents", "/api_v1_receiveorder_forwardingagent"),
  grid("grouping-tags", "/api_v1_receiveorder_groupingtag"),
  grid("upload-queue", "/api_v1_system_que"),
  list("payment-methods", "/api_v1_system_paymentmethod/info"),
  list("credit-types", "/api_v1_system_credittype/info"),
  list("returned-reasons", "/api_v1_system_returnedreason/info"),
  list("order-statuses", "/api_v1_system_orderstatus/info"),
  list("social-insurance", "/api_v1_system_socialinsurance/info"),
  list("forwarding-methods", "/api_v1_system_forwardingmethod/info"),
  list("merchandise", "/api_v1_system_merchandise/info"),
  list("goods-types", "/api_v1_system_goodstype/info"),
  list("upload-patterns", "/api_v1_receiveorder_uploadpattern/info"),
  { slug: "company", kind: "account", op: "/api_v1_login_company/info" },
];

const m = ja.masters;
test.use({ viewport: { width: 1440, height: 900 } });

function subNav(page: import("@playwright/test").Page, messages: typeof ja | typeof en = ja) {
  return page.getByRole("navigation", { name: messages.masters.navLabel });
}

/** A failed upload leaves one finished job in the queue (and changes no stock). */
async function queueOneJob(): Promise<void> {
  const data = "kyoten_mei,syohin_code,kasan_su,gensan_su,nyusyukko_riyu,kyoten_syohin_himoduke,kyoten_syohin_sakujyo\n基本拠点,NO-SUCH-GOODS-E2E,1,,,,\n";
  await sandboxCall("staff", "/api_v1_warehouse_stock/upload", { data_type: "csv", data });
}

test.describe("the masters area", () => {
  test("every screen opens from the sub-navigation by keyboard and shows the API's data, and no token reaches the browser", async ({ page, request }) => {
    test.setTimeout(240_000);
    // Everything the browser receives on the way, to look for issued tokens at the end.
    const received: string[] = [];
    page.on("response", async (res) => {
      let body = "";
      try {
        body = await res.text();
      } catch {
        // redirects have no body
      }
      received.push(JSON.stringify(res.headers()) + body);
    });
    const shell = new ShellPage(page);
    await shell.goto("/masters");
    await expect(shell.heading).toHaveText(ja.areas.masters.title);
    // The index lists every screen with its description.
    for (const s of SCREENS) await expect(shell.main.getByRole("link", { name: new RegExp(m.screens[s.slug].description.replace(/[.*+?^$()|[\]\\]/g, "\\$&")) })).toBeVisible();
    await queueOneJob();

    const nav = subNav(page);
    // Tab reaches the sub-navigation's first link from the top of the page.
    await shell.tabTo(nav.getByRole("link").first(), 60);

    for (const s of SCREENS) {
      await test.step(s.slug, async () => {
        const link = nav.getByRole("link", { name: m.screens[s.slug].title, exact: true });
        await link.focus();
        await page.keyboard.press("Enter");
        await page.waitForURL(`**/masters/${s.slug}`);
        await expect(shell.heading).toHaveText(m.screens[s.slug].title);
        await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
        await expect(link).toHaveAttribute("aria-current", "page");

        if (s.kind === "grid") {
          const expected = await sandboxCount("staff", s.op);
          expect(expected, `${s.slug} has data in the sandbox`).toBeGreaterThan(0);
          await expect(page.locator('[data-grid-state="ready"]')).toBeVisible({ timeout: 30_000 });
          await expect(page.getByRole("grid", { name: m.screens[s.slug].title })).toBeVisible();
          await expect(page.locator("[data-grid-total]")).toHaveAttribute("data-grid-total", String(expected));
        } else if (s.kind === "list") {
          const answer = await sandboxCall("staff", s.op, {});
          const rows = answer.data ?? [];
          expect(rows.length).toBeGreaterThan(0);
          const table = page.getByRole("table", { name: m.screens[s.slug].title });
          await expect(table.locator("tbody tr")).toHaveCount(rows.length);
          await expect(page.locator("[data-list-total]")).toHaveAttribute("data-list-total", String(rows.length));
        } else {
          const company = (await sandboxCall("staff", s.op, {})).data?.[0];
          await expect(page.locator('[data-account-panel="company"] dl')).toContainText(company?.company_name ?? "?");
          await expect(page.locator('[data-account-panel="user"] dl')).toContainText("staff@sandbox.test");
          await expect(page.locator("main")).not.toContainText(/access_token|refresh_token/);
        }
      });
    }

    await page.waitForLoadState("networkidle");
    const tokens = (await (await request.get(`${sandboxUrl}/__sandbox/tokens`)).json()) as { access_token: string; refresh_token: string }[];
    expect(tokens.length).toBeGreaterThan(0);
    expect(received.some((r) => r.includes("company_name"))).toBe(true);
    for (const secret of tokens.flatMap((t) => [t.access_token, t.refresh_token])) {
      expect(received.some((r) => r.includes(secret)), "an issued token reached the browser").toBe(false);
    }
  });

  test("the upload queue shows a job's status as a label", async ({ page }) => {
    await queueOneJob();
    await page.goto("/masters/upload-queue?f=que_status_id.eq:-1");
    await expect(page.locator('[data-grid-state="ready"]')).toBeVisible({ timeout: 30_000 });
    const cell = page.getByRole("grid", { name: m.screens["upload-queue"].title }).locator('[data-field="que_status_id"]').first();
    await expect(cell).toHaveText("失敗");
    expect(await sandboxCount("staff", "/api_v1_system_que/count", { "que_status_id-eq": "-1" })).toBe(Number(await page.locator("[data-grid-total]").getAttribute("data-grid-total")));
  });

  test("a classification list filters by its search box, and says so when nothing matches", async ({ page }) => {
    await page.goto("/masters/payment-methods");
    const table = page.getByRole("table", { name: m.screens["payment-methods"].title });
    const rows = table.locator("tbody tr");
    await expect(rows.first()).toBeVisible();
    const total = await rows.count();
    const search = page.getByRole("searchbox", { name: m.list.search });

    await search.fill("代金引換");
    await expect(rows).not.toHaveCount(total);
    const names = await table.locator("tbody tr td:nth-child(2)").allInnerTexts();
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name).toContain("代金引換");

    await search.fill("99");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText("支払済");

    await search.fill("該当しない支払方法");
    await expect(page.locator('[data-grid-state="filtered-empty"]')).toContainText(m.list.filtered);
    await page.getByRole("button", { name: m.list.clear }).click();
    await expect(rows).toHaveCount(total);
    await expect(search).toHaveValue("");
  });

  test("the quick filter narrows a grid to the API's count, and a composite-key row opens in the drawer", async ({ page }) => {
    await page.goto("/masters/set-goods");
    const gridEl = page.getByRole("grid", { name: m.screens["set-goods"].title });
    await expect(page.locator('[data-grid-state="ready"]')).toBeVisible({ timeout: 30_000 });
    const everything = Number(await page.locator("[data-grid-total]").getAttribute("data-grid-total"));

    const form = page.getByRole("search", { name: m.quick.label });
    await form.getByLabel(ja.catalog.quick.searchBy).selectOption({ label: "構成商品コード" });
    const firstDetail = (await gridEl.locator('[data-field="set_goods_detail_goods_id"]').first().innerText()).trim();
    const prefix = firstDetail.slice(0, 2);
    await form.getByRole("searchbox").fill(prefix);
    await form.getByRole("button", { name: ja.catalog.quick.search }).click();
    await expect(page).toHaveURL(/f=set_goods_detail_goods_id\.like/);
    await expect(page.locator('[data-grid-state="ready"]')).toBeVisible({ timeout: 30_000 });
    const expected = await sandboxCount("staff", "/api_v1_master_setgoods/count", { "set_goods_detail_goods_id-like": `%${prefix}%` });
    await expect(page.locator("[data-grid-total]")).toHaveAttribute("data-grid-total", String(expected));
    expect(expected).toBeLessThan(everything);

    // Set goods rows are keyed by set code and component code together.
    const row = gridEl.locator('[role="row"][data-row-key]').nth(1);
    const key = (await row.getAttribute("data-row-key")) as string;
    expect(key.split("__")).toHaveLength(2);
    const detail = (await row.locator('[data-field="set_goods_detail_goods_id"]').innerText()).trim();
    await row.locator('[role="gridcell"][data-field]').first().click();
    const drawer = page.locator("dialog[open]");
    await expect(drawer.locator('[data-drawer-state="ready"]')).toBeVisible();
    await expect(drawer).toContainText(detail);
    await expect(drawer).toContainText(ja.grid.drawerGroups.amounts);
    // The key is in the URL: a reload (or a shared link) opens the same record.
    await expect(page).toHaveURL(new RegExp(`open=${key}`));
    await page.reload();
    await expect(drawer.locator('[data-drawer-state="ready"]')).toBeVisible({ timeout: 30_000 });
    await expect(drawer).toContainText(detail);
    await page.keyboard.press("Escape");
    await expect(drawer).toHaveCount(0);
  });

  test("no serious accessibility violation on the index, a grid and a list, light and dark", async ({ page }) => {
    const shell = new ShellPage(page);
    await shell.goto("/masters");
    for (const theme of ["light", "dark"] as const) {
      await shell.setTheme(theme);
      await shell.expectDark(theme === "dark");
      for (const path of ["/masters", "/masters/upload-queue", "/masters/order-statuses", "/masters/company"]) {
        await page.goto(path);
        await page.waitForLoadState("networkidle");
        expect(await shell.seriousA11yViolations(), `${path}, ${theme}`).toEqual([]);
      }
    }
  });

  test("a failing grid search shows an error with Retry, never an empty list, and Retry recovers", async ({ page }) => {
    const errorPanel = page.locator('[data-grid-state="error"]');
    await addFault({ path: "/api_v1_master_setgoods/search", kind: "http500" });
    try {
      await page.goto("/masters/set-goods");
      await expect(errorPanel).toBeVisible({ timeout: 20_000 });
      await expect(errorPanel).toContainText(ja.query.error.title);
      await expect(page.locator('[data-grid-state="empty"], [data-grid-state="filtered-empty"]')).toHaveCount(0);
      await expect(page.getByRole("grid")).toHaveCount(0);
    } finally {
      await clearFaults();
    }
    await errorPanel.getByRole("button", { name: ja.query.retry }).click();
    await expect(page.locator('[data-grid-state="ready"]')).toBeVisible({ timeout: 30_000 });
    await expect(errorPanel).toHaveCount(0);
  });

  test("a failing classification list shows an error with Retry", async ({ page }) => {
    const errorPanel = page.locator('[data-grid-state="error"]');
    await addFault({ path: "/api_v1_system_credittype/info", kind: "http500" });
    try {
      await page.goto("/masters/credit-types");
      await expect(errorPanel).toBeVisible({ timeout: 20_000 });
      await expect(page.getByRole("table")).toHaveCount(0);
    } finally {
      await clearFaults();
    }
    await errorPanel.getByRole("button", { name: ja.query.retry }).click();
    await expect(page.getByRole("table", { name: m.screens["credit-types"].title }).locator("tbody tr").first()).toBeVisible();
  });

  test("in English, nothing but the shop's own data is left in Japanese on any masters screen", async ({ page }) => {
    test.setTimeout(180_000);
    const shell = new ShellPage(page);
    await shell.goto("/masters");
    await shell.switchLanguage("en");
    expect(await shell.japaneseTextOutsideLangJa(), "/masters").toEqual([]);
    for (const s of SCREENS) {
      await page.goto(`/masters/${s.slug}`);
      await expect(shell.heading).toHaveText(en.masters.screens[s.slug].title);
      if (s.kind === "grid") await expect(page.locator('[data-grid-state="ready"], [data-grid-state="empty"]')).toBeVisible({ timeout: 30_000 });
      else if (s.kind === "list") await expect(page.locator("[data-classification-list] tbody tr").first()).toBeVisible();
      else await expect(page.locator('[data-account-panel="user"] dl')).toBeVisible();
      await page.waitForLoadState("networkidle");
      expect(await shell.japaneseTextOutsideLangJa(), s.slug).toEqual([]);
    }
  });
});
