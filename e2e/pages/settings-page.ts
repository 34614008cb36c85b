// The settings page: its sections (regions named by their headings), each grid's layout row, and
// the connection's dates.
import type { Locator, Page } from "@playwright/test";

export class SettingsPage {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  /** A section of the page, by its heading. */
  region(name: string): Locator {
    return this.page.getByRole("main").getByRole("region", { name, exact: true });
  }

  /** The row of one grid (`orders`, `goods`, ...) in the layouts section `layouts`. */
  layoutRow(layouts: Locator, grid: string): Locator {
    return layouts.locator(`[data-layout-grid="${grid}"]`);
  }

  /** The date of one of the connection's facts (`access-end`, `refresh-end`). */
  connectionTime(connection: Locator, key: string): Locator {
    return connection.locator(`[data-connection="${key}"] time`);
  }
}
