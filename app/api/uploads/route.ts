// The company's uploads: GET lists them (newest first, filtered), POST starts a file's journal
// entry before any of its batches is stored (201; 409 duplicate-file with the earlier uploads when
// the same bytes were sent before and confirmDuplicate is not true).
import { createUploadSchema, uploadListQuerySchema } from "@/lib/uploads/contract";
import { issuesMessage, json, problem, readJsonBody, requestIssues } from "@/lib/http/json-route";
import { MAX_CREATE_BODY_BYTES, failureResponse, guardUpload } from "@/lib/uploads/server/route-support";
import { getUploads } from "@/lib/uploads/server/uploads";
import { logged } from "@/lib/observability/route-log";

const ROUTE = "/api/uploads";

export const dynamic = "force-dynamic";

async function getRequest(request: Request): Promise<Response> {
  const checked = await guardUpload(request, false);
  if ("response" in checked) return checked.response;
  const url = new URL(request.url);
  const query = uploadListQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  if (!query.success) {
    return problem(400, "invalid-request", issuesMessage(requestIssues(query.error.issues), "query"));
  }
  const { journal } = await getUploads();
  return json(await journal.list(checked.uploader.owner, query.data));
}

async function postRequest(request: Request): Promise<Response> {
  const checked = await guardUpload(request, true);
  if ("response" in checked) return checked.response;
  const body = await readJsonBody(request, createUploadSchema, { limit: MAX_CREATE_BODY_BYTES });
  if ("response" in body) return body.response;
  const { journal } = await getUploads();
  const created = await journal.createFile(checked.uploader.owner, body.data);
  return created.ok ? json(created.value, created.status) : failureResponse(created.failure);
}

export const GET = logged(ROUTE, getRequest);
export const POST = logged(ROUTE, postRequest);
