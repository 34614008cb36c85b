// What only the orders grid has: a slip's rows in its drawer (the rest is the generic GridPage).
import { expect, type Locator, type Page } from "@playwright/test";
import { GridPage, type GridLocale } from "./grid-page";

export class OrdersPage extends GridPage {
  constructor(page: Page, locale: GridLocale = "ja") {
    super(page, "/orders", locale);
  }

  /**
   * Waits until every work-queue tab has its count. The tabs ask for them one after another in the
   * background after the grid is ready; a story that counts calls, or moves the page's clock, waits
   * for them first (each call counts as the page's activity).
   */
  async waitForQueueCounts(): Promise<void> {
    await expect(this.page.getByRole("tablist", { name: this.messages.workQueues.label }).getByText(this.messages.workQueues.countPending)).toHaveCount(0, { timeout: 60_000 });
  }

  /** The drawer's section of the slip's rows. */
  get drawerOrderRows(): Locator {
    return this.drawer.locator("[data-order-rows]");
  }

  /** The rows of the slip listed in the drawer. */
  get drawerOrderRowItems(): Locator {
    return this.drawerOrderRows.getByRole("row").filter({ has: this.page.getByRole("cell") });
  }

  /** The number of rows the section says the slip has (from the count operation), once counted. */
  async drawerOrderRowCount(): Promise<number> {
    const count = this.drawerOrderRows.locator("[data-row-count]");
    await expect(count).not.toHaveAttribute("data-row-count", "");
    return Number(await count.getAttribute("data-row-count"));
  }
}
