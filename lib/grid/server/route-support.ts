import "server-only";
// The checks every app/api/grid handler starts with: this site's Origin on a change (403), the grid
// id where the path names one (404), then the session (401 auth-expired, so the page sends the
// person to sign in). Bodies,
// answers and errors go through lib/http/json-route.ts, as in every JSON route.
import { crossSiteRefusal, noSession, problem } from "@/lib/http/json-route";
import { currentGridOwner, type GridOwner } from "./store";
import { gridIdSchema } from "../preferences";

/** Body limit of the grid routes: columns and saved views are small. */
export const MAX_GRID_BODY_BYTES = 64 * 1024;

type Guarded = { owner: GridOwner; grid: string } | { response: Response };

/**
 * The checks a handler of every grid at once starts with. `mutation`: the request must carry this
 * site's Origin (browsers send it on every POST, PUT, PATCH and DELETE).
 */
export async function guardOwner(request: Request, mutation: boolean): Promise<{ owner: GridOwner } | { response: Response }> {
  const refused = crossSiteRefusal(request, { mutation });
  if (refused) return { response: refused };
  const owner = await currentGridOwner();
  return owner ? { owner } : { response: noSession() };
}

/** The checks a handler of one grid starts with: as guardOwner, with the grid id checked before the session. */
export async function guard(request: Request, gridParam: string, mutation: boolean): Promise<Guarded> {
  const refused = crossSiteRefusal(request, { mutation });
  if (refused) return { response: refused };
  const grid = gridIdSchema.safeParse(gridParam);
  if (!grid.success) return { response: problem(404, "unknown-grid", "no such grid") };
  const owner = await currentGridOwner();
  if (!owner) return { response: noSession() };
  return { owner, grid: grid.data };
}
