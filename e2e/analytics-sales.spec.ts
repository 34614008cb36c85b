// The analytics views as a manager, before the read model has been filled: nothing in the app
// starts the sync on this branch yet (its schedule and route belong to the sync's branch), so the
// numbers against the sandbox are tested at unit level (lib/analytics/server/views-sandbox.test.ts:
// the real sync copies the sandbox, each view's CSV equals the sandbox's own totals). Here: the
// pages are reached from the navigation, keep their state in the URL (a shared link opens as it
// was), say plainly that there are no numbers yet, in Japanese and English, axe clean.
import { expect, test } from "./fixtures";
import { ShellPage } from "./pages/shell-page";
import ja from "../messages/ja.json";
import en from "../messages/en.json";

test.use({ user: "manager", viewport: { width: 1440, height: 900 } });

test("sales: from the navigation, the URL's period and grouping, the empty read model said plainly, ja and en, axe clean", async ({ page }) => {
  const shell = new ShellPage(page);
  await shell.gotoSettled("/orders");
  await shell.primaryNav.getByRole("link", { name: ja.nav["analytics-sales"] }).click();
  await expect(page).toHaveURL(/\/analytics\/sales$/);
  await expect(shell.heading).toHaveText(ja.areas["analytics-sales"].title);

  await shell.gotoSettled("/analytics/sales?from=2026-10-01&to=2026-10-31&by=month&shop=3");
  await expect(page.getByText(ja.analytics.empty.title)).toBeVisible();
  await expect(page.getByRole("group", { name: ja.analytics.by.label }).getByRole("button", { name: ja.analytics.by.month })).toHaveAttribute("aria-pressed", "true");
  // A choice goes to the URL (so the view can be shared as it is).
  await page.getByRole("group", { name: ja.analytics.split.label }).getByRole("button", { name: ja.analytics.split.payment }).click();
  await expect(page).toHaveURL(/split=payment/);
  await expect(page).toHaveURL(/from=2026-10-01&to=2026-10-31/);
  await shell.expectNoSeriousA11yViolations();

  await shell.switchLanguage("en");
  await expect(shell.heading).toHaveText(en.areas["analytics-sales"].title);
  await expect(page.getByText(en.analytics.empty.title)).toBeVisible();
  await expect(page.getByText(en.analytics.empty.body)).toBeVisible();
  await shell.expectNoSeriousA11yViolations();
});

test("goods performance: a named period and the ranking's order from the URL, empty read model, ja and en, axe clean", async ({ page }) => {
  const shell = new ShellPage(page);
  await shell.gotoSettled("/analytics/goods?period=last-month&sort=revenue");
  await expect(shell.heading).toHaveText(ja.areas["analytics-goods"].title);
  await expect(page.getByRole("group", { name: ja.analytics.goods.sort }).getByRole("button", { name: ja.analytics.goods.byRevenue })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByText(ja.analytics.empty.title)).toBeVisible();
  await shell.expectNoSeriousA11yViolations();
  await shell.switchLanguage("en");
  await expect(page.getByText(en.analytics.empty.title)).toBeVisible();
  await shell.expectNoSeriousA11yViolations();
});
