import AxeBuilder from "@axe-core/playwright";
import { expect, type APIRequestContext, type Download, type Locator, type Page } from "@playwright/test";
import iconv from "iconv-lite";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import en from "../../messages/en.json";
import ja from "../../messages/ja.json";
import type { SandboxUser } from "../fixtures";
import { messagePattern } from "./messages";
import { sandboxCall, sandboxCount } from "./sandbox-api";
import { ShellPage, type A11yViolation, type ShellLocale } from "./shell-page";

export type UploadKind = "warehouse-stock" | "goods" | "stocktake";
const catalogues = { ja, en } as const;

/** A message with its ICU arguments (`{kind}`, `{count, number}`) and empty rich tags (`<person></person>`) filled in. */
export function fill(message: string, values: Record<string, string | number>): string {
  return message.replace(/\{(\w+)(?:, number)?\}|<(\w+)><\/\2>/g, (_, arg: string | undefined, tag: string | undefined) => {
    const key = (arg ?? tag) as string;
    const value = values[key];
    if (value === undefined) throw new Error(`no value for {${key}} in ${message}`);
    return typeof value === "number" ? value.toLocaleString("en-US") : value;
  });
}

// ---------------------------------------------------------------------------------------------
// The /uploads page as an operator uses it. Every control is found by its role and accessible
// name in the page's language, so a label that is missing or not translated fails the story.
// ---------------------------------------------------------------------------------------------
export class UploadsPage {
  readonly page: Page;
  readonly shell: ShellPage;

  constructor(page: Page, locale: ShellLocale = "ja") {
    this.page = page;
    this.shell = new ShellPage(page, locale);
  }

  get locale(): ShellLocale {
    return this.shell.locale;
  }

  get t() {
    return catalogues[this.locale].uploads;
  }

  async goto(): Promise<void> {
    await this.shell.goto("/uploads");
    await expect(this.shell.heading).toHaveText(catalogues[this.locale].areas.uploads.title);
  }

  kindName(kind: UploadKind): string {
    return this.t.kinds[kind];
  }

  /** The kind's panel: a region named by its heading ("倉庫在庫"). */
  kindPanel(kind: UploadKind): Locator {
    return this.page.getByRole("region", { name: this.kindName(kind), exact: true });
  }

  /** The drop zone, a button named after its kind. */
  dropZone(kind: UploadKind): Locator {
    return this.page.getByRole("button", { name: fill(this.t.drop.label, { kind: this.kindName(kind) }), exact: true });
  }

  /** The drop zone found by its kind alone, to check the name it has. */
  dropZoneOf(kind: UploadKind): Locator {
    return this.page.locator(`[data-upload-kind="${kind}"]`);
  }

  /** Drops files on a zone as the file picker does (the zone holds the file input). */
  async drop(kind: UploadKind, files: string | string[] | { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
    await this.dropZone(kind).locator('input[type="file"]').setInputFiles(files);
  }

  /** One dropped file's card (not a journal entry of the same name). */
  card(fileName: string): FileCard {
    return new FileCard(this, this.page.locator("article[data-upload-card]").filter({ has: this.page.getByRole("heading", { level: 3, name: fileName, exact: true }) }));
  }

  get unfinished(): Locator {
    return this.page.getByRole("region", { name: messagePattern(this.t.unfinished.title) });
  }

  /** An entry of "Unfinished uploads" (read back from the journal). */
  unfinishedEntry(fileName: string): FileCard {
    return new FileCard(this, this.unfinished.getByRole("article", { name: fileName, exact: true }));
  }

  get history(): Locator {
    return this.page.getByRole("region", { name: messagePattern(this.t.journal.caption) });
  }

  /**
   * Waits until the history has its first answer: the journal's schemas (zod, loaded with the
   * first answer read, not with the page) are then loaded and the page is idle.
   */
  async waitForHistory(): Promise<void> {
    await expect(this.history).not.toHaveAttribute("aria-busy", "true", { timeout: 60_000 });
    await expect(this.history.locator("tbody > tr").first()).not.toHaveText(this.t.journal.loading);
  }

  /** The history's row of a file. */
  historyRow(fileName: string): Locator {
    return this.history.getByRole("row").filter({ has: this.page.getByRole("cell", { name: fileName, exact: true }) });
  }

  /** Opens a file's details from the history: the journal entry in a drawer. */
  async openDetails(fileName: string): Promise<FileCard> {
    await this.historyRow(fileName).getByRole("button", { name: fill(this.t.journal.detailsOf, { file: fileName }) }).click();
    const drawer = this.page.getByRole("dialog", { name: fileName });
    await expect(drawer).toBeVisible();
    return new FileCard(this, drawer.getByRole("article", { name: fileName, exact: true }));
  }

  /** Every axe violation on the page (any impact). */
  async a11yViolations(): Promise<A11yViolation[]> {
    const results = await new AxeBuilder({ page: this.page }).analyze();
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? "",
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(" ")),
    }));
  }

  /** The journal entries of this company whose file name contains `name`, newest first. */
  async journalFiles(name: string): Promise<JournalFile[]> {
    return journalFiles(this.page.request, name);
  }
}

export class FileCard {
  readonly root: Locator;
  private readonly uploads: UploadsPage;

  constructor(uploads: UploadsPage, root: Locator) {
    this.uploads = uploads;
    this.root = root;
  }

  private get t() {
    return this.uploads.t;
  }

  /** A fact of the preview ("文字コード" → "Shift_JIS"). */
  previewFact(term: "encoding" | "lineEndings" | "rows" | "columns"): Locator {
    return this.root.locator("dl > div").filter({ has: this.root.page().getByRole("term").filter({ hasText: this.t.preview[term] }) }).getByRole("definition");
  }

  get previewTable(): Locator {
    return this.root.getByRole("region", { name: messagePattern(this.t.preview.caption) }).getByRole("table");
  }

  /** The preview's column header: the registry's label, then the CSV's name. */
  previewColumn(label: string, name: string): Locator {
    return this.previewTable.getByRole("columnheader", { name: `${label} ${name}`, exact: true });
  }

  get problemsTable(): Locator {
    return this.root.getByRole("region", { name: messagePattern(this.t.problems.caption) }).getByRole("table");
  }

  /** The problems table's row of a file line (the line is the first cell, as the page formats it). */
  problemAt(line: number): Locator {
    return this.problemsTable.getByRole("row").filter({ has: this.root.page().getByRole("cell", { name: line.toLocaleString("en-US"), exact: true }) });
  }

  get sendButton(): Locator {
    return this.root.getByRole("button", { name: this.t.options.send, exact: true });
  }

  get excludeErrors(): Locator {
    return this.root.getByRole("checkbox", { name: messagePattern(this.t.options.excludeErrors) });
  }

  get downloadProblems(): Locator {
    return this.root.getByRole("button", { name: this.t.problems.download });
  }

  get removeButton(): Locator {
    return this.root.getByRole("button", { name: messagePattern(this.t.card.remove) });
  }

  get duplicateDialog(): Locator {
    return this.root.getByRole("alertdialog");
  }

  get resumeButton(): Locator {
    return this.root.getByRole("button", { name: this.t.send.resume, exact: true });
  }

  get stockLink(): Locator {
    // "この 20 商品の倉庫在庫を開く" (a plural message: its fixed end names it).
    return this.root.getByRole("link", { name: this.uploads.locale === "ja" ? /倉庫在庫を開く$/ : /^Open the warehouse stock of/ });
  }

  /** The table of the journal entry's batches. */
  get batchTable(): Locator {
    return this.root.getByRole("table", { name: messagePattern(this.t.batches.caption) });
  }

  get batchRows(): Locator {
    return this.batchTable.locator("tbody > tr");
  }

  /** The file's journal status once its sending rests ("アップロードの状態: 完了"). */
  get fileStatus(): Locator {
    return this.root.getByText(this.t.send.status).locator("xpath=..");
  }

  /** Waits until the file is read and checked with no problem ("問題はありません。7,000 行を送信できます。"). */
  async expectClean(rows: number, timeout = 120_000): Promise<void> {
    await expect(this.root).toContainText(fill(this.t.card.clean, { rows }), { timeout });
  }

  /** Waits until every batch of the file is done in the queue, and the file's status says so. */
  /** Waits until a batch's row is in one of `states` (stored, queued, processing, done, ...). */
  async expectBatchState(row: Locator, states: string | RegExp, timeout?: number): Promise<void> {
    await expect(row).toHaveAttribute("data-batch-state", states, timeout === undefined ? {} : { timeout });
  }

  async expectAllDone(batches: number, timeout = 240_000): Promise<void> {
    await expect(this.batchRows).toHaveCount(batches, { timeout });
    for (let i = 0; i < batches; i += 1) {
      const row = this.batchRows.nth(i);
      await expect(row.getByRole("rowheader")).toHaveText(fill(this.t.batches.name, { index: i + 1, total: batches }));
      await expect(row, `batch ${i + 1} of ${batches}`).toHaveAttribute("data-batch-state", "done", { timeout });
      await expect(row).toContainText(this.t.batchState.done);
    }
    await expect(this.fileStatus).toContainText(this.t.fileStatus.done, { timeout });
  }

  async downloadReport(): Promise<{ download: Download; text: string }> {
    const [download] = await Promise.all([this.root.page().waitForEvent("download"), this.downloadProblems.click()]);
    const file = await download.path();
    return { download, text: readFileSync(file, "utf8") };
  }
}

// ---------------------------------------------------------------------------------------------
// The journal as the page reads it (same session): which que jobs each batch became.
// ---------------------------------------------------------------------------------------------
export type JournalBatch = { index: number; state: string; queId: string | null; sendCount: number; rows: number; firstLine: number; lastLine: number };
export type JournalFile = { id: string; fileName: string; status: string; personName: string; createdAt: string; batchCount: number; batches: JournalBatch[] };

export async function journalFiles(request: APIRequestContext, name: string): Promise<JournalFile[]> {
  const list = await request.get(`/api/uploads?q=${encodeURIComponent(name)}&limit=200`);
  expect(list.status()).toBe(200);
  const { files } = (await list.json()) as { files: { id: string; fileName: string }[] };
  const out: JournalFile[] = [];
  for (const f of files.filter((x) => x.fileName === name)) {
    const res = await request.get(`/api/uploads/${f.id}`);
    expect(res.status()).toBe(200);
    out.push((await res.json()) as JournalFile);
  }
  return out.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

// ---------------------------------------------------------------------------------------------
// The sandbox's data for a company, and CSV files built from it.
// ---------------------------------------------------------------------------------------------
export type StockPair = { warehouseId: string; warehouseName: string; goodsCode: string; quantity: number };

/** `count` (warehouse, goods) pairs of the company that hold stock, over all its warehouses. */
export async function stockPairs(user: SandboxUser, count: number): Promise<StockPair[]> {
  const warehouses = (await sandboxCall(user, "/api_v1_warehouse_base/search", { fields: "warehouse_id,warehouse_name" })).data ?? [];
  const names = new Map(warehouses.map((w) => [w.warehouse_id as string, w.warehouse_name as string]));
  expect(names.size).toBeGreaterThan(0);
  const goods = (await sandboxCall(user, "/api_v1_master_goods/search", { fields: "goods_id,goods_deleted_flag", limit: "10000" })).data ?? [];
  const live = new Set(goods.filter((g) => g.goods_deleted_flag !== "1").map((g) => g.goods_id as string));
  const stock =
    (await sandboxCall(user, "/api_v1_warehouse_stock/search", {
      fields: "warehouse_stock_warehouse_id,warehouse_stock_goods_id,warehouse_stock_quantity",
      limit: "10000",
    })).data ?? [];
  // Round-robin over the warehouses so that every one of them is in the file.
  const byWarehouse = new Map<string, StockPair[]>();
  for (const row of stock) {
    const warehouseId = row.warehouse_stock_warehouse_id as string;
    const goodsCode = row.warehouse_stock_goods_id as string;
    const warehouseName = names.get(warehouseId);
    if (!warehouseName || !live.has(goodsCode) || /[,"\r\n]/.test(goodsCode)) continue;
    const list = byWarehouse.get(warehouseId) ?? [];
    list.push({ warehouseId, warehouseName, goodsCode, quantity: Number(row.warehouse_stock_quantity) });
    byWarehouse.set(warehouseId, list);
  }
  const lists = [...byWarehouse.values()];
  const out: StockPair[] = [];
  for (let i = 0; out.length < count && lists.some((l) => l.length > i); i += 1) {
    for (const list of lists) if (list[i] && out.length < count) out.push(list[i] as StockPair);
  }
  expect(out.length).toBe(count);
  return out;
}

/** The sandbox's current quantity of each pair. */
export async function stockQuantities(user: SandboxUser, pairs: readonly StockPair[]): Promise<Map<string, number>> {
  const codes = [...new Set(pairs.map((p) => p.goodsCode))];
  const rows =
    (await sandboxCall(user, "/api_v1_warehouse_stock/search", {
      fields: "warehouse_stock_warehouse_id,warehouse_stock_goods_id,warehouse_stock_quantity",
      "warehouse_stock_goods_id-in": codes.join(","),
      limit: "10000",
    })).data ?? [];
  return new Map(rows.map((r) => [pairKey(r.warehouse_stock_warehouse_id as string, r.warehouse_stock_goods_id as string), Number(r.warehouse_stock_quantity)]));
}

export const pairKey = (warehouseId: string, goodsCode: string) => `${warehouseId}__${goodsCode}`;

export type StockRow = { pair: StockPair; kasan: string; reason: string };

/** A warehouse stock CSV (kasan_su only), CRLF, in Shift_JIS (CP932, as Excel writes it) or UTF-8. */
export function warehouseStockCsv(rows: readonly StockRow[], encoding: "shift_jis" | "utf-8-bom" = "shift_jis"): Buffer {
  const lines = ["kyoten_mei,syohin_code,kasan_su,nyusyukko_riyu", ...rows.map((r) => [r.pair.warehouseName, r.pair.goodsCode, r.kasan, r.reason].join(","))];
  const text = `${lines.join("\r\n")}\r\n`;
  return encoding === "shift_jis" ? iconv.encode(text, "cp932") : Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, "utf8")]);
}

/** `count` rows cycling over the pairs, adding 1, 2 or 3 with a reason unique to this run. */
export function stockRows(pairs: readonly StockPair[], count: number, reason: string): StockRow[] {
  return Array.from({ length: count }, (_, i) => ({ pair: pairs[i % pairs.length] as StockPair, kasan: String(1 + (i % 3)), reason }));
}

/** What each pair's quantity becomes once the rows are applied (rows left out are not). */
export function expectedQuantities(before: Map<string, number>, rows: readonly StockRow[], skipLines: ReadonlySet<number> = new Set()): Map<string, number> {
  const after = new Map(before);
  rows.forEach((row, i) => {
    if (skipLines.has(i + 2)) return;
    const key = pairKey(row.pair.warehouseId, row.pair.goodsCode);
    after.set(key, (after.get(key) ?? 0) + Number(row.kasan));
  });
  return after;
}

/** Writes bytes to a fresh temporary file (setInputFiles with a path sends no buffer through the page). */
export function tempFile(name: string, bytes: Buffer): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "backyard-uploads-")), name);
  writeFileSync(file, bytes);
  return file;
}

/** How many jobs the company's upload queue holds. */
export function queJobCount(user: SandboxUser): Promise<number> {
  return sandboxCount(user, "/api_v1_system_que/count");
}

/** The que rows of these ids (status 2 = done). */
export async function queJobs(user: SandboxUser, queIds: readonly string[]): Promise<Record<string, string | null>[]> {
  return (
    (await sandboxCall(user, "/api_v1_system_que/search", {
      fields: "que_id,que_status_id,que_method_name,que_message",
      "que_id-in": queIds.join(","),
    })).data ?? []
  );
}
