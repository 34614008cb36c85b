// /orders at scale, as a person meets it in Chromium: a sandbox with 100,000 orders, the time from
// navigation to the first order row visible, against a static page (the sign-in page: server-
// rendered, no data) measured in the same run (target ratio ≤ 3); and a 10,000-row page scrolled
// end to end, counting row elements in the DOM (target ≤ 120).
import type { Browser, Page } from "@playwright/test";
import { launchChromium, median } from "./lib/browser";
import { buildIfNeeded } from "../scripts/build-if-needed.mjs";
import { firstVisible } from "./lib/first-visible";
import { dashboardSession, startStack, type Stack } from "./lib/stack";
import type { Bench, BenchRow } from "./types";

const ORDERS = Number(process.env.BENCH_GRID_ORDERS ?? 100_000);
const RUNS = 7;
const APP_PORT = 3650;
const SANDBOX_PORT = 4650;

/** Milliseconds from starting navigation until `selector` is visible. */
async function timeTo(page: Page, url: string, selector: string): Promise<number> {
  const t0 = performance.now();
  await page.goto(url, { waitUntil: "commit" });
  await firstVisible(page, selector, 60_000);
  return performance.now() - t0;
}

export const ordersFirstRow: Bench = {
  name: "orders-first-row",
  async run() {
    const root = process.cwd();
    buildIfNeeded(root);
    let stack: Stack | undefined;
    let browser: Browser | undefined;
    try {
      stack = await startStack({ name: "grid", appPort: APP_PORT, sandboxPort: SANDBOX_PORT, env: { SANDBOX_ORDERS: String(ORDERS) } });
      const cookie = await dashboardSession(stack.app, "staff@sandbox.test");
      browser = await launchChromium();
      const context = await browser.newContext({ baseURL: stack.app, locale: "ja-JP", viewport: { width: 1440, height: 900 } });
      const [name, ...rest] = cookie.split("=");
      await context.addCookies([{ name: name!, value: rest.join("="), url: stack.app, httpOnly: true, sameSite: "Lax" }]);
      const page = await context.newPage();

      // Warm both (server code paths, browser cache of the shared framework chunks).
      await timeTo(page, "/login", "h1");
      await timeTo(page, "/orders", '[role="row"][data-row-key]');
      const statics: number[] = [];
      const orders: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        statics.push(await timeTo(page, "/login", "h1"));
        orders.push(await timeTo(page, "/orders", '[role="row"][data-row-key]'));
      }
      const total = (await page.locator("[data-grid-total]").first().textContent())?.trim() ?? "";

      // A 10,000-row page, scrolled from top to bottom.
      await page.goto("/orders?size=10000");
      await page.locator('[data-grid-state="ready"]').waitFor({ timeout: 120_000 });
      const grid = page.getByRole("grid").first();
      let maxRows = 0;
      let rendered = 0;
      await grid.evaluate((el) => (el.scrollTop = 0));
      for (let guard = 0; guard < 5000; guard++) {
        const state = await grid.evaluate((el) => ({
          rows: el.querySelectorAll('[role="row"]').length,
          keys: [...el.querySelectorAll<HTMLElement>('[role="row"][data-row-key]')].map((r) => r.dataset.rowKey ?? ""),
          atEnd: el.scrollTop + el.clientHeight >= el.scrollHeight - 2,
        }));
        maxRows = Math.max(maxRows, state.rows);
        rendered += state.keys.length > 0 ? 1 : 0;
        if (state.atEnd) break;
        await grid.evaluate((el) => (el.scrollTop += el.clientHeight));
        await page.waitForTimeout(16);
      }

      const s = median(statics);
      const o = median(orders);
      const rows: BenchRow[] = [
        { bench: "orders-first-row", name: "static page (/login), navigation to h1", value: s, unit: "ms" },
        {
          bench: "orders-first-row",
          name: `/orders first row visible (${ORDERS} orders generated; grid says ${total.slice(0, 40)})`,
          value: o,
          unit: "ms",
          baseline: { name: "static", value: s },
          ratio: o / s,
          target: "ratio <= 3",
          pass: o / s <= 3,
        },
        {
          bench: "orders-first-row",
          name: `10,000-row page: most row elements in the DOM while scrolling (${rendered} stops)`,
          value: maxRows,
          unit: "rows",
          target: "<= 120",
          pass: maxRows <= 120 && rendered > 10,
        },
      ];
      return rows;
    } finally {
      await browser?.close();
      await stack?.stop();
    }
  },
};
