// Every saved view of the person, grouped by grid (the settings page); one grid's views are
// app/api/grid/views/[grid].
import { guardOwner } from "@/lib/grid/server/route-support";
import { listAllViews } from "@/lib/grid/server/store";
import { json } from "@/lib/http/json-route";
import { logged } from "@/lib/observability/route-log";

const ROUTE = "/api/grid/views";

export const dynamic = "force-dynamic";

async function getRequest(request: Request): Promise<Response> {
  const checked = await guardOwner(request, false);
  if ("response" in checked) return checked.response;
  return json({ grids: await listAllViews(checked.owner) });
}

export const GET = logged(ROUTE, getRequest);
