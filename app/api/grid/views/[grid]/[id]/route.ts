// One saved view: PATCH renames it, DELETE removes it. Only its owner's requests find it.
import { z } from "zod";
import { renameViewSchema } from "@/lib/grid/preferences";
import { MAX_GRID_BODY_BYTES, guard } from "@/lib/grid/server/route-support";
import { json, problem, readJsonBody } from "@/lib/http/json-route";
import { deleteView, renameView } from "@/lib/grid/server/store";
import { logged } from "@/lib/observability/route-log";

const ROUTE = "/api/grid/views/[grid]/[id]";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ grid: string; id: string }> };

const idSchema = z.uuid();

async function patchRequest(request: Request, { params }: Context): Promise<Response> {
  const { grid, id } = await params;
  const checked = await guard(request, grid, true);
  if ("response" in checked) return checked.response;
  if (!idSchema.safeParse(id).success) return problem(404, "not-found", "no such view");
  const body = await readJsonBody(request, renameViewSchema, { limit: MAX_GRID_BODY_BYTES });
  if ("response" in body) return body.response;
  const result = await renameView(checked.owner, checked.grid, id, body.data.name);
  if (result.ok) return json(result.view);
  if (result.reason === "duplicate-name") return problem(409, "duplicate-name", "a view with this name exists");
  return problem(404, "not-found", "no such view");
}

async function deleteRequest(request: Request, { params }: Context): Promise<Response> {
  const { grid, id } = await params;
  const checked = await guard(request, grid, true);
  if ("response" in checked) return checked.response;
  if (!idSchema.safeParse(id).success) return problem(404, "not-found", "no such view");
  const deleted = await deleteView(checked.owner, checked.grid, id);
  return deleted ? json({ deleted: true }) : problem(404, "not-found", "no such view");
}

export const PATCH = logged(ROUTE, patchRequest);
export const DELETE = logged(ROUTE, deleteRequest);
