import { expect, test } from "./fixtures";
import { catalogues } from "./pages/messages";
import { ShellPage, type ShellLocale } from "./pages/shell-page";

// The reorder list and the sellable sets as a member of staff opens them, in Japanese and English:
// reached from the stock area's tabs, the read model not filled yet said plainly, axe clean.
// The numbers against the sandbox's stock and goods wait for the sync's route or schedule (not on
// this branch's base): the read model cannot be filled here through the product's own sync, and
// no e2e-only backdoor fills it.

test.use({ viewport: { width: 1440, height: 900 } });

for (const locale of ["ja", "en"] as ShellLocale[]) {
  test(`reorder list and sellable sets open from the stock tabs, empty copy said plainly (${locale})`, async ({ page }) => {
    // Two pages, two axe runs and a reload on a busy machine.
    test.setTimeout(180_000);
    const m = catalogues[locale];
    const shell = new ShellPage(page);
    await shell.gotoSettled("/stock");
    if (locale !== "ja") await shell.switchLanguage(locale);
    const tabs = shell.tabs(m.stock.tabs.label);
    await tabs.getByRole("link", { name: m.stock.tabs.reorder, exact: true }).click();
    await expect(page).toHaveURL(/\/stock\/reorder$/);
    await expect(page.getByRole("heading", { level: 1, name: m.stockAnalytics.reorder.title })).toBeVisible();
    await expect(tabs.getByRole("link", { name: m.stock.tabs.reorder, exact: true })).toHaveAttribute("aria-current", "page");
    await expect(page.getByText(m.stockAnalytics.noCopy.title)).toBeVisible();
    expect(await shell.seriousA11yViolations()).toEqual([]);

    // A filter goes to the URL and survives a reload.
    await page.getByLabel(m.stockAnalytics.reorder.show.label, { exact: true }).selectOption("fast");
    await expect(page).toHaveURL(/show=fast/);
    await page.reload();
    await expect(page.getByLabel(m.stockAnalytics.reorder.show.label, { exact: true })).toHaveValue("fast");

    await tabs.getByRole("link", { name: m.stock.tabs.sets, exact: true }).click();
    await expect(page).toHaveURL(/\/stock\/sets$/);
    await expect(page.getByRole("heading", { level: 1, name: m.stockAnalytics.sets.title })).toBeVisible();
    await expect(page.getByText(m.stockAnalytics.noCopy.title)).toBeVisible();
    expect(await shell.seriousA11yViolations()).toEqual([]);
  });
}
