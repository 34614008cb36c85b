// GET /api/health: the process is up and serving. No session, nothing secret, never cached.
import { json } from "@/lib/http/json-route";
import { logged } from "@/lib/observability/route-log";

export const dynamic = "force-dynamic";

export const GET = logged("/api/health", async () =>
  json({ status: "ok", uptimeS: Math.round(process.uptime()), ...(process.env.INSTANCE_NAME ? { instance: process.env.INSTANCE_NAME } : {}) }),
);
