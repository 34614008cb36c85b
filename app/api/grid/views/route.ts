// Every saved view of the person, grouped by grid (the settings page), a page at a time:
// GET /api/grid/views[?limit=1..100][&cursor=<the previous page's `next`>] answers
// `{grids:[{grid, views}], next}` in grid then name order, `next` null on the last page (a grid may
// continue on the next page). One grid's views are app/api/grid/views/[grid].
import { z } from "zod";
import { guardOwner } from "@/lib/grid/server/route-support";
import { listViewsPage, type ViewsCursor } from "@/lib/grid/server/store";
import { issuesMessage, json, problem, requestIssues } from "@/lib/http/json-route";
import { logged } from "@/lib/observability/route-log";

const ROUTE = "/api/grid/views";

export const dynamic = "force-dynamic";

/** Views per page unless `limit` says fewer. */
const PAGE_VIEWS = 100;

/** The cursor: base64url of `[grid, name]`, the last view of the previous page. */
const cursorSchema = z
  .string()
  .max(512)
  .transform((text, ctx): ViewsCursor => {
    try {
      const parsed = z.tuple([z.string().max(40), z.string().max(200)]).safeParse(JSON.parse(Buffer.from(text, "base64url").toString("utf8")));
      if (parsed.success) return parsed.data;
    } catch {
      // not base64url JSON: refused below
    }
    ctx.addIssue({ code: "custom", message: "not a cursor this list gave" });
    return z.NEVER;
  });

const querySchema = z.strictObject({
  limit: z
    .string()
    .regex(/^[1-9]\d{0,2}$/)
    .transform(Number)
    .pipe(z.number().int().min(1).max(PAGE_VIEWS))
    .optional(),
  cursor: cursorSchema.optional(),
});

function cursorText(cursor: ViewsCursor): string {
  return Buffer.from(JSON.stringify(cursor), "utf8").toString("base64url");
}

async function getRequest(request: Request): Promise<Response> {
  const checked = await guardOwner(request, false);
  if ("response" in checked) return checked.response;
  const url = new URL(request.url);
  const keys = [...url.searchParams.keys()];
  if (new Set(keys).size !== keys.length) return problem(400, "invalid-request", "query: each parameter at most once");
  const query = querySchema.safeParse(Object.fromEntries(url.searchParams));
  if (!query.success) return problem(400, "invalid-request", issuesMessage(requestIssues(query.error.issues), "query"));
  const page = await listViewsPage(checked.owner, query.data.cursor ?? null, query.data.limit ?? PAGE_VIEWS);
  return json({ grids: page.grids, next: page.next ? cursorText(page.next) : null });
}

export const GET = logged(ROUTE, getRequest);
