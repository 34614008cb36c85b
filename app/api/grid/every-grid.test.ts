// GET /api/grid/views and GET /api/grid/preferences: the settings page's lists of every grid at once,
// only the signed-in person's, only for this site's pages.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { allViewsAnswerSchema, customizedAnswerSchema } from "@/lib/query/grid-storage-answers";

const owner = { companyNeId: "1", picNeId: "7", uid: "u-7" };
const store = vi.hoisted(() => ({ currentGridOwner: vi.fn(), listAllViews: vi.fn(), customizedGrids: vi.fn() }));
vi.mock("@/lib/grid/server/store", () => store);

const views = await import("./views/route");
const preferences = await import("./preferences/route");

const ORIGIN = "http://localhost:3000";
const get = (path: string, headers: Record<string, string> = {}) => new Request(`${ORIGIN}${path}`, { headers: { host: "localhost:3000", ...headers } });

const view = { id: "3f0c2a9e-8d44-4d8f-9a43-0c6a1e2b7d10", name: "取込済", state: { filters: ["receive_order_order_status_id.in:1"] }, updatedAt: "2026-01-02T03:04:05.000Z" };

describe("the lists of every grid", () => {
  beforeEach(() => {
    vi.clearAllMocks();
    store.currentGridOwner.mockResolvedValue(owner);
    store.listAllViews.mockResolvedValue([{ grid: "orders", views: [view] }]);
    store.customizedGrids.mockResolvedValue(["orders", "set-goods"]);
  });

  it("answer the person's views by grid, and the grids with changed columns, in the shapes the browser reads", async () => {
    const all = await views.GET(get("/api/grid/views"));
    expect(all.status).toBe(200);
    expect(allViewsAnswerSchema.parse(await all.json())).toEqual({ grids: [{ grid: "orders", views: [view] }] });
    expect(store.listAllViews).toHaveBeenCalledWith(owner);
    const customized = await preferences.GET(get("/api/grid/preferences"));
    expect(customized.status).toBe(200);
    expect(customizedAnswerSchema.parse(await customized.json())).toEqual({ grids: ["orders", "set-goods"] });
    expect(store.customizedGrids).toHaveBeenCalledWith(owner);
  });

  it("want a session", async () => {
    store.currentGridOwner.mockResolvedValue(null);
    for (const res of [await views.GET(get("/api/grid/views")), await preferences.GET(get("/api/grid/preferences"))]) {
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ error: { code: "no-session", kind: "auth-expired" } });
    }
    expect(store.listAllViews).not.toHaveBeenCalled();
  });

  it("refuse another site's request", async () => {
    for (const res of [await views.GET(get("/api/grid/views", { "sec-fetch-site": "cross-site" })), await preferences.GET(get("/api/grid/preferences", { origin: "https://evil.example" }))]) {
      expect(res.status).toBe(403);
    }
    expect(store.currentGridOwner).not.toHaveBeenCalled();
  });
});
