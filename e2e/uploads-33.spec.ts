import { readFileSync } from "node:fs";
import iconv from "iconv-lite";
import en from "../messages/en.json";
import ja from "../messages/ja.json";
import { expect, test } from "./fixtures";
import { sandboxCall } from "./pages/sandbox-api";
import { fill, journalFiles, pairKey, stockPairs, stockQuantities, UploadsPage, type StockPair } from "./pages/uploads-page";

// Issue 33's stories of the /uploads page against the sandbox: uploads that do what the operator
// means. A confirmed warning cannot sink the valid rows; the queue's refusal names the file's line,
// in the page's language only; a resend says first whether it can succeed now.

const run = `${Date.now().toString(36)}`;
const reason = `e2e33 ${run}`;

type Row = { pair: Pick<StockPair, "warehouseName" | "goodsCode">; kasan?: string; gensan?: string };
function stockCsv(rows: readonly Row[]): Buffer {
  const lines = ["kyoten_mei,syohin_code,kasan_su,gensan_su,nyusyukko_riyu", ...rows.map((r) => [r.pair.warehouseName, r.pair.goodsCode, r.kasan ?? "", r.gensan ?? "", reason].join(","))];
  return iconv.encode(`${lines.join("\r\n")}\r\n`, "cp932");
}

test.use({ viewport: { width: 1440, height: 900 } });

for (const [user, locale] of [
  ["operator", "ja"],
  ["staff", "en"],
] as const) {
  test.describe(`as ${user} (company ${user === "operator" ? 2 : 1}), in ${locale === "ja" ? "Japanese" : "English"}`, () => {
    test.use({ user });

    test("5 rows in error left out and a confirmed warning: the 3 valid rows are applied, the warning row is refused alone, named by its file line", async ({ page }) => {
      test.setTimeout(240_000);
      const t = (locale === "ja" ? ja : en).uploads;
      const [a, b, c, d] = await stockPairs(user, 4);
      if (!a || !b || !c || !d) throw new Error("four stock pairs");
      const bad = (pair: StockPair, kasan: string): Row => ({ pair, kasan });
      // Lines 2–10: valid, error, error, valid, error, error, error, below zero (line 9), valid.
      const rows: Row[] = [
        { pair: a, kasan: "1" },
        bad(a, "-3"),
        bad(b, "abc"),
        { pair: b, kasan: "2" },
        bad(c, "1.5"),
        { pair: c, kasan: "1", gensan: "1" },
        bad(d, ""),
        { pair: c, gensan: String(c.quantity + 5) },
        { pair: d, kasan: "3" },
      ];
      const before = await stockQuantities(user, [a, b, c, d]);
      const fileName = `sink-${user}-${run}.csv`;

      const uploads = new UploadsPage(page);
      await uploads.goto();
      if (locale === "en") await uploads.shell.switchLanguage("en");
      await uploads.drop("warehouse-stock", { name: fileName, mimeType: "text/csv", buffer: stockCsv(rows) });
      const card = uploads.card(fileName);

      await test.step("5 rows in error and 1 warning; leave out the errors and confirm the warning", async () => {
        await expect(card.root).toContainText(fill(t.card.problems, { errors: 5, warnings: 1 }), { timeout: 120_000 });
        // The English label is a plural message: named by its words for 5 rows.
        await (locale === "ja" ? card.excludeErrors : card.root.getByRole("checkbox", { name: /^Leave out the 5 rows in error and send the other 4 rows/ })).check();
        await card.root.getByRole("checkbox", { name: fill(t.options.confirmWarnings, { count: 1 }) }).check();
        await expect(card.sendButton).toBeEnabled();
        await card.sendButton.click();
      });

      await test.step("batch 1 (lines 2, 5, 10) is done; batch 2 (line 9 alone) is refused by the queue", async () => {
        await expect(card.batchRows).toHaveCount(2, { timeout: 60_000 });
        await expect(card.batchRows.nth(0)).toHaveAttribute("data-batch-state", "done", { timeout: 120_000 });
        await expect(card.batchRows.nth(1)).toHaveAttribute("data-batch-state", "failed", { timeout: 120_000 });
        const [file] = await journalFiles(page.request, fileName);
        expect(file?.batches.map((x) => [x.firstLine, x.lastLine, x.rows, x.state])).toEqual([
          [2, 10, 3, "done"],
          [9, 9, 1, "failed"],
        ]);
      });

      await test.step("the refusal names line 9 of the file, in the page's language only", async () => {
        const outcome = card.root.locator('[data-batch-outcome="queue-refused"]');
        await expect(outcome).toBeVisible();
        await expect(outcome).toContainText(fill(t.outcome.queueRefusedTitle, { rows: 1 }));
        await expect(outcome.locator('[data-que-problems] li[data-line="9"]')).toHaveCount(1);
        expect(await uploads.a11yViolations()).toEqual([]);
        const problem = await outcome.locator("[data-que-problems] li").first().innerText();
        if (locale === "ja") {
          expect(problem).toContain("9行目");
          expect(problem).not.toMatch(/line \d|below zero/);
        } else {
          expect(problem).toMatch(/^Line 9 \[gensan_su\]: stock would go below zero/);
          expect(problem).not.toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
        }
      });

      await test.step("the 3 valid rows were applied; the warning row's stock did not change", async () => {
        const now = await stockQuantities(user, [a, b, c, d]);
        const key = (p: StockPair) => pairKey(p.warehouseId, p.goodsCode);
        expect(now.get(key(a))).toBe((before.get(key(a)) ?? 0) + 1);
        expect(now.get(key(b))).toBe((before.get(key(b)) ?? 0) + 2);
        expect(now.get(key(c))).toBe(before.get(key(c)));
        expect(now.get(key(d))).toBe((before.get(key(d)) ?? 0) + 3);
      });

      await test.step("Resend first checks the current stock: it would be refused again, at line 9", async () => {
        await card.batchRows.nth(1).getByRole("button", { name: fill(t.batches.resendLabel, { batch: fill(t.batches.name, { index: 2, total: 2 }) }) }).click();
        const verdict = card.root.locator('[data-resend-verdict="refused"]');
        await expect(verdict).toContainText(t.batches.wouldFail, { timeout: 60_000 });
        await expect(verdict).toContainText(fill(t.batches.problemLine, { line: 9 }));
        await expect(card.root.getByRole("button", { name: t.batches.keep })).toBeFocused();
        await page.keyboard.press("Enter");
        await expect(verdict).toHaveCount(0);
      });

      await test.step("the history counts the rows meant to be sent (4), not the rows left out", async () => {
        const list = await page.request.get(`/api/uploads?q=${encodeURIComponent(fileName)}`);
        const { files } = (await list.json()) as { files: { fileName: string; rows: number; sendRows: number; sentRows: number }[] };
        expect(files.find((f) => f.fileName === fileName)).toMatchObject({ rows: 9, sendRows: 4, sentRows: 3 });
        const row = page.getByRole("row").filter({ hasText: fileName }).last();
        await expect(row).toContainText(fill(t.journal.rowsSent, { sent: 3, rows: 4 }), { timeout: 30_000 });
      });
    });
  });
}

for (const [user, locale] of [
  ["operator", "ja"],
  ["staff", "en"],
] as const) {
  test.describe(`after a warehouse stock upload, as ${user} in ${locale === "ja" ? "Japanese" : "English"}`, () => {
    test.use({ user });

    test("the report shows before, change and after read back, downloads, and Undo brings every stock back (a new link is removed)", async ({ page }) => {
      test.setTimeout(300_000);
      const t = (locale === "ja" ? ja : en).uploads;
      const pairs = await stockPairs(user, 30);
      // A goods of the company with no stock row in one of its warehouses: the upload links it there.
      const warehouses = ((await sandboxCall(user, "/api_v1_warehouse_base/search", { fields: "warehouse_id,warehouse_name" })).data ?? []).map(
        (w) => [w.warehouse_id as string, w.warehouse_name as string] as const,
      );
      const held = await stockQuantities(user, pairs);
      let found: { a: StockPair; awayId: string; awayName: string } | undefined;
      for (const p of pairs) {
        const away = warehouses.find(([id]) => !held.has(pairKey(id, p.goodsCode)));
        if (away) {
          found = { a: p, awayId: away[0], awayName: away[1] };
          break;
        }
      }
      expect(found, "a goods without stock in one of the warehouses").toBeTruthy();
      const { a, awayId, awayName } = found as { a: StockPair; awayId: string; awayName: string };
      const [b, c] = pairs.filter((p) => p.goodsCode !== a.goodsCode) as [StockPair, StockPair];
      // Additions only (a subtraction could meet allocated stock); the undo subtracts them again.
      const rows: Row[] = [
        { pair: a, kasan: "5" },
        { pair: b, kasan: "2" },
        { pair: c, kasan: "1" },
        { pair: c, kasan: "2" },
        { pair: { warehouseName: awayName, goodsCode: a.goodsCode }, kasan: "4" },
      ];
      const all = [a, b, c];
      const before = await stockQuantities(user, all);
      const fileName = `report-undo-${user}-${run}.csv`;

      const uploads = new UploadsPage(page);
      await uploads.goto();
      if (locale === "en") await uploads.shell.switchLanguage("en");
      await uploads.drop("warehouse-stock", { name: fileName, mimeType: "text/csv", buffer: stockCsv(rows) });
      const card = uploads.card(fileName);
      await card.expectClean(rows.length);
      await card.sendButton.click();
      await card.expectAllDone(1);

      const report = card.root.locator('[data-upload-report="stock"]');
      await test.step("the report: 4 pairs as planned, the linked pair among them", async () => {
        await expect(report.locator("[data-report-summary]")).toHaveText(fill(t.report.stockSummary, { pairs: 4, matched: 4, mismatched: 0 }), { timeout: 60_000 });
        await expect(report.locator('tr[data-report-match="no"]')).toHaveCount(0);
        const cRow = report.locator(`tr[data-report-code="${c.goodsCode}"]`).filter({ hasText: c.warehouseName });
        await expect(cRow).toContainText("+3");
        const [download] = await Promise.all([page.waitForEvent("download"), report.getByRole("button", { name: t.report.download }).click()]);
        const text = readFileSync(await download.path(), "utf8").replace(/^\uFEFF/, "");
        expect(text.split("\r\n")[0]).toBe(locale === "ja" ? "倉庫名,商品コード,変更前,変更数,変更後（予定）,変更後（実際）,棚卸数,一致,備考" : "Warehouse,Goods code,Before,Change,After (expected),After (actual),Counted,Match,Note");
        expect(text).toContain(`${awayName},${a.goodsCode},0,4,4,4,`);
      });

      await test.step("Undo adds a checked upload of the inverse; sent, every stock is back and the new link is gone", async () => {
        expect(await uploads.a11yViolations()).toEqual([]);
        // By keyboard: the Undo button takes focus and Enter.
        await report.getByRole("button", { name: t.report.undo }).focus();
        await page.keyboard.press("Enter");
        await expect(report).toContainText(t.report.undoAdded);
        const undo = uploads.card(`undo-${fileName}`);
        await undo.expectClean(5);
        // Shown as a diff before it is sent: the 4 pairs go back (5 + 2 + 3 + 4 subtracted), the new link is removed.
        await expect(undo.root.locator("[data-stock-changes-summary]")).toHaveText(
          fill(t.stockChanges.summary, { pairs: 4, added: 0, subtracted: 14, linked: 0, unlinked: 1 }),
        );
        await undo.sendButton.click();
        await undo.expectAllDone(1);
        const now = await stockQuantities(user, all);
        for (const p of all) expect(now.get(pairKey(p.warehouseId, p.goodsCode)), `${p.warehouseName} / ${p.goodsCode}`).toBe(before.get(pairKey(p.warehouseId, p.goodsCode)));
        expect(now.has(pairKey(awayId, a.goodsCode)), "the link the upload made is removed").toBe(false);
        const [entry] = await journalFiles(page.request, `undo-${fileName}`);
        expect(entry).toMatchObject({ purpose: "undo" });
      });
    });
  });
}
