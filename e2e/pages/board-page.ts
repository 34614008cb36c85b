// The order status board as a manager sees it: a card per order status with its count and newest
// slips, the filters (shops, period, cancelled), the refresh controls, the chart and the
// wall-screen button, found by role and name in the page's language; plus what a story measures
// on it (the board's requests, whether it fits the screen, the colours of its status dots).
import type { RangeKey } from "../support/range-text";
import { expect, type Locator, type Page } from "@playwright/test";
import { catalogues, escapeRegExp, messagePattern } from "./messages";

/** The board's one endpoint: every number on the board comes from one GET of it. */
const BOARD_ENDPOINT = "/api/board";

/** The calendar's month buttons, as react-day-picker's `ja` and `en-US` locales name them. */
const MONTH_BUTTONS = {
  ja: { previous: "前の月へ", next: "次の月へ" },
  en: { previous: "Go to the Previous Month", next: "Go to the Next Month" },
} as const;

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

  /** The big number of a card. */
  countOf(card: Locator): Locator {
    return card.locator("[data-board-count]");
  }

  /** The newest slips' links, of one status's card or of the whole board. */
  slipLinks(statusId?: string): Locator {
    return (statusId === undefined ? this.page : this.card(statusId)).locator("a[data-slip-id]");
  }

  /** The slip number a newest slip's link opens. */
  async slipId(link: Locator): Promise<string> {
    return (await link.getAttribute("data-slip-id")) ?? "";
  }

  /** The slip numbers of a card's newest slips, in the order shown. */
  async slipIds(statusId: string): Promise<string[]> {
    return this.slipLinks(statusId).evaluateAll((links) => links.map((a) => a.getAttribute("data-slip-id") ?? ""));
  }

  /** The chart of the period's orders and revenue (by hour, day, week or month, its title says which). */
  get chart(): Locator {
    return this.page.getByRole("region", { name: new RegExp(`^(${Object.values(this.messages.chart.title).map(escapeRegExp).join("|")})$`) });
  }

  /** How the chart groups the period: `hour`, `day`, `week` or `month`. */
  async chartUnit(): Promise<string> {
    return (await this.page.locator("[data-board-chart]").getAttribute("data-chart-unit")) ?? "";
  }

  /** The chart's buckets as its table says them: key, the period's days it covers, orders and revenue (null: not known). */
  async chartBuckets(): Promise<{ key: string; orders: number | null; revenue: number | null }[]> {
    return this.page.locator("[data-chart-table] tbody tr").evaluateAll((rows) =>
      rows.map((r) => {
        const n = (v: string | null) => (v === null || v === "" ? null : Number(v));
        return { key: r.getAttribute("data-bucket") ?? "", orders: n(r.getAttribute("data-orders")), revenue: n(r.getAttribute("data-revenue")) };
      }),
    );
  }

  /** The period's orders and revenue per shop, as the shop table shows them. */
  async shopTotals(): Promise<{ shopId: string; orders: number; revenue: number }[]> {
    return this.page.locator("[data-shop-table] tbody tr").evaluateAll((rows) =>
      rows.map((r) => ({ shopId: r.getAttribute("data-shop-id") ?? "", orders: Number(r.getAttribute("data-orders")), revenue: Number(r.getAttribute("data-revenue")) })),
    );
  }

  /** The period's revenue total as shown (`¥15,494,178` → 15494178). */
  async revenueTotal(): Promise<number> {
    const text = (await this.page.locator('[data-total-value="revenue"]').innerText()).replace(/[^\d]/g, "");
    return Number(text);
  }

  /** What the chart says when its numbers could not be loaded. */
  get chartFailure(): Locator {
    return this.chart.getByText(this.messages.chart.failed);
  }

  /** The full-screen button (shown where the Fullscreen API is). */
  get fullscreenButton(): Locator {
    return this.page.getByRole("button", { name: new RegExp(`^(${escapeRegExp(this.messages.fullscreen.enter)}|${escapeRegExp(this.messages.fullscreen.exit)})$`) });
  }

  /** Whether the board itself is the document's full-screen element. */
  async isFullscreen(): Promise<boolean> {
    return this.page.evaluate(() => document.fullscreenElement?.querySelector("[data-board-chart]") != null);
  }

  /** Every Retry button on the page. */
  get retryButtons(): Locator {
    return this.page.getByRole("button", { name: catalogues[this.locale].query.retry, exact: true });
  }

  /**
   * Every card of the board (status cards, the totals, the shop table) whose content is wider than
   * its box (scrollWidth > clientWidth), every number whose unit went to a line of its own, and
   * every title cut with an ellipsis: what a wall must never show.
   */
  async overflowingCards(): Promise<string[]> {
    return this.page.evaluate(() => {
      const bad: string[] = [];
      const name = (el: Element) => el.getAttribute("data-status-id") ?? el.getAttribute("data-total") ?? (el.hasAttribute("data-board-shops") ? "shops" : el.tagName);
      for (const card of document.querySelectorAll("[data-board-card]")) {
        if (card.scrollWidth > card.clientWidth) bad.push(`${name(card)}: scrollWidth ${card.scrollWidth} > clientWidth ${card.clientWidth}`);
        // Text clipped inside the card on purpose (a purchaser's or shop's name cut with an
        // ellipsis in the normal view) does not leave it; a count or a status name is never clipped.
        const clipped = (el: Element) => {
          for (let a = el.parentElement; a && a !== card; a = a.parentElement) if (getComputedStyle(a).overflowX !== "visible") return true;
          return false;
        };
        for (const el of card.querySelectorAll("*")) {
          const style = getComputedStyle(el);
          // A scrolling part (the shop table on a wall) scrolls down only, never sideways.
          if ((style.overflowX === "auto" || style.overflowX === "scroll") && el.scrollWidth > el.clientWidth) bad.push(`${name(card)}: <${el.tagName.toLowerCase()}> scrolls sideways`);
          if (clipped(el)) continue;
          const r = el.getBoundingClientRect();
          const c = card.getBoundingClientRect();
          if (r.width > 0 && (r.right > c.right + 0.5 || r.left < c.left - 0.5)) bad.push(`${name(card)}: <${el.tagName.toLowerCase()}> "${(el.textContent ?? "").slice(0, 30)}" leaves the card`);
        }
        for (const fit of card.querySelectorAll("[data-fit], [data-total-value]")) {
          const lines = fit.getClientRects().length;
          const box = fit.getBoundingClientRect();
          const lineHeight = parseFloat(getComputedStyle(fit).lineHeight) || parseFloat(getComputedStyle(fit).fontSize) * 1.2;
          if (box.height > lineHeight * 1.6 || lines > 1) bad.push(`${name(card)}: "${fit.textContent}" is on more than one line`);
        }
        for (const title of card.querySelectorAll("[data-card-title], [data-card-title] *")) {
          if (getComputedStyle(title).textOverflow === "ellipsis" || title.scrollWidth > title.clientWidth) bad.push(`${name(card)}: title "${title.textContent}" is cut`);
        }
      }
      return bad;
    });
  }

  /** The bars of the chart (drawn only when its numbers came). */
  get chartBars(): Locator {
    return this.chart.locator(".recharts-bar-rectangle");
  }

  /** Cards whose numbers could not be loaded (a dash; the board's one failure panel says why). */
  get failedCards(): Locator {
    return this.page.locator('section[data-status-id][data-state="failed"]');
  }

  /** Cards showing the last update's numbers after a refresh failed (dashed, marked). */
  get outdatedCards(): Locator {
    return this.page.locator("section[data-status-id][data-outdated]");
  }

  /** The big numbers on the whole board. */
  get shownCounts(): Locator {
    return this.page.locator("[data-board-count]");
  }

  /** "Count cancelled slips": off by default. */
  get cancelledToggle(): Locator {
    return this.page.getByLabel(this.messages.filters.includeCancelled);
  }

  /** The rows (one a day) of the table that stands for the chart for screen readers. */
  get chartRows(): Locator {
    return this.page.getByRole("table", { name: messagePattern(this.messages.chart.tableCaption) }).getByRole("row").filter({ has: this.page.getByRole("cell") });
  }

  /** "Updated at HH:MM:SS": the time of the numbers shown. */
  private get updatedStamp(): Locator {
    return this.page.locator("[data-updated-at]");
  }

  /** The time of the numbers shown, once there are some. */
  async updatedAt(): Promise<string> {
    await expect(this.updatedStamp).not.toHaveAttribute("data-updated-at", "");
    return (await this.updatedStamp.getAttribute("data-updated-at")) ?? "";
  }

  async expectUpdatedAt(time: string): Promise<void> {
    await expect(this.updatedStamp).toHaveAttribute("data-updated-at", time);
  }

  /** The wall-screen shortcut, pressed with the focus on the page itself. */
  async pressWallShortcut(): Promise<void> {
    await this.page.locator("body").press("f");
  }

  // ----- the custom period: the grids' date-range picker ---------------------------------------

  /** The custom period's button: "受注日の期間指定: 2026/11/17 – 2026/11/23" is its name, the range its text. */
  get customRangeButton(): Locator {
    const dates = catalogues[this.locale].grid.dates;
    const prefix = dates.button.replace("{label}", this.messages.filters.customRange).split("{range}")[0] ?? "";
    return this.page.getByRole("button", { name: new RegExp(`^${escapeRegExp(prefix)}`) });
  }

  /** A range as the button shows it in this page's language: `2026/11/17 – 2026/11/23`, `Nov 17, 2026 – Nov 23, 2026`. */
  rangeText(from: string, to: string): string {
    const day = (d: string) =>
      this.locale === "ja"
        ? d.replaceAll("-", "/")
        : new Intl.DateTimeFormat("en-US", { timeZone: "UTC", year: "numeric", month: "short", day: "numeric" }).format(new Date(`${d}T00:00:00Z`));
    return catalogues[this.locale].grid.dates.range.replace("{from}", day(from)).replace("{to}", day(to));
  }

  get customRangePanel(): Locator {
    return this.page.getByRole("dialog", { name: this.messages.filters.customRange, exact: true });
  }

  /** The calendar in the open panel (react-day-picker; its days carry `data-day`, YYYY-MM-DD). */
  get calendar(): Locator {
    return this.customRangePanel.locator("[data-day-calendar]");
  }

  /** Opens the custom period's picker; resolves once its calendar is drawn. */
  async openCustomRange(): Promise<Locator> {
    await this.customRangeButton.click();
    await expect(this.calendar).toBeVisible();
    return this.customRangePanel;
  }

  /** The weekday names over the calendar's days, left to right. */
  async weekdayNames(): Promise<string[]> {
    return (await this.calendar.locator("thead th").allInnerTexts()).map((t) => t.trim());
  }

  /** The calendar's month caption ("2026年11月", "November 2026"). */
  get monthCaption(): Locator {
    return this.calendar.getByRole("status");
  }

  /** A quick range of the open panel ("過去7日間", "Last 7 days"). */
  quickRangeButton(kind: RangeKey): Locator {
    const dates = catalogues[this.locale].grid.dates;
    return this.customRangePanel.getByRole("group", { name: dates.quick, exact: true }).getByRole("button", { name: catalogues[this.locale].relativeDates[kind], exact: true });
  }

  /** The sentence under the calendar saying what is chosen. */
  get dateDraft(): Locator {
    return this.customRangePanel.locator("[data-date-draft]");
  }

  /** Shows the month of `day` (YYYY-MM-DD), with the calendar's previous / next month buttons. */
  private async showMonth(day: string): Promise<void> {
    const target = day.slice(0, 7);
    for (let i = 0; i < 24; i += 1) {
      const shown = await this.calendar.locator("[data-day]:not([data-outside])").first().getAttribute("data-day");
      if (!shown || shown.slice(0, 7) === target) return;
      await this.calendar.getByRole("button", { name: MONTH_BUTTONS[this.locale][shown.slice(0, 7) > target ? "previous" : "next"], exact: true }).click();
      await expect(this.calendar.locator("[data-day]:not([data-outside])").first()).not.toHaveAttribute("data-day", shown);
    }
    throw new Error(`the calendar never showed ${target}`);
  }

  /** Clicks a day (YYYY-MM-DD), going to its month first. */
  async clickDay(day: string): Promise<void> {
    await this.showMonth(day);
    await this.calendar.locator(`[data-day="${day}"]:not([data-outside])`).getByRole("button").click();
  }

  /**
   * Picks `from`–`to` on the open picker's calendar, as a person would from the range it shows
   * (`current`, the one applied): react-day-picker moves an end of a complete range, so its last
   * day is clicked first, twice if the range is longer (a one-day range, then nothing), then the two days.
   */
  async pickRange(current: { from: string; to: string }, from: string, to: string): Promise<void> {
    await this.clickDay(current.to);
    if (current.from !== current.to) await this.clickDay(current.to);
    await expect(this.dateDraft).toHaveText(catalogues[this.locale].grid.dates.none);
    await this.clickDay(from);
    if (to !== from) await this.clickDay(to);
    await expect(this.dateDraft).toContainText(this.rangeText(from, to));
  }

  /** Applies the picked range; the panel closes. */
  async applyRange(): Promise<void> {
    await this.customRangePanel.getByRole("button", { name: catalogues[this.locale].grid.dates.apply, exact: true }).click();
    await expect(this.customRangePanel).toBeHidden();
  }

  /** The refresh interval's control. */
  get refreshChoice(): Locator {
    return this.page.getByLabel(this.messages.refresh.label);
  }

  get refreshNowButton(): Locator {
    return this.page.getByRole("button", { name: this.messages.refresh.now });
  }

  /**
   * From the next page load on, counts in the page every request the board makes to its endpoint
   * (one per refresh). The count is raised as the page calls fetch, so right after
   * `page.clock.fastForward` (which runs the timers that fell due inside the page) it already holds
   * any refresh they made: a "no refresh" check needs no pause to let requests show up.
   */
  async countBoardCalls(): Promise<void> {
    await this.page.addInitScript((path) => {
      const w = window as unknown as { __boardCalls: number };
      w.__boardCalls = 0;
      const original = window.fetch.bind(window);
      window.fetch = (input, init) => {
        const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
        if (new URL(url, location.href).pathname === path) w.__boardCalls += 1;
        return original(input, init);
      };
    }, BOARD_ENDPOINT);
  }

  /** Board requests made since the page loaded (see countBoardCalls). */
  async boardCalls(): Promise<number> {
    return this.page.evaluate(() => (window as unknown as { __boardCalls?: number }).__boardCalls ?? 0);
  }

  /** Pretends the tab was hidden or shown again (the browser's visibilitychange). */
  async setTabHidden(hidden: boolean): Promise<void> {
    await this.page.evaluate((state) => {
      Object.defineProperty(document, "visibilityState", { configurable: true, get: () => state });
      document.dispatchEvent(new Event("visibilitychange"));
    }, hidden ? "hidden" : "visible");
  }

  get errorPanel(): Locator {
    return this.page.locator("[data-board-error]");
  }

  get wallButton(): Locator {
    return this.page.getByRole("button", { name: new RegExp(`^(${this.messages.wall.enter}|${this.messages.wall.exit})$`) });
  }

  /** A period of the toggle, by the grids' quick ranges' words ("過去7日間"), or custom. */
  periodButton(name: "today" | "thisWeek" | "lastWeek" | "last7" | "last30" | "custom"): Locator {
    const label = name === "custom" ? this.messages.filters.custom : catalogues[this.locale].relativeDates[name];
    return this.page.getByRole("group", { name: this.messages.filters.period }).getByRole("button", { name: label, exact: true });
  }

  async goto(query = ""): Promise<void> {
    await this.page.goto(`/board${query}`);
    await this.waitForCounts();
  }

  /** The page's height against the viewport's: a board that fits scrolls not at all. */
  async pageAndViewportHeight(): Promise<{ scrollHeight: number; viewportHeight: number }> {
    return this.page.evaluate(() => ({ scrollHeight: document.documentElement.scrollHeight, viewportHeight: window.innerHeight }));
  }

  /**
   * Each card's status dot colour and the card's own background, as the browser computed them
   * (`rgb(r, g, b)`), in the cards' order.
   */
  async dotAndCardColours(): Promise<{ status: string; dot: string; card: string }[]> {
    return this.cards.evaluateAll((cards) =>
      cards.map((card) => {
        const dot = card.querySelector("[data-status-dot]");
        return {
          status: card.getAttribute("data-status-id") ?? "",
          dot: dot ? getComputedStyle(dot).backgroundColor : "",
          card: getComputedStyle(card).backgroundColor,
        };
      }),
    );
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
