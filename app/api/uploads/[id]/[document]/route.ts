// A file's plan and report (lib/uploads/contract.ts): PUT keeps one (the plan before the first
// batch is sent, the report once the queue has an outcome; never replaced), GET answers its CSV.
// The plan says what the upload changes (stock before and the change, goods old → new), from what
// the page read just before sending; the report adds what was read back afterwards.
import { z } from "zod";
import { json, readJsonBody } from "@/lib/http/json-route";
import { MAX_DOCUMENT_BODY_BYTES, storeDocumentSchema } from "@/lib/uploads/contract";
import { failureResponse, guardUpload, readParams } from "@/lib/uploads/server/route-support";
import { getUploads } from "@/lib/uploads/server/uploads";
import { logged } from "@/lib/observability/route-log";

const ROUTE = "/api/uploads/[id]/[document]";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ id: string; document: string }> };

const paramsSchema = z.object({ id: z.uuid(), document: z.enum(["plan", "report"]) });

async function putRequest(request: Request, { params }: Context): Promise<Response> {
  const checked = await guardUpload(request, true);
  if ("response" in checked) return checked.response;
  const parsed = await readParams(params, paramsSchema);
  if ("response" in parsed) return parsed.response;
  const body = await readJsonBody(request, storeDocumentSchema, { limit: MAX_DOCUMENT_BODY_BYTES + 4096 });
  if ("response" in body) return body.response;
  const { journal } = await getUploads();
  const stored = await journal.storeDocument(checked.uploader.owner, parsed.data.id, parsed.data.document, body.data);
  return stored.ok ? json(stored.value, stored.status) : failureResponse(stored.failure);
}

async function getRequest(request: Request, { params }: Context): Promise<Response> {
  const checked = await guardUpload(request, false);
  if ("response" in checked) return checked.response;
  const parsed = await readParams(params, paramsSchema);
  if ("response" in parsed) return parsed.response;
  const { journal } = await getUploads();
  const text = await journal.readDocument(checked.uploader.owner, parsed.data.id, parsed.data.document);
  if (text === null) return failureResponse({ status: 404, code: "not-found", message: `no ${parsed.data.document} for this upload` });
  return new Response(text, { headers: { "content-type": "text/csv; charset=utf-8", "cache-control": "no-store" } });
}

export const PUT = logged(ROUTE, putRequest);
export const GET = logged(ROUTE, getRequest);
