import { expect, type Download, type Locator, type Page } from "@playwright/test";
import en from "../../messages/en.json";
import ja from "../../messages/ja.json";

export type GridLocale = "ja" | "en";
const catalogues = { ja, en } as const;

/** A message with ICU arguments as a pattern matching any values ("{rows} 件を書き出す"). */
export function messagePattern(message: string): RegExp {
  const parts = message.split(/\{[^}]+\}/).map((p) => p.replace(/[.*+?^$()|[\]\\]/g, "\\$&"));
  return new RegExp(`^${parts.join(".+")}$`);
}

/** One row as the grid shows it: its key and the text of the cells asked for. */
export type ShownRow = { key: string; cells: Record<string, string> };

// A grid page (/orders, /order-rows) as a person uses it: quick filters, the filter chips, the
// rows, paging, the drawer, saved views and the export dialog. Everything is found by role and
// accessible name in the page's language, so an untranslated or unlabelled control fails.
export class GridPage {
  readonly page: Page;
  readonly path: "/orders" | "/order-rows";
  locale: GridLocale;

  constructor(page: Page, path: "/orders" | "/order-rows" = "/orders", locale: GridLocale = "ja") {
    this.page = page;
    this.path = path;
    this.locale = locale;
  }

  get messages() {
    return catalogues[this.locale];
  }

  get gridLabel(): string {
    return this.path === "/orders" ? this.messages.orders.gridLabel : this.messages.orderRows.gridLabel;
  }

  get grid(): Locator {
    return this.page.getByRole("grid", { name: this.gridLabel });
  }

  /** Data rows in the DOM (virtualized: only those near the viewport). */
  get renderedRows(): Locator {
    return this.grid.locator('[role="row"][data-row-key]');
  }

  get allRowElements(): Locator {
    return this.grid.locator('[role="row"]');
  }

  get totalText(): Locator {
    return this.page.locator("[data-grid-total]");
  }

  get errorPanel(): Locator {
    return this.page.locator('[data-grid-state="error"]');
  }

  get drawer(): Locator {
    return this.page.locator("dialog[open]");
  }

  async goto(query = ""): Promise<void> {
    await this.page.goto(`${this.path}${query}`);
    await this.waitForRows();
  }

  /** Waits until the page's rows (and their total) are in, not a previous page's. */
  async waitForRows(): Promise<void> {
    await expect(this.page.locator('[data-grid-state="ready"]')).toBeVisible({ timeout: 30_000 });
    await expect(this.totalText).not.toHaveAttribute("data-grid-total", "");
  }

  /** The total the grid shows (from the count operation). */
  async total(): Promise<number> {
    await expect(this.totalText).not.toHaveAttribute("data-grid-total", "");
    return Number(await this.totalText.getAttribute("data-grid-total"));
  }

  /** Opens a quick filter (status, shop, ...), ticks the given choices and applies. */
  async chooseQuickFilter(name: string, choices: readonly string[]): Promise<void> {
    await this.page.getByRole("button", { name, exact: true }).click();
    const panel = this.page.getByRole("dialog", { name });
    for (const choice of choices) await panel.getByRole("checkbox", { name: choice, exact: true }).check();
    await panel.getByRole("button", { name: this.messages.orders.quick.apply }).click();
    await expect(panel).toBeHidden();
  }

  /** The choices a quick filter offers, by label. */
  async quickFilterChoices(name: string): Promise<string[]> {
    await this.page.getByRole("button", { name, exact: true }).click();
    const panel = this.page.getByRole("dialog", { name });
    await expect(panel.getByRole("checkbox").first()).toBeVisible();
    const labels = await panel.locator("label").allInnerTexts();
    await this.page.keyboard.press("Escape");
    return labels.map((l) => l.trim());
  }

  get filterChips(): Locator {
    return this.page.getByRole("list", { name: this.messages.grid.filters.active }).locator("[data-filter]");
  }

  async clearFilters(): Promise<void> {
    await this.page.getByRole("list", { name: this.messages.grid.filters.active }).getByRole("button", { name: this.messages.grid.filters.clear }).click();
  }

  /**
   * Every row of the current page with the text of `fields`, scrolling the virtualized grid
   * from top to bottom. `maxRowElements` records the most row elements seen at once.
   */
  async collectRows(fields: readonly string[]): Promise<{ rows: ShownRow[]; maxRowElements: number }> {
    const seen = new Map<string, ShownRow>();
    let maxRowElements = 0;
    await this.grid.evaluate((el) => (el.scrollTop = 0));
    for (let guard = 0; guard < 2000; guard += 1) {
      const batch = await this.grid.evaluate((el, wanted) => {
        const out: { key: string; cells: Record<string, string> }[] = [];
        for (const row of el.querySelectorAll<HTMLElement>('[role="row"][data-row-key]')) {
          const cells: Record<string, string> = {};
          for (const field of wanted) cells[field] = row.querySelector(`[data-field="${field}"]`)?.textContent?.trim() ?? "";
          out.push({ key: row.dataset.rowKey ?? "", cells });
        }
        const atEnd = el.scrollTop + el.clientHeight >= el.scrollHeight - 2;
        return { out, atEnd, rowElements: el.querySelectorAll('[role="row"]').length };
      }, fields);
      maxRowElements = Math.max(maxRowElements, batch.rowElements);
      for (const row of batch.out) seen.set(row.key, row);
      if (batch.atEnd) break;
      await this.grid.evaluate((el) => (el.scrollTop += el.clientHeight * 0.8));
      await this.page.waitForTimeout(30);
    }
    return { rows: [...seen.values()], maxRowElements };
  }

  /**
   * Scrolls the grid from top to bottom in `steps` jumps; at each stop, how many row elements
   * exist and whether the row that should be at the top of the viewport is rendered.
   */
  async scrollThrough(steps: number): Promise<{ maxRowElements: number; missing: number[] }> {
    let maxRowElements = 0;
    const missing: number[] = [];
    for (let i = 0; i <= steps; i += 1) {
      const stop = await this.grid.evaluate(async (el, fraction) => {
        el.scrollTop = (el.scrollHeight - el.clientHeight) * fraction;
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
        // Header 36px, rows 36px: the row at the top of the viewport is number ⌊scrollTop/36⌋ + 1.
        const topRow = Math.floor(el.scrollTop / 36) + 2;
        const present = el.querySelector(`[role="row"][aria-rowindex="${topRow}"]`) !== null;
        return { rowElements: el.querySelectorAll('[role="row"]').length, topRow, present };
      }, i / steps);
      maxRowElements = Math.max(maxRowElements, stop.rowElements);
      if (!stop.present) missing.push(stop.topRow);
    }
    return { maxRowElements, missing };
  }

  /** The row keys rendered, in order. */
  async renderedKeys(): Promise<string[]> {
    return this.renderedRows.evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset.rowKey ?? ""));
  }

  async setPageSize(size: number): Promise<void> {
    await this.page.getByLabel(this.messages.grid.pagination.size).selectOption(String(size));
  }

  async openRowByClick(index = 0): Promise<string> {
    const row = this.renderedRows.nth(index);
    const key = (await row.getAttribute("data-row-key")) ?? "";
    await row.locator('[role="gridcell"][data-field]').first().click();
    await expect(this.drawer.locator('[data-drawer-state="ready"]')).toBeVisible();
    return key;
  }

  async closeDrawer(): Promise<void> {
    await this.page.keyboard.press("Escape");
    await expect(this.drawer).toHaveCount(0);
  }

  // Saved views

  async openViews(): Promise<Locator> {
    await this.page.getByRole("button", { name: this.messages.grid.views.button, exact: true }).click();
    const panel = this.page.getByRole("dialog", { name: this.messages.grid.views.title });
    await expect(panel).toBeVisible();
    return panel;
  }

  async saveView(name: string): Promise<void> {
    const panel = await this.openViews();
    await panel.getByLabel(this.messages.grid.views.saveLabel).fill(name);
    await panel.getByRole("button", { name: this.messages.grid.views.save, exact: true }).click();
    await expect(panel.getByRole("button", { name, exact: true })).toBeVisible();
    await this.page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
  }

  async applyView(name: string): Promise<void> {
    const panel = await this.openViews();
    await panel.getByRole("button", { name, exact: true }).click();
    await expect(panel).toBeHidden();
  }

  async deleteView(name: string): Promise<void> {
    const panel = await this.openViews();
    const item = panel.getByRole("listitem").filter({ has: this.page.getByRole("button", { name, exact: true }) });
    await item.getByRole("button", { name: this.messages.grid.views.delete }).click();
    await expect(panel.getByRole("button", { name, exact: true })).toHaveCount(0);
    await this.page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
  }

  // Export

  /**
   * Exports through the dialog and returns the downloaded file. With Shift_JIS, a report of
   * characters it cannot hold is accepted ("save with ?") and returned as `reported`.
   */
  async exportCsv(options: { encoding: "utf8-bom" | "sjis"; header?: "labels" | "names" }): Promise<{ download: Download; bytes: Buffer; reported: boolean }> {
    const m = this.messages.export;
    await this.page.getByRole("button", { name: this.messages.grid.export }).click();
    const dialog = this.page.getByRole("dialog", { name: m.title });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("radio", { name: options.encoding === "sjis" ? m.encoding.sjis : m.encoding.utf8 }).check();
    await dialog.getByRole("radio", { name: options.header === "names" ? m.header.names : m.header.labels }).check();
    const downloadPromise = this.page.waitForEvent("download", { timeout: 60_000 });
    await dialog.getByRole("button", { name: messagePattern(m.start) }).click();
    let reported = false;
    const report = dialog.locator('[data-export-state="report"]');
    const done = dialog.locator('[data-export-state="done"]');
    await expect(report.or(done)).toBeVisible({ timeout: 60_000 });
    if (await report.isVisible()) {
      reported = true;
      await dialog.getByRole("button", { name: m.report.continue }).click();
    }
    const download = await downloadPromise;
    await expect(done).toBeVisible();
    const path = await download.path();
    const { readFileSync } = await import("node:fs");
    const bytes = readFileSync(path);
    await dialog.getByRole("button", { name: m.close }).last().click();
    await expect(dialog).toBeHidden();
    return { download, bytes, reported };
  }
}
