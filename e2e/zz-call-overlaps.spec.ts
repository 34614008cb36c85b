// Checked last: Playwright runs the story files in name order on one worker, so this file's
// story reads the sandbox's record after every other story of the run. The sandbox refuses a
// second call with one access token while the first is in flight (003902, the development rules'
// "no parallel requests for one user") and records each such call since it started
// (GET /__sandbox/overlaps, sandbox/calls.ts); the ring of the call log would have rolled over
// during a whole run, the record has not. Any overlap fails the run, listed.
import { expect, test } from "./fixtures";
import { OrdersPage } from "./pages/orders-page";
import { callOverlaps, overlapLines } from "./pages/sandbox-api";

test("the whole run made no second call with one access token while the first was in flight", async ({ page }) => {
  // A page of this story's own first: the record is never read over no calls (this file alone).
  const orders = new OrdersPage(page);
  await orders.goto();
  await orders.waitForRows();
  await page.close();

  const record = await callOverlaps();
  expect(record.checked, "calls with an access token the sandbox checked during the run").toBeGreaterThan(0);
  expect(overlapLines(record), `${record.total} of ${record.checked} calls overlapped another call with the same access token`).toEqual([]);
  expect(record.total).toBe(0);
});
