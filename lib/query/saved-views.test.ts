// The settings page's list of every grid's views reads GET /api/grid/views page after page: a grid
// that continues on the next page stays one group, and it stops at the last page.
import { afterEach, describe, expect, it, vi } from "vitest";
import { readAllViews } from "./saved-views";

const view = (id: string, name: string) => ({ id, name, state: { filters: [] }, updatedAt: "2026-01-02T03:04:05.000Z" });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("readAllViews", () => {
  it("follows `next` to the last page and joins a grid split over two pages", async () => {
    const pages: Record<string, unknown> = {
      "/api/grid/views": { grids: [{ grid: "goods", views: [view("1", "a")] }, { grid: "orders", views: [view("2", "b")] }], next: "c2" },
      "/api/grid/views?cursor=c2": { grids: [{ grid: "orders", views: [view("3", "c")] }, { grid: "stock", views: [view("4", "d")] }], next: "c%3D3" },
      "/api/grid/views?cursor=c%253D3": { grids: [{ grid: "stock", views: [view("5", "e")] }], next: null },
    };
    const asked: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        asked.push(url);
        const body = pages[url];
        return body ? Response.json(body) : Response.json({ error: { code: "x", message: url, retryable: false, kind: "invalid-request" } }, { status: 400 });
      }),
    );
    const grids = await readAllViews();
    expect(asked).toEqual(Object.keys(pages));
    expect(grids.map((g) => [g.grid, g.views.map((v) => v.id)])).toEqual([
      ["goods", ["1"]],
      ["orders", ["2", "3"]],
      ["stock", ["4", "5"]],
    ]);
  });

  it("reads an answer without `next` as the only page", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => Response.json({ grids: [{ grid: "goods", views: [view("1", "a")] }] })));
    expect(await readAllViews()).toEqual([{ grid: "goods", views: [view("1", "a")] }]);
  });
});
