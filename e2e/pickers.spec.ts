import { expect, test } from "./fixtures";
import { jstDay, PickersGridPage } from "./pages/grid-pickers";
import { ShellPage } from "./pages/shell-page";
import { namedRangeText } from "./support/range-text";

// Issue 12, items 5, 6 and 9: "Add condition" finds a field by typing (a label in either language
// or its API name) and offers only the operators that fit it; the date picker speaks the page's
// language and its quick ranges are Japan's days, written to the URL as gte/lte and filtering the
// grid.

const P = "receive_order_";

/** The URL's filter tokens (`f=field.op:value`), decoded. */
function urlFilters(url: string): string[] {
  return new URL(url).searchParams.getAll("f");
}

/** The days (`YYYY-MM-DD`) of the order-date cells shown ("2026/11/21 23:45"). */
async function shownOrderDays(orders: PickersGridPage): Promise<string[]> {
  const { rows } = await orders.collectRows([`${P}date`]);
  return rows.map((r) => (r.cells[`${P}date`] ?? "").slice(0, 10).replaceAll("/", "-"));
}

test.describe("Add condition: the field picker", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("finds fields by a Japanese label, an English label after switching language, and an API name; offers a status, a text and a date their own operators", async ({ page }) => {
    const orders = new PickersGridPage(page, "/orders");
    await orders.goto();
    const ops = orders.messages.grid.operators;

    await orders.openAddCondition();
    // Grouped by the drawer's sections, the rest last.
    await orders.fieldPicker.press("ArrowDown");
    const groups = await orders.fieldGroupNames();
    expect(groups.slice(0, 3)).toEqual([orders.messages.grid.drawerGroups.summary, orders.messages.grid.drawerGroups.amounts, orders.messages.grid.drawerGroups.payment]);

    // A Japanese label: a status offers is / is not / any of / none of, never "less than" or "contains".
    await orders.searchFields("受注状");
    expect(await orders.fieldOptionLabels()).toContain("受注状態");
    await orders.pickField("受注状", "受注状態");
    expect(await orders.operatorLabels()).toEqual([ops.in, ops.eq, ops.neq, ops.nin]);

    // A text: contains comes first, no comparisons.
    await orders.pickField("購入者名", "購入者名");
    const textOps = await orders.operatorLabels();
    expect(textOps[0]).toBe(ops.like);
    expect(textOps).toContain(ops.eq);
    expect(textOps).not.toContain(ops.lt);
    expect(textOps).not.toContain(ops.gte);

    // A date: a range of days, on or after, on or before; no pattern, no list.
    await orders.pickField("受注日", "受注日");
    const dateOps = await orders.operatorLabels();
    expect(dateOps.slice(0, 3)).toEqual([ops.between, ops.gte, ops.lte]);
    expect(dateOps).not.toContain(ops.like);
    expect(dateOps).not.toContain(ops.in);

    // An API name finds the field it names.
    await orders.pickField("shop_cut_form", "受注番号");
    await orders.searchFields("no_such_field_at_all");
    await expect(orders.fieldList).toContainText(orders.messages.grid.fieldPicker.none);

    // Esc closes the list first, and the form with a second Esc.
    await orders.fieldPicker.press("Escape");
    await expect(orders.fieldList).toBeHidden();
    await expect(orders.conditionPanel).toBeVisible();
    await expect(orders.fieldPicker).toHaveValue("受注番号");
    await page.keyboard.press("Escape");
    await expect(orders.conditionPanel).toBeHidden();
    await expect(orders.addConditionButton).toBeFocused();

    // A status condition built in the picker filters the grid.
    await orders.openAddCondition();
    await orders.pickField("受注状態", "受注状態");
    await orders.tickValue("納品書印刷待ち");
    await orders.applyCondition();
    await expect.poll(() => urlFilters(page.url())).toEqual([`${P}order_status_id.in:20`]);
    await orders.waitForState("ready", "filtered-empty");
    await expect(orders.filterChips).toHaveCount(1);

    // In English, the English label finds it.
    const shell = new ShellPage(page);
    await shell.switchLanguage("en");
    orders.locale = "en";
    await orders.waitForRows();
    await orders.openAddCondition();
    await orders.pickField("order stat", "Order status");
    const en = orders.messages.grid.operators;
    expect(await orders.operatorLabels()).toEqual([en.in, en.eq, en.neq, en.nin]);
    await page.keyboard.press("Escape");
    await expect(orders.conditionPanel).toBeHidden();
  });

  test("a date condition is picked on a calendar in the page's language and becomes gte and lte", async ({ page }) => {
    const orders = new PickersGridPage(page, "/orders");
    await orders.goto();
    await orders.openAddCondition();
    await orders.pickField("受注日", "受注日");
    await orders.chooseOperator(orders.messages.grid.operators.between);
    const form = orders.conditionPanel;
    await expect(orders.calendar(form)).toBeVisible();
    expect(await orders.weekdayNames(form)).toEqual(["月", "火", "水", "木", "金", "土", "日"]);
    const [from, to] = [jstDay(-2), jstDay(0)];
    // The calendar opens on this month (Japan's); a range over a month's start goes back one month first.
    if (from.slice(0, 7) !== to.slice(0, 7)) await form.getByRole("button", { name: "前の月へ" }).click();
    await orders.clickDay(form, from);
    if (from.slice(0, 7) !== to.slice(0, 7)) await form.getByRole("button", { name: "次の月へ" }).click();
    await orders.clickDay(form, to);
    await expect(orders.dateDraft(form)).toContainText(`${from.replaceAll("-", "/")} – ${to.replaceAll("-", "/")}`);
    await orders.applyCondition();
    await expect.poll(() => urlFilters(page.url()).sort()).toEqual([`${P}date.gte:${from}`, `${P}date.lte:${to}`]);
    await orders.waitForRows();
    for (const day of await shownOrderDays(orders)) {
      expect(day >= from && day <= to, `${day} in ${from}–${to}`).toBe(true);
    }
  });
});

test.describe("dates in the page's language", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("the order-date picker speaks Japanese, then English; its last-7-days range is Japan's, written by name (=last-7) and filtering the grid", async ({ page }) => {
    const orders = new PickersGridPage(page, "/orders");
    await orders.goto();
    const label = "受注日";
    await expect(orders.dateRangeButton(label)).toHaveText(orders.dateRangeButtonText(label, orders.messages.grid.dates.any));

    const panel = await orders.openDateRange(label);
    expect(await orders.weekdayNames(panel)).toEqual(["月", "火", "水", "木", "金", "土", "日"]);
    const [year, month] = jstDay().split("-").map(Number);
    await expect(orders.monthCaption(panel)).toHaveText(`${year}年${month}月`);
    await orders.page.screenshot({ path: test.info().outputPath("date-picker-ja.png") });

    await orders.quickRangeButton(panel, "last7").click();
    await expect(panel).toBeHidden();
    const [from, to] = [jstDay(-6), jstDay(0)];
    // Kept by name, so a bookmark keeps meaning "the last 7 days" (e2e/relative-dates.spec.ts).
    await expect.poll(() => urlFilters(page.url())).toEqual([`${P}date=last-7`]);
    await expect(orders.dateRangeButton(label)).toHaveText(orders.dateRangeButtonText(label, namedRangeText("last7", from, to, to, "ja")));
    await orders.waitForRows();
    const days = await shownOrderDays(orders);
    expect(days.length).toBeGreaterThan(0);
    for (const day of days) expect(day >= from && day <= to, `${day} in ${from}–${to}`).toBe(true);

    // The range shows as chosen when the picker opens again.
    const again = await orders.openDateRange(label);
    await expect(orders.quickRangeButton(again, "last7")).toHaveAttribute("aria-pressed", "true");
    await page.keyboard.press("Escape");
    await expect(again).toBeHidden();

    // English: the same range in English words, an English calendar.
    const shell = new ShellPage(page);
    await shell.switchLanguage("en");
    orders.locale = "en";
    await orders.waitForRows();
    const en = "Order date";
    await expect(orders.dateRangeButton(en)).toHaveText(orders.dateRangeButtonText(en, namedRangeText("last7", from, to, to, "en")));
    const enPanel = await orders.openDateRange(en);
    expect(await orders.weekdayNames(enPanel)).toEqual(["Su", "Mo", "Tu", "We", "Th", "Fr", "Sa"]);
    const monthName = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "long" }).format(new Date(`${to}T00:00:00Z`));
    await expect(orders.monthCaption(enPanel)).toHaveText(`${monthName} ${to.slice(0, 4)}`);
    await orders.page.screenshot({ path: test.info().outputPath("date-picker-en.png") });

    // Clear takes both ends off.
    await enPanel.getByRole("button", { name: orders.messages.grid.dates.clear, exact: true }).click();
    await expect.poll(() => urlFilters(page.url())).toEqual([]);
    await expect(orders.dateRangeButton(en)).toHaveText(orders.dateRangeButtonText(en, orders.messages.grid.dates.any));
  });
});
