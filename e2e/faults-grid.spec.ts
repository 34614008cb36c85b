// The orders grid and its CSV export under upstream faults (issue 15, item 5), as shop staff use
// them: paging, changing a filter, exporting the whole result. Each story meets one fault of the
// sandbox's controls on the search or count call behind the screen.
//
// Grid (the grid engine is shared: the orders grid stands for all of them)
// - A one-off fault that is safe to retry (busy, HTTP 500, malformed JSON, a timeout, one 002002)
//   never shows: the next page, or the filtered result, arrives; no error panel ever appeared.
// - A persistent one shows the error panel (why, the code, Retry) with the person's place kept in
//   the URL (page, size, filters); once the fault is gone, Retry brings the very page asked for.
//   004001 says "no permission" and is not retried; 002002 is retried once by the gateway only.
// - A slow answer keeps the rows on screen marked as loading, then shows the new ones; a busy API
//   is asked again with wait_flag=1, which waits, and answers.
// - 002004 / redirect send the person to sign in again and back to the same page and filters.
//
// Export (the result is split into three pages fetched one after the other: lib/grid/export.ts)
// - The fault meets the middle page only, after the first one came: a one-off one is retried on
//   its own and the file holds every row once; nothing said the export had stopped.
// - A persistent one stops the export saying why and exactly which rows it has (the first page's);
//   those rows can be saved (a `-partial` file with exactly them), and "Fetch the rest" fetches
//   only the missing pages once the fault is gone, then saves the whole file.
// - 002004 / redirect stop it the same way, and the person signs in again in a new tab: the rows
//   fetched stay in the dialog, and the rest comes after signing in.
import Papa from "papaparse";
import { readFileSync } from "node:fs";
import type { Browser, Download, Page } from "@playwright/test";
import { expect, failedResource, SANDBOX_PASSWORD, SANDBOX_USERS, signInThroughForm, test } from "./fixtures";
import { OrdersPage } from "./pages/orders-page";
import { addFault, callLogMark, callsSince, clearFaults, sandboxCall, sandboxCount } from "./pages/sandbox-api";
import { escapeRegExp, format } from "./pages/messages";
import { SandboxSignInPage } from "./pages/sign-in-page";
import { exportStep } from "../lib/grid/export";
import { faultMessage } from "../sandbox/faults";
import ja from "../messages/ja.json";
import { E2E_NE_TIMEOUT_MS, PAST_TIMEOUT_MS, PAST_TIMEOUT_NAME } from "./support/upstream-timeout";

const SEARCH = "/api_v1_receiveorder_base/search";
const COUNT = "/api_v1_receiveorder_base/count";
const BFF_SEARCH = `/api/ne${SEARCH}`;
const BFF_ORDERS = "/api/ne/api_v1_receiveorder_base/";
const STATUS = "receive_order_order_status_id";
/** Shipped orders: more than one page of 50. */
const SHIPPED = `?f=${STATUS}.in:50&size=50`;
const q = ja.orders.quick;

type Fault = Parameters<typeof addFault>[0];

test.use({ viewport: { width: 1440, height: 900 } });
// A persistent timeout is three requests of E2E_NE_TIMEOUT_MS each before the page calls it failed, twice in a story.
test.describe.configure({ timeout: 150_000 });
test.afterEach(async () => {
  await clearFaults();
});

/** From the next page load on, the page notes each time an element matching `selector` appears or goes. */
async function watchAppearances(page: Page, selector: string): Promise<void> {
  await page.addInitScript((sel) => {
    const w = window as unknown as { __appearances: Record<string, string[]> };
    w.__appearances ??= {};
    const log: string[] = (w.__appearances[sel] = []);
    let shown = false;
    new MutationObserver(() => {
      const now = document.querySelector(sel) !== null;
      if (now !== shown) log.push(now ? "shown" : "hidden");
      shown = now;
    }).observe(document, { childList: true, subtree: true });
  }, selector);
}

async function appearances(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((sel) => (window as unknown as { __appearances?: Record<string, string[]> }).__appearances?.[sel] ?? [], selector);
}

const ERROR_PANEL = '[data-grid-state="error"]';
const EXPORT_STOPPED = '[data-export-state="stopped"]';
const EXPORT_RETRYING = '[data-export-state="running"][data-retrying]';

/** The key the grid shows first on `page` (newest first) for a result of `total` under `conditions`. */
async function firstKeyOfPage(total: number, page: number, size: number, conditions: Record<string, string> = {}): Promise<string> {
  const offset = total - (page - 1) * size - 1;
  const rows = (await sandboxCall("staff", SEARCH, { fields: "receive_order_id", ...conditions, offset: String(offset), limit: "1" })).data ?? [];
  return rows[0]?.receive_order_id ?? "";
}

/** The grid shows `page` of the result: its URL, and its first row as the API has it (`key`, when asked before a fault). */
async function expectPage(orders: OrdersPage, total: number, page: number, conditions: Record<string, string> = {}, key?: string): Promise<void> {
  await orders.waitForRows();
  // Page 1 is the URL without a page.
  if (page === 1) await expect(orders.page).not.toHaveURL(/[?&]page=/);
  else await expect(orders.page).toHaveURL(new RegExp(`[?&]page=${page}(&|$)`));
  await expect(orders.rowAt(0)).toHaveAttribute("data-row-key", key ?? (await firstKeyOfPage(total, page, 50, conditions)));
}

// ----- grid: paging and filtering -------------------------------------------------------------

/** Faults the gateway or the page retries on its own; `browserSees`: the BFF's failed answer, if any reaches the page. */
const ONE_OFF: { name: string; fault: Omit<Fault, "path">; browserSees: number | null }[] = [
  // The gateway asks the busy read again with wait_flag=1, within the same request.
  { name: "busy (003002)", fault: { kind: "busy", times: 1 }, browserSees: null },
  { name: "HTTP 500", fault: { kind: "http500", times: 1 }, browserSees: 502 },
  { name: "malformed JSON", fault: { kind: "malformed", times: 1 }, browserSees: 502 },
  { name: `a timeout (${PAST_TIMEOUT_NAME})`, fault: { kind: "delay", delay_ms: PAST_TIMEOUT_MS, times: 1 }, browserSees: 502 },
  // The gateway asks once more, alone, with the stored pair.
  { name: "002002", fault: { kind: "error", code: "002002", times: 1 }, browserSees: null },
];

for (const { name, fault, browserSees } of ONE_OFF) {
  test(`grid: a one-off ${name} on the next page and on a filter change is retried on its own, no error ever shown`, async ({ page, consoleErrors }) => {
    if (browserSees) consoleErrors.allow(failedResource(browserSees, BFF_ORDERS));
    await watchAppearances(page, ERROR_PANEL);
    const orders = new OrdersPage(page);
    await orders.goto("?size=50");
    const total = await orders.total();
    // What the API itself answers, asked before any fault is in place.
    const conditions = { [`${STATUS}-in`]: "20" };
    const filtered = await sandboxCount("staff", COUNT, conditions);
    const keys = { page2: await firstKeyOfPage(total, 2, 50), filtered: await firstKeyOfPage(filtered, 1, 50, conditions) };

    await test.step("the next page", async () => {
      const mark = await callLogMark();
      await addFault({ ...fault, path: SEARCH });
      await orders.goToPage("next");
      await expectPage(orders, total, 2, {}, keys.page2);
      // The faulty call was made, then made again (the sandbox logs a call when it answers: a
      // timed-out one once its delay is over).
      await expect.poll(async () => (await callsSince(mark, SEARCH)).length, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
    });

    await test.step("a filter change (its new count meets the fault)", async () => {
      const mark = await callLogMark();
      await addFault({ ...fault, path: COUNT });
      await orders.chooseQuickFilter(q.status, ["納品書印刷待ち"]);
      await orders.expectTotal(filtered);
      await expectPage(orders, filtered, 1, conditions, keys.filtered);
      await expect.poll(async () => (await callsSince(mark, COUNT)).length, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
    });

    expect(await appearances(page, ERROR_PANEL), "the error panel").toEqual([]);
    await expect(orders.errorPanel).toHaveCount(0);
  });
}

/** Faults that last until cleared: the person sees them, and recovers with Retry once they are gone. */
/** What React logs for the failure the grid's error boundary caught (the BffError's message). */
const caught = (message: string) => new RegExp(`^console: BffError: ${escapeRegExp(message)}`);
/** What the sandbox answers for 004001 when the fault names no message (sandbox/faults.ts). */
const NO_PERMISSION = faultMessage("004001");
/** The BFF's message for a pair the API no longer takes. */
const SIGN_IN_ENDED = "The sign-in has ended. Sign in again.";

const PERSISTENT: { name: string; fault: Omit<Fault, "path">; status: number; code: string; reason: string; calls: "retried" | number; logged: RegExp }[] = [
  { name: "HTTP 500", fault: { kind: "http500" }, status: 502, code: "http-status", reason: ja.query.error.failed, calls: "retried", logged: caught("API answered HTTP 500 with a body that is not JSON") },
  { name: "malformed JSON", fault: { kind: "malformed" }, status: 502, code: "bad-response", reason: ja.query.error.failed, calls: "retried", logged: caught("API answered HTTP 200 with a body that is not JSON") },
  { name: "a timeout", fault: { kind: "delay", delay_ms: PAST_TIMEOUT_MS }, status: 502, code: "timeout", reason: ja.query.error.failed, calls: "retried", logged: caught(`API did not answer within ${E2E_NE_TIMEOUT_MS} ms`) },
  // Once by the gateway with the stored pair, then never again by the page.
  { name: "002002 again after the gateway's retry", fault: { kind: "error", code: "002002" }, status: 409, code: "002002", reason: ja.query.error.failed, calls: 2, logged: caught(SIGN_IN_ENDED) },
  { name: "004001 (no permission)", fault: { kind: "error", code: "004001" }, status: 403, code: "004001", reason: ja.query.error.forbidden, calls: 1, logged: caught(NO_PERMISSION) },
];

for (const { name, fault, status, code, reason, calls, logged } of PERSISTENT) {
  test(`grid: a persistent ${name} on paging and on a filter change shows why with Retry, keeps the page and filters, and Retry brings them once it is gone`, async ({ page, consoleErrors }) => {
    consoleErrors.allow(failedResource(status, BFF_ORDERS), logged);
    const orders = new OrdersPage(page);
    await orders.goto(SHIPPED);
    const shipped = { [`${STATUS}-in`]: "50" };
    const total = await orders.total();

    const failsAndComesBack = async (path: string, act: () => Promise<void>, check: () => Promise<void>) => {
      const mark = await callLogMark();
      await addFault({ ...fault, path });
      await act();
      await expect(orders.errorPanel).toBeVisible({ timeout: 60_000 });
      await expect(orders.errorPanel).toContainText(ja.query.error.title);
      await expect(orders.errorPanel).toContainText(reason);
      await expect(orders.errorPanel).toContainText(format(ja.query.error.code, { code }));
      // An error is never shown as "nothing here".
      await expect(orders.emptyStates).toHaveCount(0);
      const upstream = async () => (await callsSince(mark, path)).length;
      if (calls === "retried") await expect.poll(upstream, { timeout: 30_000 }).toBeGreaterThanOrEqual(3);
      else expect(await upstream(), `${path} calls`).toBe(calls);
      await clearFaults();
      await orders.retry();
      await check();
      await expect(orders.errorPanel).toHaveCount(0);
    };

    await test.step("the next page fails: the URL keeps page 2 and the filter; Retry brings page 2", async () => {
      await failsAndComesBack(
        SEARCH,
        () => orders.goToPage("next"),
        () => expectPage(orders, total, 2, shipped),
      );
      await expect(page).toHaveURL(new RegExp(`f=${STATUS}\\.in(%3A|:)50`));
      await expect(page).toHaveURL(/size=50/);
    });

    await test.step("a filter change fails: the URL keeps the new filter; Retry brings its result", async () => {
      const both = { [`${STATUS}-in`]: "20,50" };
      const expected = await sandboxCount("staff", COUNT, both);
      await failsAndComesBack(
        COUNT,
        () => orders.chooseQuickFilter(q.status, ["納品書印刷待ち"]),
        async () => {
          await orders.expectTotal(expected);
          await expectPage(orders, expected, 1, both);
        },
      );
      await expect(page).toHaveURL(new RegExp(`f=${STATUS}\\.in(%3A|:)20(%2C|,)50`));
    });
  });
}

test("grid: a slow answer keeps the rows on screen marked as loading, then shows the next page and the filtered result", async ({ page }) => {
  await watchAppearances(page, ERROR_PANEL);
  const orders = new OrdersPage(page);
  await orders.goto("?size=50");
  const total = await orders.total();
  const firstKey = await orders.rowKey(0);
  const conditions = { [`${STATUS}-in`]: "20" };
  const filtered = await sandboxCount("staff", COUNT, conditions);

  await addFault({ path: SEARCH, kind: "delay", delay_ms: 2_000 });
  await orders.goToPage("next");
  // Never blank, never frozen: the rows stay, marked busy, while the page comes.
  await expect(orders.state("loading")).toBeVisible();
  await expect(orders.state("loading")).toHaveAttribute("aria-busy", "true");
  await expect(orders.row(firstKey)).toBeVisible();
  await expectPage(orders, total, 2);

  await addFault({ path: COUNT, kind: "delay", delay_ms: 2_000 });
  await orders.chooseQuickFilter(q.status, ["納品書印刷待ち"]);
  await expect(orders.state("loading")).toBeVisible();
  await orders.expectTotal(filtered);
  await expectPage(orders, filtered, 1, conditions);
  expect(await appearances(page, ERROR_PANEL), "the error panel").toEqual([]);
});

test("grid: a persistently busy API (003002) is waited for with wait_flag=1: the page shows loading, then its rows", async ({ page }) => {
  await watchAppearances(page, ERROR_PANEL);
  const orders = new OrdersPage(page);
  await orders.goto("?size=50");
  const total = await orders.total();
  const key = await firstKeyOfPage(total, 2, 50);
  const mark = await callLogMark();
  await addFault({ path: SEARCH, kind: "busy", delay_ms: 1_500 });
  await orders.goToPage("next");
  await expect(orders.state("loading")).toBeVisible();
  await expectPage(orders, total, 2, {}, key);
  // Busy once, then the same read with wait_flag=1, which waited and answered.
  expect((await callsSince(mark, SEARCH)).map((c) => c.result)).toEqual(["error", "success"]);
  expect(await appearances(page, ERROR_PANEL), "the error panel").toEqual([]);
});

/**
 * A browser of its own, signed in at `where`: the fault ends its session (the shared signed-in
 * state must stay alive). Its cookies start empty: a context made in a test takes the test's saved
 * sign-in otherwise, and signing in again there would end that shared session (a sign-in replaces
 * the browser's previous one).
 */
async function ownSession(browser: Browser, baseURL: string | undefined, where: string, allowed: RegExp[]) {
  const context = await browser.newContext({
    baseURL,
    locale: "ja-JP",
    viewport: { width: 1440, height: 900 },
    acceptDownloads: true,
    storageState: { cookies: [], origins: [] },
  });
  const unexpected: string[] = [];
  context.on("console", (m) => {
    const line = `console: ${m.text()} (${m.location().url})`;
    if (m.type() === "error" && !allowed.some((a) => a.test(line))) unexpected.push(line);
  });
  const page = await context.newPage();
  await signInThroughForm(page, "staff", where);
  return { context, page, unexpected };
}

/** Signs in on the sandbox's form from /login?reason=expired, as the person does. */
async function signInAgain(page: Page, backTo: string): Promise<void> {
  await expect(page.getByRole("alert").filter({ hasText: ja.login.expired })).toBeVisible();
  await page.getByRole("link", { name: /サインイン/ }).click();
  await page.waitForURL((url) => url.pathname.startsWith("/users/sign_in"));
  await new SandboxSignInPage(page).signIn(SANDBOX_USERS.staff.login, SANDBOX_PASSWORD);
  await page.waitForURL((url) => url.pathname === backTo);
}

for (const { name, fault } of [
  { name: "002004", fault: { path: SEARCH, kind: "error", code: "002004", times: 1 } as Fault },
  { name: "redirect", fault: { path: SEARCH, kind: "redirect", times: 1 } as Fault },
]) {
  test(`grid: ${name} on the next page sends the person to sign in again, then back to that page with its filters`, async ({ browser, baseURL }) => {
    // The failure the page meets on its way to sign in again (the error boundary logs it).
    const { context, page, unexpected } = await ownSession(browser, baseURL, `/orders${SHIPPED}`, [failedResource(401, BFF_ORDERS), caught(SIGN_IN_ENDED)]);
    try {
      const orders = new OrdersPage(page);
      await orders.waitForRows();
      const total = await orders.total();
      await addFault(fault);
      await orders.goToPage("next");
      await expect(page).toHaveURL(/\/login\?reason=expired&from=/, { timeout: 30_000 });
      const from = new URL(page.url()).searchParams.get("from") ?? "";
      // The page they asked for, with its filter and size.
      expect(new URL(from, "http://x").searchParams.get("page")).toBe("2");
      expect(new URL(from, "http://x").searchParams.get("size")).toBe("50");
      expect(new URL(from, "http://x").searchParams.get("f")).toBe(`${STATUS}.in:50`);
      await signInAgain(page, "/orders");
      await expect(page).toHaveURL(new RegExp(`${escapeRegExp(from)}$`));
      await expectPage(orders, total, 2, { [`${STATUS}-in`]: "50" });
      await expect(orders.errorPanel).toHaveCount(0);
    } finally {
      await context.close();
    }
    expect(unexpected, "console errors the story does not expect").toEqual([]);
  });
}

// ----- export ---------------------------------------------------------------------------------

/**
 * Puts `fault` in place for the export's middle page only: the pages come one after the other, so
 * when the middle one is asked the first has been answered; the fault is added then and the page
 * goes on to meet it. The grid's own pages (50 rows) pass untouched.
 */
async function faultOnMiddlePage(page: Page, total: number, fault: Omit<Fault, "path">): Promise<{ step: number; pages: number }> {
  const step = exportStep(total);
  const pages = Math.ceil(total / step);
  expect(pages, "the export is split into pages").toBeGreaterThanOrEqual(3);
  let armed = false;
  await page.route(`**${BFF_SEARCH}`, async (route) => {
    const asked = route.request().postDataJSON() as { offset?: number; limit?: number } | null;
    if (asked && (asked.limit ?? 0) > 100 && asked.offset === step && !armed) {
      armed = true;
      await addFault({ ...fault, path: SEARCH });
    }
    return route.fallback();
  });
  return { step, pages };
}

/** The ids of an export (UTF-8 with BOM, field names in the header), checked for shape. */
function parseIds(bytes: Buffer): string[] {
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const parsed = Papa.parse<string[]>(bytes.subarray(3).toString("utf8"), { skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  expect(parsed.data[0]?.[0]).toBe("receive_order_id");
  return parsed.data.slice(1).map((row) => row[0] ?? "");
}

async function downloadedIds(download: Promise<Download>): Promise<{ name: string; ids: string[] }> {
  const d = await download;
  return { name: d.suggestedFilename(), ids: parseIds(readFileSync(await d.path())) };
}

/** Every order id of the result, oldest first, from the sandbox. */
async function allIds(conditions: Record<string, string> = {}): Promise<string[]> {
  const rows = (await sandboxCall("staff", SEARCH, { fields: "receive_order_id", ...conditions, limit: "10000" })).data ?? [];
  return rows.map((r) => r.receive_order_id ?? "");
}

/** The file's rows (from 1, newest first) that the first page holds (the oldest, so the last of the file). */
function keptRanges(total: number, step: number): string {
  return `${(total - step + 1).toLocaleString("en-US")}–${total.toLocaleString("en-US")}`;
}

const EXPORT_TIMEOUT = 90_000;

for (const { name, fault, browserSees } of ONE_OFF) {
  test(`export: a one-off ${name} on a page in the middle is retried on its own; the file holds every row once`, async ({ page, consoleErrors }) => {
    if (browserSees) consoleErrors.allow(failedResource(browserSees, BFF_SEARCH));
    await watchAppearances(page, EXPORT_STOPPED);
    await watchAppearances(page, EXPORT_RETRYING);
    const orders = new OrdersPage(page);
    await orders.goto("?size=50");
    const total = await orders.total();
    const everything = await allIds();
    const { pages } = await faultOnMiddlePage(page, total, fault);
    const mark = await callLogMark();
    const download = page.waitForEvent("download", { timeout: EXPORT_TIMEOUT });
    await orders.startExport({ encoding: "utf8-bom", header: "names" });
    const { name: file, ids } = await downloadedIds(download);
    expect(file).not.toContain("partial");
    await expect(orders.exportDone).toBeVisible();
    expect(ids).toHaveLength(total);
    expect(new Set(ids)).toEqual(new Set(everything));
    expect(await appearances(page, EXPORT_STOPPED), "the export's stopped panel").toEqual([]);
    // A failure the page itself retried is said under the progress while it does.
    if (browserSees) expect(await appearances(page, EXPORT_RETRYING), "the retrying note").toContain("shown");
    // Every page once, and the middle one again.
    await expect.poll(async () => (await callsSince(mark, SEARCH)).length, { timeout: 30_000 }).toBeGreaterThanOrEqual(pages + 1);
  });
}

for (const { name, fault, status, code, reason, calls } of PERSISTENT) {
  test(`export: a persistent ${name} stops it saying why and which rows it has; those rows can be saved, and the rest is fetched once the fault is gone`, async ({ page, consoleErrors }) => {
    consoleErrors.allow(failedResource(status, BFF_SEARCH));
    const orders = new OrdersPage(page);
    await orders.goto("?size=50");
    const total = await orders.total();
    // The sandbox's own answers, before the fault is in place.
    const everything = await allIds();
    const { step, pages } = await faultOnMiddlePage(page, total, fault);
    const mark = await callLogMark();
    await orders.startExport({ encoding: "utf8-bom", header: "names" });

    const stopped = orders.exportDialog.locator(EXPORT_STOPPED);
    await expect(stopped).toBeVisible({ timeout: EXPORT_TIMEOUT });
    await expect(stopped).toContainText(ja.export.stopped.title);
    await expect(stopped).toContainText(reason);
    await expect(stopped).toContainText(format(ja.query.error.code, { code }));
    // The first page's rows: the pages come one after the other, and the export stopped at the middle one.
    const kept = step;
    await expect(stopped.locator("[data-export-kept]")).toHaveAttribute("data-export-kept", String(kept));
    await expect(stopped).toContainText(
      format(ja.export.stopped.kept, { done: kept.toLocaleString("en-US"), total: total.toLocaleString("en-US"), ranges: keptRanges(total, step) }),
    );
    // Esc (or a click beside the dialog) does not drop the rows that came; 閉じる would.
    await page.keyboard.press("Escape");
    await expect(stopped).toBeVisible();
    await expect(stopped.locator("[data-export-kept]")).toHaveAttribute("data-export-kept", String(kept));
    // The middle page was asked as often as it is worth: retried while retryable (the sandbox logs
    // a timed-out call once its delay is over), else as said; the first page once, the last never.
    const asked = async () => (await callsSince(mark, SEARCH)).length;
    if (calls === "retried") await expect.poll(asked, { timeout: 30_000 }).toBeGreaterThanOrEqual(1 + 3);
    else expect(await asked()).toBe(1 + calls);
    await test.step("the rows it has are saved as a partial file with exactly those rows", async () => {
      const download = page.waitForEvent("download");
      await orders.exportDialog.getByRole("button", { name: format(ja.export.stopped.savePartial, { rows: kept.toLocaleString("en-US") }) }).click();
      const { name: file, ids } = await downloadedIds(download);
      expect(file).toMatch(/^orders-\d{8}-\d{4}-partial\.csv$/);
      expect(ids).toHaveLength(kept);
      expect(new Set(ids)).toEqual(new Set(everything.slice(0, step)));
      await expect(orders.exportDone).toContainText(format(ja.export.partialDone, { total: total.toLocaleString("en-US"), ranges: keptRanges(total, step) }));
      await page.keyboard.press("Escape");
      await expect(orders.exportDone).toBeVisible();
    });

    await test.step("once the fault is gone, only the missing pages are fetched and the whole file saved", async () => {
      await clearFaults();
      const resumed = await callLogMark();
      const download = page.waitForEvent("download", { timeout: EXPORT_TIMEOUT });
      await orders.exportDialog.getByRole("button", { name: ja.export.stopped.resume }).click();
      const { name: file, ids } = await downloadedIds(download);
      expect(file).not.toContain("partial");
      expect(ids).toHaveLength(total);
      expect(new Set(ids)).toEqual(new Set(everything));
      await expect(orders.exportDone).not.toHaveAttribute("data-partial");
      expect(await callsSince(resumed, SEARCH)).toHaveLength(pages - 1);
    });
  });
}

test("export: a slow API shows the export running with its progress, then saves every row", async ({ page }) => {
  const orders = new OrdersPage(page);
  await orders.goto("?size=50");
  const total = await orders.total();
  await addFault({ path: SEARCH, kind: "delay", delay_ms: 2_000 });
  const download = page.waitForEvent("download", { timeout: EXPORT_TIMEOUT });
  await orders.startExport({ encoding: "utf8-bom", header: "names" });
  const running = orders.exportDialog.locator('[data-export-state="running"]');
  await expect(running).toBeVisible();
  await expect(running.getByRole("progressbar")).toBeVisible();
  await expect(running).toContainText(format(ja.export.progress, { done: "0", total: total.toLocaleString("en-US") }));
  await expect(orders.exportDialog.getByRole("button", { name: ja.export.cancel })).toBeEnabled();
  const { ids } = await downloadedIds(download);
  expect(ids).toHaveLength(total);
});

test("export: a persistently busy API (003002) is waited for with wait_flag=1 on every page; the file holds every row", async ({ page }) => {
  await watchAppearances(page, EXPORT_STOPPED);
  const orders = new OrdersPage(page);
  await orders.goto("?size=50");
  const total = await orders.total();
  const everything = await allIds();
  const mark = await callLogMark();
  await addFault({ path: SEARCH, kind: "busy", delay_ms: 1_500 });
  const download = page.waitForEvent("download", { timeout: EXPORT_TIMEOUT });
  await orders.startExport({ encoding: "utf8-bom", header: "names" });
  await expect(orders.exportDialog.locator('[data-export-state="running"]')).toBeVisible();
  const { ids } = await downloadedIds(download);
  expect(new Set(ids)).toEqual(new Set(everything));
  const results = (await callsSince(mark, SEARCH)).map((c) => c.result);
  const pages = Math.ceil(total / exportStep(total));
  expect(results.filter((r) => r === "error")).toHaveLength(pages);
  expect(results.filter((r) => r === "success")).toHaveLength(pages);
  expect(await appearances(page, EXPORT_STOPPED), "the export's stopped panel").toEqual([]);
});

for (const { name, fault } of [
  { name: "002004", fault: { kind: "error", code: "002004", times: 1 } as Omit<Fault, "path"> },
  { name: "redirect", fault: { kind: "redirect", times: 1 } as Omit<Fault, "path"> },
]) {
  test(`export: ${name} on a page in the middle keeps the rows fetched; after signing in again in a new tab, the rest is fetched and every row saved`, async ({ browser, baseURL }) => {
    const { context, page, unexpected } = await ownSession(browser, baseURL, "/orders?size=50", [failedResource(401, BFF_SEARCH)]);
    try {
      const orders = new OrdersPage(page);
      await orders.waitForRows();
      const total = await orders.total();
      const everything = await allIds();
      const { step, pages } = await faultOnMiddlePage(page, total, fault);
      await orders.startExport({ encoding: "utf8-bom", header: "names" });

      const stopped = orders.exportDialog.locator(EXPORT_STOPPED);
      await expect(stopped).toBeVisible({ timeout: EXPORT_TIMEOUT });
      await expect(stopped).toContainText(ja.export.stopped.expired);
      const kept = step; // the first page's rows
      await expect(stopped.locator("[data-export-kept]")).toHaveAttribute("data-export-kept", String(kept));
      await expect(stopped).toContainText(keptRanges(total, step));
      // The page stays where it is, the dialog and its rows with it.
      await expect(page).toHaveURL(/\/orders\?size=50$/);
      await expect(orders.exportDialog.getByRole("button", { name: format(ja.export.stopped.savePartial, { rows: kept.toLocaleString("en-US") }) })).toBeVisible();

      await test.step("signing in again in a new tab", async () => {
        const opened = context.waitForEvent("page");
        await stopped.getByRole("link", { name: ja.export.stopped.signIn }).click();
        const tab = await opened;
        await tab.waitForURL(/\/login\?reason=expired&from=/);
        expect(new URL(tab.url()).searchParams.get("from")).toBe("/orders?size=50");
        await signInAgain(tab, "/orders");
        await new OrdersPage(tab).waitForRows();
        await tab.close();
      });

      await test.step("the rest is fetched and the whole file saved", async () => {
        const resumed = await callLogMark();
        const download = page.waitForEvent("download", { timeout: EXPORT_TIMEOUT });
        await orders.exportDialog.getByRole("button", { name: ja.export.stopped.resume }).click();
        const { ids } = await downloadedIds(download);
        expect(new Set(ids)).toEqual(new Set(everything));
        expect(ids).toHaveLength(total);
        expect(await callsSince(resumed, SEARCH)).toHaveLength(pages - 1);
      });
    } finally {
      await context.close();
    }
    expect(unexpected, "console errors the story does not expect").toEqual([]);
  });
}
