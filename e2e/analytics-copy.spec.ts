// The company's analytics copy as a manager keeps it: the refresh button beside "as of" brings the
// numbers up to date, and the settings page deletes the copy at once; the views then say there is
// no copy (nothing rebuilds it by itself: the schedule's rule is held in
// lib/analytics/server/schedule.test.ts) until someone presses "Build it now", which builds it again.
import { expect, test } from "./fixtures";
import { freshCopy, lastDays, sandboxSales } from "./pages/analytics-copy";
import { ShellPage } from "./pages/shell-page";
import ja from "../messages/ja.json";

test.use({ user: "manager", viewport: { width: 1440, height: 900 } });
// Two syncs (one of them a first one: 13 months) on a busy machine.
test.describe.configure({ timeout: 300_000 });

const r = ja.analytics.refresh;
const s = ja.settings.analyticsCopy;

test("refresh, delete from the settings page, build again: the views say where their copy stands", async ({ page, baseURL }) => {
  const shell = new ShellPage(page);
  await freshCopy(page, baseURL ?? "");
  const range = lastDays(30);
  const view = `/analytics/sales?from=${range.from}&to=${range.to}&by=month`;
  await shell.gotoSettled(view);
  const total = page.locator("tfoot tr").first().locator("th, td");
  await expect(total.nth(1)).toBeVisible();

  await test.step("the refresh button says it runs, then that the copy is up to date", async () => {
    const refresh = page.getByRole("button", { name: r.action, exact: true });
    await refresh.click();
    await expect(page.getByText(r.done)).toBeVisible({ timeout: 120_000 });
    await expect(page.getByRole("button", { name: r.action, exact: true })).toBeEnabled();
    expect(Number((await total.nth(1).innerText()).replace(/\D/g, ""))).toBe((await sandboxSales("manager", range)).orders);
  });

  await test.step("the settings page deletes the copy after a confirmation", async () => {
    await shell.gotoSettled("/settings");
    const section = page.getByRole("region", { name: s.title });
    await section.getByRole("button", { name: s.delete, exact: true }).click();
    const dialog = page.getByRole("dialog", { name: s.confirmTitle });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: s.confirm, exact: true }).click();
    await expect(section.getByText(s.deleted)).toBeVisible();
    await expect(section.getByText(s.none)).toBeVisible();
  });

  await test.step("the views say there is no copy, and 'Build it now' builds it again", async () => {
    await shell.gotoSettled(view);
    const empty = page.locator("[data-analytics-empty]");
    await expect(empty).toBeVisible();
    await expect(page.locator("tfoot")).toHaveCount(0);
    await empty.getByRole("button", { name: r.build, exact: true }).click();
    await expect(page.locator("tfoot tr").first().locator("th, td").nth(1)).toBeVisible({ timeout: 180_000 });
    expect(Number((await page.locator("tfoot tr").first().locator("th, td").nth(1).innerText()).replace(/\D/g, ""))).toBe((await sandboxSales("manager", range)).orders);
    await shell.expectNoSeriousA11yViolations();
  });
});
