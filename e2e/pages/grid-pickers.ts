// The pickers of a grid page as a person uses them: the filter builder's field picker (a combobox
// searched by label or API name) and its operators, the date-range picker of a date quick filter
// (quick ranges, a calendar in the page's language), and, on a phone, the filters sheet and the
// rule that every popover, panel and dialog stays inside the viewport.
//
// Found by role and accessible name in the page's language; the calendar's days by the
// `data-day` (YYYY-MM-DD) react-day-picker gives its cells, and a popover's panel by the
// `data-popover-panel` it carries.
import type { RangeKey } from "../support/range-text";
import { expect, type Locator, type Page } from "@playwright/test";
import { GridPage, type GridLocale, type GridPath } from "./grid-page";
import { escapeRegExp, format } from "./messages";

export type Box = { x: number; y: number; width: number; height: number };

/** Today and other days in Japan (the shop's day), `YYYY-MM-DD`, whatever the test machine's zone. */
export function jstDay(offsetDays = 0, now = new Date()): string {
  return new Date(now.getTime() + 9 * 3600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

export class PickersGridPage extends GridPage {
  constructor(page: Page, path: GridPath = "/orders", locale: GridLocale = "ja", label?: string) {
    super(page, path, locale, label);
  }

  // ----- the filter builder ------------------------------------------------------------------

  get addConditionButton(): Locator {
    return this.page.getByRole("button", { name: this.messages.grid.filters.add, exact: true });
  }

  get conditionPanel(): Locator {
    return this.page.getByRole("dialog", { name: this.messages.grid.filters.add, exact: true });
  }

  get fieldPicker(): Locator {
    return this.conditionPanel.getByRole("combobox", { name: this.messages.grid.filters.field, exact: true });
  }

  get fieldList(): Locator {
    return this.conditionPanel.getByRole("listbox", { name: this.messages.grid.filters.field, exact: true });
  }

  get operatorSelect(): Locator {
    return this.conditionPanel.getByLabel(this.messages.grid.filters.operator, { exact: true });
  }

  async openAddCondition(): Promise<void> {
    await this.addConditionButton.click();
    await expect(this.fieldPicker).toBeFocused();
  }

  /** Types into the field picker (after clearing it); the list opens with the matches. */
  async searchFields(text: string): Promise<void> {
    await this.fieldPicker.fill(text);
    await expect(this.fieldList).toBeVisible();
  }

  /** The labels of the fields the list offers, in order (each option also shows its API name). */
  async fieldOptionLabels(): Promise<string[]> {
    return this.fieldList.getByRole("option").evaluateAll((options) => options.map((o) => o.querySelector("span")?.textContent?.trim() ?? ""));
  }

  /** The section titles of the open list. */
  async fieldGroupNames(): Promise<string[]> {
    return this.fieldList.getByRole("group").evaluateAll((groups) =>
      groups.map((g) => document.getElementById(g.getAttribute("aria-labelledby") ?? "")?.textContent?.trim() ?? ""),
    );
  }

  /** The label of the option the input points at (aria-activedescendant). */
  async activeFieldLabel(): Promise<string> {
    const id = await this.fieldPicker.getAttribute("aria-activedescendant");
    if (!id) return "";
    return ((await this.conditionPanel.locator(`[id="${id}"] span`).first().textContent()) ?? "").trim();
  }

  /**
   * Picks a field from the keyboard as a person would: types `text`, moves down the list until
   * the option labelled `label` is active, Enter. The input then shows the field's label.
   */
  async pickField(text: string, label: string): Promise<void> {
    await this.searchFields(text);
    for (let i = 0; i < 60 && (await this.activeFieldLabel()) !== label; i += 1) await this.fieldPicker.press("ArrowDown");
    expect(await this.activeFieldLabel()).toBe(label);
    await this.fieldPicker.press("Enter");
    await expect(this.fieldList).toBeHidden();
    await expect(this.fieldPicker).toHaveValue(label);
  }

  /** The operators offered for the picked field, by label, in order. */
  async operatorLabels(): Promise<string[]> {
    return (await this.operatorSelect.locator("option").allInnerTexts()).map((t) => t.trim());
  }

  async chooseOperator(label: string): Promise<void> {
    await this.operatorSelect.selectOption({ label });
  }

  async tickValue(label: string): Promise<void> {
    await this.conditionPanel.getByRole("group", { name: this.messages.grid.filters.value, exact: true }).getByRole("checkbox", { name: label, exact: true }).check();
  }

  async applyCondition(): Promise<void> {
    await this.conditionPanel.getByRole("button", { name: this.messages.grid.filters.apply, exact: true }).click();
    await expect(this.conditionPanel).toBeHidden();
  }

  // ----- calendars (react-day-picker) --------------------------------------------------------

  /** The calendar in `scope` (a date picker's panel or the condition form). */
  calendar(scope: Locator): Locator {
    return scope.locator("[data-day-calendar]");
  }

  /** The weekday names over the calendar's days, left to right. */
  async weekdayNames(scope: Locator): Promise<string[]> {
    // Drawn in an aria-hidden header row (each day's button names its weekday in full).
    return (await this.calendar(scope).locator("thead th").allInnerTexts()).map((t) => t.trim());
  }

  /** The calendar's month caption ("2026年11月", "November 2026"). */
  monthCaption(scope: Locator): Locator {
    return this.calendar(scope).getByRole("status");
  }

  /** Clicks a day of the shown month (`YYYY-MM-DD`). */
  async clickDay(scope: Locator, day: string): Promise<void> {
    await this.calendar(scope).locator(`[data-day="${day}"]:not([data-outside])`).getByRole("button").click();
  }

  /** The sentence under a calendar saying what is chosen. */
  dateDraft(scope: Locator): Locator {
    return scope.locator("[data-date-draft]");
  }

  // ----- a date quick filter -----------------------------------------------------------------

  /** The button of a date quick filter: "受注日: 2026/11/17 – 2026/11/23", "Order date: Any date". */
  dateRangeButton(fieldLabel: string): Locator {
    const prefix = format(this.messages.grid.dates.button, { label: fieldLabel, range: "\u0000" }).split("\u0000")[0] ?? fieldLabel;
    return this.page.getByRole("button", { name: new RegExp(`^${escapeRegExp(prefix)}`) });
  }

  /** The text a date quick filter's button shows for a range in this page's language. */
  dateRangeButtonText(fieldLabel: string, range: string): string {
    return format(this.messages.grid.dates.button, { label: fieldLabel, range });
  }

  dateRangePanel(fieldLabel: string): Locator {
    return this.page.getByRole("dialog", { name: fieldLabel, exact: true });
  }

  async openDateRange(fieldLabel: string): Promise<Locator> {
    await this.dateRangeButton(fieldLabel).click();
    const panel = this.dateRangePanel(fieldLabel);
    await expect(this.calendar(panel)).toBeVisible();
    return panel;
  }

  /** A quick range's button in an open date panel ("過去7日間", "Last 7 days"). */
  quickRangeButton(panel: Locator, kind: RangeKey): Locator {
    return panel.getByRole("group", { name: this.messages.grid.dates.quick, exact: true }).getByRole("button", { name: this.messages.relativeDates[kind], exact: true });
  }

  async applyDateRange(panel: Locator): Promise<void> {
    await panel.getByRole("button", { name: this.messages.grid.dates.apply, exact: true }).click();
    await expect(panel).toBeHidden();
  }

  // ----- phones: the filters sheet and the viewport ------------------------------------------

  /** "Filters" / "Filters (2)": the phone's button for the filters sheet. */
  get filtersSheetButton(): Locator {
    const m = this.messages.grid.sheet;
    const counted = escapeRegExp(format(m.openCount, { count: "\u0000" })).replace("\u0000", "\\d+");
    return this.page.getByRole("button", { name: new RegExp(`^(${escapeRegExp(m.open)}|${counted})$`) });
  }

  get filtersSheet(): Locator {
    return this.page.getByRole("dialog", { name: this.messages.grid.sheet.title, exact: true });
  }

  async openFiltersSheet(): Promise<Locator> {
    await this.filtersSheetButton.click();
    await expect(this.filtersSheet).toBeVisible();
    return this.filtersSheet;
  }

  async closeFiltersSheet(): Promise<void> {
    await this.filtersSheet.getByRole("button", { name: this.messages.grid.sheet.close, exact: true }).last().click();
    await expect(this.filtersSheet).toBeHidden();
  }

  /** The open popover panels (filters, views, choices, dates). */
  get popoverPanels(): Locator {
    return this.page.locator("[data-popover-panel]");
  }

  /**
   * Waits until the one open popover panel shows its controls (its content is a chunk that may
   * arrive after the panel is placed), then checks it is inside the viewport.
   */
  async expectPanelInsideViewport(what: string): Promise<void> {
    await expect(this.popoverPanels).toHaveCount(1);
    await expect(this.popoverPanels.locator("button, input").first()).toBeVisible();
    await this.expectInsideViewport(this.popoverPanels, what);
  }

  /** Buttons of the quick filters that open a panel (choices and date ranges), inside `scope`. */
  panelButtons(scope: Locator): Locator {
    return scope.locator("button[aria-expanded]");
  }

  /** Whether the document (not a grid) can be scrolled sideways. */
  async documentScrollsSideways(): Promise<{ scrollWidth: number; innerWidth: number }> {
    return this.page.evaluate(() => ({ scrollWidth: document.scrollingElement?.scrollWidth ?? 0, innerWidth: window.innerWidth }));
  }

  async expectNoSidewaysScroll(): Promise<void> {
    const { scrollWidth, innerWidth } = await this.documentScrollsSideways();
    expect(scrollWidth, "the document scrolls sideways").toBeLessThanOrEqual(innerWidth);
  }

  /** Waits until `target` is drawn and its box is inside the viewport (a positioned panel settles). */
  async expectInsideViewport(target: Locator, what: string): Promise<void> {
    await expect(target).toBeVisible();
    const viewport = this.page.viewportSize();
    if (!viewport) throw new Error("no viewport");
    await expect
      .poll(async () => {
        const box = await target.boundingBox();
        if (!box) return `${what}: no box`;
        const inside = box.x >= 0 && box.y >= 0 && box.x + box.width <= viewport.width + 0.5 && box.y + box.height <= viewport.height + 0.5;
        return inside ? "inside" : `${what}: ${JSON.stringify(box)} outside ${viewport.width}×${viewport.height}`;
      })
      .toBe("inside");
  }

  /**
   * The cells holding a longer text (more than 8 characters) in the drawer's tables that are
   * squeezed: clipped, or wrapped over more than three lines (a table squeezed into a phone's
   * drawer shows names a letter a line). Also says how many such cells there are.
   */
  async squeezedDrawerTextCells(): Promise<{ cells: number; squeezed: string[] }> {
    return this.drawer.evaluate((drawer) => {
      const cells = [...drawer.querySelectorAll("table td")].filter((td) => (td.textContent ?? "").trim().length > 8);
      const squeezed = cells.filter((td) => {
        const style = getComputedStyle(td);
        const line = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.5;
        const padding = parseFloat(style.paddingTop) + parseFloat(style.paddingBottom);
        return td.scrollWidth > td.clientWidth + 1 || td.clientHeight - padding > line * 3 + 1;
      });
      return { cells: cells.length, squeezed: squeezed.map((td) => `${Math.round(td.getBoundingClientRect().width)} px: ${td.textContent}`) };
    });
  }

  /** The boxes of the visible buttons of the toolbars above the grid (quick filters, tools). */
  async toolbarButtonBoxes(): Promise<{ name: string; box: Box }[]> {
    const grid = this.page.locator("[data-grid]");
    return grid.evaluate((root) => {
      // The rows (the table, or a phone's cards) are not the toolbar.
      const gridEl = root.querySelector('[role="grid"], [data-grid-cards]');
      const out: { name: string; box: Box }[] = [];
      for (const el of root.querySelectorAll<HTMLElement>("button, a, input, select, [role='search']")) {
        // Nor is the row of tabs above it (the orders' work queues), which scrolls within itself.
        if (gridEl?.contains(el) || el.closest("dialog, [data-popover-panel], [role='navigation'], [role='tablist']")) continue;
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.height === 0 || getComputedStyle(el).visibility === "hidden") continue;
        if (el.closest("[role='search']") && el.getAttribute("role") !== "search") continue;
        out.push({ name: el.getAttribute("aria-label") ?? el.textContent?.trim() ?? el.tagName, box: { x: r.x, y: r.y, width: r.width, height: r.height } });
      }
      return out;
    });
  }
}

/** Pairs of boxes that overlap by more than a pixel. */
export function overlapping(items: readonly { name: string; box: Box }[]): string[] {
  const out: string[] = [];
  items.forEach((a, i) => {
    for (const b of items.slice(i + 1)) {
      const w = Math.min(a.box.x + a.box.width, b.box.x + b.box.width) - Math.max(a.box.x, b.box.x);
      const h = Math.min(a.box.y + a.box.height, b.box.y + b.box.height) - Math.max(a.box.y, b.box.y);
      if (w > 1 && h > 1) out.push(`${a.name} × ${b.name}`);
    }
  });
  return out;
}
