// Stops an upload: its batches still "stored" become "cancelled" and no batch is stored or sent
// after; a batch being sent finishes as it will. 200 with the file (again 200 when already
// cancelled; failed or unknown batches can no longer be resent), 409 nothing-to-cancel when every batch
// was sent and none failed or is unknown. No body is read.
import { json } from "@/lib/http/json-route";
import { failureResponse, fileParamsSchema, guardUpload, readParams } from "@/lib/uploads/server/route-support";
import { getUploads } from "@/lib/uploads/server/uploads";
import { logged } from "@/lib/observability/route-log";

const ROUTE = "/api/uploads/[id]/cancel";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ id: string }> };

async function postRequest(request: Request, { params }: Context): Promise<Response> {
  const checked = await guardUpload(request, true);
  if ("response" in checked) return checked.response;
  const parsed = await readParams(params, fileParamsSchema);
  if ("response" in parsed) return parsed.response;
  const { journal } = await getUploads();
  const cancelled = await journal.cancel(checked.uploader.owner, parsed.data.id);
  return cancelled.ok ? json(cancelled.value, cancelled.status) : failureResponse(cancelled.failure);
}

export const POST = logged(ROUTE, postRequest);
