import { describe, expect, it } from "vitest";
import en from "@/messages/en.json";
import ja from "@/messages/ja.json";
import { settingsGrids, viewHref } from "./grids";

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
  });
});
