// A person's saved views of one grid: GET lists them, POST saves the current one under a name.
import { createViewSchema } from "@/lib/grid/preferences";
import { MAX_GRID_BODY_BYTES, guard } from "@/lib/grid/server/route-support";
import { json, problem, readJsonBody } from "@/lib/http/json-route";
import { createView, listViews } from "@/lib/grid/server/store";
import { logged } from "@/lib/observability/route-log";

const ROUTE = "/api/grid/views/[grid]";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ grid: string }> };

async function getRequest(request: Request, { params }: Context): Promise<Response> {
  const checked = await guard(request, (await params).grid, false);
  if ("response" in checked) return checked.response;
  return json({ views: await listViews(checked.owner, checked.grid) });
}

async function postRequest(request: Request, { params }: Context): Promise<Response> {
  const checked = await guard(request, (await params).grid, true);
  if ("response" in checked) return checked.response;
  const body = await readJsonBody(request, createViewSchema, { limit: MAX_GRID_BODY_BYTES });
  if ("response" in body) return body.response;
  const result = await createView(checked.owner, checked.grid, body.data.name, body.data.state);
  if (result.ok) return json(result.view, 201);
  if (result.reason === "duplicate-name") return problem(409, "duplicate-name", "a view with this name exists");
  if (result.reason === "too-many") return problem(409, "too-many-views", "too many saved views");
  return problem(500, "not-saved", "the view was not saved");
}

export const GET = logged(ROUTE, getRequest);
export const POST = logged(ROUTE, postRequest);
