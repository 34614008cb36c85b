import type { Page } from "@playwright/test";
import { UPLOAD_COLUMNS } from "../lib/csv/columns";
import en from "../messages/en.json";
import ja from "../messages/ja.json";
import { expect, failedResource, test, type SandboxUser } from "./fixtures";
import { GoodsPage } from "./pages/catalog-page";
import { GridPage } from "./pages/grid-page";
import { addFault, clearFaults, sandboxCall } from "./pages/sandbox-api";
import {
  expectedQuantities,
  fill,
  journalFiles,
  pairKey,
  queJobCount,
  queJobs,
  stockPairs,
  stockQuantities,
  stockRows,
  tempFile,
  UploadsPage,
  warehouseStockCsv,
  type StockPair,
} from "./pages/uploads-page";

// Stories of the /uploads page against the sandbox: an operator drops a warehouse stock or goods
// CSV, sees what was read and every problem, sends it in batches and follows each batch to the
// queue's result; the stock and goods grids (and the sandbox itself) then show the change. The
// files are built from the company's own sandbox data, with a reason text unique to the run, so a
// run never meets its own earlier files as duplicates and every expected quantity is computable.

const run = `${Date.now().toString(36)}`;
const reasonText = `e2e入荷 ${run}`;
const labels = (kind: "warehouse-stock" | "goods") => new Map(UPLOAD_COLUMNS[kind].map((c) => [c.name, c.label.ja]));

async function expectStock(user: SandboxUser, pairs: readonly StockPair[], expected: Map<string, number>): Promise<void> {
  const now = await stockQuantities(user, pairs);
  for (const p of pairs) {
    const key = pairKey(p.warehouseId, p.goodsCode);
    expect(now.get(key), `sandbox stock of ${p.warehouseName} / ${p.goodsCode}`).toBe(expected.get(key));
  }
}

/** Every batch of the newest journal entry of `fileName` became exactly one que job, done. */
async function expectOneJobPerBatch(page: Page, user: SandboxUser, fileName: string, batches: number): Promise<string[]> {
  const [file] = await journalFiles(page.request, fileName);
  expect(file, `journal entry of ${fileName}`).toBeTruthy();
  expect(file?.batches).toHaveLength(batches);
  const queIds = (file?.batches ?? []).map((b) => b.queId ?? "");
  expect(new Set(queIds).size).toBe(batches);
  for (const b of file?.batches ?? []) expect(b.sendCount, `batch ${b.index + 1} sent once`).toBe(1);
  const jobs = await queJobs(user, queIds);
  expect(jobs.map((j) => j.que_id).sort()).toEqual([...queIds].sort());
  for (const job of jobs) expect(job.que_status_id, `que ${job.que_id}: ${job.que_message ?? ""}`).toBe("2");
  return queIds;
}

test.use({ viewport: { width: 1440, height: 900 } });

for (const user of ["operator", "staff"] as const) {
  test.describe(`as ${user} (company ${user === "operator" ? 2 : 1})`, () => {
    test.use({ user });

    test("a 7,000-row Shift_JIS stock file is previewed, sent in 3 batches, each followed to done, and the stock grid shows the new quantities", async ({ page }) => {
      test.setTimeout(420_000);
      const pairs = await stockPairs(user, 20);
      const rows = stockRows(pairs, 7000, reasonText);
      const before = await stockQuantities(user, pairs);
      const expected = expectedQuantities(before, rows);
      const fileName = `stock-7000-${user}-${run}.csv`;
      const jobsBefore = await queJobCount(user);

      const uploads = new UploadsPage(page);
      await uploads.goto();
      await uploads.drop("warehouse-stock", { name: fileName, mimeType: "text/csv", buffer: warehouseStockCsv(rows) });
      const card = uploads.card(fileName);
      await card.expectClean(7000);

      await test.step("the preview: Shift_JIS, 7,000 rows, the first rows under the registry's labels", async () => {
        await expect(card.previewFact("encoding")).toHaveText(ja.uploads.preview.encodings.shift_jis);
        await expect(card.previewFact("rows")).toHaveText("7,000");
        await expect(card.previewFact("lineEndings")).toHaveText(ja.uploads.preview.lineEnding.CRLF);
        const label = labels("warehouse-stock");
        for (const name of ["kyoten_mei", "syohin_code", "kasan_su", "nyusyukko_riyu"]) {
          await expect(card.previewColumn(label.get(name) as string, name)).toBeVisible();
        }
        const first = card.previewTable.getByRole("row").nth(1);
        await expect(first.getByRole("rowheader")).toHaveText("2");
        await expect(first.getByRole("cell")).toHaveText([pairs[0]?.warehouseName as string, pairs[0]?.goodsCode as string, "1", reasonText]);
        await expect(card.previewTable.getByRole("row").nth(2).getByRole("cell").first()).toHaveText(pairs[1]?.warehouseName as string);
      });

      await test.step("sent: 3 batches, each one done in the queue", async () => {
        await card.sendButton.click();
        await expect(card.batchRows).toHaveCount(3, { timeout: 60_000 });
        await card.expectAllDone(3);
        expect(await queJobCount(user)).toBe(jobsBefore + 3);
        await expectOneJobPerBatch(page, user, fileName, 3);
      });

      await test.step("the sandbox and the stock grid show the new quantities", async () => {
        await expectStock(user, pairs, expected);
        await card.stockLink.click();
        await expect(page).toHaveURL(/\/stock\/warehouses\?/);
        // The warehouse stock grid filtered to the file's goods, as the card's stock link opens it.
        const grid = new GridPage(page, "/stock/warehouses");
        await grid.waitForRows();
        const { rows: shown } = await grid.collectRows(["warehouse_stock_quantity"]);
        const byKey = new Map(shown.map((r) => [r.key, Number((r.cells.warehouse_stock_quantity ?? "").replace(/,/g, ""))]));
        for (const p of pairs) {
          const key = pairKey(p.warehouseId, p.goodsCode);
          expect(byKey.get(key), `grid row ${key}`).toBe(expected.get(key));
          expect(expected.get(key)).toBeGreaterThan(before.get(key) ?? 0);
        }
      });
    });
  });
}

test.describe("a file with a row in error", () => {
  test("shows the line and column (label and CSV name), cannot be sent as it is; leaving the row out sends the rest and the report keeps it", async ({ page }) => {
    test.setTimeout(300_000);
    const pairs = await stockPairs("staff", 11);
    const good = pairs.slice(0, 10);
    const badPair = pairs[10] as StockPair;
    const rows = stockRows(good, 3500, reasonText);
    const badLine = 1234;
    rows[badLine - 2] = { pair: badPair, kasan: "-3", reason: reasonText };
    const before = await stockQuantities("staff", pairs);
    const expected = expectedQuantities(before, rows, new Set([badLine]));
    const fileName = `stock-bad-row-${run}.csv`;
    const jobsBefore = await queJobCount("staff");

    const uploads = new UploadsPage(page);
    await uploads.goto();
    await uploads.drop("warehouse-stock", { name: fileName, mimeType: "text/csv", buffer: warehouseStockCsv(rows) });
    const card = uploads.card(fileName);

    await test.step("the problem names line 1234 and kasan_su; Send is disabled", async () => {
      await expect(card.root).toContainText(fill(ja.uploads.card.problems, { errors: 1, warnings: 0 }), { timeout: 120_000 });
      await expect(card.problemsTable.getByRole("row")).toHaveCount(2);
      const problem = card.problemAt(badLine);
      await expect(problem).toHaveCount(1);
      await expect(problem.getByRole("cell").nth(1)).toHaveText(ja.uploads.problems.error);
      // The column as the page names it elsewhere (加算数), with the CSV's own name beside it.
      await expect(problem.getByRole("cell").nth(2)).toHaveText(`${labels("warehouse-stock").get("kasan_su")} kasan_su`);
      await expect(problem.getByRole("cell").nth(3)).toHaveText("-3");
      await expect(card.sendButton).toBeDisabled();
      await expect(card.root).toContainText(fill(ja.uploads.options.blockedErrors, { count: 1 }));
      expect(await queJobCount("staff")).toBe(jobsBefore);
      expect(await journalFiles(page.request, fileName)).toEqual([]);
    });

    await test.step("the report of problems downloads with the line", async () => {
      const { download, text } = await card.downloadReport();
      expect(download.suggestedFilename()).toBe(`stock-bad-row-${run}-problems.csv`);
      const lines = text.replace(/^\uFEFF/, "").split(/\r\n/);
      const row = lines.find((l) => l.startsWith(`${badLine},`));
      expect(row, text).toBeTruthy();
      expect(row).toContain("kasan_su");
      expect(row).toContain("-3");
    });

    await test.step("leaving the row out sends the other 3,499 rows", async () => {
      await card.excludeErrors.check();
      await expect(card.root).toContainText(fill(ja.uploads.options.ready, { count: 3499 }));
      await expect(card.sendButton).toBeEnabled();
      await card.sendButton.click();
      await card.expectAllDone(2);
      expect(await queJobCount("staff")).toBe(jobsBefore + 2);
      await expectOneJobPerBatch(page, "staff", fileName, 2);
      const [file] = await journalFiles(page.request, fileName);
      expect(file?.batches.reduce((sum, b) => sum + b.rows, 0)).toBe(3499);
    });

    await test.step("the good rows arrived, the bad row's stock did not change", async () => {
      await expectStock("staff", pairs, expected);
      expect(expected.get(pairKey(badPair.warehouseId, badPair.goodsCode))).toBe(before.get(pairKey(badPair.warehouseId, badPair.goodsCode)));
    });
  });
});

test.describe("a reload while sending", () => {
  test.afterEach(async () => {
    await clearFaults();
  });

  test("the page offers to resume the unfinished upload, and no batch is sent twice", async ({ page }) => {
    test.setTimeout(360_000);
    const pairs = await stockPairs("staff", 12);
    const rows = stockRows(pairs, 10_000, reasonText);
    const before = await stockQuantities("staff", pairs);
    const expected = expectedQuantities(before, rows);
    const fileName = `stock-resume-${run}.csv`;
    const jobsBefore = await queJobCount("staff");

    const uploads = new UploadsPage(page);
    await uploads.goto();
    await uploads.drop("warehouse-stock", { name: fileName, mimeType: "text/csv", buffer: warehouseStockCsv(rows) });
    const card = uploads.card(fileName);
    await card.expectClean(10_000);

    // Each upload call now takes 1.5 s: the reload lands while a later batch is on its way.
    await addFault({ path: "/api_v1_warehouse_stock/upload", kind: "delay", delay_ms: 1500 });
    await card.sendButton.click();
    await expect(card.batchRows).toHaveCount(4, { timeout: 60_000 });
    await card.expectBatchState(card.batchRows.first(), /^(queued|processing|done)$/, 60_000);
    await card.expectBatchState(card.batchRows.last(), "stored");

    // Leaving mid-send asks first (beforeunload); the person leaves anyway.
    page.on("dialog", (dialog) => void dialog.accept());
    await page.reload();
    await uploads.shell.waitForHydration();
    await clearFaults();

    const entry = uploads.unfinishedEntry(fileName);
    await expect(entry.root).toBeVisible({ timeout: 60_000 });
    await expect(uploads.card(fileName).root).toHaveCount(0);
    await test.step("resume sends what is left", async () => {
      await expect(entry.resumeButton).toBeVisible({ timeout: 120_000 });
      // Part sent, the rest stored, nothing sending: "interrupted", never "sending".
      await expect(entry.fileStatus).toContainText(ja.uploads.fileStatus.paused, { timeout: 60_000 });
      const sentBefore = (await journalFiles(page.request, fileName))[0]?.batches.filter((b) => b.queId).length ?? 0;
      expect(sentBefore).toBeGreaterThanOrEqual(1);
      expect(sentBefore).toBeLessThan(4);
      await entry.resumeButton.click();
      // Once every batch is done the entry stays where it was resumed and says it finished; the
      // history says how it ended, and its details show each batch.
      await expect(uploads.historyRow(fileName)).toContainText(ja.uploads.fileStatus.done, { timeout: 240_000 });
      await expect(entry.root).toContainText(fill(ja.uploads.send.finished, { rows: 10_000 }), { timeout: 60_000 });
      await uploads.unfinished.getByRole("button", { name: ja.uploads.unfinished.dismiss }).click();
      await expect(entry.root).toHaveCount(0);
      const details = await uploads.openDetails(fileName);
      await details.expectAllDone(4);
    });

    await test.step("exactly one que job per batch, and the stock added once", async () => {
      expect(await queJobCount("staff")).toBe(jobsBefore + 4);
      await expectOneJobPerBatch(page, "staff", fileName, 4);
      await expectStock("staff", pairs, expected);
    });
  });
});

test.describe("the same file again", () => {
  test("asks first, naming who sent it and when; not sending sends nothing, confirming sends", async ({ page, consoleErrors }) => {
    // The journal answers the same file again with 409, which is what makes the page ask.
    consoleErrors.allow(failedResource(409, "/api/uploads"));
    test.setTimeout(300_000);
    const pairs = await stockPairs("staff", 3);
    const rows = stockRows(pairs, 6, reasonText);
    const bytes = warehouseStockCsv(rows);
    const fileName = `stock-twice-${run}.csv`;
    const before = await stockQuantities("staff", pairs);

    const uploads = new UploadsPage(page);
    await uploads.goto();
    await uploads.drop("warehouse-stock", { name: fileName, mimeType: "text/csv", buffer: bytes });
    let card = uploads.card(fileName);
    await card.expectClean(6);
    await card.sendButton.click();
    await card.expectAllDone(1);
    const [first] = await journalFiles(page.request, fileName);
    expect(first?.personName).toBeTruthy();
    await card.removeButton.click();
    await expect(card.root).toHaveCount(0);

    const jobsBefore = await queJobCount("staff");
    await uploads.drop("warehouse-stock", { name: fileName, mimeType: "text/csv", buffer: bytes });
    card = uploads.card(fileName);
    await card.expectClean(6);

    await test.step("Send asks first: who sent it, when, and how it ended", async () => {
      await card.sendButton.click();
      await expect(card.duplicateDialog).toBeVisible();
      const when = new Intl.DateTimeFormat("ja-JP", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Tokyo" }).format(new Date(first?.createdAt ?? ""));
      await expect(card.duplicateDialog).toContainText(
        fill(ja.uploads.duplicate.sentBefore, { date: when, person: first?.personName ?? "", status: ja.uploads.fileStatus.done }),
      );
      await expect(card.duplicateDialog).toContainText(ja.uploads.duplicate.question);
    });

    await test.step("not sending sends nothing", async () => {
      await card.duplicateDialog.getByRole("button", { name: ja.uploads.duplicate.dontSend }).click();
      await expect(card.duplicateDialog).toHaveCount(0);
      await expect(card.sendButton).toBeEnabled();
      expect(await journalFiles(page.request, fileName)).toHaveLength(1);
      expect(await queJobCount("staff")).toBe(jobsBefore);
    });

    await test.step("confirming sends it again", async () => {
      await card.sendButton.click();
      await card.duplicateDialog.getByRole("button", { name: ja.uploads.duplicate.sendAgain }).click();
      await card.expectAllDone(1);
      expect(await journalFiles(page.request, fileName)).toHaveLength(2);
      expect(await queJobCount("staff")).toBe(jobsBefore + 1);
      await expectStock("staff", pairs, expectedQuantities(expectedQuantities(before, rows), rows));
    });
  });
});

test.describe("a goods master file", () => {
  test("UTF-8 with BOM creates new goods that the goods grid finds", async ({ page }) => {
    test.setTimeout(240_000);
    const prefix = `E2E-${run.toUpperCase()}`;
    const goods = [1, 2, 3].map((i) => ({ code: `${prefix}-${i}`, name: `e2eテスト商品 ${run} ${i}` }));
    const text = ["syohin_code,syohin_name", ...goods.map((g) => `${g.code},${g.name}`)].join("\r\n") + "\r\n";
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, "utf8")]);
    const fileName = `goods-${run}.csv`;
    expect(await sandboxCall("staff", "/api_v1_master_goods/count", { "goods_id-like": `${prefix}%` })).toMatchObject({ count: "0" });

    const uploads = new UploadsPage(page);
    await uploads.goto();
    await uploads.drop("goods", { name: fileName, mimeType: "text/csv", buffer: bytes });
    const card = uploads.card(fileName);
    await card.expectClean(3);
    await expect(card.previewFact("encoding")).toHaveText(ja.uploads.preview.encodings["utf-8-bom"]);
    const label = labels("goods");
    await expect(card.previewColumn(label.get("syohin_code") as string, "syohin_code")).toBeVisible();
    await expect(card.previewColumn(label.get("syohin_name") as string, "syohin_name")).toBeVisible();
    await card.sendButton.click();
    await card.expectAllDone(1);

    const grid = new GoodsPage(page);
    await grid.goto();
    await grid.search(ja.goods.quick.keyword, prefix, { target: ja.goods.quick.goodsId });
    await expect.poll(() => decodeURIComponent(page.url())).toContain(`goods_id.like:${prefix}`);
    await grid.waitForRows();
    expect(await grid.total()).toBe(3);
    const { rows } = await grid.collectRows(["goods_id", "goods_name"]);
    expect(rows.map((r) => [r.cells.goods_id, r.cells.goods_name]).sort()).toEqual(goods.map((g) => [g.code, g.name]));
  });
});

test.describe("by keyboard only", () => {
  test("Tab to the drop zone, Enter opens the file chooser, Tab and Enter send, the queue finishes", async ({ page }) => {
    test.setTimeout(240_000);
    const pairs = await stockPairs("staff", 4);
    const rows = stockRows(pairs, 40, reasonText);
    const before = await stockQuantities("staff", pairs);
    const fileName = `stock-keyboard-${run}.csv`;
    const file = tempFile(fileName, warehouseStockCsv(rows));

    const uploads = new UploadsPage(page);
    await uploads.goto();
    const zone = uploads.dropZone("warehouse-stock");
    await uploads.shell.tabTo(zone, 80);
    await expect(zone).toBeFocused();
    const [chooser] = await Promise.all([page.waitForEvent("filechooser"), page.keyboard.press("Enter")]);
    await chooser.setFiles(file);
    const card = uploads.card(fileName);
    await card.expectClean(40);
    await uploads.shell.tabTo(card.sendButton, 80);
    await page.keyboard.press("Enter");
    await card.expectAllDone(1);
    await expectStock("staff", pairs, expectedQuantities(before, rows));
  });
});

test.describe("accessibility and English", () => {
  test("no axe violation empty and with a checked file; in English the kinds and drop zones are named in English", async ({ page }) => {
    test.setTimeout(240_000);
    const uploads = new UploadsPage(page);
    await uploads.goto();
    await expect(uploads.dropZone("goods")).toBeVisible();
    expect(await uploads.a11yViolations()).toEqual([]);

    const pairs = await stockPairs("staff", 3);
    const rows = stockRows(pairs, 30, reasonText);
    rows[4] = { ...(rows[4] as (typeof rows)[number]), kasan: "x" };
    const fileName = `stock-a11y-${run}.csv`;
    await uploads.drop("warehouse-stock", { name: fileName, mimeType: "text/csv", buffer: warehouseStockCsv(rows) });
    const card = uploads.card(fileName);
    await expect(card.problemAt(6)).toHaveCount(1, { timeout: 120_000 });
    expect(await uploads.a11yViolations()).toEqual([]);

    await uploads.shell.switchLanguage("en");
    for (const kind of ["warehouse-stock", "goods"] as const) {
      const name = en.uploads.kinds[kind];
      await expect(uploads.kindPanel(kind).getByRole("heading", { level: 2 })).toHaveText(name);
      await expect(uploads.dropZone(kind)).toBeVisible();
      await expect(uploads.dropZoneOf(kind)).toHaveAccessibleName(new RegExp(`^${name}: `));
    }
    expect(en.uploads.kinds).toEqual({ "warehouse-stock": "Warehouse stock", goods: "Goods master", stocktake: "Stocktake" });
    expect(await uploads.shell.japaneseTextOutsideLangJa()).toEqual([]);
  });
});
