import "server-only";
// Per-person grid storage: column preferences and saved views, always scoped to the signed-in
// person's company and pic (read from the token store row of the session, never from the request).
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { currentSessionKey } from "@/lib/auth/session";
import type { TokenSession } from "@/lib/gateway/token-store";
import { getDatabase } from "@/lib/db";
import { gridPreferences, savedViews } from "@/lib/db/schema";
import { getNeServer } from "@/lib/gateway/server";
import { GRID_IDS } from "../grids";
import type { ViewLimits } from "./view-limits";
import { viewSize } from "./view-limits";
import {
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
/** Only the registry's grids: a row kept under any other id (the database may hold one) is never answered. */
const knownViewGrids = () => inArray(savedViews.grid, [...GRID_IDS]);
const viewsOf = (owner: GridOwner, grid: string) => [...ownedViews(owner), eq(savedViews.grid, grid)];

export async function listViews(owner: GridOwner, grid: string): Promise<SavedView[]> {
  const { db } = await getDatabase();
  const rows = await db.select().from(savedViews).where(and(...viewsOf(owner, grid))).orderBy(asc(savedViews.name));
  return rows.flatMap((r) => toView(r) ?? []);
}

export type ViewWriteResult = { ok: true; view: SavedView } | { ok: false; reason: "duplicate-name" | "too-many" | "too-large" | "storage-full" | "not-found" };

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
    if (err instanceof ViewRefused) return { ok: false, reason: err.reason };
    if (isUniqueViolation(err)) return { ok: false, reason: "duplicate-name" };
    throw err;
  }
}

/**
 * Saves a view within the person's limits: `limits.perGrid` views of the grid, `limits.viewBytes`
 * for this one, `limits.totalBytes` for all of theirs (the stored ones measured as the database
 * writes their JSON). One person's saves go one at a time (a transaction-scoped advisory lock), so
 * two at once cannot both pass the checks.
 */
export async function createView(owner: GridOwner, grid: string, name: string, state: SavedViewState, limits: ViewLimits): Promise<ViewWriteResult> {
  const size = viewSize(name, state);
  if (size > limits.viewBytes) return { ok: false, reason: "too-large" };
  const { db } = await getDatabase();
  return writeView(async () =>
    db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`grid-views:${owner.companyNeId}:${owner.picNeId}`}, 0))`);
      const [held = { views: 0, bytes: 0 }] = await tx
        .select({
          views: sql<number>`count(*) FILTER (WHERE ${savedViews.grid} = ${grid})`.mapWith(Number),
          bytes: sql<number>`coalesce(sum(octet_length(${savedViews.name}) + octet_length(${savedViews.state}::text)), 0)`.mapWith(Number),
        })
        .from(savedViews)
        .where(and(...ownedViews(owner)));
      if (held.views >= limits.perGrid) throw new ViewRefused("too-many");
      if (held.bytes + size > limits.totalBytes) throw new ViewRefused("storage-full");
      return tx.insert(savedViews).values({ companyNeId: owner.companyNeId, picNeId: owner.picNeId, grid, name, state }).returning();
    }),
  );
}

/** A save refused by the limits, thrown out of its transaction. */
class ViewRefused extends Error {
  constructor(readonly reason: "too-many" | "storage-full") {
    super(reason);
  }
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
    .where(and(...ownedPreferences(owner), inArray(gridPreferences.grid, [...GRID_IDS])));
  return rows.filter((r) => gridPreferencesSchema.safeParse(r.state).success).map((r) => r.grid);
}

export interface GridViews {
  grid: string;
  views: SavedView[];
}

function grouped(rows: readonly (typeof savedViews.$inferSelect)[]): GridViews[] {
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

/** Every saved view of a person, grouped by grid (grids by id, views by name): bounded by ViewLimits. */
export async function listAllViews(owner: GridOwner): Promise<GridViews[]> {
  const { db } = await getDatabase();
  const rows = await db
    .select()
    .from(savedViews)
    .where(and(...ownedViews(owner), knownViewGrids()))
    .orderBy(asc(savedViews.grid), asc(savedViews.name));
  return grouped(rows);
}

/** Where a page of views ends: the last view's grid and name (the order of the list). */
export type ViewsCursor = readonly [grid: string, name: string];

/**
 * One page of a person's views in the order of listAllViews: at most `limit` views after `after`,
 * grouped by grid (a grid may continue on the next page), and where the next page starts (null: the last).
 */
export async function listViewsPage(owner: GridOwner, after: ViewsCursor | null, limit: number): Promise<{ grids: GridViews[]; next: ViewsCursor | null }> {
  const { db } = await getDatabase();
  const rows = await db
    .select()
    .from(savedViews)
    .where(and(...ownedViews(owner), knownViewGrids(), after ? sql`(${savedViews.grid}, ${savedViews.name}) > (${after[0]}, ${after[1]})` : undefined))
    .orderBy(asc(savedViews.grid), asc(savedViews.name))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { grids: grouped(page), next: rows.length > limit && last ? [last.grid, last.name] : null };
}
