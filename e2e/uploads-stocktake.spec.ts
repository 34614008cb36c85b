import { readFileSync } from "node:fs";
import iconv from "iconv-lite";
import en from "../messages/en.json";
import ja from "../messages/ja.json";
import { expect, sandboxUrl, test, type SandboxUser } from "./fixtures";
import { sandboxCall, sandboxToken } from "./pages/sandbox-api";
import { fill, journalFiles, queJobs, tempFile, UploadsPage } from "./pages/uploads-page";

// Issue 33's stocktake on /uploads against the sandbox: a count of 1,200 goods in one warehouse
// (differences up, down and none) whose 30 other stocked goods are set to 0. The stock of two
// counted goods is changed through the API while the card shows the preview: Send reads the stock
// again, shows those rows (before → now, the difference recomputed) and sends only once confirmed.
// Afterwards every counted goods' stock equals its count (read from the sandbox), the 30 are 0,
// each batch was queued once, and the report (the lead's upload-report.tsx) is downloadable.
//
// The warehouse: the company's warehouse (other than 基本拠点, which stocks every goods) with the
// fewest stocked goods, topped up to exactly 1,230 live stocked goods with goods this run creates
// and links through the API (goods uploads, then a warehouse-stock upload); goods of earlier runs
// still stocked there are first set to 0, so each run starts from the same count.

const run = Date.now().toString(36);
const PREFIX = "E2EST-";
const TOTAL = 1230;
const UNMENTIONED = 30;

test.use({ viewport: { width: 1440, height: 900 } });

type Row = Record<string, string | null>;
type Stocked = { code: string; quantity: number; allocated: number };

const csvCell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
const csvText = (lines: string[][]) => `${lines.map((l) => l.map(csvCell).join(",")).join("\r\n")}\r\n`;

/** Every row of a search, 10,000 at a time. */
async function allRows(user: SandboxUser, path: string, params: Record<string, string>): Promise<Row[]> {
  const out: Row[] = [];
  for (let offset = 0; ; offset += 10_000) {
    const rows = (await sandboxCall(user, path, { ...params, offset: String(offset), limit: "10000" })).data ?? [];
    out.push(...rows);
    if (rows.length < 10_000) return out;
  }
}

/** An upload through the API itself (as another program would), followed until its queue job is done. */
async function apiUpload(user: SandboxUser, path: string, data: string): Promise<void> {
  const body = new URLSearchParams({ access_token: await sandboxToken(user), data_type: "csv", data });
  const res = await fetch(`${sandboxUrl}${path}`, { method: "POST", body });
  const answer = (await res.json()) as { result: string; que_id?: string; message?: string };
  expect(answer.result, answer.message).toBe("success");
  const queId = answer.que_id ?? "";
  await expect
    .poll(async () => {
      const [job] = await queJobs(user, [queId]);
      if (job?.que_status_id === "-1") throw new Error(`que ${queId} failed: ${job.que_message ?? ""}`);
      return job?.que_status_id;
    }, { timeout: 120_000, intervals: [500, 1000, 2000] })
    .toBe("2");
}

const STOCK_HEADER = ["kyoten_mei", "syohin_code", "kasan_su", "gensan_su", "nyusyukko_riyu"];

/** The stocked goods (quantity > 0) of a warehouse: code → stock. */
async function stockOf(user: SandboxUser, warehouseId: string): Promise<Map<string, Stocked>> {
  const rows = await allRows(user, "/api_v1_warehouse_stock/search", {
    fields: "warehouse_stock_goods_id,warehouse_stock_quantity,warehouse_stock_allocation_quantity",
    "warehouse_stock_warehouse_id-eq": warehouseId,
  });
  const out = new Map<string, Stocked>();
  for (const r of rows) {
    const code = r.warehouse_stock_goods_id as string;
    out.set(code, { code, quantity: Number(r.warehouse_stock_quantity), allocated: Number(r.warehouse_stock_allocation_quantity) });
  }
  return out;
}

interface Setup {
  warehouseId: string;
  warehouse: string;
  /** Counted in the file: code, stock before, count. */
  counted: { code: string; before: number; count: number }[];
  /** Stocked goods of the warehouse the file leaves out (set to 0). */
  unmentioned: string[];
  /** Deleted goods still stocked there (not countable, cannot be set to 0). */
  deletedStocked: string[];
}

/** The warehouse with 1,230 live stocked goods, and the stocktake of 1,200 of them. */
async function prepareWarehouse(user: SandboxUser): Promise<Setup> {
  const warehouses = (await sandboxCall(user, "/api_v1_warehouse_base/search", { fields: "warehouse_id,warehouse_name" })).data ?? [];
  const goods = await allRows(user, "/api_v1_master_goods/search", { fields: "goods_id,goods_deleted_flag" });
  const deleted = new Set(goods.filter((g) => g.goods_deleted_flag === "1").map((g) => g.goods_id as string));
  const candidates: { id: string; name: string; stock: Map<string, Stocked>; live: number }[] = [];
  for (const w of warehouses.filter((x) => String(x.warehouse_id) !== "1")) {
    const stock = await stockOf(user, String(w.warehouse_id));
    let live = 0;
    for (const s of stock.values()) if (s.quantity > 0 && !deleted.has(s.code) && !s.code.startsWith(PREFIX)) live++;
    candidates.push({ id: String(w.warehouse_id), name: w.warehouse_name as string, stock, live });
  }
  candidates.sort((a, b) => a.live - b.live);
  const w = candidates[0];
  if (!w) throw new Error("no warehouse other than 基本拠点");
  expect(w.live, `live stocked goods of ${w.name}`).toBeLessThanOrEqual(TOTAL - 300);

  // Goods of earlier runs still stocked here: set to 0 (their allocation is 0: they are never ordered).
  const old = [...w.stock.values()].filter((s) => s.code.startsWith(PREFIX) && s.quantity > 0);
  if (old.length > 0) await apiUpload(user, "/api_v1_warehouse_stock/upload", csvText([STOCK_HEADER, ...old.map((s) => [w.name, s.code, "", String(s.quantity), "e2e reset"])]));

  // New goods of this run, linked with 10..16 in stock.
  const fresh = Array.from({ length: TOTAL - w.live }, (_, i) => `${PREFIX}${run}-${String(i).padStart(4, "0")}`);
  for (let i = 0; i < fresh.length; i += 500) {
    const part = fresh.slice(i, i + 500);
    await apiUpload(user, "/api_v1_master_goods/upload", csvText([["syohin_code", "syohin_name", "baika_tnk"], ...part.map((c) => [c, `棚卸テスト ${c}`, "100"])]));
  }
  await apiUpload(user, "/api_v1_warehouse_stock/upload", csvText([STOCK_HEADER, ...fresh.map((c, i) => [w.name, c, String(10 + (i % 7)), "", "e2e link"])]));

  const now = await stockOf(user, w.id);
  const live = [...now.values()].filter((s) => s.quantity > 0 && !deleted.has(s.code));
  expect(live.length).toBe(TOTAL);
  const unmentioned = fresh.slice(-UNMENTIONED);
  const countedFresh = fresh.slice(0, -UNMENTIONED);
  const counted: Setup["counted"] = [];
  // Fresh goods: up 3, down 2, or as they are, in turn; the warehouse's own goods: as they are.
  countedFresh.forEach((code, i) => {
    const before = now.get(code)?.quantity ?? 0;
    counted.push({ code, before, count: i % 3 === 0 ? before + 3 : i % 3 === 1 ? before - 2 : before });
  });
  for (const s of live) if (!s.code.startsWith(PREFIX)) counted.push({ code: s.code, before: s.quantity, count: s.quantity });
  expect(counted).toHaveLength(TOTAL - UNMENTIONED);
  const deletedStocked = [...now.values()].filter((s) => s.quantity > 0 && deleted.has(s.code)).map((s) => s.code);
  return { warehouseId: w.id, warehouse: w.name, counted, unmentioned, deletedStocked };
}

/** Japanese headers and Shift_JIS, or the machine names in UTF-8. */
function stocktakeFile(setup: Setup, form: "ja-sjis" | "names-utf8"): Buffer {
  const header = form === "ja-sjis" ? ["倉庫名", "商品コード", "棚卸数"] : ["kyoten_mei", "syohin_code", "tanaoroshi_su"];
  const text = csvText([header, ...setup.counted.map((c) => [setup.warehouse, c.code, String(c.count)])]);
  return form === "ja-sjis" ? iconv.encode(text, "cp932") : Buffer.from(text, "utf8");
}

for (const [user, locale] of [
  ["operator", "ja"],
  ["staff", "en"],
] as const) {
  test.describe(`as ${user} (company ${user === "operator" ? 2 : 1}), in ${locale === "ja" ? "Japanese" : "English"}`, () => {
    test.use({ user });

    test("a stocktake of 1,200 goods (up, down, none) with 30 unmentioned goods set to 0; a change between preview and send is caught and recomputed; every stock then equals its count", async ({ page }) => {
      test.setTimeout(600_000);
      const t = (locale === "ja" ? ja : en).uploads;
      const st = t.stocktake;
      const setup = await prepareWarehouse(user);
      const fileName = `stocktake-${user}-${run}.csv`;
      const journalName = fileName;
      const file = tempFile(fileName, stocktakeFile(setup, locale === "ja" ? "ja-sjis" : "names-utf8"));
      const up = setup.counted.filter((c) => c.count > c.before).length;
      const down = setup.counted.filter((c) => c.count < c.before).length;
      const none = setup.counted.length - up - down;

      const uploads = new UploadsPage(page);
      await uploads.goto();
      if (locale === "en") await uploads.shell.switchLanguage("en");
      const card = uploads.card(fileName);

      await test.step("keyboard: Tab to the stocktake's drop zone, Enter opens the file chooser", async () => {
        await expect(uploads.kindPanel("stocktake").getByRole("heading", { level: 2 })).toHaveText(t.kinds.stocktake);
        const zone = uploads.dropZone("stocktake");
        await expect(uploads.dropZoneOf("stocktake")).toHaveAccessibleName(fill(t.drop.label, { kind: t.kinds.stocktake }));
        await uploads.shell.tabTo(zone, 120);
        const [chooser] = await Promise.all([page.waitForEvent("filechooser"), page.keyboard.press("Enter")]);
        await chooser.setFiles(file);
      });

      await test.step("the card compares 1,200 rows: counts of up, down, none; the filter shows each; 30 goods not in the file", async () => {
        await expect(card.root.getByRole("status").first()).toHaveText(
          fill(st.computed, { rows: "1,200", up, down, none, errors: 0 }),
          { timeout: 180_000 },
        );
        const table = card.root.locator("table[data-stocktake-rows]");
        await expect(table).toHaveAttribute("aria-rowcount", String(1200 + 1));
        // Keyboard: the filter is a radio group (arrow keys move the choice).
        const all = card.root.getByRole("radio", { name: fill(st.filter.all, { count: "1,200" }) });
        await all.focus();
        await page.keyboard.press("ArrowRight");
        await expect(card.root.getByRole("radio", { name: fill(st.filter.up, { count: up.toLocaleString("en-US") }) })).toBeChecked();
        await expect(table).toHaveAttribute("aria-rowcount", String(up + 1));
        const firstUp = table.locator("tbody tr[data-status]").first();
        await expect(firstUp).toHaveAttribute("data-status", "up");
        const code = await firstUp.locator("td").nth(2).innerText();
        const row = setup.counted.find((c) => c.code === code);
        expect(row, code).toBeTruthy();
        await expect(firstUp.locator('[data-cell="difference"]')).toHaveText(`+${(row?.count ?? 0) - (row?.before ?? 0)}`);
        await page.keyboard.press("ArrowRight");
        await expect(table).toHaveAttribute("aria-rowcount", String(down + 1));
        await expect(table.locator("tbody tr[data-status]").first()).toHaveAttribute("data-status", "down");
        await page.keyboard.press("ArrowRight");
        await expect(table).toHaveAttribute("aria-rowcount", String(none + 1));
        await page.keyboard.press("ArrowRight");
        await expect(table).toHaveAttribute("aria-rowcount", "1");

        const unmentioned = card.root.locator("[data-stocktake-unmentioned]");
        const listed = UNMENTIONED + setup.deletedStocked.length;
        await expect(unmentioned.getByRole("heading", { level: 4 })).toHaveText(fill(st.unmentioned.title, { count: listed }));
        for (const code of setup.unmentioned) await expect(unmentioned.locator(`tr[data-code="${code}"]`)).toHaveCount(1);
        // "Leave" is the default; the keyboard moves the choice to "set to 0".
        const leave = unmentioned.getByRole("radio", { name: st.unmentioned.leave });
        await expect(leave).toBeChecked();
        await leave.focus();
        await page.keyboard.press("ArrowRight");
        await expect(unmentioned.getByRole("radio", { name: st.unmentioned.zero })).toBeChecked();
        await expect(unmentioned.locator(`tr[data-code="${setup.unmentioned[0]}"] td`).last()).toHaveText(st.unmentioned.becomesZero);
        await expect(card.root.getByRole("textbox", { name: st.reason })).toHaveValue("棚卸");
        expect(await uploads.a11yViolations()).toEqual([]);
        if (locale === "en") expect(await uploads.shell.japaneseTextOutsideLangJa()).toEqual([]);
      });

      // Two counted goods change while the preview is shown: one that was to go up gets 5 more
      // (it now goes down by 2), one with no difference loses 1 (it now goes up by 1).
      const ups = setup.counted.filter((c) => c.code.startsWith(PREFIX) && c.count > c.before);
      const nones = setup.counted.filter((c) => c.code.startsWith(PREFIX) && c.count === c.before);
      const movedUp = ups[0];
      const movedDown = nones[0];
      if (!movedUp || !movedDown) throw new Error("two fresh goods to change");
      await test.step("the stock of two counted goods changes through the API while the preview is shown", async () => {
        await apiUpload(
          user,
          "/api_v1_warehouse_stock/upload",
          csvText([STOCK_HEADER, [setup.warehouse, movedUp.code, "5", "", "e2e change"], [setup.warehouse, movedDown.code, "", "1", "e2e change"]]),
        );
      });

      await test.step("keyboard: Send reads the stock again and shows the two rows before → now with the recomputed difference", async () => {
        const send = card.root.getByRole("button", { name: st.send, exact: true });
        await expect(card.root).toContainText(fill(st.ready, { count: up + down + UNMENTIONED }));
        await send.focus();
        await page.keyboard.press("Enter");
        const dialog = card.root.locator("[data-stocktake-restock]");
        await expect(dialog).toBeVisible({ timeout: 120_000 });
        await expect(dialog).toContainText(fill(st.changed.title, { count: 2 }));
        const rowOf = (code: string) => dialog.locator("[data-stocktake-changed] tbody tr").filter({ hasText: code });
        await expect(dialog.locator("[data-stocktake-changed] tbody tr")).toHaveCount(2);
        await expect(rowOf(movedUp.code).locator('[data-cell="before"]')).toHaveText(String(movedUp.before));
        await expect(rowOf(movedUp.code).locator('[data-cell="now"]')).toHaveText(String(movedUp.before + 5));
        await expect(rowOf(movedUp.code).locator('[data-cell="difference"]')).toHaveText(`−${movedUp.before + 5 - movedUp.count}`);
        await expect(rowOf(movedDown.code).locator('[data-cell="now"]')).toHaveText(String(movedDown.before - 1));
        await expect(rowOf(movedDown.code).locator('[data-cell="difference"]')).toHaveText("+1");
        // The page now shows the recomputed counts: one up row fewer and one more down; one none row fewer, one more up.
        await expect(card.root.getByRole("status").first()).toHaveText(fill(st.computed, { rows: "1,200", up, down: down + 1, none: none - 1, errors: 0 }));
        // Focus is on "Don't send"; Shift+Tab reaches the confirmation.
        await expect(dialog.getByRole("button", { name: st.changed.cancel })).toBeFocused();
        expect(await uploads.a11yViolations()).toEqual([]);
        await page.keyboard.press("Shift+Tab");
        await expect(dialog.getByRole("button", { name: st.changed.confirm })).toBeFocused();
        await page.keyboard.press("Enter");
      });

      const rows = up + down + 1 + UNMENTIONED;
      await test.step("the upload of the differences is sent in one batch, queued once, and done", async () => {
        await card.expectAllDone(1, 300_000);
        await expect(card.root.locator("[data-upload-finished]")).toHaveText(fill(t.send.finished, { rows }));
        const [entry] = await journalFiles(page.request, journalName);
        expect(entry?.batches.map((b) => [b.rows, b.sendCount, b.state])).toEqual([[rows, 1, "done"]]);
        const queIds = (entry?.batches ?? []).map((b) => b.queId ?? "");
        const jobs = await queJobs(user, queIds);
        expect(jobs.map((j) => [j.que_id, j.que_status_id])).toEqual(queIds.map((id) => [id, "2"]));
        const detail = (await (await page.request.get(`/api/uploads/${entry?.id}`)).json()) as { purpose?: string; kind: string; hasPlan?: boolean };
        expect(detail).toMatchObject({ kind: "warehouse-stock", purpose: "stocktake", hasPlan: true });
      });

      await test.step("every counted goods' stock equals its count; the 30 are 0; the warehouse's other goods are untouched", async () => {
        const after = await stockOf(user, setup.warehouseId);
        const wrong = setup.counted.filter((c) => after.get(c.code)?.quantity !== c.count).map((c) => `${c.code}: ${after.get(c.code)?.quantity} ≠ ${c.count}`);
        expect(wrong).toEqual([]);
        for (const code of setup.unmentioned) expect(after.get(code)?.quantity, code).toBe(0);
      });

      await test.step("the report: every pair equals its count; its CSV downloads with a row per pair", async () => {
        const report = card.root.locator("[data-upload-report]");
        await expect(report).toBeVisible({ timeout: 120_000 });
        const pairs = TOTAL;
        await expect(report.locator("[data-report-summary]")).toHaveText(
          fill(t.report.stocktakeSummary, { pairs: pairs.toLocaleString("en-US"), matched: pairs.toLocaleString("en-US"), mismatched: "0" }),
          { timeout: 120_000 },
        );
        const [download] = await Promise.all([page.waitForEvent("download"), report.getByRole("button", { name: t.report.download }).click()]);
        const text = readFileSync(await download.path(), "utf8");
        const lines = text.replace(/^\ufeff/, "").trimEnd().split("\r\n");
        expect(lines).toHaveLength(pairs + 1);
        const codeLine = lines.find((l) => l.includes(movedUp.code)) ?? "";
        expect(codeLine).toContain(`,${movedUp.count},`);
      });
    });
  });
}
