// The grid ids app/api/grid accepts (lib/grid/grids.ts) are exactly the grids the dashboard has:
// the settings page's list (components/settings/grids.ts) and every grid page's id.
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { settingsGrids } from "@/components/settings/grids";
import { GRID_IDS, isGridId } from "@/lib/grid/grids";
import { gridIdSchema } from "@/lib/grid/preferences";

const dashboard = path.resolve(import.meta.dirname, "../../(dashboard)");

function pageFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? pageFiles(path.join(dir, e.name)) : e.name === "page.tsx" ? [path.join(dir, e.name)] : []));
}

describe("the registry's grids", () => {
  it("are the settings page's grids, each a well-formed id, once", () => {
    expect([...GRID_IDS].sort()).toEqual(settingsGrids.map((g) => g.id).sort());
    expect(new Set(GRID_IDS).size).toBe(GRID_IDS.length);
    for (const id of GRID_IDS) expect(gridIdSchema.safeParse(id).success, id).toBe(true);
  });

  it("include every grid page's id", () => {
    const ids = pageFiles(dashboard).flatMap((file) => [...readFileSync(file, "utf8").matchAll(/\b(?:gridPage|masterGridPage)\("([a-z0-9-]+)"/g)].map((m) => m[1]!));
    expect(ids.length).toBeGreaterThanOrEqual(15);
    for (const id of ids) expect(isGridId(id), id).toBe(true);
  });

  it("refuse what only looks like a grid id", () => {
    for (const id of ["not-a-real-grid", "orders-x", "ORDERS", "", "constructor", "__proto__"]) expect(isGridId(id), id).toBe(false);
  });
});
