// Any grid page (/orders, /order-rows, /goods, /stock, /stock/warehouses, /images, every
// /masters/<grid> screen) as a person uses it: the rows and their total, paging, quick filters,
// the filter builder and its chips, the column chooser, saved views, the drawer, the export dialog
// and the error panel with Retry.
//
// Controls are found by role and accessible name in the page's language, so an untranslated or
// unlabelled control fails the story. The grid itself is read through its ARIA roles and the few
// data attributes the grid keeps for tests: `data-grid-state` (loading, ready, empty,
// filtered-empty, past-end, error), `data-grid-total` (the count, "" while counting), and on the
// rows `data-row-key` with cells `data-field`. Nothing here depends on how the grid draws them.
import { expect, type Download, type Locator, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { catalogues, escapeRegExp, format, messagePattern, type Locale, type Messages } from "./messages";

export type GridLocale = Locale;
export { messagePattern };

type MasterSlug = keyof Messages["masters"]["screens"];
export type GridPath = "/orders" | "/order-rows" | "/goods" | "/stock" | "/stock/warehouses" | "/images" | `/masters/${MasterSlug}`;
export type GridState = "loading" | "ready" | "empty" | "filtered-empty" | "past-end" | "error";

/** The accessible name of each grid page's grid; a masters screen's grid is named by its title. */
const GRID_LABELS: Readonly<Record<string, (m: Messages) => string>> = {
  "/orders": (m) => m.orders.gridLabel,
  "/order-rows": (m) => m.orderRows.gridLabel,
  "/goods": (m) => m.goods.gridLabel,
  "/stock": (m) => m.stock.goods.gridLabel,
  "/stock/warehouses": (m) => m.stock.warehouses.gridLabel,
  "/images": (m) => m.images.gridLabel,
};

export function gridLabelOf(path: string, messages: Messages): string {
  const own = GRID_LABELS[path];
  if (own) return own(messages);
  const slug = /^\/masters\/([\w-]+)$/.exec(path)?.[1] as MasterSlug | undefined;
  const screen = slug ? messages.masters.screens[slug] : undefined;
  if (screen) return screen.title;
  throw new Error(`no grid name known for ${path}: pass it to the GridPage`);
}

/**
 * How long a page's rows may take to arrive: a server render, the grid's code, then a search and a
 * count through the BFF to the sandbox's SQL (PGlite in WebAssembly). On a 2-core machine shared
 * with builds this has taken longer than the config's 10 s expect timeout.
 */
export const ROWS_TIMEOUT = 30_000;
/** An export pages through the BFF for the whole filtered result (thousands of rows). */
const EXPORT_TIMEOUT = 60_000;

/** One row as the grid shows it: its key and the text of the cells asked for. */
export type ShownRow = { key: string; cells: Record<string, string> };

export class GridPage {
  readonly page: Page;
  readonly path: string;
  /** The page's language; change it after switching the language on the page. */
  locale: GridLocale;
  private readonly givenLabel: string | undefined;

  /** `label`: the grid's accessible name, when the page is not one of those known by path. */
  constructor(page: Page, path: GridPath = "/orders", locale: GridLocale = "ja", label?: string) {
    this.page = page;
    this.path = path;
    this.locale = locale;
    this.givenLabel = label;
  }

  get messages(): Messages {
    return catalogues[this.locale];
  }

  get gridLabel(): string {
    return this.givenLabel ?? gridLabelOf(this.path, this.messages);
  }

  get grid(): Locator {
    return this.page.getByRole("grid", { name: this.gridLabel, exact: true });
  }

  /** Any grid on the page, whatever its name (a failed search must show none). */
  get anyGrid(): Locator {
    return this.page.getByRole("grid");
  }

  // ----- states ------------------------------------------------------------------------------

  /** The panel (or body) showing one of the grid's states. */
  state(state: GridState): Locator {
    return this.page.locator(`[data-grid-state="${state}"]`);
  }

  /** "Could not load" with Retry. */
  get errorPanel(): Locator {
    return this.state("error");
  }

  /** "Nothing yet" or "nothing matches": what an error must never be shown as. */
  get emptyStates(): Locator {
    return this.state("empty").or(this.state("filtered-empty"));
  }

  async goto(query = ""): Promise<void> {
    await this.page.goto(`${this.path}${query}`);
    await this.waitForRows();
  }

  /** Waits until the page's rows (and their total) are in, not a previous page's. */
  async waitForRows(): Promise<void> {
    await expect(this.state("ready")).toBeVisible({ timeout: ROWS_TIMEOUT });
    await expect(this.totalText).not.toHaveAttribute("data-grid-total", "", { timeout: ROWS_TIMEOUT });
  }

  /** Waits until the grid shows one of `states` (after a page load or a change of filters). */
  async waitForState(...states: GridState[]): Promise<void> {
    const [first, ...rest] = states.map((s) => this.state(s));
    if (!first) throw new Error("no state to wait for");
    await expect(rest.reduce((any, next) => any.or(next), first).first()).toBeVisible({ timeout: ROWS_TIMEOUT });
  }

  /** Waits for the error panel (a failure the BFF calls retryable is retried with backoff first). */
  async waitForError(): Promise<void> {
    await expect(this.errorPanel).toBeVisible({ timeout: ROWS_TIMEOUT });
  }

  /** Retry on the error panel. */
  async retry(): Promise<void> {
    await this.errorPanel.getByRole("button", { name: this.messages.query.retry }).click();
  }

  /** "Clear filters" on the panel that says the filters match nothing. */
  async clearFromFilteredEmpty(): Promise<void> {
    await this.state("filtered-empty").getByRole("button", { name: this.messages.grid.filters.clear }).click();
  }

  // ----- total and paging --------------------------------------------------------------------

  /** "1–100 of 5,000": its `data-grid-total` is the count's total ("" while counting). */
  get totalText(): Locator {
    return this.page.locator("[data-grid-total]");
  }

  /** The total the grid shows (from the count operation). */
  async total(): Promise<number> {
    await expect(this.totalText).not.toHaveAttribute("data-grid-total", "", { timeout: ROWS_TIMEOUT });
    return Number(await this.totalText.getAttribute("data-grid-total"));
  }

  async expectTotal(total: number): Promise<void> {
    await expect(this.totalText).toHaveAttribute("data-grid-total", String(total), { timeout: ROWS_TIMEOUT });
  }

  get pagination(): Locator {
    return this.page.getByRole("navigation", { name: this.messages.grid.pagination.label });
  }

  async goToPage(which: "first" | "previous" | "next" | "last"): Promise<void> {
    await this.pagination.getByRole("button", { name: this.messages.grid.pagination[which], exact: true }).click();
  }

  /** The past-the-end state's button to the last page that has rows. */
  get toLastPage(): Locator {
    return this.state("past-end").getByRole("button", { name: this.messages.grid.pastEnd.toLast, exact: true });
  }

  // ----- row order (newest or oldest first on the key column) ---------------------------------

  /** The order control in the key column's header: pressed while the grid shows newest first. */
  get orderControl(): Locator {
    return this.grid.getByRole("columnheader").getByRole("button", { name: this.messages.grid.order.newest, exact: true });
  }

  /** The header holding the order control (its `aria-sort` says the order). */
  get orderHeader(): Locator {
    return this.grid.getByRole("columnheader").filter({ has: this.page.getByRole("button", { name: this.messages.grid.order.newest, exact: true }) });
  }

  /** Headers that say they sort (`aria-sort`): only the key column's may. */
  get sortedHeaders(): Locator {
    return this.grid.locator('[role="columnheader"][aria-sort]');
  }

  /** Waits until the grid shows `order` first, its rows in. */
  async expectOrder(order: "newest" | "oldest"): Promise<void> {
    await expect(this.orderHeader).toHaveAttribute("aria-sort", order === "newest" ? "descending" : "ascending", { timeout: ROWS_TIMEOUT });
    await expect(this.orderControl).toHaveAttribute("aria-pressed", order === "newest" ? "true" : "false");
    await this.waitForRows();
  }

  /** Flips the order with the header control (`by`: a click, or Enter on the focused control). */
  async flipOrder(by: "click" | "keyboard" = "click"): Promise<void> {
    if (by === "click") await this.orderControl.click();
    else {
      await this.orderControl.focus();
      await this.page.keyboard.press("Enter");
    }
  }

  async setPageSize(size: number): Promise<void> {
    await this.page.getByLabel(this.messages.grid.pagination.size).selectOption(String(size));
  }

  /** "5 selected" under the grid. */
  selectionCount(count: number): Locator {
    return this.page.getByText(format(this.messages.grid.selection.count, { count }), { exact: true });
  }

  // ----- rows, cells and headers -------------------------------------------------------------

  /** Data rows in the DOM (virtualized: only those near the viewport). */
  get renderedRows(): Locator {
    return this.grid.locator("[data-row-key]");
  }

  /** The rendered row of a record. */
  row(key: string): Locator {
    return this.grid.locator(`[data-row-key="${key.replace(/["\\]/g, "\\$&")}"]`);
  }

  /** The n-th rendered row (0: the first one in the DOM). */
  rowAt(index: number): Locator {
    return this.renderedRows.nth(index);
  }

  /** The row at `aria-rowindex` (the header row is 1, the page's first row 2). */
  rowAtAriaIndex(ariaRowIndex: number): Locator {
    return this.grid.locator(`[data-row-key][aria-rowindex="${ariaRowIndex}"]`);
  }

  /** A row's cell of one field (`row`: a row locator or its index among the rendered rows). */
  cell(row: Locator | number, field: string): Locator {
    const rowLocator = typeof row === "number" ? this.rowAt(row) : row;
    return rowLocator.locator(`[role="gridcell"][data-field="${field}"]`);
  }

  /** The text of a row's cell, trimmed. */
  async cellText(row: Locator | number, field: string): Promise<string> {
    return ((await this.cell(row, field).textContent()) ?? "").trim();
  }

  async rowKey(row: Locator | number): Promise<string> {
    const rowLocator = typeof row === "number" ? this.rowAt(row) : row;
    return (await rowLocator.getAttribute("data-row-key")) ?? "";
  }

  /** The row keys rendered, in order. */
  async renderedKeys(): Promise<string[]> {
    return this.renderedRows.evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset.rowKey ?? ""));
  }

  /** The grid's `aria-rowcount`: the page's rows and the header row. */
  async ariaRowCount(): Promise<string> {
    return (await this.grid.getAttribute("aria-rowcount")) ?? "";
  }

  /** The header of a column, by its label exactly (the header may hold buttons of its own). */
  columnHeader(label: string): Locator {
    return this.grid.getByRole("columnheader").filter({ hasText: new RegExp(`^\\s*${escapeRegExp(label)}\\s*$`) });
  }

  /** The labels of the shown columns, in order (the selection column has none). */
  async headerNames(): Promise<string[]> {
    const texts = await this.grid.getByRole("columnheader").allInnerTexts();
    return texts.map((t) => t.trim()).filter(Boolean);
  }

  async columnWidth(label: string): Promise<number> {
    const box = await this.columnHeader(label).boundingBox();
    if (!box) throw new Error(`no header ${label}`);
    return Math.round(box.width);
  }

  /** A row's selection checkbox. */
  rowCheckbox(key: string): Locator {
    return this.grid.getByRole("checkbox", { name: format(this.messages.grid.selectRow, { key }), exact: true });
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
      const batch = await this.grid.evaluate(async (el, wanted) => {
        // Wait, frame by frame, until the rows drawn cover the viewport at this scroll position
        // (the virtualizer draws them on the scroll event): a wait on the page's state, not a pause.
        const covered = () => {
          const rows = [...el.querySelectorAll<HTMLElement>("[data-row-key]")].map((r) => r.getBoundingClientRect());
          if (rows.length === 0) return false;
          const view = el.getBoundingClientRect();
          const headerBottom = el.querySelector('[role="row"]:not([data-row-key])')?.getBoundingClientRect().bottom ?? view.top;
          const top = Math.min(...rows.map((r) => r.top));
          const bottom = Math.max(...rows.map((r) => r.bottom));
          const atEnd = el.scrollTop + el.clientHeight >= el.scrollHeight - 2;
          return top <= headerBottom + 1 && (bottom >= view.top + el.clientHeight - 1 || atEnd);
        };
        for (let frame = 0; frame < 600 && !covered(); frame += 1) await new Promise((r) => requestAnimationFrame(r));
        const out: { key: string; cells: Record<string, string> }[] = [];
        for (const row of el.querySelectorAll<HTMLElement>("[data-row-key]")) {
          const cells: Record<string, string> = {};
          for (const field of wanted) cells[field] = row.querySelector(`[role="gridcell"][data-field="${field}"]`)?.textContent?.trim() ?? "";
          out.push({ key: row.dataset.rowKey ?? "", cells });
        }
        const atEnd = el.scrollTop + el.clientHeight >= el.scrollHeight - 2;
        return { out, atEnd, rowElements: el.querySelectorAll('[role="row"]').length };
      }, fields);
      maxRowElements = Math.max(maxRowElements, batch.rowElements);
      for (const row of batch.out) seen.set(row.key, row);
      if (batch.atEnd) break;
      await this.grid.evaluate((el) => (el.scrollTop += el.clientHeight * 0.8));
    }
    return { rows: [...seen.values()], maxRowElements };
  }

  /**
   * Scrolls the grid from top to bottom in `steps` jumps; two frames after each jump, how many
   * row elements exist and whether the row that should be at the top of the viewport is drawn.
   */
  async scrollThrough(steps: number): Promise<{ maxRowElements: number; missing: number[] }> {
    let maxRowElements = 0;
    const missing: number[] = [];
    for (let i = 0; i <= steps; i += 1) {
      const stop = await this.grid.evaluate(async (el, fraction) => {
        el.scrollTop = (el.scrollHeight - el.clientHeight) * fraction;
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
        // The header row is as high as a data row: the row at the top of the viewport is number
        // ⌊scrollTop / row height⌋ + 2 (the header is 1).
        const rowHeight = el.querySelector<HTMLElement>("[data-row-key]")?.offsetHeight ?? 1;
        const topRow = Math.floor(el.scrollTop / rowHeight) + 2;
        const present = el.querySelector(`[data-row-key][aria-rowindex="${topRow}"]`) !== null;
        return { rowElements: el.querySelectorAll('[role="row"]').length, topRow, present };
      }, i / steps);
      maxRowElements = Math.max(maxRowElements, stop.rowElements);
      if (!stop.present) missing.push(stop.topRow);
    }
    return { maxRowElements, missing };
  }

  // ----- keyboard ----------------------------------------------------------------------------

  async focus(): Promise<void> {
    await this.grid.focus();
  }

  async activeRowId(): Promise<string> {
    const id = await this.grid.getAttribute("aria-activedescendant");
    if (!id) throw new Error("the grid points at no active row");
    return id;
  }

  /** The row the grid's `aria-activedescendant` points at now. */
  async activeRow(): Promise<Locator> {
    return this.grid.locator(`[id="${await this.activeRowId()}"]`);
  }

  /** The key of the active row ("" when it is not drawn). */
  async activeRowKey(): Promise<string> {
    return this.rowKey(await this.activeRow());
  }

  // ----- the drawer --------------------------------------------------------------------------

  /** The record drawer (a modal dialog), while open. */
  get drawer(): Locator {
    return this.page.getByRole("dialog").filter({ has: this.page.locator("[data-drawer-state]") });
  }

  get drawerReady(): Locator {
    return this.drawer.locator('[data-drawer-state="ready"]');
  }

  /** The drawer's title: the record's label and key. */
  get drawerTitle(): Locator {
    return this.drawer.getByRole("heading", { level: 2 });
  }

  /** A group of fields in the drawer ("Amounts", "Delivery", ...). */
  drawerGroup(name: string): Locator {
    return this.drawer.getByRole("heading", { level: 3, name, exact: true });
  }

  /** Waits until the drawer shows its record (after a click, Enter or a reload). */
  async waitForDrawer(): Promise<void> {
    await expect(this.drawerReady).toBeVisible({ timeout: ROWS_TIMEOUT });
  }

  /** Clicks a row's first data cell; returns the row's key once its record is shown. */
  async openRowByClick(index = 0): Promise<string> {
    const row = this.rowAt(index);
    const key = await this.rowKey(row);
    await row.locator('[role="gridcell"][data-field]').first().click();
    await this.waitForDrawer();
    return key;
  }

  /** Opens the second row of the page from the keyboard; returns its key. */
  async openWithEnter(): Promise<string> {
    await this.focus();
    await this.page.keyboard.press("ArrowDown");
    const key = await this.activeRowKey();
    expect(key).not.toBe("");
    await this.page.keyboard.press("Enter");
    await this.waitForDrawer();
    await expect(this.page).toHaveURL(/open=/);
    return key;
  }

  async closeDrawer(): Promise<void> {
    await this.page.keyboard.press("Escape");
    await expect(this.drawer).toHaveCount(0);
  }

  /** Esc closes the drawer, gives the focus back to the grid and takes the record off the URL. */
  async closeWithEsc(): Promise<void> {
    await this.closeDrawer();
    await expect(this.grid).toBeFocused();
    await expect(this.page).not.toHaveURL(/open=/);
  }

  // ----- links to related records -----------------------------------------------------------

  /**
   * A toolbar link to a related grid, by its label ("Order rows"); it says after the label what it
   * carries (`data-carried`: none, filters, selection, page, nothing, tooMany, pending).
   */
  relatedLink(label: string): Locator {
    return this.page.locator("[data-carried]").filter({ hasText: new RegExp(`^\\s*${escapeRegExp(label)}`) });
  }

  /** What a toolbar link carries, once the page's rows are in (not `pending`). */
  async carried(label: string): Promise<string> {
    await expect(this.relatedLink(label)).not.toHaveAttribute("data-carried", "pending", { timeout: ROWS_TIMEOUT });
    return (await this.relatedLink(label).getAttribute("data-carried")) ?? "";
  }

  /** A link of the drawer's "Related" list, by its label. */
  drawerLink(label: string): Locator {
    return this.drawer.getByRole("navigation", { name: this.messages.grid.drawer.links, exact: true }).getByRole("link", { name: label, exact: true });
  }

  // ----- quick filters -----------------------------------------------------------------------

  /** A choice filter's button: its name, or "name (2 chosen)" once some are chosen. */
  quickFilterButton(name: string): Locator {
    const chosen = escapeRegExp(format(this.messages.catalog.quick.withCount, { label: name, count: "\u0000" })).replace("\u0000", "\\d+");
    return this.page.getByRole("button", { name: new RegExp(`^(${escapeRegExp(name)}|${chosen})$`) });
  }

  quickFilterPanel(name: string): Locator {
    return this.page.getByRole("dialog", { name, exact: true });
  }

  /** Opens a choice quick filter (status, shop, ...), ticks the given choices and applies. */
  async chooseQuickFilter(name: string, choices: readonly string[]): Promise<void> {
    await this.quickFilterButton(name).click();
    const panel = this.quickFilterPanel(name);
    for (const choice of choices) await panel.getByRole("checkbox", { name: choice, exact: true }).check();
    await panel.getByRole("button", { name: this.messages.catalog.quick.apply, exact: true }).click();
    await expect(panel).toBeHidden();
  }

  /** The choices a quick filter offers, by label. */
  async quickFilterChoices(name: string): Promise<string[]> {
    await this.quickFilterButton(name).click();
    const panel = this.quickFilterPanel(name);
    await expect(panel.getByRole("checkbox").first()).toBeVisible();
    const labels = await panel.locator("label").allInnerTexts();
    await this.page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    return labels.map((l) => l.trim());
  }

  /** A keyword quick filter (a search form named `name`). */
  searchForm(name: string): Locator {
    return this.page.getByRole("search", { name, exact: true });
  }

  searchBox(name: string): Locator {
    return this.searchForm(name).getByRole("searchbox");
  }

  /** A keyword search: the target (when it has several), the text, then Enter or the Search button. */
  async search(name: string, text: string, options: { target?: string; submit?: "enter" | "button" } = {}): Promise<void> {
    const form = this.searchForm(name);
    if (options.target) await form.getByLabel(this.messages.catalog.quick.searchBy, { exact: true }).selectOption({ label: options.target });
    const input = form.getByRole("searchbox");
    await input.fill(text);
    if (options.submit === "button") await form.getByRole("button", { name: this.messages.catalog.quick.search, exact: true }).click();
    else await input.press("Enter");
  }

  /** A toggle quick filter: one button of a group ("Shortage: all / short only"). */
  async toggleQuickFilter(group: string, button: string): Promise<void> {
    await this.page.getByRole("group", { name: group, exact: true }).getByRole("button", { name: button, exact: true }).click();
  }

  // ----- filter builder and chips ------------------------------------------------------------

  /**
   * "Add condition": a field and an operator by their labels, and a value (a text, a choice's
   * label, or several choices' labels), then Apply.
   */
  async addFilter(field: string, operator: string, value?: string | readonly string[]): Promise<void> {
    const m = this.messages.grid.filters;
    await this.page.getByRole("button", { name: m.add, exact: true }).click();
    const panel = this.page.getByRole("dialog", { name: m.add, exact: true });
    // The field picker is a combobox: type the label, click its option.
    await panel.getByRole("combobox", { name: m.field, exact: true }).fill(field);
    await panel.getByRole("listbox", { name: m.field, exact: true }).getByRole("option").filter({ has: this.page.getByText(field, { exact: true }) }).first().click();
    await panel.getByLabel(m.operator, { exact: true }).selectOption({ label: operator });
    if (Array.isArray(value)) {
      const group = panel.getByRole("group", { name: m.value, exact: true });
      for (const choice of value) await group.getByRole("checkbox", { name: choice, exact: true }).check();
    } else if (typeof value === "string") {
      const control = panel.getByLabel(m.value, { exact: true });
      if ((await control.evaluate((el) => el.tagName)) === "SELECT") await control.selectOption({ label: value });
      else await control.fill(value);
    }
    await panel.getByRole("button", { name: m.apply, exact: true }).click();
    await expect(panel).toBeHidden();
  }

  /** The list of the conditions in force (shown only when there are some). */
  get activeFilters(): Locator {
    return this.page.getByRole("list", { name: this.messages.grid.filters.active, exact: true });
  }

  /** One chip per condition (not the chip of picked slips, not "Clear"). */
  get filterChips(): Locator {
    return this.activeFilters.getByRole("listitem").filter({ has: this.page.getByRole("button", { name: messagePattern(this.messages.grid.filters.remove) }) });
  }

  async removeFilter(fieldLabel: string): Promise<void> {
    await this.activeFilters.getByRole("button", { name: format(this.messages.grid.filters.remove, { field: fieldLabel }), exact: true }).click();
  }

  /** Takes off the picked-slips group (`extension_execution_id`). */
  async removeExtension(): Promise<void> {
    await this.activeFilters.getByRole("button", { name: this.messages.grid.filters.removeExtension, exact: true }).click();
  }

  async clearFilters(): Promise<void> {
    await this.activeFilters.getByRole("button", { name: this.messages.grid.filters.clear, exact: true }).click();
  }

  /** The notice of stored conditions left out: an old link's (`url`), or a saved view's just applied. */
  droppedNotice(source: "url" | "view"): Locator {
    return this.page.locator(`[role="status"][data-dropped-filters="${source}"]`);
  }

  /** One line of a notice per condition left out, with why (`operator`, `field`, `tooMany`, ...). */
  droppedItems(source: "url" | "view"): Locator {
    return this.droppedNotice(source).locator("[data-dropped-reason]");
  }

  async dismissDroppedNotice(source: "url" | "view"): Promise<void> {
    await this.droppedNotice(source).getByRole("button", { name: this.messages.grid.dropped.dismiss, exact: true }).click();
    await expect(this.droppedNotice(source)).toHaveCount(0);
  }

  // ----- layout (table or gallery) and the toolbar's openers --------------------------------

  /** A button of the layout toggle (only grids with a gallery have one). */
  layoutButton(layout: "table" | "gallery"): Locator {
    return this.page.getByRole("group", { name: this.messages.grid.layout.label, exact: true }).getByRole("button", { name: this.messages.grid.layout[layout], exact: true });
  }

  /** The toolbar's buttons that open a dialog or panel. */
  opener(kind: "columns" | "export" | "views" | "filter"): Locator {
    const grid = this.messages.grid;
    const name = { columns: grid.columns.button, export: grid.export, views: grid.views.button, filter: grid.filters.add }[kind];
    return this.page.getByRole("button", { name, exact: true });
  }

  /** The filter builder's panel ("Add condition"). */
  get filterPanel(): Locator {
    return this.page.getByRole("dialog", { name: this.messages.grid.filters.add, exact: true });
  }

  // ----- column chooser ----------------------------------------------------------------------

  get columnChooser(): Locator {
    return this.page.getByRole("dialog", { name: this.messages.grid.columns.title, exact: true });
  }

  /** Opens the column chooser from the keyboard (focus, Enter). */
  async openColumnChooser(): Promise<Locator> {
    await this.page.getByRole("button", { name: this.messages.grid.columns.button, exact: true }).focus();
    await this.page.keyboard.press("Enter");
    await expect(this.columnChooser).toBeVisible();
    return this.columnChooser;
  }

  columnWidthField(label: string): Locator {
    return this.columnChooser.getByRole("spinbutton", { name: format(this.messages.grid.columns.width, { column: label }), exact: true });
  }

  /** Types a column's width from the keyboard (select all, type). */
  async typeColumnWidth(label: string, width: number): Promise<void> {
    await this.columnWidthField(label).focus();
    await this.page.keyboard.press("ControlOrMeta+a");
    await this.page.keyboard.type(String(width));
  }

  /** "Back to defaults" (applied only with Apply). */
  async resetColumns(): Promise<void> {
    await this.columnChooser.getByRole("button", { name: this.messages.grid.columns.reset, exact: true }).click();
  }

  /** Apply, by click or from the keyboard; the chooser closes. */
  async applyColumns(by: "click" | "keyboard" = "click"): Promise<void> {
    const apply = this.columnChooser.getByRole("button", { name: this.messages.grid.columns.apply, exact: true });
    if (by === "keyboard") {
      await apply.focus();
      await this.page.keyboard.press("Enter");
    } else {
      await apply.click();
    }
    await expect(this.columnChooser).toBeHidden();
  }

  // ----- saved views -------------------------------------------------------------------------

  get viewsPanel(): Locator {
    return this.page.getByRole("dialog", { name: this.messages.grid.views.title, exact: true });
  }

  /** A saved view's button in the open panel (applies it). */
  viewButton(name: string): Locator {
    return this.viewsPanel.getByRole("button", { name, exact: true });
  }

  private viewItem(name: string): Locator {
    return this.viewsPanel.getByRole("listitem").filter({ has: this.page.getByRole("button", { name, exact: true }) });
  }

  async openViews(): Promise<Locator> {
    await this.page.getByRole("button", { name: this.messages.grid.views.button, exact: true }).click();
    await expect(this.viewsPanel).toBeVisible();
    return this.viewsPanel;
  }

  async closeViews(): Promise<void> {
    await this.page.keyboard.press("Escape");
    await expect(this.viewsPanel).toBeHidden();
  }

  async saveView(name: string): Promise<void> {
    const panel = await this.openViews();
    await panel.getByLabel(this.messages.grid.views.saveLabel).fill(name);
    await panel.getByRole("button", { name: this.messages.grid.views.save, exact: true }).click();
    await expect(this.viewButton(name)).toBeVisible();
    await this.closeViews();
  }

  async applyView(name: string): Promise<void> {
    await this.openViews();
    await this.viewButton(name).click();
    await expect(this.viewsPanel).toBeHidden();
  }

  /** Renames a view in the open panel; the new name is listed. */
  async renameView(from: string, to: string): Promise<void> {
    const views = this.messages.grid.views;
    await this.viewItem(from).getByRole("button", { name: views.rename }).click();
    await this.viewsPanel.getByLabel(views.renameLabel).fill(to);
    await this.viewsPanel.getByRole("button", { name: views.renameSave, exact: true }).click();
    await expect(this.viewButton(to)).toBeVisible();
  }

  /** The notice of a deleted view, with its Undo. */
  get viewUndo(): Locator {
    return this.viewsPanel.getByRole("button", { name: this.messages.grid.views.undo, exact: true });
  }

  /** Deletes a view in the open panel: it leaves the list and Undo is offered. */
  async deleteViewInPanel(name: string): Promise<void> {
    await this.viewItem(name).getByRole("button", { name: this.messages.grid.views.delete }).click();
    await expect(this.viewButton(name)).toHaveCount(0);
    await expect(this.viewUndo).toBeFocused();
  }

  async deleteView(name: string): Promise<void> {
    await this.openViews();
    await this.viewItem(name).getByRole("button", { name: this.messages.grid.views.delete }).click();
    await expect(this.viewButton(name)).toHaveCount(0);
    await this.closeViews();
  }

  // ----- export ------------------------------------------------------------------------------

  get exportDialog(): Locator {
    return this.page.getByRole("dialog", { name: this.messages.export.title, exact: true });
  }

  /** The report of characters Shift_JIS cannot hold (shown before anything is saved). */
  get exportReport(): Locator {
    return this.exportDialog.locator('[data-export-state="report"]');
  }

  /** The report's sentence: how many places, how many characters. */
  get exportReportSummary(): Locator {
    return this.exportReport.getByRole("alert");
  }

  /** "Saved FILE (N rows)". */
  get exportDone(): Locator {
    return this.exportDialog.locator('[data-export-state="done"]');
  }

  /** The report's rows: row, column, character, code point. */
  async exportReportCells(): Promise<(string | null)[][]> {
    const table = this.exportReport.getByRole("table", { name: this.messages.export.report.caption });
    return table.getByRole("row").filter({ has: this.page.getByRole("cell") }).evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll("td")].map((td) => td.textContent)));
  }

  /** Opens the export dialog, chooses the encoding (and header) and starts. */
  async startExport(options: { encoding: "utf8-bom" | "sjis"; header?: "labels" | "names"; values?: "names" | "codes" }): Promise<void> {
    const m = this.messages.export;
    await this.page.getByRole("button", { name: this.messages.grid.export }).click();
    await expect(this.exportDialog).toBeVisible();
    await this.exportDialog.getByRole("radio", { name: options.encoding === "sjis" ? m.encoding.sjis : m.encoding.utf8 }).check();
    if (options.header) await this.exportDialog.getByRole("radio", { name: options.header === "names" ? m.header.names : m.header.labels }).check();
    if (options.values) await this.exportDialog.getByRole("radio", { name: options.values === "codes" ? m.values.codes : m.values.names, exact: true }).check();
    await this.exportDialog.getByRole("button", { name: messagePattern(m.start) }).click();
  }

  /** "Do not save" on the report: back to the options. */
  async cancelExportReport(): Promise<void> {
    await this.exportDialog.getByRole("button", { name: this.messages.export.report.cancel }).click();
  }

  /** "Save with ?" on the report. */
  async continueExportReport(): Promise<void> {
    await this.exportDialog.getByRole("button", { name: this.messages.export.report.continue }).click();
  }

  async closeExport(): Promise<void> {
    // The footer's Close (the title bar has one too).
    await this.exportDialog.getByRole("button", { name: this.messages.export.close }).last().click();
    await expect(this.exportDialog).toBeHidden();
  }

  /**
   * Exports through the dialog and returns the downloaded file. With Shift_JIS, a report of
   * characters it cannot hold is accepted ("save with ?") and returned as `reported`.
   */
  async exportCsv(options: { encoding: "utf8-bom" | "sjis"; header?: "labels" | "names"; values?: "names" | "codes" }): Promise<{ download: Download; bytes: Buffer; reported: boolean }> {
    const downloadPromise = this.page.waitForEvent("download", { timeout: EXPORT_TIMEOUT });
    await this.startExport({ header: "labels", ...options });
    let reported = false;
    await expect(this.exportReport.or(this.exportDone)).toBeVisible({ timeout: EXPORT_TIMEOUT });
    if (await this.exportReport.isVisible()) {
      reported = true;
      await this.continueExportReport();
    }
    const download = await downloadPromise;
    await expect(this.exportDone).toBeVisible();
    const bytes = readFileSync(await download.path());
    await this.closeExport();
    return { download, bytes, reported };
  }
  // ----- column layout (TanStack Table: widths, pins, sideways scrolling) ---------------------

  /** A data column's header, by field. */
  header(field: string): Locator {
    return this.grid.locator(`[role="columnheader"][data-field="${field}"]`);
  }

  /** Data columns' fields as drawn, left to right. */
  async drawnFields(): Promise<string[]> {
    return this.grid.locator('[role="columnheader"][data-field]').evaluateAll((els) => els.map((e) => e.getAttribute("data-field") ?? ""));
  }

  /** Fields of the columns pinned to the left edge, in order. */
  async pinnedFields(): Promise<string[]> {
    return this.grid.locator('[role="columnheader"][data-pinned]').evaluateAll((els) => els.map((e) => e.getAttribute("data-field") ?? ""));
  }

  /** A header's pin toggle (it shows when the header is hovered). */
  pinToggle(field: string): Locator {
    return this.header(field).getByRole("button");
  }

  async togglePinInHeader(field: string): Promise<void> {
    await this.header(field).hover();
    await this.pinToggle(field).click();
  }

  /** The column chooser's pin toggle of a column (its name says pin or unpin). */
  chooserPinToggle(label: string, pinned: boolean): Locator {
    const message = pinned ? this.messages.grid.columns.unpin : this.messages.grid.columns.pin;
    return this.columnChooser.getByRole("button", { name: format(message, { column: label }), exact: true });
  }

  async headerLeft(field: string): Promise<number> {
    const box = await this.header(field).boundingBox();
    if (!box) throw new Error(`header ${field} is not drawn`);
    return Math.round(box.x);
  }

  async headerWidth(field: string): Promise<number> {
    const box = await this.header(field).boundingBox();
    if (!box) throw new Error(`header ${field} is not drawn`);
    return Math.round(box.width);
  }

  /** Scrolls the grid sideways to its right end; answers how far it went. */
  async scrollToRightEnd(): Promise<number> {
    return this.grid.evaluate(async (el) => {
      el.scrollLeft = el.scrollWidth;
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      return el.scrollLeft;
    });
  }

  /** Whether the first rendered row's cell of `field` is on top at its left edge (nothing drawn over it). */
  async cellIsOnTop(field: string): Promise<boolean> {
    return this.renderedRows.first().locator(`[data-field="${field}"]`).evaluate((cell) => {
      const box = cell.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + 4, box.top + box.height / 2);
      return hit !== null && (hit === cell || cell.contains(hit));
    });
  }

  private resizeHandle(field: string): Locator {
    return this.header(field).locator("[data-resize-handle]");
  }

  /** Drags the right edge of a column's header by `dx` pixels in `steps` pointer moves. */
  async dragColumnEdge(field: string, dx: number, steps = 20): Promise<void> {
    const box = await this.resizeHandle(field).boundingBox();
    if (!box) throw new Error(`no resize handle on ${field}`);
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    await this.page.mouse.move(x, y);
    await this.page.mouse.down();
    await this.page.mouse.move(x + dx, y, { steps });
    await this.page.mouse.up();
  }

  /** A double click on a column's edge: back to its default width. */
  async resetColumnWidth(field: string): Promise<void> {
    await this.resizeHandle(field).dblclick();
  }

  /** The total's text when the count failed ("1–100 (the total is unavailable)"). */
  get totalUnavailable(): Locator {
    return this.page.getByText(messagePattern(this.messages.grid.pagination.rangeNoTotal));
  }

  async retryTotal(): Promise<void> {
    await this.page.getByRole("button", { name: this.messages.grid.pagination.retryTotal, exact: true }).click();
  }
}
