// The order status board as a manager sees it: a card per order status with its count and newest
// slips, the filters, the refresh controls and the wall-screen button, found by role and name in
// the page's language.
import { expect, type Locator, type Page } from "@playwright/test";
import en from "../../messages/en.json";
import ja from "../../messages/ja.json";

const catalogues = { ja, en } as const;

export class BoardPage {
  readonly page: Page;
  locale: "ja" | "en";

  constructor(page: Page, locale: "ja" | "en" = "ja") {
    this.page = page;
    this.locale = locale;
  }

  get messages() {
    return catalogues[this.locale].board;
  }

  get cards(): Locator {
    return this.page.locator("section[data-status-id]");
  }

  card(statusId: string): Locator {
    return this.page.locator(`section[data-status-id="${statusId}"]`);
  }

  get errorPanel(): Locator {
    return this.page.locator("[data-board-error]");
  }

  get wallButton(): Locator {
    return this.page.getByRole("button", { name: new RegExp(`^(${this.messages.wall.enter}|${this.messages.wall.exit})$`) });
  }

  periodButton(name: "today" | "last7" | "last30" | "custom"): Locator {
    return this.page.getByRole("group", { name: this.messages.filters.period }).getByRole("button", { name: this.messages.filters[name], exact: true });
  }

  async goto(query = ""): Promise<void> {
    await this.page.goto(`/board${query}`);
    await this.waitForCounts();
  }

  /** Every card has its count and nothing is loading. */
  async waitForCounts(): Promise<void> {
    await expect(this.cards.first()).toBeVisible({ timeout: 30_000 });
    await expect(this.page.locator('section[data-status-id][data-count=""]')).toHaveCount(0, { timeout: 30_000 });
    await expect(this.page.locator("[aria-busy=true]")).toHaveCount(0, { timeout: 30_000 });
  }

  /** Status id → count shown, in the cards' order. */
  async counts(): Promise<[string, number][]> {
    return this.cards.evaluateAll((cards) => cards.map((c) => [c.getAttribute("data-status-id") ?? "", Number(c.getAttribute("data-count"))] as [string, number]));
  }

  async chooseShops(names: readonly string[]): Promise<void> {
    await this.page.getByRole("button", { name: this.messages.filters.shop, exact: true }).click();
    const panel = this.page.getByRole("dialog", { name: this.messages.filters.shop });
    for (const name of names) await panel.getByRole("checkbox", { name, exact: true }).check();
    await panel.getByRole("button", { name: catalogues[this.locale].catalog.quick.apply }).click();
  }
}
