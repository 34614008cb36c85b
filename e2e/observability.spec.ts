// Operating the service: health and readiness answer without a session and say nothing secret;
// every request leaves one JSON line with its request id, carried into its upstream calls' lines;
// and a whole session (sign-in, grids, a drawer, an upload, sign-out) writes no token, cookie or
// CSV text into the log.
import { expect, sandboxUrl, signInThroughForm, test } from "./fixtures";
import { OrdersPage } from "./pages/orders-page";
import { ServerLog } from "./pages/server-log";
import { ShellPage } from "./pages/shell-page";
import { stockPairs, stockRows, UploadsPage, warehouseStockCsv } from "./pages/uploads-page";

test.describe("health and readiness", () => {
  test.use({ user: null });

  test("/api/health and /api/ready answer signed out, with a request id and nothing secret", async ({ request }) => {
    const health = await request.get("/api/health");
    expect(health.status()).toBe(200);
    expect(await health.json()).toMatchObject({ status: "ok" });
    expect(health.headers()["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(health.headers()["set-cookie"]).toBeUndefined();

    const ready = await request.get("/api/ready", { headers: { "x-request-id": "probe-1" } });
    expect(ready.status()).toBe(200);
    expect(ready.headers()["x-request-id"]).toBe("probe-1");
    const body = (await ready.json()) as { status: string; checks: { database: { ok: boolean; migrations: string }; upstream: { ok: boolean } } };
    expect(body.status).toBe("ready");
    expect(body.checks.database.ok).toBe(true);
    expect(body.checks.database.migrations).toMatch(/^(\d+)\/\1$/);
    expect(body.checks.upstream.ok).toBe(true);
    const text = JSON.stringify(body);
    for (const secret of ["127.0.0.1", "localhost", "http", "postgres", "secret", "token"]) expect(text).not.toContain(secret);
  });
});

test.describe("the request log", () => {
  test("a BFF request's line and its upstream call's line share the id the caller sent", async ({ page, baseURL }) => {
    const log = ServerLog.mark();
    const res = await page.request.post("/api/ne/api_v1_master_goods/search", {
      headers: { "content-type": "application/json", origin: new URL(baseURL!).origin, "x-request-id": "e2e-log-1" },
      data: { fields: ["goods_id", "goods_name"], limit: 3 },
    });
    expect(res.status()).toBe(200);
    expect(res.headers()["x-request-id"]).toBe("e2e-log-1");
    await expect.poll(() => log.lines().filter((l) => l.requestId === "e2e-log-1").map((l) => l.msg)).toEqual(["upstream", "request"]);
    const [upstream, line] = log.lines().filter((l) => l.requestId === "e2e-log-1");
    expect(upstream).toMatchObject({ operation: "/api_v1_master_goods/search", result: "success", rotated: false });
    expect(line).toMatchObject({ method: "POST", route: "/api/ne/[...path]", path: "/api/ne/api_v1_master_goods/search", status: 200, upstreamCalls: 1, upstreamCode: "success" });
  });

  test("a whole session writes no token, cookie or CSV text into the log", async ({ browser, baseURL }) => {
    test.setTimeout(240_000);
    const log = ServerLog.mark();
    // A session of its own: its tokens are issued during this test.
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] }, locale: "ja-JP" });
    const page = await context.newPage();
    await signInThroughForm(page, "staff");

    const orders = new OrdersPage(page);
    await orders.waitForRows();
    await orders.openRowByClick();
    await orders.closeDrawer();
    await page.goto("/goods");
    await page.goto("/stock");

    const canary = `CANARY-CSV-${Date.now().toString(36)}`;
    const pairs = await stockPairs("staff", 3);
    const uploads = new UploadsPage(page);
    await uploads.goto();
    const fileName = `log-canary-${Date.now().toString(36)}.csv`;
    await uploads.drop("warehouse-stock", { name: fileName, mimeType: "text/csv", buffer: warehouseStockCsv(stockRows(pairs, 3, canary)) });
    const card = uploads.card(fileName);
    await card.expectClean(3);
    await card.sendButton.click();
    await card.expectAllDone(1);

    const cookies = (await context.cookies()).map((c) => c.value).filter((v) => v.length >= 16);
    expect(cookies.length).toBeGreaterThan(0);
    await new ShellPage(page).signOut();
    await context.close();
    // Lines are written in batches (lib/observability/log.ts): once a request made after the
    // session's last one has its line in the file, every line before it is there too.
    const end = `e2e-log-end-${Date.now().toString(36)}`;
    expect((await fetch(`${baseURL}/api/health`, { headers: { "x-request-id": end } })).status).toBe(200);
    await expect.poll(() => log.lines().some((l) => l.requestId === end)).toBe(true);

    const issued = (await (await fetch(`${sandboxUrl}/__sandbox/tokens`)).json()) as { access_token: string; refresh_token: string }[];
    const text = log.text();
    // The session left lines: requests, upstream calls, the upload's sends.
    expect(log.lines().filter((l) => l.msg === "request").length).toBeGreaterThan(5);
    expect(log.lines().filter((l) => l.msg === "upstream" && l.operation === "/api_v1_warehouse_stock/upload")).toHaveLength(1);
    for (const t of issued) {
      expect(text.includes(t.access_token), "an access token in the log").toBe(false);
      expect(text.includes(t.refresh_token), "a refresh token in the log").toBe(false);
    }
    for (const value of cookies) expect(text.includes(value), "a cookie value in the log").toBe(false);
    expect(text).not.toContain(canary);
  });
});
