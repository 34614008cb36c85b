// The list `npm run api-permissions` prints is exactly the registry's operations the product calls:
// the grids' searches and count twins, the masters' lists and account screens, the choice lists
// of the filters, the uploads, and every operation path the product's code names (sign-in, the
// queue checks, the board, the drawers...). An operation added to a screen but not to the list,
// or left in the list when no screen calls it any more, fails here.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { goodsGrid } from "@/components/goods/goods-grid";
import { imagesGrid } from "@/components/images/images-grid";
import * as catalogGrids from "@/components/masters/catalog-grids";
import * as orderSettingGrids from "@/components/masters/order-setting-grids";
import * as purchasingGrids from "@/components/masters/purchasing-grids";
import * as systemGrids from "@/components/masters/system-grids";
import { masterScreens } from "@/components/masters/screens";
import { orderRowsGrid } from "@/components/orders/order-rows-grid";
import { ordersGrid } from "@/components/orders/orders-grid";
import { stockGrid } from "@/components/stock/stock-grid";
import { warehouseStockGrid } from "@/components/stock/warehouse-stock-grid";
import type { GridDefinition } from "@/components/data-grid/grid-definition";
import { UPLOAD_PATHS } from "@/lib/csv/types";
import { API_PERMISSIONS, formatApiPermissions, permissionsByGroup } from "@/lib/ne/api-permissions";
import { CHOICES, getOperation } from "@/lib/ne/registry";

const root = path.resolve(__dirname, "..");
const isDefinition = (value: unknown): value is GridDefinition => typeof value === "object" && value !== null && "searchPath" in value && "resource" in value;
const grids: GridDefinition[] = [
  ordersGrid,
  orderRowsGrid,
  goodsGrid,
  stockGrid,
  warehouseStockGrid,
  imagesGrid,
  ...[catalogGrids, orderSettingGrids, purchasingGrids, systemGrids].flatMap((m) => Object.values(m).filter(isDefinition)),
];

/** The product's own source files: what runs in the browser or the server (no tests, no registry, no sandbox). */
function productSources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) {
      if (name === "node_modules" || name === "testing" || file === path.join(root, "lib/ne/registry") || file === path.join(root, "lib/test")) continue;
      productSources(file, out);
    } else if (/\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) && file !== path.join(root, "lib/ne/api-permissions.ts")) {
      out.push(file);
    }
  }
  return out;
}

/** Every operation path written in the product's code (`/api_.../search`, `/api_neauth`, with or without a trailing slash). */
function pathsNamedInCode(): Set<string> {
  const found = new Set<string>();
  for (const dir of ["app", "components", "lib"]) {
    for (const file of productSources(path.join(root, dir))) {
      for (const m of readFileSync(file, "utf8").matchAll(/["'`](\/api_[a-z0-9_]+(?:\/[a-z]+)?)\/?["'`]/g)) {
        // A bare base path (`/api_v1_master_setgoods` in a comment) is no call; an operation path is.
        if (m[1]!.slice(1).includes("/") || getOperation(m[1]!)) found.add(m[1]!);
      }
    }
  }
  return found;
}

function productCalls(): Set<string> {
  const calls = new Set<string>();
  for (const g of grids) {
    calls.add(g.searchPath);
    calls.add(g.countPath);
  }
  for (const s of masterScreens) calls.add(s.path);
  for (const c of Object.values(CHOICES)) calls.add(c.path);
  for (const p of Object.values(UPLOAD_PATHS)) calls.add(p);
  for (const p of pathsNamedInCode()) calls.add(p);
  return calls;
}

describe("npm run api-permissions", () => {
  it("lists exactly the registry's operations the product calls with a person's tokens", () => {
    const calls = productCalls();
    for (const p of calls) expect(getOperation(p), `${p} is an operation of the registry`).toBeDefined();
    const withPersonTokens = [...calls].filter((p) => !["auth", "list"].includes(getOperation(p)!.kind));
    expect(API_PERMISSIONS.map((p) => p.path).sort()).toEqual(withPersonTokens.sort());
    // The sign-in is called (not a permission); the app-level company list is not called at all.
    expect(calls.has("/api_neauth")).toBe(true);
    expect(calls.has("/api_app/company")).toBe(false);
  });

  it("every operation once, in a group; uploads are never called by the connection check", () => {
    const paths = API_PERMISSIONS.map((p) => p.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(permissionsByGroup().flatMap((g) => g.permissions)).toHaveLength(paths.length);
    for (const p of API_PERMISSIONS) {
      if (p.kind === "upload") expect(p.check).toEqual({ call: "none", reason: "would-queue" });
      else expect(p.check.call).toBe(p.kind);
      if (p.check.call === "search") expect(p.check.fields.length).toBeGreaterThan(0);
    }
  });

  it("prints every path, each on its own line", () => {
    const out = execFileSync(process.execPath, ["--import", "tsx", path.join(root, "scripts/api-permissions.ts")], { cwd: root, encoding: "utf8" });
    expect(out).toBe(`${formatApiPermissions()}\n`);
    for (const p of API_PERMISSIONS) expect(out).toMatch(new RegExp(`^  ${p.path} `, "m"));
  });
});
