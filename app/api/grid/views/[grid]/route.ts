// A person's saved views of one grid: GET lists them, POST saves the current one under a name,
// within the person's limits (lib/grid/server/view-limits.ts): 422 too-many-views past the number
// per grid, 413 view-too-large past one view's size, 413 views-storage-full past all views' size.
import { createViewSchema } from "@/lib/grid/preferences";
import { guard } from "@/lib/grid/server/route-support";
import { json, problem, readJsonBody } from "@/lib/http/json-route";
import { createView, listViews } from "@/lib/grid/server/store";
import { viewBodyLimit, viewLimits } from "@/lib/grid/server/view-limits";
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
  const limits = viewLimits();
  const body = await readJsonBody(request, createViewSchema, { limit: viewBodyLimit(limits) });
  if ("response" in body) return body.response;
  const result = await createView(checked.owner, checked.grid, body.data.name, body.data.state, limits);
  if (result.ok) return json(result.view, 201);
  switch (result.reason) {
    case "duplicate-name":
      return problem(409, "duplicate-name", "a view with this name exists");
    case "too-many":
      return problem(422, "too-many-views", `at most ${limits.perGrid} saved views per grid: delete some first`);
    case "too-large":
      return problem(413, "view-too-large", `a saved view holds at most ${limits.viewBytes / 1024} kB (name and state as JSON)`);
    case "storage-full":
      return problem(413, "views-storage-full", `a person's saved views hold at most ${limits.totalBytes / 1024} kB together: delete some first`);
    default:
      return problem(500, "not-saved", "the view was not saved");
  }
}

export const GET = logged(ROUTE, getRequest);
export const POST = logged(ROUTE, postRequest);
