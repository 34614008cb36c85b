// GET /api/analytics/goods (lib/analytics/server/view-route.ts; the query: lib/analytics/query.ts goodsRankingQuerySchema).
import { goodsRankingQuerySchema } from "@/lib/analytics/query";
import { goodsRanking } from "@/lib/analytics/server/queries";
import { viewGet } from "../view-get";

export const dynamic = "force-dynamic";

export const GET = viewGet("/api/analytics/goods", goodsRankingQuerySchema, goodsRanking);
