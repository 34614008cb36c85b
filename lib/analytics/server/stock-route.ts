import "server-only";
// GET /api/analytics/stock?view=reorder|sets[&warehouse=][&days=]: the reorder list or the
// sellable sets of the session's company, from its read model (stock-queries.ts). The query is
// checked with zod (../stock-query.ts); the company comes from the session, never the request.
import type { AppDatabase } from "@/lib/db";
import { crossSiteRefusal, json, problem } from "@/lib/http/json-route";
import { stockRequestSchema } from "../stock-query";
import { reorderList, sellableSets } from "./stock-queries";

export interface StockRouteDeps {
  session: () => Promise<{ companyNeId: string } | { response: Response }>;
  database: () => Promise<AppDatabase>;
  now?: () => Date;
}

export async function handleStock(request: Request, deps: StockRouteDeps): Promise<Response> {
  const refused = crossSiteRefusal(request, { mutation: false });
  if (refused) return refused;
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const parsed = stockRequestSchema.strict().safeParse(params);
  if (!parsed.success) {
    return problem(400, "invalid-query", "the query is not valid", {
      issues: parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })),
    });
  }
  const live = await deps.session();
  if ("response" in live) return live.response;
  const { db } = await deps.database();
  const { view, warehouse, days } = parsed.data;
  const now = deps.now?.() ?? new Date();
  const answer = view === "reorder" ? await reorderList(db, live.companyNeId, { warehouse, days, now }) : await sellableSets(db, live.companyNeId, { warehouse });
  return json(answer);
}
