import { describe, expect, it } from "vitest";
import en from "@/messages/en.json";
import ja from "@/messages/ja.json";
import { gridLayouts, settingsGrids, viewGroups, viewHref } from "./grids";

function lookup(catalogue: unknown, key: string): unknown {
  return key.split(".").reduce<unknown>((node, part) => (node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined), catalogue);
}

describe("the settings page's grids", () => {
  it("lists every grid once, with a title in both languages", () => {
    const ids = settingsGrids.map((g) => g.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining(["orders", "order-rows", "goods", "stock", "warehouse-stock", "images", "set-goods", "upload-queue"]));
    for (const grid of settingsGrids) {
      expect(typeof lookup(ja, grid.titleKey), `${grid.id} ja`).toBe("string");
      expect(typeof lookup(en, grid.titleKey), `${grid.id} en`).toBe("string");
      expect(grid.href).toMatch(/^\/[a-z/-]+$/);
    }
  });

  it("opens a view on the grid's URL state: filters as f= tokens, then the page size", () => {
    expect(viewHref("/orders", { filters: [] })).toBe("/orders");
    const href = viewHref("/orders", { filters: ["receive_order_order_status_id.in:20,40", "receive_order_shop_id.in:1"], size: 500 });
    const url = new URL(href, "http://localhost");
    expect(url.pathname).toBe("/orders");
    expect(url.searchParams.getAll("f")).toEqual(["receive_order_order_status_id.in:20,40", "receive_order_shop_id.in:1"]);
    expect(url.searchParams.get("size")).toBe("500");
    expect(url.searchParams.has("order")).toBe(false);
    expect(viewHref("/goods", { filters: [], order: "asc" })).toBe("/goods?order=asc");
    expect(viewHref("/goods", { filters: [], order: "desc" })).toBe("/goods");
  });

  it("groups the saved views by grid in navigation order, leaving out unknown grids and empty ones", () => {
    const view = (id: string, filters: string[]) => ({ id, name: `v${id}`, state: { filters } });
    const groups = viewGroups(
      [
        { grid: "set-goods", views: [view("3", [])] },
        { grid: "gone-grid", views: [view("9", [])] },
        { grid: "goods", views: [] },
        { grid: "orders", views: [view("1", ["receive_order_shop_id.in:1"]), view("2", [])] },
      ],
      (entry) => `title of ${entry.id}`,
    );
    expect(groups.map((g) => g.grid)).toEqual(["orders", "set-goods"]);
    expect(groups[0]).toEqual({
      grid: "orders",
      title: "title of orders",
      views: [
        { id: "1", name: "v1", href: "/orders?f=receive_order_shop_id.in%3A1", filterCount: 1 },
        { id: "2", name: "v2", href: "/orders", filterCount: 0 },
      ],
    });
    expect(groups[1]!.views[0]!.href).toBe("/masters/set-goods");
  });

  it("lists every grid's layout, customized or not", () => {
    const layouts = gridLayouts(["goods"], (entry) => entry.id);
    expect(layouts.map((l) => l.grid)).toEqual(settingsGrids.map((g) => g.id));
    expect(layouts.filter((l) => l.customized).map((l) => l.grid)).toEqual(["goods"]);
    expect(layouts[0]).toEqual({ grid: "orders", title: "orders", href: "/orders", customized: false });
  });
});
