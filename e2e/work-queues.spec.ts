import { expect, test } from "./fixtures";
import { OrdersPage } from "./pages/orders-page";
import { sandboxCall, sandboxCount } from "./pages/sandbox-api";
import { ShellPage } from "./pages/shell-page";
import { filtersToConditions, type GridFilter } from "../lib/grid/filters";
import { receiveOrder } from "../lib/ne/registry/resources/receive-order";
import { WORK_QUEUES, queueFilters } from "../lib/orders/work-queues";
import { addDays, dateConditions, jstToday } from "../lib/board/period";
import ja from "../messages/ja.json";
import en from "../messages/en.json";

// Stories of NextEngine's work queues on the orders grid (lib/orders/work-queues.ts): each tab's
// count is the API's count of the queue's conditions and its list the API's list; a link opens a
// queue; the tabs work with the keyboard; axe stays clean; both languages. Expectations are
// computed from the sandbox through its API at the moment of the check (other specs change data).

const COUNT = "/api_v1_receiveorder_base/count";
const SEARCH = "/api_v1_receiveorder_base/search";

/** The API's form parameters of a set of filters (`field-op` → value; lists comma-joined). */
function params(filters: readonly GridFilter[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const c of filtersToConditions(receiveOrder, filters)) out[`${c.field}-${c.op}`] = Array.isArray(c.value) ? c.value.join(",") : (c.value ?? "");
  return out;
}

test.use({ viewport: { width: 1440, height: 900 } });

test.describe("work queues on the orders grid", () => {
  // Nine queues, each checked against the API: more than one page load's worth of time.
  test.describe.configure({ timeout: 180_000 });
  test("every queue's tab count is the API's count of its conditions, and its list is the API's list", async ({ page }) => {
    const orders = new OrdersPage(page);
    await orders.goto();
    const tablist = page.getByRole("tablist", { name: ja.workQueues.label });
    await expect(tablist.getByRole("tab")).toHaveCount(WORK_QUEUES.length + 1);
    await expect(tablist.getByRole("tab", { name: new RegExp(`^${ja.workQueues.all}`) })).toHaveAttribute("aria-selected", "true");

    for (const queue of WORK_QUEUES) {
      await test.step(`${queue.id} (${ja.workQueues[queue.id]})`, async () => {
        const conditions = params(queueFilters(queue, new Date()));
        const expected = await sandboxCount("staff", COUNT, conditions);
        expect(expected, `${queue.id} has slips in the sandbox`).toBeGreaterThan(0);
        const tab = tablist.getByRole("tab", { name: new RegExp(`^${ja.workQueues[queue.id]}`) });
        await expect(tab.locator("[data-count]")).toHaveText(expected.toLocaleString("en-US"));

        await tab.click();
        await expect(tab).toHaveAttribute("aria-selected", "true");
        await expect(page).toHaveURL(new RegExp(`[?&]queue=${queue.id}(&|$)`));
        await orders.expectTotal(expected);
        // The first page newest first: the API's last window of 100 slip numbers, reversed.
        const size = 100;
        const offset = Math.max(0, expected - size);
        const api = await sandboxCall("staff", SEARCH, { ...conditions, fields: "receive_order_id", offset: String(offset), limit: String(size) });
        const apiKeys = (api.data ?? []).map((r) => String(r.receive_order_id)).reverse();
        await expect.poll(async () => (await orders.renderedKeys()).slice(0, 10)).toEqual(apiKeys.slice(0, 10));
      });
    }
  });

  test("a link opens its queue; the tabs take the keyboard; a bad queue is ignored; axe stays clean", async ({ page }) => {
    const orders = new OrdersPage(page);
    const shell = new ShellPage(page);
    await orders.goto("?queue=kakunin");
    const tablist = page.getByRole("tablist", { name: ja.workQueues.label });
    const kakunin = tablist.getByRole("tab", { name: new RegExp(`^${ja.workQueues.kakunin}`) });
    await expect(kakunin).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tabpanel")).toHaveAttribute("aria-labelledby", (await kakunin.getAttribute("id")) ?? "");
    await orders.expectTotal(await sandboxCount("staff", COUNT, params(queueFilters(WORK_QUEUES[1]!, new Date()))));
    // The queue is the tab, not a chip.
    await expect(page.getByRole("button", { name: /確認チェック/ })).toHaveCount(0);
    expect(await shell.seriousA11yViolations()).toEqual([]);

    await test.step("one tab stop; arrows move along the row, Enter chooses", async () => {
      await kakunin.focus();
      await page.keyboard.press("ArrowRight");
      const hikiate = tablist.getByRole("tab", { name: new RegExp(`^${ja.workQueues.hikiate}`) });
      await expect(hikiate).toBeFocused();
      await expect(kakunin).toHaveAttribute("aria-selected", "true");
      await page.keyboard.press("Enter");
      await expect(hikiate).toHaveAttribute("aria-selected", "true");
      await expect(page).toHaveURL(/[?&]queue=hikiate(&|$)/);
      await expect(hikiate).toHaveAttribute("tabindex", "0");
      await expect(kakunin).toHaveAttribute("tabindex", "-1");
      await page.keyboard.press("Home");
      await expect(tablist.getByRole("tab").first()).toBeFocused();
      await page.keyboard.press("ArrowLeft");
      await expect(tablist.getByRole("tab").last()).toBeFocused();
      await page.keyboard.press(" ");
      await expect(page).toHaveURL(/[?&]queue=shukka(&|$)/);
      await page.keyboard.press("Home");
      await page.keyboard.press("Enter");
      await expect(page).not.toHaveURL(/queue=/);
    });

    await test.step("an unknown queue opens All", async () => {
      await orders.goto("?queue=nope");
      await expect(tablist.getByRole("tab", { name: new RegExp(`^${ja.workQueues.all}`) })).toHaveAttribute("aria-selected", "true");
      await orders.expectTotal(await sandboxCount("staff", COUNT));
    });
  });

  test("the queue is AND-ed with the person's filters, and the counts say they include them", async ({ page }) => {
    const orders = new OrdersPage(page);
    await orders.goto("?queue=insatsuzumi&f=receive_order_order_status_id.in:40,50");
    const insatsuzumi = WORK_QUEUES.find((q) => q.id === "insatsuzumi")!;
    const both = params(queueFilters(insatsuzumi, new Date()));
    both["receive_order_order_status_id-in"] = "40";
    await orders.expectTotal(await sandboxCount("staff", COUNT, both));
    await expect(page.getByText(ja.workQueues.countsNote)).toBeVisible();
    const tab = page.getByRole("tab", { name: new RegExp(`^${ja.workQueues.insatsuzumi}`) });
    await expect(tab.locator("[data-count]")).toHaveText((await orders.total()).toLocaleString("en-US"));
  });

  test("in English, the queues have English names", async ({ page }) => {
    const shell = new ShellPage(page);
    const orders = new OrdersPage(page, "en");
    await shell.goto("/orders");
    await shell.switchLanguage("en");
    await orders.waitForRows();
    const tablist = page.getByRole("tablist", { name: en.workQueues.label });
    for (const queue of WORK_QUEUES) await expect(tablist.getByRole("tab", { name: new RegExp(`^${en.workQueues[queue.id]}`) })).toBeVisible();
    await expect(page.getByText(en.workQueues.countsNote)).toBeVisible();
  });

  test("on a phone the tab row scrolls inside itself, not the page, also while its counts are pending", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    // The counts are held until the row has been measured: pending counts say so in visually
    // hidden text, which must stay inside the row (it once widened the page to 1,060 px).
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route((url) => url.pathname.startsWith("/api/ne") && url.pathname.endsWith(COUNT), async (route) => {
      await held;
      await route.continue();
    });
    // Hydrated only: the grid is not ready before its count is in.
    await new ShellPage(page).goto("/orders");
    const tablist = page.getByRole("tablist", { name: ja.workQueues.label });
    await expect(tablist.getByText(ja.workQueues.countPending).first()).toBeAttached();
    const sizes = await tablist.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(sizes.scroll).toBeGreaterThan(sizes.client);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    release();
    await new OrdersPage(page).waitForRows();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test("the board in queue mode shows the same counts, each card opening its queue with the board's period", async ({ page }) => {
    const shell = new ShellPage(page);
    const to = jstToday(new Date());
    const from = addDays(to, -100);
    await shell.goto(`/board?period=custom&from=${from}&to=${to}`);
    const choice = page.getByRole("group", { name: ja.workQueues.board.label });
    await choice.getByRole("button", { name: ja.workQueues.board.queues }).click();
    await expect(page).toHaveURL(/[?&]columns=queues(&|$)/);
    const period: Record<string, string> = {};
    for (const c of dateConditions({ from, to })) period[`${c.field}-${c.op}`] = String(c.value);
    for (const queue of WORK_QUEUES) {
      const expected = await sandboxCount("staff", COUNT, { ...params(queueFilters(queue, new Date())), ...period });
      const card = page.locator(`[data-status-id="${queue.id}"]`);
      await expect(card, queue.id).toHaveAttribute("data-count", String(expected), { timeout: 30_000 });
    }
    expect(await shell.seriousA11yViolations()).toEqual([]);

    const card = page.locator('[data-status-id="kakunin"]');
    const count = Number(await card.getAttribute("data-count"));
    await card.getByRole("link", { name: ja.workQueues.kakunin }).click();
    await expect(page).toHaveURL(/\/orders\?queue=kakunin/);
    const orders = new OrdersPage(page);
    await orders.expectTotal(count);
    await expect(page.getByRole("tab", { name: new RegExp(`^${ja.workQueues.kakunin}`) })).toHaveAttribute("aria-selected", "true");
  });
});
