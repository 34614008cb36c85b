// GET /api/grid/views and GET /api/grid/preferences: the settings page's lists of every grid at once,
// only the signed-in person's, only for this site's pages.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { allViewsAnswerSchema, customizedAnswerSchema } from "@/lib/query/grid-storage-answers";
import { noSession } from "@/lib/http/json-route";

const owner = { companyNeId: "1", picNeId: "7" };
const store = vi.hoisted(() => ({
  gridOwnerOf: (s: { companyNeId: string; picNeId: string | null; uid: string }) => ({ companyNeId: s.companyNeId, picNeId: s.picNeId ?? `uid:${s.uid}` }),
  listViewsPage: vi.fn(),
  customizedGrids: vi.fn(),
}));
vi.mock("@/lib/grid/server/store", () => store);
// The session check every route shares (lib/auth/route-session.ts), as it answers.
const live = vi.hoisted(() => ({ routeSession: vi.fn() }));
vi.mock("@/lib/auth/route-session", () => live);
const signedIn = { key: "k-7", session: { companyNeId: "1", picNeId: "7", uid: "u-7" }, personName: "P" };

const views = await import("./views/route");
const preferences = await import("./preferences/route");

const ORIGIN = "http://localhost:3000";
const get = (path: string, headers: Record<string, string> = {}) => new Request(`${ORIGIN}${path}`, { headers: { host: "localhost:3000", ...headers } });

const view = { id: "3f0c2a9e-8d44-4d8f-9a43-0c6a1e2b7d10", name: "取込済", state: { filters: ["receive_order_order_status_id.in:1"] }, updatedAt: "2026-01-02T03:04:05.000Z" };

describe("the lists of every grid", () => {
  beforeEach(() => {
    vi.clearAllMocks();
    live.routeSession.mockResolvedValue(signedIn);
    store.listViewsPage.mockResolvedValue({ grids: [{ grid: "orders", views: [view] }], next: null });
    store.customizedGrids.mockResolvedValue(["orders", "set-goods"]);
  });

  it("answer the person's views by grid, and the grids with changed columns, in the shapes the browser reads", async () => {
    const all = await views.GET(get("/api/grid/views"));
    expect(all.status).toBe(200);
    expect(allViewsAnswerSchema.parse(await all.json())).toEqual({ grids: [{ grid: "orders", views: [view] }], next: null });
    expect(store.listViewsPage).toHaveBeenCalledWith(owner, null, 100);
    const customized = await preferences.GET(get("/api/grid/preferences"));
    expect(customized.status).toBe(200);
    expect(customizedAnswerSchema.parse(await customized.json())).toEqual({ grids: ["orders", "set-goods"] });
    expect(store.customizedGrids).toHaveBeenCalledWith(owner);
  });

  it("want a session", async () => {
    live.routeSession.mockImplementation(async () => ({ response: noSession() }));
    for (const res of [await views.GET(get("/api/grid/views")), await preferences.GET(get("/api/grid/preferences"))]) {
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ error: { code: "no-session", kind: "auth-expired" } });
    }
    expect(store.listViewsPage).not.toHaveBeenCalled();
  });

  it("refuse another site's request", async () => {
    for (const res of [await views.GET(get("/api/grid/views", { "sec-fetch-site": "cross-site" })), await preferences.GET(get("/api/grid/preferences", { origin: "https://evil.example" }))]) {
      expect(res.status).toBe(403);
    }
    expect(live.routeSession).not.toHaveBeenCalled();
  });

  it("pages the views: `next` is the cursor of the following page, checked when it comes back", async () => {
    const cursor = Buffer.from(JSON.stringify(["orders", "取込済"]), "utf8").toString("base64url");
    store.listViewsPage.mockResolvedValue({ grids: [{ grid: "orders", views: [view] }], next: ["orders", "取込済"] });
    const first = allViewsAnswerSchema.parse(await (await views.GET(get("/api/grid/views?limit=1"))).json());
    expect(first.next).toBe(cursor);
    expect(store.listViewsPage).toHaveBeenLastCalledWith(owner, null, 1);
    await views.GET(get(`/api/grid/views?cursor=${first.next}`));
    expect(store.listViewsPage).toHaveBeenLastCalledWith(owner, ["orders", "取込済"], 100);
    store.listViewsPage.mockClear();
    for (const query of ["limit=0", "limit=101", "limit=x", "cursor=%%%", `cursor=${Buffer.from("[1]").toString("base64url")}`, "limit=1&limit=2", "other=1"]) {
      const res = await views.GET(get(`/api/grid/views?${query}`));
      expect(res.status, query).toBe(400);
      expect(await res.json()).toMatchObject({ error: { code: "invalid-request" } });
    }
    expect(store.listViewsPage).not.toHaveBeenCalled();
  });
});
