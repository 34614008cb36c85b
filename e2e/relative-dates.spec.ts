import { expect, test } from "./fixtures";
import { PickersGridPage } from "./pages/grid-pickers";
import { sandboxCount } from "./pages/sandbox-api";
import { ShellPage } from "./pages/shell-page";
import { jstDay } from "./support/jst-day";
import { namedRangeText, spanText } from "./support/range-text";

// Issue 34, item 3 (and the dates of item 6): a quick range is kept by name, so a view saved with
// 今週 on one day shows that later week's days and rows when opened in a later week (Playwright's
// clock moves the browser's day; the server keeps the real one, and the page follows the
// browser's); the URL holds `=this-week`; a range is one chip; the preset buttons are buttons;
// English writes `Nov 21, 2026`. The clock is set in the past (two weeks, then one week back), so
// the session's own expiry, checked against the browser's clock, stays ahead.

const P = "receive_order_";
const DATE = `${P}date`;

/** Monday of the week of a day (weeks start on Monday), `offset` days after it. */
function mondayPlus(day: string, offset: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  const back = (date.getUTCDay() + 6) % 7;
  return new Date(date.getTime() + (offset - back) * 86_400_000).toISOString().slice(0, 10);
}

/** Noon in Japan on a day, as the browser's clock. */
const noonJst = (day: string) => new Date(`${day}T12:00:00+09:00`);

/** The API's count of orders with an order date in `from`–`to` (Japan's days). */
function weekCount(from: string, to: string): Promise<number> {
  return sandboxCount("staff", "/api_v1_receiveorder_base/count", { [`${DATE}-gte`]: `${from} 00:00:00`, [`${DATE}-lte`]: `${to} 23:59:59` });
}

test.describe("relative dates", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("a view saved with 今週 opens a later week with that week's days and rows; one chip per range; English dates", async ({ page }) => {
    // Four steps of page loads, a saved view and three axe scans.
    test.setTimeout(180_000);
    const today = jstDay();
    const dayA = mondayPlus(today, -14 + 2); // a Wednesday two weeks back
    const dayB = mondayPlus(today, -7 + 3); // the Thursday of last week: a later day in a later week
    const weekA = { from: mondayPlus(dayA, 0), to: mondayPlus(dayA, 6) };
    const weekB = { from: mondayPlus(dayB, 0), to: mondayPlus(dayB, 6) };
    const viewName = `今週の受注 ${Date.now()}`;
    const orders = new PickersGridPage(page, "/orders");
    const shell = new ShellPage(page);

    await test.step(`on ${dayA}: 今週 is ${weekA.from}–${weekA.to}, written as its name`, async () => {
      // Time flows from noon of day A (a fixed time would stop the timers the grid waits on).
      await page.clock.install({ time: noonJst(dayA) });
      await orders.goto();
      const panel = await orders.openDateRange("受注日");
      // The presets are buttons: none pressed before one is chosen.
      const group = panel.getByRole("group", { name: orders.messages.grid.dates.quick, exact: true });
      await expect(group.getByRole("button")).toHaveCount(8);
      await expect(group.locator('[aria-pressed="true"]')).toHaveCount(0);
      await page.screenshot({ path: test.info().outputPath("quick-ranges-ja.png") });
      await orders.quickRangeButton(panel, "thisWeek").click();
      await expect(panel).toBeHidden();
      await expect.poll(() => new URL(page.url()).searchParams.getAll("f")).toEqual([`${DATE}=this-week`]);
      expect(page.url()).toContain(`f=${DATE}=this-week`);
      const named = namedRangeText("thisWeek", weekA.from, weekA.to, dayA, "ja");
      await expect(orders.dateRangeButton("受注日")).toHaveText(orders.dateRangeButtonText("受注日", named));
      await expect(orders.filterChips).toHaveCount(1);
      await expect(orders.filterChips.first()).toHaveText(`受注日: ${named}`);
      await orders.expectTotal(await weekCount(weekA.from, weekA.to));
      // Pressed when the panel opens again.
      const again = await orders.openDateRange("受注日");
      await expect(orders.quickRangeButton(again, "thisWeek")).toHaveAttribute("aria-pressed", "true");
      await page.screenshot({ path: test.info().outputPath("quick-ranges-pressed-ja.png") });
      expect(await shell.seriousA11yViolations(), "the date panel").toEqual([]);
      await page.keyboard.press("Escape");
      await expect(again).toBeHidden();
      await orders.saveView(viewName);
    });

    await test.step(`on ${dayB}, a later week: the saved view shows ${weekB.from}–${weekB.to} and its rows`, async () => {
      await page.clock.setSystemTime(noonJst(dayB));
      await orders.goto();
      await orders.applyView(viewName);
      await expect.poll(() => new URL(page.url()).searchParams.getAll("f")).toEqual([`${DATE}=this-week`]);
      const named = namedRangeText("thisWeek", weekB.from, weekB.to, dayB, "ja");
      await expect(orders.filterChips).toHaveCount(1);
      await expect(orders.filterChips.first()).toHaveText(`受注日: ${named}`);
      await orders.expectTotal(await weekCount(weekB.from, weekB.to));
      await orders.waitForRows();
      const { rows } = await orders.collectRows([DATE]);
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        const day = (row.cells[DATE] ?? "").slice(0, 10).replaceAll("/", "-");
        expect(day >= weekB.from && day <= weekB.to, `${day} in ${weekB.from}–${weekB.to}`).toBe(true);
      }
      // The link itself, opened afresh (the server renders its own day, the page the browser's).
      await page.goto(`/orders?f=${DATE}=this-week`);
      await orders.waitForRows();
      await expect(orders.filterChips.first()).toHaveText(`受注日: ${named}`);
      await orders.expectTotal(await weekCount(weekB.from, weekB.to));
      expect(await shell.seriousA11yViolations(), "the grid with a relative range").toEqual([]);
    });

    await test.step("days from the calendar stay absolute, and a range of days is one chip; removing it removes both ends", async () => {
      await orders.goto(`?f=${DATE}.gte:${weekA.from}&f=${DATE}.lte:${weekA.to}`);
      await expect(orders.filterChips).toHaveCount(1);
      await expect(orders.filterChips.first()).toHaveText(`受注日: ${spanText(weekA.from, weekA.to, dayB, "ja")}`);
      await orders.removeFilter("受注日");
      await expect(orders.activeFilters).toHaveCount(0);
      await expect.poll(() => new URL(page.url()).searchParams.getAll("f")).toEqual([]);
    });

    await test.step("English: the same view in English words, dates written Nov 21, 2026", async () => {
      await orders.goto(`?f=${DATE}=this-week`);
      await shell.switchLanguage("en");
      const en = new PickersGridPage(page, "/orders", "en");
      await en.waitForRows();
      const named = namedRangeText("thisWeek", weekB.from, weekB.to, dayB, "en");
      await expect(en.filterChips.first()).toHaveText(`Order date: ${named}`);
      const { rows } = await en.collectRows([DATE]);
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(row.cells[DATE]).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4} \d{2}:\d{2}$/);
      const panel = await en.openDateRange("Order date");
      await expect(en.quickRangeButton(panel, "thisWeek")).toHaveAttribute("aria-pressed", "true");
      await page.screenshot({ path: test.info().outputPath("quick-ranges-en.png") });
      expect(await shell.seriousA11yViolations(), "the English date panel").toEqual([]);
      await page.keyboard.press("Escape");
      await shell.switchLanguage("ja");
    });

    await orders.deleteView(viewName);
  });
});
