import "server-only";
// The checks every app/api/grid handler starts with: this site's Origin on a change (403), the grid
// id where the path names one (404 unless it is one of the registry's grids), then the session
// with its idle timeout and lifetime (lib/auth/route-session.ts: 401 auth-expired, so the page
// sends the person to sign in). Bodies, answers and errors go through lib/http/json-route.ts, as in every JSON route.
import { routeSession } from "@/lib/auth/route-session";
import { crossSiteRefusal, problem } from "@/lib/http/json-route";
import { gridOwnerOf, type GridOwner } from "./store";
import { isGridId } from "../grids";

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
  const live = await routeSession();
  return "response" in live ? live : { owner: gridOwnerOf(live.session) };
}

/** The checks a handler of one grid starts with: as guardOwner, with the grid id checked before the session. */
export async function guard(request: Request, gridParam: string, mutation: boolean): Promise<Guarded> {
  const refused = crossSiteRefusal(request, { mutation });
  if (refused) return { response: refused };
  // Only the registry's grids (lib/grid/grids.ts): nothing is stored under an invented id.
  if (!isGridId(gridParam)) return { response: problem(404, "unknown-grid", "no such grid") };
  const live = await routeSession();
  if ("response" in live) return live;
  return { owner: gridOwnerOf(live.session), grid: gridParam };
}
