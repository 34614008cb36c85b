import "server-only";
// Per-person grid storage: column preferences and saved views, always scoped to the signed-in
// person's company and pic (read from the token store row of the session, never from the request).
import { and, asc, count, eq } from "drizzle-orm";
import { currentSessionKey } from "@/lib/auth/session";
import type { TokenSession } from "@/lib/gateway/token-store";
import { getDatabase } from "@/lib/db";
import { gridPreferences, savedViews } from "@/lib/db/schema";
import { getNeServer } from "@/lib/gateway/server";
import {
  MAX_VIEWS_PER_GRID,
  gridPreferencesSchema,
  savedViewStateSchema,
  type GridPreferences,
  type SavedView,
  type SavedViewState,
} from "../preferences";

export interface GridOwner {
  companyNeId: string;
  picNeId: string;
}

/** The person a stored session belongs to. */
export function gridOwnerOf(stored: Pick<TokenSession, "companyNeId" | "picNeId" | "uid">): GridOwner {
  // pic_ne_id identifies the person; a session without one falls back to its uid (still per person).
  return { companyNeId: stored.companyNeId, picNeId: stored.picNeId ?? `uid:${stored.uid}` };
}

/** The signed-in person, or null when the session or its stored tokens are gone. */
export async function currentGridOwner(): Promise<GridOwner | null> {
  const key = await currentSessionKey();
  if (!key) return null;
  const stored = await (await getNeServer()).store.get(key);
  return stored ? gridOwnerOf(stored) : null;
}

const ownedPreferences = (owner: GridOwner) => [eq(gridPreferences.companyNeId, owner.companyNeId), eq(gridPreferences.picNeId, owner.picNeId)];
const owned = (owner: GridOwner, grid: string) => [...ownedPreferences(owner), eq(gridPreferences.grid, grid)];

export async function readPreferences(owner: GridOwner, grid: string): Promise<GridPreferences | null> {
  const { db } = await getDatabase();
  const rows = await db.select({ state: gridPreferences.state }).from(gridPreferences).where(and(...owned(owner, grid))).limit(1);
  const parsed = gridPreferencesSchema.safeParse(rows[0]?.state);
  return parsed.success ? parsed.data : null;
}

export async function writePreferences(owner: GridOwner, grid: string, preferences: GridPreferences): Promise<void> {
  const { db } = await getDatabase();
  await db
    .insert(gridPreferences)
    .values({ companyNeId: owner.companyNeId, picNeId: owner.picNeId, grid, state: preferences })
    .onConflictDoUpdate({
      target: [gridPreferences.companyNeId, gridPreferences.picNeId, gridPreferences.grid],
      set: { state: preferences, updatedAt: new Date() },
    });
}

/** The signed-in person's preferences for a grid, for a page to render with (null: defaults). */
export async function currentPreferences(grid: string): Promise<GridPreferences | null> {
  const owner = await currentGridOwner();
  return owner ? readPreferences(owner, grid) : null;
}

function toView(row: typeof savedViews.$inferSelect): SavedView | null {
  const state = savedViewStateSchema.safeParse(row.state);
  if (!state.success) return null;
  return { id: row.id, name: row.name, state: state.data, updatedAt: row.updatedAt.toISOString() };
}

const ownedViews = (owner: GridOwner) => [eq(savedViews.companyNeId, owner.companyNeId), eq(savedViews.picNeId, owner.picNeId)];
const viewsOf = (owner: GridOwner, grid: string) => [...ownedViews(owner), eq(savedViews.grid, grid)];

export async function listViews(owner: GridOwner, grid: string): Promise<SavedView[]> {
  const { db } = await getDatabase();
  const rows = await db.select().from(savedViews).where(and(...viewsOf(owner, grid))).orderBy(asc(savedViews.name));
  return rows.flatMap((r) => toView(r) ?? []);
}

export type ViewWriteResult = { ok: true; view: SavedView } | { ok: false; reason: "duplicate-name" | "too-many" | "not-found" };

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
    if (/unique|duplicate key/i.test(String((e as { message?: unknown }).message ?? ""))) return true;
  }
  return false;
}

/** The view a write returned, or why there is none: a name already taken, or no such view. */
async function writeView(write: () => Promise<(typeof savedViews.$inferSelect)[]>): Promise<ViewWriteResult> {
  try {
    const [row] = await write();
    const view = row ? toView(row) : null;
    return view ? { ok: true, view } : { ok: false, reason: "not-found" };
  } catch (err) {
    if (isUniqueViolation(err)) return { ok: false, reason: "duplicate-name" };
    throw err;
  }
}

export async function createView(owner: GridOwner, grid: string, name: string, state: SavedViewState): Promise<ViewWriteResult> {
  const { db } = await getDatabase();
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(savedViews).where(and(...viewsOf(owner, grid)));
  if (n >= MAX_VIEWS_PER_GRID) return { ok: false, reason: "too-many" };
  return writeView(() => db.insert(savedViews).values({ companyNeId: owner.companyNeId, picNeId: owner.picNeId, grid, name, state }).returning());
}

export async function renameView(owner: GridOwner, grid: string, id: string, name: string): Promise<ViewWriteResult> {
  const { db } = await getDatabase();
  return writeView(() =>
    db
      .update(savedViews)
      .set({ name, updatedAt: new Date() })
      .where(and(eq(savedViews.id, id), ...viewsOf(owner, grid)))
      .returning(),
  );
}

export async function deleteView(owner: GridOwner, grid: string, id: string): Promise<boolean> {
  const { db } = await getDatabase();
  const rows = await db.delete(savedViews).where(and(eq(savedViews.id, id), ...viewsOf(owner, grid))).returning({ id: savedViews.id });
  return rows.length > 0;
}

/** Removes a person's preferences of a grid (its columns and widths go back to the defaults). */
export async function deletePreferences(owner: GridOwner, grid: string): Promise<boolean> {
  const { db } = await getDatabase();
  const rows = await db.delete(gridPreferences).where(and(...owned(owner, grid))).returning({ grid: gridPreferences.grid });
  return rows.length > 0;
}

/** The grids where a person keeps preferences of their own (custom columns or widths). */
export async function customizedGrids(owner: GridOwner): Promise<string[]> {
  const { db } = await getDatabase();
  const rows = await db
    .select({ grid: gridPreferences.grid, state: gridPreferences.state })
    .from(gridPreferences)
    .where(and(...ownedPreferences(owner)));
  return rows.filter((r) => gridPreferencesSchema.safeParse(r.state).success).map((r) => r.grid);
}

export interface GridViews {
  grid: string;
  views: SavedView[];
}

/** Every saved view of a person, grouped by grid (grids by id, views by name). */
export async function listAllViews(owner: GridOwner): Promise<GridViews[]> {
  const { db } = await getDatabase();
  const rows = await db
    .select()
    .from(savedViews)
    .where(and(...ownedViews(owner)))
    .orderBy(asc(savedViews.grid), asc(savedViews.name));
  const groups = new Map<string, SavedView[]>();
  for (const row of rows) {
    const view = toView(row);
    if (!view) continue;
    const list = groups.get(row.grid) ?? [];
    list.push(view);
    groups.set(row.grid, list);
  }
  return [...groups].map(([grid, views]) => ({ grid, views }));
}
