import { beforeEach, describe, expect, it, vi } from "vitest";
import { noSession } from "@/lib/http/json-route";

const owner = { companyNeId: "1", picNeId: "7" };
const store = vi.hoisted(() => ({
  gridOwnerOf: (s: { companyNeId: string; picNeId: string | null; uid: string }) => ({ companyNeId: s.companyNeId, picNeId: s.picNeId ?? `uid:${s.uid}` }),
  deletePreferences: vi.fn(),
  readPreferences: vi.fn(),
  writePreferences: vi.fn(),
}));
vi.mock("@/lib/grid/server/store", () => store);
// The session check every route shares (lib/auth/route-session.ts), as it answers.
const live = vi.hoisted(() => ({ routeSession: vi.fn() }));
vi.mock("@/lib/auth/route-session", () => live);
const signedIn = { key: "k-7", session: { companyNeId: "1", picNeId: "7", uid: "u-7" }, personName: "P" };

const { DELETE } = await import("./route");

const ORIGIN = "http://localhost:3000";

function remove(grid: string, headers: Record<string, string> = { origin: ORIGIN }): [Request, { params: Promise<{ grid: string }> }] {
  const request = new Request(`${ORIGIN}/api/grid/preferences/${grid}`, { method: "DELETE", headers: { host: "localhost:3000", ...headers } });
  return [request, { params: Promise.resolve({ grid }) }];
}

async function errorOf(response: Response) {
  return ((await response.json()) as { error: { code: string; kind: string; retryable: boolean } }).error;
}

describe("DELETE /api/grid/preferences/[grid]", () => {
  beforeEach(() => {
    vi.clearAllMocks();
    live.routeSession.mockResolvedValue(signedIn);
    store.deletePreferences.mockResolvedValue(true);
  });

  it("removes the signed-in person's preferences of that grid and answers none", async () => {
    const response = await DELETE(...remove("orders"));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ preferences: null });
    expect(store.deletePreferences).toHaveBeenCalledWith(owner, "orders");
  });

  it("is idempotent: nothing to remove is still a success", async () => {
    store.deletePreferences.mockResolvedValue(false);
    const response = await DELETE(...remove("set-goods"));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ preferences: null });
  });

  it("refuses a request without Origin or from another site, and removes nothing", async () => {
    const missing = await DELETE(...remove("orders", {}));
    expect(missing.status).toBe(403);
    expect(await errorOf(missing)).toMatchObject({ code: "missing-origin", kind: "forbidden", retryable: false });
    const foreign = await DELETE(...remove("orders", { origin: "https://evil.example" }));
    expect(foreign.status).toBe(403);
    expect(await errorOf(foreign)).toMatchObject({ code: "foreign-origin" });
    expect(store.deletePreferences).not.toHaveBeenCalled();
  });

  it("wants a session", async () => {
    live.routeSession.mockImplementation(async () => ({ response: noSession() }));
    const response = await DELETE(...remove("orders"));
    expect(response.status).toBe(401);
    expect(await errorOf(response)).toMatchObject({ code: "no-session", kind: "auth-expired" });
    expect(store.deletePreferences).not.toHaveBeenCalled();
  });

  it("answers 404 for a grid id that is not one of the registry's grids, before the session", async () => {
    for (const grid of ["NOT-A-GRID", "not-a-real-grid", "orders2"]) {
      const response = await DELETE(...remove(grid));
      expect(response.status, grid).toBe(404);
      expect(await errorOf(response)).toMatchObject({ code: "unknown-grid" });
    }
    expect(store.deletePreferences).not.toHaveBeenCalled();
    expect(live.routeSession).not.toHaveBeenCalled();
  });
});
