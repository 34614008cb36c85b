import type { Page } from "@playwright/test";
import { expect, sandboxUrl, test, failedResource, caughtBffError } from "./fixtures";
import { GridPage } from "./pages/grid-page";
import { MastersPage } from "./pages/masters-page";
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

/** A failed upload leaves one finished job in the queue (and changes no stock). */
async function queueOneJob(): Promise<void> {
  const data = "kyoten_mei,syohin_code,kasan_su,gensan_su,nyusyukko_riyu,kyoten_syohin_himoduke,kyoten_syohin_sakujyo\n基本拠点,NO-SUCH-GOODS-E2E,1,,,,\n";
  await sandboxCall("staff", "/api_v1_warehouse_stock/upload", { data_type: "csv", data });
}

/** Everything the browser receives (headers and body), to look for issued tokens at the end. */
function recordResponses(page: Page): { received: { url: string; text: string }[]; read: () => Promise<unknown> } {
  const received: { url: string; text: string }[] = [];
  const reading: Promise<void>[] = [];
  page.on("response", (res) => {
    reading.push(
      (async () => {
        let body = "";
        try {
          body = await res.text();
        } catch {
          // redirects have no body
        }
        received.push({ url: res.url(), text: JSON.stringify(res.headers()) + body });
      })(),
    );
  });
  return { received, read: () => Promise.all(reading) };
}

test.describe("the masters area", () => {
  test("the index lists every screen with its description, and Tab reaches the sub-navigation", async ({ page }) => {
    const shell = new ShellPage(page);
    const masters = new MastersPage(page);
    await shell.goto("/masters");
    await expect(shell.heading).toHaveText(ja.areas.masters.title);
    for (const s of SCREENS) await expect(masters.indexLink(s.slug)).toBeVisible();
    // Tab reaches the sub-navigation's first link from the top of the page.
    await shell.tabTo(masters.subNav.getByRole("link").first(), 60);
  });

  // One test per screen, each with its own time budget (all of them in one test needed minutes
  // on a busy machine).
  for (const s of SCREENS) {
    test(`${s.slug} opens from the sub-navigation by keyboard and shows the API's data, and no token reaches the browser`, async ({ page, request }) => {
      const { received, read } = recordResponses(page);
      const shell = new ShellPage(page);
      const masters = new MastersPage(page);
      if (s.slug === "upload-queue") await queueOneJob();
      await shell.goto("/masters");

      const link = masters.navLink(s.slug);
      await link.focus();
      await page.keyboard.press("Enter");
      await page.waitForURL(`**/masters/${s.slug}`);
      await expect(shell.heading).toHaveText(m.screens[s.slug].title);
      await expect(masters.currentNavLinks).toHaveCount(1);
      await expect(link).toHaveAttribute("aria-current", "page");

      if (s.kind === "grid") {
        const expected = await sandboxCount("staff", s.op);
        expect(expected, `${s.slug} has data in the sandbox`).toBeGreaterThan(0);
        const grid = new GridPage(page, `/masters/${s.slug}`);
        await grid.waitForState("ready");
        await expect(grid.grid).toBeVisible();
        await grid.expectTotal(expected);
      } else if (s.kind === "list") {
        const answer = await sandboxCall("staff", s.op, {});
        const rows = answer.data ?? [];
        expect(rows.length).toBeGreaterThan(0);
        await expect(masters.listRows(s.slug)).toHaveCount(rows.length);
        await masters.expectListTotal(rows.length);
      } else {
        const company = (await sandboxCall("staff", s.op, {})).data?.[0];
        await expect(masters.accountDetails("company")).toContainText(company?.company_name ?? "?");
        await expect(masters.accountDetails("user")).toContainText("staff@sandbox.test");
        await expect(shell.main).not.toContainText(/access_token|refresh_token/);
      }

      await page.waitForLoadState("networkidle");
      await read();
      const tokens = (await (await request.get(`${sandboxUrl}/__sandbox/tokens`)).json()) as { access_token: string; refresh_token: string }[];
      expect(tokens.length).toBeGreaterThan(0);
      // What was looked through holds the screen's own API answers (the company's, on its screen).
      expect(received.some((r) => r.url.includes("/api/ne/"))).toBe(true);
      if (s.kind === "account") expect(received.some((r) => r.text.includes("company_name"))).toBe(true);
      for (const secret of tokens.flatMap((t) => [t.access_token, t.refresh_token])) {
        expect(received.some((r) => r.text.includes(secret)), "an issued token reached the browser").toBe(false);
      }
    });
  }

  test("the upload queue shows a job's status as a label", async ({ page }) => {
    await queueOneJob();
    const queue = new GridPage(page, "/masters/upload-queue");
    await queue.goto("?f=que_status_id.eq:-1");
    await expect(queue.cell(0, "que_status_id")).toHaveText("失敗");
    expect(await sandboxCount("staff", "/api_v1_system_que/count", { "que_status_id-eq": "-1" })).toBe(await queue.total());
  });

  test("a classification list filters by its search box, and says so when nothing matches", async ({ page }) => {
    const masters = new MastersPage(page);
    await page.goto("/masters/payment-methods");
    const rows = masters.listRows("payment-methods");
    await expect(rows.first()).toBeVisible();
    const total = await rows.count();
    const search = masters.listSearch;

    await search.fill("代金引換");
    await expect(rows).not.toHaveCount(total);
    const names = await masters.listColumn("payment-methods", 1);
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name).toContain("代金引換");

    await search.fill("99");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText("支払済");

    await search.fill("該当しない支払方法");
    await expect(masters.listFilteredEmpty).toContainText(m.list.filtered);
    await masters.clearListSearch();
    await expect(rows).toHaveCount(total);
    await expect(search).toHaveValue("");
  });

  test("the quick filter narrows a grid to the API's count, and a composite-key row opens in the drawer", async ({ page }) => {
    const setGoods = new GridPage(page, "/masters/set-goods");
    await setGoods.goto();
    const everything = await setGoods.total();

    const firstDetail = await setGoods.cellText(0, "set_goods_detail_goods_id");
    const prefix = firstDetail.slice(0, 2);
    await setGoods.search(m.quick.label, prefix, { target: "構成商品コード", submit: "button" });
    await expect(page).toHaveURL(/f=set_goods_detail_goods_id\.like/);
    await setGoods.waitForRows();
    const expected = await sandboxCount("staff", "/api_v1_master_setgoods/count", { "set_goods_detail_goods_id-like": `%${prefix}%` });
    await setGoods.expectTotal(expected);
    expect(expected).toBeLessThan(everything);

    // Set goods rows are keyed by set code and component code together.
    const row = setGoods.rowAt(1);
    const key = await setGoods.rowKey(row);
    expect(key.split("__")).toHaveLength(2);
    const detail = await setGoods.cellText(row, "set_goods_detail_goods_id");
    await setGoods.openRowByClick(1);
    await expect(setGoods.drawer).toContainText(detail);
    await expect(setGoods.drawer).toContainText(ja.grid.drawerGroups.amounts);
    // The key is in the URL: a reload (or a shared link) opens the same record.
    await expect(page).toHaveURL(new RegExp(`open=${key}`));
    await page.reload();
    await setGoods.waitForDrawer();
    await expect(setGoods.drawer).toContainText(detail);
    await setGoods.closeDrawer();
  });

  // One test per page (each with its own time budget): axe runs once per theme.
  for (const path of ["/masters", "/masters/upload-queue", "/masters/order-statuses", "/masters/company"]) {
    test(`no serious accessibility violation on ${path}, light and dark`, async ({ page }) => {
      const shell = new ShellPage(page);
      await shell.goto(path);
      await page.waitForLoadState("networkidle");
      for (const theme of ["light", "dark"] as const) {
        await shell.setTheme(theme);
        await shell.expectDark(theme === "dark");
        expect(await shell.seriousA11yViolations(), `${path}, ${theme}`).toEqual([]);
      }
    });
  }

  test("a failing grid search shows an error with Retry, never an empty list, and Retry recovers", async ({ page, consoleErrors }) => {
    consoleErrors.allow(failedResource(502, "/api/ne/api_v1_master_setgoods/search"), caughtBffError(500));
    const setGoods = new GridPage(page, "/masters/set-goods");
    await addFault({ path: "/api_v1_master_setgoods/search", kind: "http500" });
    try {
      await page.goto("/masters/set-goods");
      await setGoods.waitForError();
      await expect(setGoods.errorPanel).toContainText(ja.query.error.title);
      await expect(setGoods.emptyStates).toHaveCount(0);
      await expect(setGoods.anyGrid).toHaveCount(0);
    } finally {
      await clearFaults();
    }
    await setGoods.retry();
    await setGoods.waitForState("ready");
    await expect(setGoods.errorPanel).toHaveCount(0);
  });

  test("a failing classification list shows an error with Retry", async ({ page, consoleErrors }) => {
    consoleErrors.allow(failedResource(502, "/api/ne/api_v1_system_credittype/info"), caughtBffError(500));
    const masters = new MastersPage(page);
    await addFault({ path: "/api_v1_system_credittype/info", kind: "http500" });
    try {
      await page.goto("/masters/credit-types");
      await masters.waitForError();
      await expect(masters.tables).toHaveCount(0);
    } finally {
      await clearFaults();
    }
    await masters.retry();
    await expect(masters.listRows("credit-types").first()).toBeVisible();
  });

  test("in English, nothing but the shop's own data is left in Japanese on the masters index", async ({ page }) => {
    const shell = new ShellPage(page);
    await shell.goto("/masters");
    await shell.switchLanguage("en");
    expect(await shell.japaneseTextOutsideLangJa(), "/masters").toEqual([]);
  });
});

test.describe("the masters area in a browser that prefers English", () => {
  // English from the browser's language (the switch itself is the index's story above).
  test.use({ locale: "en-US" });

  // One test per screen, each with its own time budget.
  for (const s of SCREENS) {
    test(`nothing but the shop's own data is left in Japanese on ${s.slug}`, async ({ page }) => {
      const shell = new ShellPage(page, "en");
      const masters = new MastersPage(page, "en");
      await shell.goto(`/masters/${s.slug}`);
      await expect(shell.heading).toHaveText(en.masters.screens[s.slug].title);
      if (s.kind === "grid") await new GridPage(page, `/masters/${s.slug}`, "en").waitForState("ready", "empty");
      else if (s.kind === "list") await expect(masters.listRows(s.slug).first()).toBeVisible();
      else await expect(masters.accountDetails("user")).toBeVisible();
      await page.waitForLoadState("networkidle");
      expect(await shell.japaneseTextOutsideLangJa(), s.slug).toEqual([]);
    });
  }
});
