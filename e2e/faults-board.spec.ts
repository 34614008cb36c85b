// The order status board under upstream faults (issue 15, item 5), as a manager whose wall screen
// runs all day: each of the board's refreshes meets one fault of the sandbox's controls on the
// search or count call the server computes the board from.
//
// - A one-off fault that is safe to retry (busy, HTTP 500, malformed JSON, a timeout, one 002002)
//   never shows: the refresh ends with new numbers and no error was ever on screen.
// - A persistent one keeps the last good board on screen, says that refreshing failed, since when
//   the numbers are, why, and that the board tries again on its own; once the fault is gone the
//   next automatic refresh brings live numbers back with nobody touching the screen.
// - A slow answer (also a busy API: the gateway asks again with wait_flag=1, which waits) shows
//   the refresh running over the old numbers, then the new ones.
// - 004001 says "no permission" once, with no retries.
// - 002004 / redirect send the person to sign in again and back to the board with its period and
//   filters.
import type { Page } from "@playwright/test";
import { expect, failedResource, signInThroughForm, test } from "./fixtures";
import { BoardPage } from "./pages/board-page";
import { addFault, callLogMark, callsSince, clearFaults } from "./pages/sandbox-api";
import { escapeRegExp } from "./pages/messages";
import { SandboxSignInPage } from "./pages/sign-in-page";
import { SANDBOX_PASSWORD, SANDBOX_USERS } from "./fixtures";
import ja from "../messages/ja.json";
import { PAST_TIMEOUT_MS, PAST_TIMEOUT_NAME } from "./support/upstream-timeout";
import { jstDay } from "./support/jst-day";

const SEARCH = "/api_v1_receiveorder_base/search";

type Fault = Parameters<typeof addFault>[0];

test.use({ user: "manager", viewport: { width: 1440, height: 900 } });
// A persistent timeout is three requests of E2E_NE_TIMEOUT_MS each before the board calls the refresh failed.
test.describe.configure({ timeout: 120_000 });
test.afterEach(async () => {
  await clearFaults();
});

/**
 * From the next page load on, the page notes each time the board's error panel appears ("shown")
 * or goes ("hidden"): a failure must stay said while the board tries again, never blink.
 */
async function watchErrorPanel(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __boardErrorLog: string[] };
    w.__boardErrorLog = [];
    let shown = false;
    new MutationObserver(() => {
      const now = document.querySelector("[data-board-error]") !== null;
      if (now !== shown) w.__boardErrorLog.push(now ? "shown" : "hidden");
      shown = now;
    }).observe(document, { childList: true, subtree: true });
  });
}

async function errorPanelLog(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __boardErrorLog?: string[] }).__boardErrorLog ?? []);
}

/** When the numbers on screen came (the page's clock, ms). */
async function updatedMs(page: Page): Promise<number> {
  return Number(await page.locator("[data-updated-ms]").getAttribute("data-updated-ms"));
}

const refreshing = (page: Page) => page.locator("[data-refreshing]");

/** Waits for a refresh after `before` to end with new numbers. */
async function expectRefreshedAfter(page: Page, before: number, timeout = 30_000): Promise<void> {
  await expect.poll(() => updatedMs(page), { timeout }).toBeGreaterThan(before);
  await expect(refreshing(page)).toHaveCount(0, { timeout });
}

/** The board loaded, its numbers and their time noted, nothing in flight. */
async function loadedBoard(page: Page) {
  const board = new BoardPage(page);
  await board.goto();
  await expect(refreshing(page)).toHaveCount(0);
  return { board, counts: await board.counts(), at: await updatedMs(page), time: await board.updatedAt() };
}

/** Faults that are retried where it is safe (the gateway, or the page with backoff): one of them never shows. */
const ONE_OFF: { name: string; fault: Fault; browserSees: number | null }[] = [
  // The gateway asks the busy read again with wait_flag=1, within the same board request.
  { name: "busy (003002)", fault: { path: SEARCH, kind: "busy", times: 1 }, browserSees: null },
  { name: "HTTP 500", fault: { path: SEARCH, kind: "http500", times: 1 }, browserSees: 502 },
  { name: "malformed JSON", fault: { path: SEARCH, kind: "malformed", times: 1 }, browserSees: 502 },
  { name: `a timeout (${PAST_TIMEOUT_NAME})`, fault: { path: SEARCH, kind: "delay", delay_ms: PAST_TIMEOUT_MS, times: 1 }, browserSees: 502 },
  // The gateway asks once more, alone, with the stored pair.
  { name: "002002", fault: { path: SEARCH, kind: "error", code: "002002", times: 1 }, browserSees: null },
];

for (const { name, fault, browserSees } of ONE_OFF) {
  test(`a one-off ${name} during a refresh is retried on its own: new numbers, no error ever shown`, async ({ page, consoleErrors }) => {
    if (browserSees) consoleErrors.allow(failedResource(browserSees, "/api/board?"));
    await watchErrorPanel(page);
    const { board, counts, at } = await loadedBoard(page);
    const mark = await callLogMark();
    await addFault(fault);
    await board.refreshNowButton.click();
    await expectRefreshedAfter(page, at);
    expect(await errorPanelLog(page), "the error panel").toEqual([]);
    await expect(board.errorPanel).toHaveCount(0);
    expect(await board.counts()).toEqual(counts);
    // The faulty call was made, then made again (nothing was taken from a cache). The sandbox logs
    // a call when it answers: a timed-out one once its delay is over.
    await expect.poll(async () => (await callsSince(mark, fault.path)).length, { message: `${fault.path} calls`, timeout: 30_000 }).toBeGreaterThanOrEqual(2);
    expect((await callsSince(mark, fault.path)).some((c) => c.result === "success")).toBe(true);
  });
}

/** Faults that last until they are cleared: the person sees it, the board recovers on its own after. */
const PERSISTENT: { name: string; fault: Fault; status: number; code: string; reason: string; retried: boolean }[] = [
  { name: "HTTP 500", fault: { path: SEARCH, kind: "http500" }, status: 502, code: "http-status", reason: ja.query.error.failed, retried: true },
  { name: "malformed JSON", fault: { path: SEARCH, kind: "malformed" }, status: 502, code: "bad-response", reason: ja.query.error.failed, retried: true },
  { name: "a timeout", fault: { path: SEARCH, kind: "delay", delay_ms: PAST_TIMEOUT_MS }, status: 502, code: "timeout", reason: ja.query.error.failed, retried: true },
  { name: "002002 again after the gateway's retry", fault: { path: SEARCH, kind: "error", code: "002002" }, status: 409, code: "002002", reason: ja.query.error.failed, retried: false },
  { name: "004001 (no permission)", fault: { path: SEARCH, kind: "error", code: "004001" }, status: 403, code: "004001", reason: ja.query.error.forbidden, retried: false },
];

for (const { name, fault, status, code, reason, retried } of PERSISTENT) {
  test(`a persistent ${name} keeps the last board, says since when and why, and it comes back by itself once the fault is gone`, async ({ page, consoleErrors }) => {
    consoleErrors.allow(failedResource(status, "/api/board?"));
    // The page's clock runs as usual; the story moves it on to the next automatic refresh.
    await page.clock.install();
    await watchErrorPanel(page);
    const { board, counts, at, time } = await loadedBoard(page);
    const mark = await callLogMark();
    await addFault(fault);
    await board.refreshNowButton.click();

    await expect(board.errorPanel).toBeVisible({ timeout: 60_000 });
    await expect(refreshing(page)).toHaveCount(0);
    await expect(board.errorPanel).toContainText(ja.board.refresh.failed.replace("{time}", time));
    await expect(board.errorPanel).toContainText(reason);
    await expect(board.errorPanel).toContainText(ja.board.refresh.retriesOnItsOwn);
    await expect(board.errorPanel).toContainText(ja.query.error.code.replace("{code}", code));
    // The last good board stays, its time with it.
    expect(await board.counts()).toEqual(counts);
    await expect(board.shownCounts).toHaveCount(counts.length);
    await expect(board.failedCards).toHaveCount(0);
    await expect(board.chartBars.first()).toBeVisible();
    await board.expectUpdatedAt(time);

    // The page retries what may pass (twice, with backoff); a refusal or a stale pair it does not.
    // (The sandbox logs a call when it answers: a timed-out one once its delay is over.)
    const upstreamCalls = async () => (await callsSince(mark, fault.path)).length;
    if (!retried) expect(await upstreamCalls(), `${fault.path} calls`).toBe(code === "002002" ? 2 : 1);
    else await expect.poll(upstreamCalls, { message: `${fault.path} calls`, timeout: 30_000 }).toBeGreaterThanOrEqual(3);

    // Nobody touches the screen: the fault goes away, the next automatic refresh brings live numbers.
    await clearFaults();
    await page.clock.fastForward(61_000);
    await expect(board.errorPanel).toHaveCount(0, { timeout: 30_000 });
    await expectRefreshedAfter(page, at);
    expect(await board.counts()).toEqual(counts);
    // Said once, kept while the automatic refresh ran, gone with its answer.
    expect(await errorPanelLog(page), "the error panel").toEqual(["shown", "hidden"]);
  });
}

test("an unattended wall screen whose board cannot load says so on every card, keeps saying it while it tries again on its own, and shows the board once the API is back", async ({ page, consoleErrors }) => {
  consoleErrors.allow(failedResource(502, "/api/board?"));
  await page.clock.install();
  await watchErrorPanel(page);
  const board = new BoardPage(page);
  // A period no other story asks for: the server keeps each question's numbers for 30 s.
  const [from, to] = [jstDay(-64), jstDay(-60)];
  await addFault({ path: SEARCH, kind: "http500" });
  await page.goto(`/board?wall=1&period=custom&from=${from}&to=${to}`);
  await expect(board.errorPanel).toBeVisible({ timeout: 30_000 });
  await expect(board.errorPanel).toContainText(ja.board.refresh.failedFirst);
  await expect(board.errorPanel).toContainText(ja.board.refresh.retriesOnItsOwn);
  await expect(board.failedCards).toHaveCount(await board.cards.count());
  await expect(board.shownCounts).toHaveCount(0);

  // The next automatic refresh tries again (with its own retries) and fails again: still said, never blank.
  const mark = await callLogMark();
  await page.clock.fastForward(61_000);
  await expect.poll(async () => (await callsSince(mark, SEARCH)).length, { timeout: 30_000 }).toBeGreaterThanOrEqual(3);
  await expect(refreshing(page)).toHaveCount(0, { timeout: 30_000 });
  await expect(board.errorPanel).toBeVisible();
  await expect(board.failedCards).toHaveCount(await board.cards.count());
  expect(await errorPanelLog(page), "the error panel").toEqual(["shown"]);

  await clearFaults();
  await page.clock.fastForward(61_000);
  await expect(board.errorPanel).toHaveCount(0, { timeout: 30_000 });
  await board.waitForCounts();
  await expect(board.failedCards).toHaveCount(0);
  await expect(board.shownCounts).toHaveCount(await board.cards.count());
  await expect(page).toHaveURL(/wall=1/);
});

test("a slow answer shows the refresh running over the old numbers, then the new ones", async ({ page }) => {
  await watchErrorPanel(page);
  const { board, counts, at } = await loadedBoard(page);
  await addFault({ path: SEARCH, kind: "delay", delay_ms: 2_000 });
  await board.refreshNowButton.click();
  await expect(refreshing(page)).toHaveCount(1);
  await expect(board.refreshNowButton).toBeDisabled();
  // Never blank: every card keeps its number meanwhile.
  expect(await board.counts()).toEqual(counts);
  await expect(board.shownCounts).toHaveCount(counts.length);
  await expectRefreshedAfter(page, at);
  await expect(board.refreshNowButton).toBeEnabled();
  expect(await errorPanelLog(page), "the error panel").toEqual([]);
  expect(await board.counts()).toEqual(counts);
});

test("a persistently busy API (003002) is waited for with wait_flag=1: the refresh runs, then ends with new numbers", async ({ page }) => {
  await watchErrorPanel(page);
  const { board, counts, at } = await loadedBoard(page);
  const mark = await callLogMark();
  await addFault({ path: SEARCH, kind: "busy", delay_ms: 1_500 });
  await board.refreshNowButton.click();
  await expect(refreshing(page)).toHaveCount(1);
  await expectRefreshedAfter(page, at);
  expect(await errorPanelLog(page), "the error panel").toEqual([]);
  expect(await board.counts()).toEqual(counts);
  // Busy once, then the same read with wait_flag=1, which waited and answered.
  expect((await callsSince(mark, SEARCH)).map((c) => c.result)).toEqual(["error", "success"]);
});

for (const { name, fault } of [
  { name: "002004", fault: { path: SEARCH, kind: "error", code: "002004", times: 1 } as Fault },
  { name: "redirect", fault: { path: SEARCH, kind: "redirect", times: 1 } as Fault },
]) {
  test(`${name} during a refresh sends the person to sign in again, then back to the board with its period and filters`, async ({ browser, baseURL }) => {
    // Its own sign-in: the fault ends the session (the shared signed-in state must stay alive).
    const context = await browser.newContext({ baseURL, locale: "ja-JP", viewport: { width: 1440, height: 900 }, storageState: { cookies: [], origins: [] } });
    const unexpected: string[] = [];
    context.on("console", (m) => {
      const line = `console: ${m.text()} (${m.location().url})`;
      if (m.type() === "error" && !failedResource(401, "/api/board?").test(line)) unexpected.push(line);
    });
    try {
      const page = await context.newPage();
      const [from, to] = [jstDay(-20), jstDay(-10)];
      const where = `/board?period=custom&from=${from}&to=${to}&cancelled=1`;
      await signInThroughForm(page, "manager", where);
      const board = new BoardPage(page);
      await board.waitForCounts();
      const counts = await board.counts();
      await addFault(fault);
      await board.refreshNowButton.click();

      await expect(page).toHaveURL(new RegExp(`/login\\?reason=expired&from=${escapeRegExp(encodeURIComponent(where))}$`), { timeout: 30_000 });
      await expect(page.getByRole("alert").filter({ hasText: ja.login.expired })).toBeVisible();

      await page.getByRole("link", { name: /サインイン/ }).click();
      await page.waitForURL((url) => url.pathname.startsWith("/users/sign_in"));
      await new SandboxSignInPage(page).signIn(SANDBOX_USERS.manager.login, SANDBOX_PASSWORD);
      await page.waitForURL((url) => url.pathname === "/board");
      await expect(page).toHaveURL(new RegExp(`${escapeRegExp(where)}$`));
      await board.waitForCounts();
      await expect(board.cancelledToggle).toBeChecked();
      await expect(board.customRangeButton).toContainText(board.rangeText(from, to));
      expect(await board.counts()).toEqual(counts);
      await expect(board.errorPanel).toHaveCount(0);
    } finally {
      await context.close();
    }
    expect(unexpected, "console errors the story does not expect").toEqual([]);
  });
}
