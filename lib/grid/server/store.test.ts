// Saved views in the database, on PGlite and on PostgreSQL: the limits of one person's views (a
// number per grid, one view's size, all views' size) hold even for saves made at once, and the list
// of every grid comes a page at a time, in order, without views kept under an id that is no grid.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { AppDatabase } from "@/lib/db";
import { savedViews } from "@/lib/db/schema";
import { openDatabaseIn } from "@/lib/test/database";

// The store's own session lookup (unused here) would load next-auth.
vi.mock("@/lib/auth/session", () => ({ currentSessionKey: vi.fn() }));
const { createView, listAllViews, listViewsPage } = await import("./store");

const globalForDb = globalThis as typeof globalThis & { __backyardDb?: Promise<AppDatabase> };
const limits = { perGrid: 3, viewBytes: 2000, totalBytes: 5000 };
const owner = () => ({ companyNeId: "c-test", picNeId: `p-${randomUUID()}` });

for (const mode of ["pglite", "postgres"] as const) {
  describe(`saved views on ${mode}`, () => {
    let database: AppDatabase;

    beforeAll(async () => {
      database = await openDatabaseIn(mode);
      globalForDb.__backyardDb = Promise.resolve(database);
    });

    afterAll(async () => {
      globalForDb.__backyardDb = undefined;
      await database?.close();
    });

    it("keeps at most the number per grid, even for saves made at once", async () => {
      const me = owner();
      const results = await Promise.all(Array.from({ length: 10 }, (_, i) => createView(me, "goods", `v${i}`, { filters: [] }, limits)));
      expect(results.filter((r) => r.ok)).toHaveLength(3);
      expect(new Set(results.flatMap((r) => (r.ok ? [] : [r.reason])))).toEqual(new Set(["too-many"]));
      // Another grid has its own number.
      expect((await createView(me, "stock", "v", { filters: [] }, limits)).ok).toBe(true);
      // A name taken is still said so (within the number).
      expect(await createView(me, "stock", "v", { filters: [] }, limits)).toEqual({ ok: false, reason: "duplicate-name" });
    });

    it("refuses one view past its size, and any view past the person's total", async () => {
      const me = owner();
      const sized = (bytes: number) => ({ filters: [`goods_name.eq:${"x".repeat(bytes)}`] });
      expect(await createView(me, "goods", "huge", sized(2100), limits)).toEqual({ ok: false, reason: "too-large" });
      expect((await createView(me, "goods", "a", sized(1800), limits)).ok).toBe(true);
      expect((await createView(me, "stock", "b", sized(1800), limits)).ok).toBe(true);
      expect(await createView(me, "images", "c", sized(1800), limits)).toEqual({ ok: false, reason: "storage-full" });
      expect((await createView(me, "images", "small", sized(10), limits)).ok).toBe(true);
      // Someone else's views count for them only.
      expect((await createView(owner(), "images", "c", sized(1800), limits)).ok).toBe(true);
    });

    it("lists every view a page at a time in grid and name order, leaving out ids that are no grid", async () => {
      const me = owner();
      const wide = { perGrid: 10, viewBytes: 2000, totalBytes: 100_000 };
      const names = ["b", "a", "é", "c"];
      for (const grid of ["stock", "goods", "orders"]) for (const name of names) expect((await createView(me, grid, name, { filters: [] }, wide)).ok).toBe(true);
      // A row kept under an id that is no grid.
      await database.db.insert(savedViews).values({ ...me, grid: "not-a-real-grid", name: "old", state: { filters: [] } });
      const all = await listAllViews(me);
      expect(all.map((g) => g.grid)).toEqual(["goods", "orders", "stock"]);
      const seen: string[] = [];
      let after: readonly [string, string] | null = null;
      let pages = 0;
      do {
        const page = await listViewsPage(me, after, 5);
        pages++;
        expect(page.grids.reduce((n, g) => n + g.views.length, 0)).toBeLessThanOrEqual(5);
        for (const g of page.grids) for (const v of g.views) seen.push(`${g.grid}/${v.name}`);
        after = page.next;
      } while (after);
      expect(pages).toBe(3);
      expect(seen).toEqual(all.flatMap((g) => g.views.map((v) => `${g.grid}/${v.name}`)));
      expect(new Set(seen).size).toBe(12);
    });
  });
}
