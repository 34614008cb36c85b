import { expect, type Page } from "@playwright/test";
import { addDays, dateConditions, jstToday } from "../../lib/board/period";
import { sandboxCall } from "./sandbox-api";
import type { SandboxUser } from "../fixtures";

// The company's read model (lib/analytics) as a story needs it: the dashboard's own refresh route
// asks for a sync (`POST /api/analytics/sync`), and the story waits for the status to say a sync
// finished after the request. The schedule also syncs every signed-in company, so a story never
// relies on the copy being empty; it waits for a fresh one instead.

interface SyncStatus {
  asOf: string | null;
  running: boolean;
  lastError: string | null;
}

/** Asks for a sync and waits until one that started after the request has finished. */
export async function freshCopy(page: Page, baseURL: string): Promise<void> {
  const origin = new URL(baseURL).origin;
  const asked = Date.now();
  const res = await page.request.post("/api/analytics/sync", { data: {}, headers: { origin } });
  expect(res.status(), await res.text()).toBe(202);
  // `asOf` is the start of the last complete sync: one that started after the request (a sync
  // already running when it came is followed by another, the request being kept).
  await expect
    .poll(
      async () => {
        const last = (await (await page.request.get("/api/analytics/sync", { headers: { origin } })).json()) as SyncStatus;
        return !last.running && last.asOf !== null && Date.parse(last.asOf) >= asked - 1_000;
      },
      { message: "a sync that started after the request finished", timeout: 170_000, intervals: [1_000] },
    )
    .toBe(true);
}

/** The last `days` Japan days up to today. */
export function lastDays(days: number): { from: string; to: string } {
  const to = jstToday(new Date());
  return { from: addDays(to, -(days - 1)), to };
}

/** Slips of the period that are not cancelled, and their total amount, read from the sandbox itself. */
export async function sandboxSales(user: SandboxUser, range: { from: string; to: string }): Promise<{ orders: number; revenue: number }> {
  const params: Record<string, string> = { fields: "receive_order_id,receive_order_total_amount", "receive_order_cancel_type_id-eq": "0", limit: "10000" };
  for (const c of dateConditions(range)) params[`${c.field}-${c.op}`] = String(c.value);
  const { data = [] } = await sandboxCall(user, "/api_v1_receiveorder_base/search", params);
  expect(data.length, "a page of the sandbox's slips holds the whole period").toBeLessThan(10_000);
  return { orders: data.length, revenue: data.reduce((sum, row) => sum + Number(row.receive_order_total_amount ?? 0), 0) };
}
