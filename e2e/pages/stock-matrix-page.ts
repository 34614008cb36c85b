// The goods × warehouse stock matrix (/stock/matrix) as a user sees it: the grid named by its
// label in the page's language, its warehouse column groups, its rows of goods and their cells
// (each cell says its warehouse and kind: data-warehouse, data-kind, data-value, so a reading never
// depends on the number's formatting), the goods search box, the warehouse choice and "CSV".
import { expect, type Download, type Locator, type Page } from "@playwright/test";
import en from "../../messages/en.json";
import ja from "../../messages/ja.json";

const catalogues = { ja, en } as const;
export type MatrixLocale = keyof typeof catalogues;
const TIMEOUT = 30_000;

export interface ShownMatrix {
  /** Warehouse column groups in order: id and the name in the header. */
  warehouses: { id: string; name: string }[];
  /** The leaf column headers, left to right (code, name, then free and on hand per warehouse). */
  headers: string[];
  rows: { code: string; name: string; cells: Record<string, { free: string; onHand: string }> }[];
}

export class StockMatrixPage {
  readonly page: Page;
  locale: MatrixLocale;

  constructor(page: Page, locale: MatrixLocale = "ja") {
    this.page = page;
    this.locale = locale;
  }

  get messages() {
    return catalogues[this.locale];
  }

  get grid(): Locator {
    return this.page.getByRole("grid", { name: this.messages.stock.matrix.gridLabel, exact: true });
  }

  get totalText(): Locator {
    return this.page.locator("[data-grid-total]");
  }

  async goto(query = ""): Promise<void> {
    await this.page.goto(`/stock/matrix${query}`);
    await this.waitForTable();
  }

  /** The table is in and nothing is loading (no skeleton, nothing busy). */
  async waitForTable(): Promise<void> {
    await expect(this.grid).toBeVisible({ timeout: TIMEOUT });
    await expect(this.page.locator('[data-grid-state="loading"], [aria-busy="true"]')).toHaveCount(0, { timeout: TIMEOUT });
  }

  async total(): Promise<number> {
    await expect(this.totalText).not.toHaveAttribute("data-grid-total", "", { timeout: TIMEOUT });
    return Number(await this.totalText.getAttribute("data-grid-total"));
  }

  async read(): Promise<ShownMatrix> {
    return this.grid.evaluate((table) => {
      const warehouses = [...table.querySelectorAll("th[data-warehouse-header]")].map((th) => ({ id: th.getAttribute("data-warehouse-header") ?? "", name: (th.textContent ?? "").trim() }));
      const rowsOfHead = [...table.querySelectorAll("thead tr")];
      // Leaves: the spanning code and name headers of the first row, then the second row's.
      const headers = [
        ...[...(rowsOfHead[0]?.querySelectorAll("th:not([data-warehouse-header])") ?? [])].map((th) => (th.textContent ?? "").trim()),
        ...[...(rowsOfHead[1]?.querySelectorAll("th") ?? [])].map((th) => (th.textContent ?? "").trim()),
      ];
      const rows = [...table.querySelectorAll("tbody tr[data-goods]")].map((tr) => {
        const cells: Record<string, { free: string; onHand: string }> = {};
        for (const td of tr.querySelectorAll("td[data-warehouse]")) {
          const id = td.getAttribute("data-warehouse") ?? "";
          const cell = (cells[id] ??= { free: "", onHand: "" });
          cell[td.getAttribute("data-kind") === "free" ? "free" : "onHand"] = td.getAttribute("data-value") ?? "";
        }
        return {
          code: tr.getAttribute("data-goods") ?? "",
          name: tr.querySelector('td[data-kind="name"]')?.getAttribute("data-value") ?? "",
          cells,
        };
      });
      return { warehouses, headers, rows };
    });
  }

  /** The goods search box (the stock grids' box: code, else name or JAN). */
  async search(text: string): Promise<void> {
    const form = this.page.getByRole("search", { name: this.messages.forgivingSearch.stock.label, exact: true });
    const input = form.getByRole("searchbox");
    await input.fill(text);
    await input.press("Enter");
  }

  /** Opens the warehouse choice, ticks the named warehouses, applies. */
  async chooseWarehouses(names: readonly string[]): Promise<void> {
    const label = this.messages.stock.matrix.warehouses;
    await this.page.getByRole("button", { name: label, exact: true }).click();
    const panel = this.page.getByRole("dialog", { name: label, exact: true });
    for (const name of names) await panel.getByRole("checkbox", { name, exact: true }).check();
    await panel.getByRole("button", { name: this.messages.catalog.quick.apply, exact: true }).click();
    await expect(panel).toBeHidden();
  }

  /** Chooses the encoding and presses "CSV"; the download (after "save with ?" when asked). */
  async downloadCsv(encoding: "utf8" | "sjis" = "utf8"): Promise<{ download: Download; bytes: Buffer; askedUnmappable: boolean }> {
    const t = this.messages.export;
    await this.page.getByLabel(t.encoding.label, { exact: true }).selectOption({ label: t.encoding[encoding] });
    const downloaded = this.page.waitForEvent("download");
    await this.page.getByRole("button", { name: this.messages.stock.matrix.csv, exact: true }).click();
    let askedUnmappable = false;
    if (encoding === "sjis") {
      const keep = this.page.getByRole("button", { name: t.report.continue, exact: true });
      const first = await Promise.race([downloaded.then(() => "download" as const), keep.waitFor({ timeout: TIMEOUT }).then(() => "ask" as const)]);
      if (first === "ask") {
        askedUnmappable = true;
        await keep.click();
      }
    }
    const download = await downloaded;
    const path = await download.path();
    const { readFile } = await import("node:fs/promises");
    return { download, bytes: await readFile(path), askedUnmappable };
  }

  /** The id of the cell the grid points at (aria-activedescendant), and what that cell is. */
  async activeCell(): Promise<{ row: string; kind: string; warehouse: string }> {
    const id = await this.grid.getAttribute("aria-activedescendant");
    expect(id).toBeTruthy();
    const cell = this.page.locator(`[id="${id}"]`);
    return {
      row: (await cell.locator("xpath=..").getAttribute("data-goods")) ?? "",
      kind: (await cell.getAttribute("data-kind")) ?? "",
      warehouse: (await cell.getAttribute("data-warehouse")) ?? "",
    };
  }
}

/** RFC 4180 records of a CSV text (quoted fields, doubled quotes, CRLF). */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = "";
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      record.push(field);
      field = "";
    } else if (ch === "\r" && text[i + 1] === "\n") {
      record.push(field);
      records.push(record);
      record = [];
      field = "";
      i++;
    } else field += ch;
  }
  if (field || record.length) {
    record.push(field);
    records.push(record);
  }
  return records;
}
