// One upload and its batches. The batches still in the upload queue are brought up to date first
// (one /api_v1_system_que/search for all that are due; each batch's checks back off to 30 s), so
// a page may poll this often. 401 when the session expired during that check.
import { isNeError } from "@/lib/ne/errors";
import { json } from "@/lib/http/json-route";
import { failureResponse, fileParamsSchema, guardUpload, readParams } from "@/lib/uploads/server/route-support";
import { getUploads } from "@/lib/uploads/server/uploads";
import { logged } from "@/lib/observability/route-log";

const ROUTE = "/api/uploads/[id]";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ id: string }> };

async function getRequest(request: Request, { params }: Context): Promise<Response> {
  const checked = await guardUpload(request, false);
  if ("response" in checked) return checked.response;
  const parsed = await readParams(params, fileParamsSchema);
  if ("response" in parsed) return parsed.response;
  const { journal, queue } = await getUploads();
  try {
    await queue.refresh(checked.uploader, parsed.data.id);
  } catch (err) {
    if (isNeError(err) && err.kind === "auth-expired") return failureResponse({ status: 401, code: err.code, message: "sign in again" });
    throw err;
  }
  const file = await journal.getFile(checked.uploader.owner, parsed.data.id);
  return file ? json(file) : failureResponse({ status: 404, code: "not-found", message: "no such upload" });
}

export const GET = logged(ROUTE, getRequest);
