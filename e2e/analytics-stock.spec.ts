import { expect, test } from "./fixtures";
import { freshCopy } from "./pages/analytics-copy";
import { catalogues } from "./pages/messages";
import { ShellPage, type ShellLocale } from "./pages/shell-page";

// The reorder list and the sellable sets as a member of staff opens them, in Japanese and English:
// the dashboard's own sync fills the company's read model (its refresh route, then its status),
// the views are reached from the stock area's tabs and list rows, a filter stays in the URL, axe
// clean. Their numbers against hand-made data: lib/analytics/server/stock-queries.test.ts.

test.use({ viewport: { width: 1440, height: 900 } });

for (const locale of ["ja", "en"] as ShellLocale[]) {
  test(`reorder list and sellable sets open from the stock tabs and list the synced copy's goods (${locale})`, async ({ page, baseURL }) => {
    // A sync, two pages, two axe runs and a reload on a busy machine.
    test.setTimeout(300_000);
    await freshCopy(page, baseURL ?? "");
    const m = catalogues[locale];
    const shell = new ShellPage(page);
    await shell.gotoSettled("/stock");
    if (locale !== "ja") await shell.switchLanguage(locale);
    const tabs = shell.tabs(m.stock.tabs.label);
    await tabs.getByRole("link", { name: m.stock.tabs.reorder, exact: true }).click();
    await expect(page).toHaveURL(/\/stock\/reorder$/);
    await expect(page.getByRole("heading", { level: 1, name: m.stockAnalytics.reorder.title })).toBeVisible();
    await expect(tabs.getByRole("link", { name: m.stock.tabs.reorder, exact: true })).toHaveAttribute("aria-current", "page");
    await expect(page.locator("main table tbody tr").first()).toBeVisible();
    expect(await shell.seriousA11yViolations()).toEqual([]);

    // A filter goes to the URL and survives a reload.
    await page.getByLabel(m.stockAnalytics.reorder.show.label, { exact: true }).selectOption("fast");
    await expect(page).toHaveURL(/show=fast/);
    await page.reload();
    await expect(page.getByLabel(m.stockAnalytics.reorder.show.label, { exact: true })).toHaveValue("fast");

    await tabs.getByRole("link", { name: m.stock.tabs.sets, exact: true }).click();
    await expect(page).toHaveURL(/\/stock\/sets$/);
    await expect(page.getByRole("heading", { level: 1, name: m.stockAnalytics.sets.title })).toBeVisible();
    await expect(page.locator("main table tbody tr").first()).toBeVisible();
    expect(await shell.seriousA11yViolations()).toEqual([]);
  });
}
