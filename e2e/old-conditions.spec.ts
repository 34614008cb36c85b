import { expect, test } from "./fixtures";
import { format } from "./pages/messages";
import { OrdersPage } from "./pages/orders-page";
import { ShellPage } from "./pages/shell-page";
import ja from "../messages/ja.json";

// Issue 30, operators by type: the API takes `lt lte gt gte` only on numbers and date-times, `like`
// only on strings, `in` only on strings and numbers. A link or a saved view from before holding
// a condition the API refuses ("before" on a text, "any of" on a date) opens with that condition
// left out and a notice saying which and why, never an error page; the rest of its conditions hold.

const P = "receive_order_";
const STATUS = `${P}order_status_id`;

test.use({ viewport: { width: 1280, height: 900 } });

/** The URL's filter tokens, decoded. */
function urlFilters(url: string): string[] {
  return new URL(url).searchParams.getAll("f");
}

test("an old link with operators the API refuses opens without them and says which, in Japanese and in English", async ({ page }) => {
  const orders = new OrdersPage(page);
  // "Before abc" on the purchaser's name (a text) and "any of" on the order date: refused by the
  // API for those types. The slip number condition still holds.
  await orders.goto(`?f=${P}purchaser_name.lt:abc&f=${P}date.in:2026-01-01&f=${P}id.lte:40`);

  await test.step("the grid shows the rows of what applies, one chip, and the notice of the two left out", async () => {
    await expect(orders.errorPanel).toHaveCount(0);
    await expect(orders.filterChips).toHaveCount(1);
    await expect(orders.filterChips.first()).toContainText("伝票番号");
    const keys = (await orders.renderedKeys()).map(Number);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.every((k) => k <= 40)).toBe(true);

    const notice = orders.droppedNotice("url");
    await expect(notice).toBeVisible();
    await expect(notice).toContainText(format(ja.grid.dropped.titleUrl, { count: 2 }));
    await expect(orders.droppedItems("url")).toHaveCount(2);
    const [name, date] = [orders.droppedItems("url").nth(0), orders.droppedItems("url").nth(1)];
    await expect(name).toHaveAttribute("data-dropped-reason", "operator");
    await expect(name).toContainText(`購入者名 ${ja.grid.operators.lt}: abc`);
    await expect(name).toContainText(format(ja.grid.dropped.operator, { type: ja.grid.dropped.types.S }));
    await expect(date).toContainText(`受注日 ${ja.grid.operators.in}: 2026-01-01`);
    await expect(date).toContainText(format(ja.grid.dropped.operator, { type: ja.grid.dropped.types.D }));
  });

  await test.step("in English the notice says the same in English", async () => {
    const shell = new ShellPage(page);
    await shell.switchLanguage("en");
    orders.locale = "en";
    const notice = orders.droppedNotice("url");
    await expect(notice).toContainText("2 conditions of this link cannot be used and were left out.");
    await expect(orders.droppedItems("url").nth(0)).toContainText(`Purchaser name ${orders.messages.grid.operators.lt}: abc`);
    await expect(orders.droppedItems("url").nth(0)).toContainText("a text field does not take this condition");
    await expect(orders.droppedItems("url").nth(1)).toContainText("a date-time field does not take this condition");
  });

  await test.step("dismissed, the URL keeps only what applies, and a reload says nothing more", async () => {
    await orders.dismissDroppedNotice("url");
    await expect.poll(() => urlFilters(page.url())).toEqual([`${P}id.lte:40`]);
    await page.reload();
    await orders.waitForRows();
    await expect(orders.filterChips).toHaveCount(1);
    await expect(orders.droppedNotice("url")).toHaveCount(0);
  });
});

test("a saved view holding a refused operator applies the rest and says what it left out", async ({ page, baseURL }) => {
  const origin = new URL(baseURL as string).origin;
  const name = `古い条件のビュー ${Date.now()}`;
  await page.goto("/orders");
  // Stored before operators followed the field's type: "contains" on the total (a number).
  const res = await page.request.post("/api/grid/views/orders", {
    headers: { "content-type": "application/json", origin },
    data: JSON.stringify({ name, state: { filters: [`${P}total_amount.like:1`, `${STATUS}.in:20`] } }),
  });
  expect(res.status()).toBe(201);
  const { id } = (await res.json()) as { id: string };
  try {
    const orders = new OrdersPage(page);
    await orders.goto();
    await orders.applyView(name);
    await expect.poll(() => urlFilters(page.url())).toEqual([`${STATUS}.in:20`]);
    await orders.waitForState("ready", "filtered-empty");
    await expect(orders.errorPanel).toHaveCount(0);
    await expect(orders.filterChips).toHaveCount(1);

    const notice = orders.droppedNotice("view");
    await expect(notice).toContainText(format(ja.grid.dropped.titleView, { count: 1, name }));
    await expect(orders.droppedItems("view")).toHaveCount(1);
    await expect(orders.droppedItems("view").first()).toContainText(`総合計 ${ja.grid.operators.like}: 1`);
    await expect(orders.droppedItems("view").first()).toContainText(format(ja.grid.dropped.operator, { type: ja.grid.dropped.types.N }));
    await orders.dismissDroppedNotice("view");
    await expect(orders.filterChips).toHaveCount(1);
  } finally {
    await page.request.delete(`/api/grid/views/orders/${id}`, { headers: { origin } });
  }
});
