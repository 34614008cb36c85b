// The grids whose columns the person changed (the settings page); one grid's columns are
// app/api/grid/preferences/[grid].
import { guardOwner } from "@/lib/grid/server/route-support";
import { customizedGrids } from "@/lib/grid/server/store";
import { json } from "@/lib/http/json-route";
import { logged } from "@/lib/observability/route-log";

const ROUTE = "/api/grid/preferences";

export const dynamic = "force-dynamic";

async function getRequest(request: Request): Promise<Response> {
  const checked = await guardOwner(request, false);
  if ("response" in checked) return checked.response;
  return json({ grids: await customizedGrids(checked.owner) });
}

export const GET = logged(ROUTE, getRequest);
