// What one person may store through app/api/grid is bounded (issue 31, item 4): grid ids are the
// registry's grids only (an invented one is 404, nothing stored), saved views are bounded in number
// per grid and in size (one view, all of a person's), and GET /api/grid/views answers a page at a
// time. Run as the operator (company 2), whose saved views no other story keeps; each story starts
// and ends with none.
import type { APIRequestContext } from "@playwright/test";
import { expect, failedResource, test } from "./fixtures";
import { GoodsPage } from "./pages/catalog-page";
import { GRID_IDS } from "../lib/grid/grids";

const KB = 1024;
/** The defaults the stories assert (README "Environment"): 50 views per grid, 64 kB each, 2048 kB in all. */
const PER_GRID = 50;
const VIEW_BYTES = 64 * KB;
const TOTAL_BYTES = 2048 * KB;

interface ViewsPage {
  grids: { grid: string; views: { id: string; name: string }[] }[];
  next: string | null;
}

const json = (origin: string) => ({ "content-type": "application/json", origin });

/** Every page of GET /api/grid/views, `limit` views at a time; each page's answer size too. */
async function allViews(request: APIRequestContext, limit?: number): Promise<{ pages: ViewsPage[]; bytes: number[] }> {
  const pages: ViewsPage[] = [];
  const bytes: number[] = [];
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams();
    if (limit) query.set("limit", String(limit));
    if (cursor) query.set("cursor", cursor);
    const res = await request.get(`/api/grid/views${query.size ? `?${query}` : ""}`);
    expect(res.status()).toBe(200);
    const body = await res.body();
    bytes.push(body.byteLength);
    const page = JSON.parse(body.toString("utf8")) as ViewsPage;
    pages.push(page);
    cursor = page.next;
    expect(pages.length, "pages").toBeLessThan(200);
  } while (cursor);
  return { pages, bytes };
}

async function deleteAllViews(request: APIRequestContext, origin: string): Promise<void> {
  const { pages } = await allViews(request);
  for (const page of pages) {
    for (const { grid, views } of page.grids) {
      for (const view of views) expect((await request.delete(`/api/grid/views/${grid}/${view.id}`, { headers: { origin } })).status()).toBe(200);
    }
  }
}

/** A saved view's state of about `bytes` bytes as JSON: filter tokens of long values. */
function stateOf(bytes: number): { filters: string[] } {
  const token = (n: number) => `goods_name.eq:${"x".repeat(n)}`;
  const filters: string[] = [];
  let left = bytes - 14;
  while (left > 0) {
    const size = Math.min(11_000, left);
    filters.push(token(Math.max(1, size - 18)));
    left -= size;
  }
  return { filters };
}

test.describe("a person's grid storage is bounded", () => {
  test.use({ user: "operator" });

  test.beforeEach(async ({ page, baseURL }) => {
    await deleteAllViews(page.request, baseURL!);
  });
  test.afterEach(async ({ page, baseURL }) => {
    await deleteAllViews(page.request, baseURL!);
  });

  test("only the registry's grids: an invented grid id is 404 on every route, and nothing is stored under it", async ({ page, baseURL }) => {
    const origin = baseURL!;
    const answers = {
      "PUT preferences": await page.request.put("/api/grid/preferences/not-a-real-grid", { headers: json(origin), data: JSON.stringify({ columns: ["goods_id"] }) }),
      "GET preferences": await page.request.get("/api/grid/preferences/not-a-real-grid"),
      "DELETE preferences": await page.request.delete("/api/grid/preferences/not-a-real-grid", { headers: { origin } }),
      "POST view": await page.request.post("/api/grid/views/not-a-real-grid", { headers: json(origin), data: JSON.stringify({ name: "invented", state: { filters: [] } }) }),
      "GET views": await page.request.get("/api/grid/views/not-a-real-grid"),
    };
    for (const [what, res] of Object.entries(answers)) {
      expect(res.status(), what).toBe(404);
      expect(await res.json(), what).toMatchObject({ error: { code: "unknown-grid" } });
    }
    expect((await allViews(page.request)).pages.flatMap((p) => p.grids)).toEqual([]);
    const customized = (await (await page.request.get("/api/grid/preferences")).json()) as { grids: string[] };
    expect(customized.grids).not.toContain("not-a-real-grid");
    // A registry grid is stored as before.
    expect((await page.request.put("/api/grid/preferences/goods", { headers: json(origin), data: JSON.stringify({ columns: ["goods_id", "goods_name"] }) })).status()).toBe(200);
    expect((await page.request.delete("/api/grid/preferences/goods", { headers: { origin } })).status()).toBe(200);
  });

  test("200 views of 58 kB over the grids: saved until the person's 2 MB are full, then refused; the list comes in pages", async ({ page, baseURL }) => {
    test.setTimeout(120_000);
    const origin = baseURL!;
    const state = stateOf(58 * KB);
    expect(JSON.stringify(state).length).toBeGreaterThan(57 * KB);
    const statuses: { status: number; code?: string }[] = [];
    for (let i = 0; i < 200; i++) {
      const grid = GRID_IDS[i % GRID_IDS.length];
      const res = await page.request.post(`/api/grid/views/${grid}`, { headers: json(origin), data: JSON.stringify({ name: `big ${i}`, state }) });
      const body = (await res.json()) as { error?: { code: string; message: string } };
      statuses.push({ status: res.status(), code: body.error?.code });
    }
    const saved = statuses.filter((s) => s.status === 201).length;
    // As many as fit in the person's total, and not one more: every later one is refused, saying why.
    const size = JSON.stringify(state).length;
    expect(saved * size).toBeLessThanOrEqual(TOTAL_BYTES);
    expect((saved + 1) * size).toBeGreaterThan(TOTAL_BYTES - 2 * KB);
    expect(statuses.slice(0, saved).every((s) => s.status === 201)).toBe(true);
    expect(new Set(statuses.slice(saved).map((s) => `${s.status} ${s.code}`))).toEqual(new Set(["413 views-storage-full"]));

    // One view past 64 kB is refused for its own size.
    const huge = await page.request.post("/api/grid/views/orders", { headers: json(origin), data: JSON.stringify({ name: "huge", state: stateOf(VIEW_BYTES + KB) }) });
    expect(huge.status()).toBe(413);
    expect(await huge.json()).toMatchObject({ error: { code: "view-too-large" } });

    // The list in pages of 10: every saved view once, no page larger than 10 views.
    const { pages, bytes } = await allViews(page.request, 10);
    const ids = pages.flatMap((p) => p.grids.flatMap((g) => g.views.map((v) => v.id)));
    expect(ids.length).toBe(saved);
    expect(new Set(ids).size).toBe(saved);
    for (const p of pages) expect(p.grids.reduce((n, g) => n + g.views.length, 0)).toBeLessThanOrEqual(10);
    expect(Math.max(...bytes)).toBeLessThan(11 * 60 * KB);
    // The default page: at most 100 views, and the whole list bounded by the person's total.
    const { bytes: defaultPages } = await allViews(page.request);
    expect(defaultPages.reduce((a, b) => a + b, 0)).toBeLessThan(TOTAL_BYTES + 100 * KB);
    // Bad paging is refused, not guessed.
    for (const query of ["limit=0", "limit=101", "cursor=not-a-cursor", "limit=5&limit=6"]) {
      expect((await page.request.get(`/api/grid/views?${query}`)).status(), query).toBe(400);
    }
  });

  test("50 views per grid: the 51st is refused, and the views menu says so", async ({ page, baseURL, consoleErrors }) => {
    test.setTimeout(120_000);
    consoleErrors.allow(failedResource(422, "/api/grid/views/goods"));
    const origin = baseURL!;
    for (let i = 0; i < PER_GRID; i++) {
      const res = await page.request.post("/api/grid/views/goods", { headers: json(origin), data: JSON.stringify({ name: `small ${i}`, state: { filters: [] } }) });
      expect(res.status(), `view ${i + 1}`).toBe(201);
    }
    const past = await page.request.post("/api/grid/views/goods", { headers: json(origin), data: JSON.stringify({ name: "one too many", state: { filters: [] } }) });
    expect(past.status()).toBe(422);
    expect(await past.json()).toMatchObject({ error: { code: "too-many-views", message: expect.stringContaining("50") } });
    // Another grid still takes views.
    expect((await page.request.post("/api/grid/views/stock", { headers: json(origin), data: JSON.stringify({ name: "elsewhere", state: { filters: [] } }) })).status()).toBe(201);

    const goods = new GoodsPage(page);
    await goods.goto();
    const panel = await goods.openViews();
    await panel.getByLabel(goods.messages.grid.views.saveLabel).fill("one too many");
    await panel.getByRole("button", { name: goods.messages.grid.views.save, exact: true }).click();
    await expect(panel.getByText(goods.messages.grid.views.tooMany, { exact: true })).toBeVisible();
  });
});
