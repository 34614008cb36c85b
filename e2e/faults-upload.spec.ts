import type { Page } from "@playwright/test";
import ja from "../messages/ja.json";
import { expect, failedResource, SANDBOX_PASSWORD, SANDBOX_USERS, signInThroughForm, test, type SandboxUser } from "./fixtures";
import { addFault, callLogMark, callsSince, clearFaults } from "./pages/sandbox-api";
import { SandboxSignInPage } from "./pages/sign-in-page";
import { PAST_TIMEOUT_MS, PAST_TIMEOUT_NAME } from "./support/upstream-timeout";
import { SEND_RETRY_DELAYS_MS } from "../components/upload/send-upload";
import {
  expectedQuantities,
  fill,
  journalFiles,
  pairKey,
  queJobCount,
  stockPairs,
  stockQuantities,
  stockRows,
  UploadsPage,
  warehouseStockCsv,
  type FileCard,
  type StockPair,
  type StockRow,
} from "./pages/uploads-page";

// Faults on the upload call (and on the queue check that follows it) while an operator sends a
// warehouse stock file in batches. For each: what the page shows, and against the sandbox itself
// that no batch was applied twice (upload calls in the sandbox's call log, que jobs, stock).
// A batch is at most 3000 rows: 3001 rows make two batches (3000 + 1), 6001 rows three.

const UPLOAD = "/api_v1_warehouse_stock/upload";
const QUE_SEARCH = "/api_v1_system_que/search";
const run = Date.now().toString(36);
const reasonText = `e2e障害 ${run}`;
const t = ja.uploads;

test.use({ viewport: { width: 1440, height: 900 } });
test.afterEach(async () => {
  await clearFaults();
});

/** A file of `count` rows over a few stock pairs, with what the sandbox holds now. */
async function stockFile(user: SandboxUser, name: string, count: number) {
  const pairs = await stockPairs(user, 6);
  // The reason names the story: two stories' files never have the same bytes (a duplicate asks first).
  const rows = stockRows(pairs, count, `${reasonText} ${name}`);
  const before = await stockQuantities(user, pairs);
  return { pairs, rows, before, fileName: `${name}-${run}.csv`, bytes: warehouseStockCsv(rows) };
}

/** File lines of the rows of batch `index` (3000 rows a batch, line 2 first). */
function linesOfBatch(rows: readonly StockRow[], index: number): Set<number> {
  const lines = new Set<number>();
  for (let i = index * 3000; i < Math.min(rows.length, (index + 1) * 3000); i += 1) lines.add(i + 2);
  return lines;
}

/** The rows of every batch but these, left out. */
function skipBatches(rows: readonly StockRow[], batches: readonly number[]): Set<number> {
  return new Set(batches.flatMap((b) => [...linesOfBatch(rows, b)]));
}

async function expectStock(user: SandboxUser, pairs: readonly StockPair[], expected: Map<string, number>): Promise<void> {
  const now = await stockQuantities(user, pairs);
  for (const p of pairs) {
    const key = pairKey(p.warehouseId, p.goodsCode);
    expect(now.get(key), `sandbox stock of ${p.warehouseName} / ${p.goodsCode}`).toBe(expected.get(key));
  }
}

/** Every batch of the newest journal entry has its own que id: one que job each, never two. */
async function expectDistinctJobs(page: Page, fileName: string, batches: number): Promise<void> {
  const [file] = await journalFiles(page.request, fileName);
  expect(file?.batches).toHaveLength(batches);
  const queIds = (file?.batches ?? []).map((b) => b.queId);
  expect(queIds.every(Boolean), JSON.stringify(file?.batches)).toBe(true);
  expect(new Set(queIds).size).toBe(batches);
}

/**
 * The file applied exactly once, against the sandbox: `calls` upload calls since `mark`, one new
 * que job per batch (each batch its own), and the stock moved by the file's rows once.
 */
async function expectAppliedOnce(
  page: Page,
  user: SandboxUser,
  f: Awaited<ReturnType<typeof stockFile>>,
  { mark, calls, jobsBefore, batches }: { mark: number; calls: number; jobsBefore: number; batches: number },
): Promise<void> {
  expect((await callsSince(mark, UPLOAD)).length).toBe(calls);
  expect(await queJobCount(user)).toBe(jobsBefore + batches);
  await expectDistinctJobs(page, f.fileName, batches);
  await expectStock(user, f.pairs, expectedQuantities(f.before, f.rows));
}

async function dropAndCheck(uploads: UploadsPage, fileName: string, bytes: Buffer, rows: number): Promise<FileCard> {
  await uploads.goto();
  await uploads.drop("warehouse-stock", { name: fileName, mimeType: "text/csv", buffer: bytes });
  const card = uploads.card(fileName);
  await card.expectClean(rows);
  return card;
}

/**
 * A 3,001-row stock file of staff's (two batches), dropped and checked, then sent with `fault` in
 * place on the upload call: what the story goes on from.
 */
async function sendWithFault(page: Page, name: string, fault: Omit<Parameters<typeof addFault>[0], "path">) {
  const f = await stockFile("staff", name, 3001);
  const uploads = new UploadsPage(page);
  const card = await dropAndCheck(uploads, f.fileName, f.bytes, 3001);
  const jobsBefore = await queJobCount("staff");
  await addFault({ path: UPLOAD, ...fault });
  const mark = await callLogMark();
  await card.sendButton.click();
  return { f, uploads, card, jobsBefore, mark };
}

/** A message with any values for its arguments, anywhere in a text. */
const somewhere = (message: string) => new RegExp(message.split(/\{[^}]+\}/).map((p) => p.replace(/[.*+?^$()|[\]{}\\]/g, "\\$&")).join(".+"));

const batchName = (index: number, total: number) => fill(t.batches.name, { index: index + 1, total });

test.describe("faults that recover by themselves", () => {
  const cases = [
    { name: "busy (003002) twice: sent again after 1 s and 2 s, nothing queued by the busy answers", fault: { kind: "busy" as const, times: 2 }, uploadCalls: 4 },
    { name: "one stale token (002002): the gateway's one retry with the stored pair", fault: { kind: "error" as const, code: "002002", times: 1 }, uploadCalls: 3 },
    { name: "a slow answer (2 s a call): the progress says which batch is on its way, then done", fault: { kind: "delay" as const, delay_ms: 2000 }, uploadCalls: 2 },
  ];
  for (const c of cases) {
    test(c.name, async ({ page, consoleErrors }) => {
      test.setTimeout(180_000);
      // A busy answer is the send route's 503 (the batch back to "stored"), which the page handles.
      consoleErrors.allow(failedResource(503, "/send"));
      const { f, card, jobsBefore, mark } = await sendWithFault(page, `fault-${c.fault.kind}${c.fault.code ?? ""}`, c.fault);
      if (c.fault.kind === "delay") {
        await expect(card.root.getByRole("status").filter({ hasText: fill(t.progress.sending, { batch: 1, total: 2, rows: "3,001", sent: "0" }) })).toBeVisible();
      }
      if (c.fault.kind === "busy") {
        await expect(card.root.getByRole("status").filter({ hasText: somewhere(t.progress.retrying) })).toBeVisible();
      }
      await card.expectAllDone(2);
      await expect(card.root.getByRole("alert")).toHaveCount(0);
      await expectAppliedOnce(page, "staff", f, { mark, calls: c.uploadCalls, jobsBefore, batches: 2 });
    });
  }

  test("the queue check meets busy, HTTP 500 and malformed JSON: the batches are still followed to done", async ({ page }) => {
    test.setTimeout(180_000);
    const f = await stockFile("staff", "fault-que", 3001);
    const uploads = new UploadsPage(page);
    const card = await dropAndCheck(uploads, f.fileName, f.bytes, 3001);
    // A call meets at most one transport fault (the sandbox consumes every matching one at once):
    // HTTP 500 on the first check (busy waits behind it), the malformed answer added once the first
    // check has gone out (the next one is 2 s later), so: 500, malformed, busy, then answers.
    await addFault({ path: QUE_SEARCH, kind: "http500", times: 1 });
    await addFault({ path: QUE_SEARCH, kind: "busy", times: 1 });
    const mark = await callLogMark();
    await card.sendButton.click();
    await expect.poll(async () => (await callsSince(mark, QUE_SEARCH)).length, { timeout: 60_000, intervals: [100] }).toBeGreaterThanOrEqual(1);
    await addFault({ path: QUE_SEARCH, kind: "malformed", times: 1 });
    await card.expectAllDone(2);
    await expect(card.root.getByRole("alert")).toHaveCount(0);
    expect((await callsSince(mark, UPLOAD)).length).toBe(2);
    const checks = await callsSince(mark, QUE_SEARCH);
    expect(checks.filter((c) => c.status === 500)).toHaveLength(1);
    expect(checks.filter((c) => c.result === "error"), "the busy answer (003002)").toHaveLength(1);
    // 500, malformed (200, no envelope), busy (then asked again with wait_flag=1), then the answers.
    expect(checks.length, JSON.stringify(checks)).toBeGreaterThanOrEqual(4);
    expect(checks[1], "the malformed answer").toMatchObject({ status: 200, result: null });
    expect(checks.at(-1)?.result).toBe("success");
    await expectDistinctJobs(page, f.fileName, 2);
    await expectStock("staff", f.pairs, expectedQuantities(f.before, f.rows));
  });
});

test.describe("a busy API that stays busy", () => {
  test("the page tries 4 more times, then says so with Retry; the file is kept and Retry sends it once", async ({ page, consoleErrors }) => {
    test.setTimeout(180_000);
    consoleErrors.allow(failedResource(503, "/send"));
    // The page's clock runs as usual; the story moves it past each of the page's waits.
    await page.clock.install();
    const { f, card, jobsBefore, mark } = await sendWithFault(page, "fault-busy-long", { kind: "busy" });

    // After each busy answer, the page's wait before it sends again is moved past (a wait that
    // already began ends at once, one still to begin runs in real time).
    for (const [i, wait] of SEND_RETRY_DELAYS_MS.entries()) {
      await expect.poll(async () => (await callsSince(mark, UPLOAD)).length, { timeout: 60_000 }).toBeGreaterThanOrEqual(i + 1);
      await page.clock.fastForward(wait);
    }
    const alert = card.root.getByRole("alert");
    await expect(alert).toContainText(ja.query.error.busy, { timeout: 60_000 });
    await expect(alert).toContainText(t.errors.kept);
    await expect(alert).toContainText(fill(ja.query.error.code, { code: "003002" }));
    expect((await callsSince(mark, UPLOAD)).length).toBe(5);
    await card.expectBatchState(card.batchRows.nth(0), "stored");
    await card.expectBatchState(card.batchRows.nth(1), "stored");
    expect(await queJobCount("staff")).toBe(jobsBefore);

    await clearFaults();
    await alert.getByRole("button", { name: t.send.retry }).click();
    await card.expectAllDone(2);
    await expectAppliedOnce(page, "staff", f, { mark, calls: 7, jobsBefore, batches: 2 });
  });
});

test.describe("an answer lost after the batch left", () => {
  const cases = [
    { name: "HTTP 500", fault: { kind: "http500" as const, times: 1 }, code: "http-status" },
    { name: "malformed JSON", fault: { kind: "malformed" as const, times: 1 }, code: "bad-response" },
  ];
  for (const c of cases) {
    test(`${c.name}: the batch is "outcome unknown", never sent again by itself; checked, sent again once by a person, then the rest`, async ({ page }) => {
      test.setTimeout(180_000);
      const { f, uploads, card, jobsBefore, mark } = await sendWithFault(page, `fault-${c.fault.kind}`, c.fault);

      await test.step("the page says the outcome is unknown, how to check, and keeps the rest", async () => {
        const outcome = card.root.locator("[data-batch-outcome=unknown]");
        await expect(outcome).toContainText(fill(t.outcome.unknownTitle, { batch: 1, total: 2, lines: fill(t.batches.lines, { first: 2, last: 3001 }) }), { timeout: 60_000 });
        await expect(outcome).toContainText(t.outcome.unknownNext);
        await expect(outcome).toContainText(fill(t.outcome.code, { code: c.code }));
        await expect(outcome.getByRole("link", { name: /倉庫在庫を開く$/ })).toBeVisible();
        await expect(outcome.getByRole("link", { name: t.outcome.queueLink })).toBeVisible();
        await card.expectBatchState(card.batchRows.nth(0), "unknown");
        await card.expectBatchState(card.batchRows.nth(1), "stored");
        await expect(card.fileStatus).toContainText(t.fileStatus.attention);
        expect(await uploads.a11yViolations()).toEqual([]);
        expect((await callsSince(mark, UPLOAD)).length).toBe(1);
        // This fault answers before the sandbox reads the call: nothing was applied.
        expect(await queJobCount("staff")).toBe(jobsBefore);
        await expectStock("staff", f.pairs, f.before);
      });

      await test.step("the person sends batch 1 again after the warning, then resumes the rest: each applied once", async () => {
        await card.batchRows.nth(0).getByRole("button", { name: fill(t.batches.resendLabel, { batch: batchName(0, 2) }) }).click();
        const confirm = card.batchRows.nth(0).getByRole("alertdialog");
        await expect(confirm).toContainText(fill(t.batches.confirmUnknown, { batch: batchName(0, 2), lines: fill(t.batches.lines, { first: 2, last: 3001 }) }));
        await confirm.getByRole("button", { name: t.batches.confirmResend }).click();
        await card.expectBatchState(card.batchRows.nth(0), "done", 60_000);
        await card.resumeButton.click();
        await card.expectAllDone(2);
        await expectAppliedOnce(page, "staff", f, { mark, calls: 3, jobsBefore, batches: 2 });
      });
    });
  }

  test(`a timeout (${PAST_TIMEOUT_NAME}): unknown, and the sandbox did queue it; the person resumes the rest without it, applied once`, async ({ page }) => {
    test.setTimeout(240_000);
    const { f, card, jobsBefore, mark } = await sendWithFault(page, "fault-timeout", { kind: "delay", delay_ms: PAST_TIMEOUT_MS, times: 1 });

    await expect(card.root.getByRole("status").filter({ hasText: fill(t.progress.sending, { batch: 1, total: 2, rows: "3,001", sent: "0" }) })).toBeVisible();
    const outcome = card.root.locator("[data-batch-outcome=unknown]");
    await expect(outcome).toContainText(fill(t.outcome.code, { code: "timeout" }), { timeout: 60_000 });
    await card.expectBatchState(card.batchRows.nth(0), "unknown");
    await card.expectBatchState(card.batchRows.nth(1), "stored");

    // The call the dashboard gave up on still reached the API: the sandbox answers it once its delay is over, and queues it.
    await expect.poll(async () => (await callsSince(mark, UPLOAD)).length, { timeout: 30_000 }).toBe(1);
    await expect.poll(() => queJobCount("staff"), { timeout: 30_000 }).toBe(jobsBefore + 1);
    await expect.poll(async () => (await stockQuantities("staff", f.pairs)).get(pairKey(f.pairs[0]!.warehouseId, f.pairs[0]!.goodsCode)), { timeout: 60_000 }).toBe(
      expectedQuantities(f.before, f.rows, linesOfBatch(f.rows, 1)).get(pairKey(f.pairs[0]!.warehouseId, f.pairs[0]!.goodsCode)),
    );
    await expectStock("staff", f.pairs, expectedQuantities(f.before, f.rows, skipBatches(f.rows, [1])));

    // The stock shows batch 1 applied: the person resumes, which sends batch 2 only.
    await card.resumeButton.click();
    await card.expectBatchState(card.batchRows.nth(1), "done", 60_000);
    await card.expectBatchState(card.batchRows.nth(0), "unknown");
    expect((await callsSince(mark, UPLOAD)).length).toBe(2);
    expect(await queJobCount("staff")).toBe(jobsBefore + 2);
    await expectStock("staff", f.pairs, expectedQuantities(f.before, f.rows));
    const [file] = await journalFiles(page.request, f.fileName);
    expect(file?.batches.map((b) => b.sendCount)).toEqual([1, 1]);
  });
});

test.describe("no permission (004001)", () => {
  test("the batch fails with a clear message, nothing is retried or applied, the rest stays stored", async ({ page }) => {
    test.setTimeout(180_000);
    const { f, card, jobsBefore, mark } = await sendWithFault(page, "fault-004001", { kind: "error", code: "004001" });

    const outcome = card.root.locator("[data-batch-outcome=failed]");
    await expect(outcome).toContainText(fill(t.outcome.forbiddenTitle, { batch: 1, total: 2 }), { timeout: 60_000 });
    await expect(outcome).toContainText(t.outcome.forbidden);
    await expect(card.batchRows.nth(0)).toContainText(`${t.batches.forbidden} (004001)`);
    await card.expectBatchState(card.batchRows.nth(0), "failed");
    await card.expectBatchState(card.batchRows.nth(1), "stored");
    await expect(card.fileStatus).toContainText(t.fileStatus.failed);
    expect((await callsSince(mark, UPLOAD)).length).toBe(1);
    expect(await queJobCount("staff")).toBe(jobsBefore);
    await expectStock("staff", f.pairs, f.before);
  });
});

test.describe("the sign-in ends mid-send", () => {
  // Its own browser context: the fault deletes the session's tokens, which the shared signed-in
  // state of the other stories must keep.
  test.use({ user: null });
  for (const fault of [{ kind: "error" as const, code: "002004" }, { kind: "redirect" as const }]) {
    test(`${fault.code ?? fault.kind}: sign in again, back on /uploads the file goes on from the batch that was refused, none sent twice`, async ({ browser, baseURL }) => {
      test.setTimeout(240_000);
      const context = await browser.newContext({ baseURL, locale: "ja-JP", viewport: { width: 1440, height: 900 }, storageState: { cookies: [], origins: [] } });
      const page = await context.newPage();
      try {
        await signInThroughForm(page, "manager", "/uploads");
        const f = await stockFile("manager", `fault-${fault.code ?? fault.kind}`, 6001);
        const uploads = new UploadsPage(page);
        const card = await dropAndCheck(uploads, f.fileName, f.bytes, 6001);
        const jobsBefore = await queJobCount("manager");
        // Each call takes 4 s (under E2E_NE_TIMEOUT_MS), so that the refusal meets batch 2 while batch 1 is already queued.
        await addFault({ path: UPLOAD, kind: "delay", delay_ms: 4000 });
        const mark = await callLogMark();
        await card.sendButton.click();
        await card.expectBatchState(card.batchRows.nth(0), /^(queued|processing|done)$/, 60_000);
        await addFault({ path: UPLOAD, ...fault, times: 1 });

        await expect(page).toHaveURL(/\/login\?reason=expired&from=%2Fuploads$/, { timeout: 60_000 });
        await clearFaults();
        await page.getByRole("link", { name: "NextEngine でサインイン" }).click();
        await new SandboxSignInPage(page).signIn(SANDBOX_USERS.manager.login, SANDBOX_PASSWORD);
        await page.waitForURL((url) => url.pathname === "/uploads");

        const entry = uploads.unfinishedEntry(f.fileName);
        await expect(entry.root).toBeVisible({ timeout: 60_000 });
        // Sending continues by itself: batches 2 and 3, then the queue.
        await expect(uploads.historyRow(f.fileName)).toContainText(t.fileStatus.done, { timeout: 120_000 });
        const [file] = await journalFiles(page.request, f.fileName);
        // Batch 2's first claim met the refusal (nothing queued), its second went through.
        expect(file?.batches.map((b) => b.sendCount)).toEqual([1, 2, 1]);
        await expectAppliedOnce(page, "manager", f, { mark, calls: 4, jobsBefore, batches: 3 });
      } finally {
        await context.close();
      }
    });
  }

  test("002004 on the queue check: sign in again, back on /uploads the batch is followed to done, nothing sent again", async ({ browser, baseURL }) => {
    test.setTimeout(180_000);
    const context = await browser.newContext({ baseURL, locale: "ja-JP", viewport: { width: 1440, height: 900 }, storageState: { cookies: [], origins: [] } });
    const page = await context.newPage();
    try {
      await signInThroughForm(page, "manager", "/uploads");
      const f = await stockFile("manager", "fault-que-002004", 3001);
      const uploads = new UploadsPage(page);
      const card = await dropAndCheck(uploads, f.fileName, f.bytes, 3001);
      const jobsBefore = await queJobCount("manager");
      await addFault({ path: QUE_SEARCH, kind: "error", code: "002004", times: 1 });
      const mark = await callLogMark();
      await card.sendButton.click();

      await expect(page).toHaveURL(/\/login\?reason=expired&from=%2Fuploads$/, { timeout: 60_000 });
      await page.getByRole("link", { name: "NextEngine でサインイン" }).click();
      await new SandboxSignInPage(page).signIn(SANDBOX_USERS.manager.login, SANDBOX_PASSWORD);
      await page.waitForURL((url) => url.pathname === "/uploads");

      await expect(uploads.historyRow(f.fileName)).toContainText(t.fileStatus.done, { timeout: 120_000 });
      const [file] = await journalFiles(page.request, f.fileName);
      expect(file?.batches.map((b) => b.sendCount)).toEqual([1, 1]);
      await expectAppliedOnce(page, "manager", f, { mark, calls: 2, jobsBefore, batches: 2 });
    } finally {
      await context.close();
    }
  });
});
