// The settings page: its sections (regions named by their headings), each grid's layout row, and
// the connection's dates, and the saved views' items with their deferred delete and its Undo.
import { expect, type Locator, type Page } from "@playwright/test";
import { catalogues } from "./messages";

export class SettingsPage {
  readonly page: Page;
  locale: "ja" | "en";

  constructor(page: Page, locale: "ja" | "en" = "ja") {
    this.page = page;
    this.locale = locale;
  }

  get messages() {
    return catalogues[this.locale].settings;
  }

  /** The saved views section. */
  get views(): Locator {
    return this.region(this.messages.views.title);
  }

  /** A saved view's item, by the view's name. */
  viewItem(name: string): Locator {
    return this.views.getByRole("listitem").filter({ has: this.page.getByText(name, { exact: true }) });
  }

  viewDeleteButton(name: string): Locator {
    return this.viewItem(name).getByRole("button", { name: this.messages.views.delete, exact: true });
  }

  /** "The view “…” was deleted." with its Undo, while the delete waits. */
  get undoNotice(): Locator {
    return this.views.locator("[data-view-undo]");
  }

  get undoButton(): Locator {
    return this.undoNotice.getByRole("button", { name: this.messages.views.undo, exact: true });
  }

  get viewsHeading(): Locator {
    return this.views.getByRole("heading", { name: this.messages.views.title, exact: true });
  }

  /** Deletes a view with its Delete button: it leaves the list, the Undo notice names it. */
  async deleteView(name: string): Promise<void> {
    await this.viewDeleteButton(name).click();
    await expect(this.viewItem(name)).toHaveCount(0);
    await expect(this.undoNotice).toContainText(name);
  }

  /**
   * Waits until the delete of the view `id` of `grid` is sent and answered (after the Undo
   * notice's time runs out, or at once when another view is deleted).
   */
  async deleteSent(grid: string, id: string): Promise<void> {
    await this.page.waitForResponse((r) => r.request().method() === "DELETE" && new URL(r.url()).pathname === `/api/grid/views/${grid}/${id}` && r.ok(), { timeout: 20_000 });
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
