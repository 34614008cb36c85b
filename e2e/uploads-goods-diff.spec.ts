import { readFileSync } from "node:fs";
import { UPLOAD_COLUMNS } from "../lib/csv/columns";
import en from "../messages/en.json";
import ja from "../messages/ja.json";
import { expect, failedResource, test } from "./fixtures";
import { GoodsPage } from "./pages/catalog-page";
import { messagePattern } from "./pages/messages";
import { sandboxCall } from "./pages/sandbox-api";
import { fill, UploadsPage } from "./pages/uploads-page";
import type { SandboxUser } from "./fixtures";

// Issue 33 item 3 on the /uploads page, against the sandbox: a goods master file is compared with
// the goods it names before it is sent. 10 new goods and 20 changed ones (their names, and the
// price of two): the counts and the changed fields are shown before Send and the diff CSV has
// them; once sent, the goods grid shows the new values; the upload's undo restores the old names.

const run = Date.now().toString(36).toUpperCase();

type Goods = { code: string; name: string; price: string };

/** 20 live goods of the company whose code and name a plain CSV cell carries as they are. */
async function existingGoods(user: SandboxUser, count: number): Promise<Goods[]> {
  const rows = (await sandboxCall(user, "/api_v1_master_goods/search", { fields: "goods_id,goods_name,goods_selling_price,goods_deleted_flag", limit: "10000" })).data ?? [];
  const plain = rows
    .filter((r) => r.goods_deleted_flag !== "1")
    .map((r) => ({ code: r.goods_id ?? "", name: r.goods_name ?? "", price: r.goods_selling_price ?? "" }))
    .filter((g) => /^[A-Za-z0-9_-]{1,40}$/.test(g.code) && g.name.trim() !== "" && g.name === g.name.trim() && !/[",\r\n]|^[=+\-@]/.test(g.name) && /^\d+(\.0+)?$/.test(g.price))
    .sort((a, b) => a.code.localeCompare(b.code));
  expect(plain.length).toBeGreaterThanOrEqual(count);
  // From the end of the list: the goods other stories read first are left as they are.
  return plain.slice(-count);
}

async function namesOf(user: SandboxUser, codes: readonly string[]): Promise<Map<string, Goods>> {
  const rows = (await sandboxCall(user, "/api_v1_master_goods/search", { fields: "goods_id,goods_name,goods_selling_price", "goods_id-in": codes.join(","), limit: "10000" })).data ?? [];
  return new Map(rows.map((r) => [r.goods_id ?? "", { code: r.goods_id ?? "", name: r.goods_name ?? "", price: r.goods_selling_price ?? "" }]));
}

/** Cells of a CSV without quoted commas (the values of this story have none). */
const csvRows = (text: string) =>
  text
    .replace(/^\ufeff/, "")
    .split("\r\n")
    .filter((l) => l !== "")
    .map((l) => l.split(",").map((c) => c.replace(/^"(.*)"$/, "$1").replace(/""/g, '"')));

const whole = (price: string) => String(Number(price));
/** A goods column as the page names it: its label in the locale, then its CSV name. */
const columnName = (name: string, locale: "ja" | "en") => `${UPLOAD_COLUMNS.goods.find((c) => c.name === name)?.label[locale]} ${name}`;

test.use({ viewport: { width: 1440, height: 900 } });

for (const [user, locale] of [
  ["operator", "ja"],
  ["staff", "en"],
] as const) {
  test.describe(`as ${user} (company ${user === "operator" ? 2 : 1}), in ${locale === "ja" ? "Japanese" : "English"}`, () => {
    test.use({ user });

    test("10 new and 20 changed goods: the diff before Send and its CSV, the goods grid after, the undo restores the old names", async ({ page, consoleErrors }) => {
      test.setTimeout(360_000);
      // The undo writes back the same old values each time this story runs: on a sandbox kept from
      // an earlier run the journal knows that file (409) and the page asks before sending it again.
      consoleErrors.allow(failedResource(409, "/api/uploads"));
      const messages = locale === "ja" ? ja : en;
      const t = messages.uploads;
      const marker = `E2E差分${run}${user === "operator" ? "O" : "S"}`;
      const changed = await existingGoods(user, 20);
      const created: Goods[] = Array.from({ length: 10 }, (_, i) => ({ code: `GD${run}${user[0]}-${i + 1}`.toUpperCase(), name: `${marker} 新商品 ${i + 1}`, price: "500" }));
      // New names for all 20, a new price for the first two.
      const after = changed.map((g, i) => ({ ...g, name: `${marker} ${i + 1}`, price: i < 2 ? String(Number(g.price) + 10) : g.price }));
      const lines = ["syohin_code,syohin_name,baika_tnk", ...after.map((g, i) => `${g.code},${g.name},${i < 2 ? g.price : ""}`), ...created.map((g) => `${g.code},${g.name},${g.price}`)];
      const fileName = `goods-diff-${user}-${run}.csv`;

      const uploads = new UploadsPage(page);
      await uploads.goto();
      if (locale === "en") await uploads.shell.switchLanguage("en");
      await uploads.drop("goods", { name: fileName, mimeType: "text/csv", buffer: Buffer.from(`${lines.join("\r\n")}\r\n`, "utf8") });
      const card = uploads.card(fileName);
      const diff = card.root.getByRole("region", { name: t.diff.title, exact: true });

      await test.step("before Send: 10 new, 20 changed, 0 unchanged; 22 fields change, each old → new", async () => {
        await card.expectClean(30);
        await expect(diff.getByRole("status")).toHaveText(t.diff.ready, { timeout: 60_000 });
        const count = (term: string) => diff.locator("dl > div").filter({ has: page.getByRole("term").filter({ hasText: new RegExp(`^${term}$`) }) }).getByRole("definition");
        await expect(count(t.diff.counts.new)).toHaveText("10");
        await expect(count(t.diff.counts.changed)).toHaveText("20");
        await expect(count(t.diff.counts.unchanged)).toHaveText("0");
        await expect(count(t.diff.counts.excluded)).toHaveText("0");
        await expect(count(t.diff.counts.skipped)).toHaveText("0");
        await expect(diff).toContainText(fill(t.diff.summary, { changed: 20, cells: 22, created: 10 }));
        const table = diff.getByRole("region", { name: messagePattern(t.diff.changes.caption) }).getByRole("table");
        await expect(table).toHaveAttribute("aria-rowcount", "23");
        const first = table.locator("tbody tr[aria-rowindex='2'] td");
        await expect(first).toHaveText([changed[0]?.code as string, "2", columnName("syohin_name", locale), changed[0]?.name as string, after[0]?.name as string]);
        const second = table.locator("tbody tr[aria-rowindex='3'] td");
        await expect(second).toHaveText([changed[0]?.code as string, "2", columnName("baika_tnk", locale), changed[0]?.price as string, after[0]?.price as string]);
        await expect(diff.getByRole("region", { name: messagePattern(t.diff.created.caption) }).getByRole("table")).toHaveAttribute("aria-rowcount", "11");
        // The Send button waits for nothing more, and the page has no axe violation with the diff shown.
        await expect(card.sendButton).toBeEnabled();
        expect(await uploads.a11yViolations()).toEqual([]);
      });

      await test.step("the diff CSV, in the page's language, has every new goods and every changed field", async () => {
        const [download] = await Promise.all([page.waitForEvent("download"), diff.getByRole("button", { name: t.diff.download, exact: true }).click()]);
        expect(download.suggestedFilename()).toBe(`goods-diff-${user}-${run}-diff.csv`);
        const rows = csvRows(readFileSync(await download.path(), "utf8"));
        expect(rows[0]).toEqual(locale === "ja" ? ["商品コード", "行", "区分", "列", "項目", "変更前", "変更後"] : ["Goods code", "Line", "Change", "Column", "Field", "Before", "After"]);
        const kinds = locale === "ja" ? { created: "新規", changed: "変更" } : { created: "New", changed: "Changed" };
        expect(rows.slice(1).filter((r) => r[2] === kinds.created).map((r) => [r[0], r[1]])).toEqual(created.map((g, i) => [g.code, String(22 + i)]));
        const cells = rows.slice(1).filter((r) => r[2] === kinds.changed);
        expect(cells).toHaveLength(22);
        expect(cells.filter((r) => r[3] === "syohin_name").map((r) => [r[0], r[5], r[6]])).toEqual(changed.map((g, i) => [g.code, g.name, after[i]?.name]));
        expect(cells.filter((r) => r[3] === "baika_tnk").map((r) => [r[0], whole(r[5] ?? ""), r[6]])).toEqual(changed.slice(0, 2).map((g, i) => [g.code, whole(g.price), after[i]?.price]));
      });

      /** The goods grid (in a second tab of the same session: the cards stay on /uploads) searched by the marker. */
      const gridShows = async () => {
        const tab = await page.context().newPage();
        try {
          const grid = new GoodsPage(tab, locale);
          await grid.goto();
          await grid.search(messages.goods.quick.keyword, marker, { target: messages.goods.quick.goodsName });
          await expect.poll(() => decodeURIComponent(tab.url())).toContain(marker);
          await grid.waitForRows();
          const { rows } = await grid.collectRows(["goods_id", "goods_name", "goods_selling_price"]);
          return new Map(rows.map((r) => [r.cells.goods_id ?? "", r.cells]));
        } finally {
          await tab.close();
        }
      };
      const price = (shown: string | undefined) => whole((shown ?? "").replace(/[^\d.]/g, ""));

      await test.step("sent: the report names what it did, and the goods grid shows the new names and prices of the 30 goods", async () => {
        await card.sendButton.click();
        await card.expectAllDone(1);
        const report = card.root.locator('[data-upload-report="goods"]');
        await expect(report).toContainText(fill(t.report.goodsSummary, { created: 10, changed: 20, cells: 22 }), { timeout: 60_000 });
        const shown = await gridShows();
        expect(shown.size).toBe(30);
        for (const g of [...after, ...created]) {
          expect(shown.get(g.code)?.goods_name, g.code).toBe(g.name);
          expect(price(shown.get(g.code)?.goods_selling_price), g.code).toBe(whole(g.price));
        }
      });

      await test.step("Undo adds an upload of the old values; its diff says 20 goods go back (none created); sent by keyboard, it restores the old names and prices", async () => {
        await card.root.locator('[data-upload-report="goods"]').getByRole("button", { name: t.report.undo, exact: true }).click();
        const undo = uploads.card(`undo-goods-diff-${user}-${run}.csv`);
        await undo.expectClean(20);
        const undoDiff = undo.root.getByRole("region", { name: t.diff.title, exact: true });
        await expect(undoDiff.getByRole("status")).toHaveText(t.diff.ready, { timeout: 60_000 });
        await expect(undoDiff).toContainText(fill(t.diff.summary, { changed: 20, cells: 22, created: 0 }));
        const first = undoDiff.getByRole("region", { name: messagePattern(t.diff.changes.caption) }).locator("tbody tr[aria-rowindex='2'] td");
        await expect(first).toHaveText([changed[0]?.code as string, "2", columnName("syohin_name", locale), after[0]?.name as string, changed[0]?.name as string]);
        expect(await uploads.a11yViolations()).toEqual([]);
        // From the diff's download button, Tab reaches Send (past the table and the choices); Enter sends.
        await undoDiff.getByRole("button", { name: t.diff.download, exact: true }).focus();
        for (let i = 0; i < 10; i += 1) {
          await page.keyboard.press("Tab");
          if (await undo.sendButton.evaluate((el) => el === document.activeElement)) break;
        }
        await expect(undo.sendButton).toBeFocused();
        await page.keyboard.press("Enter");
        await expect(undo.duplicateDialog.or(undo.batchTable).first()).toBeVisible({ timeout: 60_000 });
        if (await undo.duplicateDialog.isVisible()) {
          await expect(undo.duplicateDialog).toContainText(t.duplicate.question);
          await undo.duplicateDialog.getByRole("button", { name: t.duplicate.sendAgain, exact: true }).click();
        }
        await undo.expectAllDone(1);
        const now = await namesOf(user, changed.map((g) => g.code));
        for (const g of changed) {
          expect(now.get(g.code)?.name, g.code).toBe(g.name);
          expect(whole(now.get(g.code)?.price ?? ""), g.code).toBe(whole(g.price));
        }
        // The grid finds only the created goods by the marker now (the API cannot delete them).
        const shown = await gridShows();
        expect([...shown.keys()].sort()).toEqual(created.map((g) => g.code).sort());
      });
    });
  });
}
