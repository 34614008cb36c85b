// A person's columns (visible, order, widths) of one grid: GET reads, PUT replaces, DELETE goes
// back to the grid's defaults.
import { gridPreferencesSchema } from "@/lib/grid/preferences";
import { MAX_GRID_BODY_BYTES, guard } from "@/lib/grid/server/route-support";
import { json, readJsonBody } from "@/lib/http/json-route";
import { deletePreferences, readPreferences, writePreferences } from "@/lib/grid/server/store";
import { logged } from "@/lib/observability/route-log";

const ROUTE = "/api/grid/preferences/[grid]";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ grid: string }> };

async function getRequest(request: Request, { params }: Context): Promise<Response> {
  const checked = await guard(request, (await params).grid, false);
  if ("response" in checked) return checked.response;
  return json({ preferences: await readPreferences(checked.owner, checked.grid) });
}

async function putRequest(request: Request, { params }: Context): Promise<Response> {
  const checked = await guard(request, (await params).grid, true);
  if ("response" in checked) return checked.response;
  const body = await readJsonBody(request, gridPreferencesSchema, { limit: MAX_GRID_BODY_BYTES });
  if ("response" in body) return body.response;
  await writePreferences(checked.owner, checked.grid, body.data);
  return json({ preferences: body.data });
}

/** Idempotent: answers `{preferences: null}` whether or not there were preferences to remove. */
async function deleteRequest(request: Request, { params }: Context): Promise<Response> {
  const checked = await guard(request, (await params).grid, true);
  if ("response" in checked) return checked.response;
  await deletePreferences(checked.owner, checked.grid);
  return json({ preferences: null });
}

export const GET = logged(ROUTE, getRequest);
export const PUT = logged(ROUTE, putRequest);
export const DELETE = logged(ROUTE, deleteRequest);
