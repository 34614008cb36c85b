// A grid page on a phone (below 640 px), where each record is a card (components/data-grid/
// grid-cards.tsx): the list named as the grid is, each card a button (`data-card` its record key)
// with its fields (`data-field`), a checkbox beside it; and the banner that says the grid is offline
// or slow (`data-grid-network`), with the label of the previous filter's rows.
import { expect, type Locator } from "@playwright/test";
import { ROWS_TIMEOUT } from "./grid-page";
import { PickersGridPage } from "./grid-pickers";

export class CardsGridPage extends PickersGridPage {
  /** The list of cards, named as the grid. */
  get cardList(): Locator {
    return this.page.getByRole("list", { name: this.gridLabel, exact: true });
  }

  /** The list by its place, for when a modal (the filters sheet) hides the page from the accessibility tree. */
  get cardListBehindModal(): Locator {
    return this.page.locator("[data-grid-cards] > ul");
  }

  get cards(): Locator {
    return this.cardList.locator("[data-card]");
  }

  card(index: number): Locator {
    return this.cards.nth(index);
  }

  cardByKey(key: string): Locator {
    return this.cardList.locator(`[data-card="${key.replace(/["\\]/g, "\\$&")}"]`);
  }

  async cardKey(index: number): Promise<string> {
    return (await this.card(index).getAttribute("data-card")) ?? "";
  }

  /** The text of a card's field, trimmed. */
  async cardField(card: Locator, field: string): Promise<string> {
    return ((await card.locator(`[data-field="${field}"]`).textContent()) ?? "").trim();
  }

  /** The selection checkbox beside a card. */
  checkbox(key: string): Locator {
    return this.cardList.locator(`li:has([data-card="${key.replace(/["\\]/g, "\\$&")}"])`).getByRole("checkbox");
  }

  /** Waits until the first card is the record `key` (after paging or a new filter). */
  async expectFirstCard(key: string): Promise<void> {
    await expect(this.card(0)).toHaveAttribute("data-card", key, { timeout: ROWS_TIMEOUT });
  }

  /** "You are offline" or "Loading is taking longer" over the grid. */
  networkBanner(state: "offline" | "slow"): Locator {
    return this.page.locator(`[role="status"][data-grid-network="${state}"]`);
  }

  /** The label saying the rows shown are the previous filter's. */
  get previousRowsLabel(): Locator {
    return this.page.getByText(this.messages.grid.network.previous, { exact: true });
  }
}
