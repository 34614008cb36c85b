// The analytics views as a manager: the dashboard's own sync fills the company's read model
// (the refresh route, then its status), and the views' numbers equal the sandbox's own for the
// same period and exclusions (slips not cancelled, by Japan day). The pages are reached from the
// navigation, keep their state in the URL, work in Japanese and English, axe clean. Every view's
// numbers against the sandbox, bucket by bucket and for every split, are held at unit level too
// (lib/analytics/server/views-sandbox.test.ts: the real sync, each view's CSV).
import { expect, test } from "./fixtures";
import { freshCopy, lastDays, sandboxSales } from "./pages/analytics-copy";
import { ShellPage } from "./pages/shell-page";
import ja from "../messages/ja.json";
import en from "../messages/en.json";

test.use({ user: "manager", viewport: { width: 1440, height: 900 } });
// A sync of the company (the first one copies 13 months) before the pages.
test.describe.configure({ timeout: 300_000 });

/** The digits of a shown number (`¥36,146` → 36146). */
const digits = (text: string) => Number(text.replace(/[^\d-]/g, ""));

test("sales: from the navigation, the period's orders and revenue equal the sandbox's, the URL keeps the view, ja and en, axe clean", async ({ page, baseURL }) => {
  const shell = new ShellPage(page);
  await shell.gotoSettled("/orders");
  await shell.primaryNav.getByRole("link", { name: ja.nav["analytics-sales"] }).click();
  await expect(page).toHaveURL(/\/analytics\/sales$/);
  await expect(shell.heading).toHaveText(ja.areas["analytics-sales"].title);

  await freshCopy(page, baseURL ?? "");
  const range = lastDays(60);
  await shell.gotoSettled(`/analytics/sales?from=${range.from}&to=${range.to}&by=month`);
  await expect(page.getByRole("group", { name: ja.analytics.by.label }).getByRole("button", { name: ja.analytics.by.month })).toHaveAttribute("aria-pressed", "true");
  const total = page.locator("tfoot tr").first().locator("th, td");
  await expect(total.first()).toBeVisible();
  const expected = await sandboxSales("manager", range);
  expect(expected.orders).toBeGreaterThan(0);
  expect(digits(await total.nth(1).innerText()), "orders").toBe(expected.orders);
  expect(digits(await total.nth(2).innerText()), "revenue").toBe(expected.revenue);

  // A choice goes to the URL (so the view can be shared as it is).
  await page.getByRole("group", { name: ja.analytics.split.label }).getByRole("button", { name: ja.analytics.split.payment }).click();
  await expect(page).toHaveURL(/split=payment/);
  await expect(page).toHaveURL(new RegExp(`from=${range.from}&to=${range.to}`));
  await shell.expectNoSeriousA11yViolations();

  await shell.switchLanguage("en");
  await expect(shell.heading).toHaveText(en.areas["analytics-sales"].title);
  await expect(page.locator("tfoot tr").first()).toBeVisible();
  await shell.expectNoSeriousA11yViolations();
});

test("goods performance: a named period and the ranking's order from the URL, ranked rows, ja and en, axe clean", async ({ page, baseURL }) => {
  const shell = new ShellPage(page);
  await freshCopy(page, baseURL ?? "");
  await shell.gotoSettled("/analytics/goods?period=last-30&sort=revenue");
  await expect(shell.heading).toHaveText(ja.areas["analytics-goods"].title);
  await expect(page.getByRole("group", { name: ja.analytics.goods.sort }).getByRole("button", { name: ja.analytics.goods.byRevenue })).toHaveAttribute("aria-pressed", "true");
  await expect(page.locator("tbody tr").first()).toBeVisible();
  await shell.expectNoSeriousA11yViolations();
  await shell.switchLanguage("en");
  await expect(page.locator("tbody tr").first()).toBeVisible();
  await shell.expectNoSeriousA11yViolations();
});
