// GET /api/analytics/goods/daily (lib/analytics/server/view-route.ts; the query: lib/analytics/query.ts goodsDailyQuerySchema).
import { goodsDailyQuerySchema } from "@/lib/analytics/query";
import { goodsDaily } from "@/lib/analytics/server/queries";
import { viewGet } from "../../view-get";

export const dynamic = "force-dynamic";

export const GET = viewGet("/api/analytics/goods/daily", goodsDailyQuerySchema, goodsDaily);
