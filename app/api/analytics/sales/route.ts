// GET /api/analytics/sales (lib/analytics/server/view-route.ts; the query: lib/analytics/query.ts salesQuerySchema).
import { salesQuerySchema } from "@/lib/analytics/query";
import { salesSeries } from "@/lib/analytics/server/queries";
import { viewGet } from "../view-get";

export const dynamic = "force-dynamic";

export const GET = viewGet("/api/analytics/sales", salesQuerySchema, salesSeries);
