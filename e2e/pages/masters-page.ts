// The masters area apart from its grids (those are GridPages): the sub-navigation, the index, the
// classification lists (a plain table searched on the client) and the company and person panels.
import { expect, type Locator, type Page } from "@playwright/test";
import { ROWS_TIMEOUT } from "./grid-page";
import { catalogues, escapeRegExp, type Locale, type Messages } from "./messages";

export type MasterSlug = keyof Messages["masters"]["screens"];

export class MastersPage {
  readonly page: Page;
  locale: Locale;

  constructor(page: Page, locale: Locale = "ja") {
    this.page = page;
    this.locale = locale;
  }

  get messages(): Messages["masters"] {
    return catalogues[this.locale].masters;
  }

  title(slug: MasterSlug): string {
    return this.messages.screens[slug].title;
  }

  get subNav(): Locator {
    return this.page.getByRole("navigation", { name: this.messages.navLabel, exact: true });
  }

  navLink(slug: MasterSlug): Locator {
    return this.subNav.getByRole("link", { name: this.title(slug), exact: true });
  }

  /** The sub-navigation's links marked as the current page. */
  get currentNavLinks(): Locator {
    return this.subNav.locator('[aria-current="page"]');
  }

  /** The index's link to a screen, named with the screen's description. */
  indexLink(slug: MasterSlug): Locator {
    return this.page.getByRole("main").getByRole("link", { name: new RegExp(escapeRegExp(this.messages.screens[slug].description)) });
  }

  // ----- classification lists ----------------------------------------------------------------

  list(slug: MasterSlug): Locator {
    return this.page.getByRole("table", { name: this.title(slug), exact: true });
  }

  /** The list's rows (not its header). */
  listRows(slug: MasterSlug): Locator {
    return this.list(slug).getByRole("row").filter({ has: this.page.getByRole("cell") });
  }

  /** The text of one column of every row shown (0: the first column). */
  async listColumn(slug: MasterSlug, index: number): Promise<string[]> {
    return this.listRows(slug).evaluateAll((rows, i) => rows.map((r) => (r as HTMLTableRowElement).cells[i]?.innerText ?? ""), index);
  }

  /** How many lines each row's value takes in the column headed `header` (its text's line boxes). */
  async listColumnLines(slug: MasterSlug, header: string): Promise<number[]> {
    const headers = await this.list(slug).getByRole("columnheader").allInnerTexts();
    const index = headers.findIndex((h) => h.trim() === header);
    expect(index, `a column headed ${header}`).toBeGreaterThanOrEqual(0);
    return this.listRows(slug).evaluateAll(
      (rows, i) =>
        rows.map((r) => {
          const cell = (r as HTMLTableRowElement).cells[i];
          const text = cell?.querySelector("span") ?? cell;
          return text ? text.getClientRects().length : 0;
        }),
      index,
    );
  }

  /** "N of M": waits until the list says it holds `total` rows in all. */
  async expectListTotal(total: number): Promise<void> {
    await expect(this.page.locator("[data-list-total]")).toHaveAttribute("data-list-total", String(total));
  }

  get listSearch(): Locator {
    return this.page.getByRole("searchbox", { name: this.messages.list.search, exact: true });
  }

  /** "Nothing matches" under the list's search. */
  get listFilteredEmpty(): Locator {
    return this.page.locator('[data-grid-state="filtered-empty"]');
  }

  async clearListSearch(): Promise<void> {
    await this.page.getByRole("button", { name: this.messages.list.clear, exact: true }).click();
  }

  // ----- company and person ------------------------------------------------------------------

  /** The fields of the signed-in company or person, once loaded. */
  accountDetails(which: "company" | "user"): Locator {
    return this.page.locator(`[data-account-panel="${which}"] dl`);
  }

  // ----- failures ----------------------------------------------------------------------------

  get errorPanel(): Locator {
    return this.page.locator('[data-grid-state="error"]');
  }

  /** Waits for the error panel (a failure the BFF calls retryable is retried with backoff first). */
  async waitForError(): Promise<void> {
    await expect(this.errorPanel).toBeVisible({ timeout: ROWS_TIMEOUT });
  }

  /** Every table on the page (a failed list must show none). */
  get tables(): Locator {
    return this.page.getByRole("table");
  }

  async retry(): Promise<void> {
    await this.errorPanel.getByRole("button", { name: catalogues[this.locale].query.retry }).click();
  }
}
