// Sends one stored batch upstream, at most once (see lib/uploads/server/send.ts). Body `{}` or
// `{"resend":true}` (required for a batch whose state is "unknown" or "failed").
//   200 UploadBatch   the call's outcome is in the batch: queued, failed (refused) or unknown (answer lost)
//   401 {error,batch} the session expired; the batch is still "stored" (sign in, then send it)
//   503 {error,batch} the API was busy or unreachable; the batch is still "stored" (send it later)
//   409 {error,batch} not sent by this call: already sending or sent, needs resend, cancelled, or
//                     the file's batches are not all stored yet
import { sendBatchSchema } from "@/lib/uploads/contract";
import { json, readJsonBody } from "@/lib/http/json-route";
import { MAX_SEND_BODY_BYTES, batchParamsSchema, failureResponse, guardUpload, readParams } from "@/lib/uploads/server/route-support";
import { getUploads } from "@/lib/uploads/server/uploads";
import { logged } from "@/lib/observability/route-log";

const ROUTE = "/api/uploads/[id]/batches/[index]/send";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ id: string; index: string }> };

async function postRequest(request: Request, { params }: Context): Promise<Response> {
  const checked = await guardUpload(request, true);
  if ("response" in checked) return checked.response;
  const parsed = await readParams(params, batchParamsSchema);
  if ("response" in parsed) return parsed.response;
  const body = await readJsonBody(request, sendBatchSchema, { limit: MAX_SEND_BODY_BYTES });
  if ("response" in body) return body.response;
  const { sender } = await getUploads();
  const sent = await sender.sendBatch(checked.uploader, parsed.data.id, parsed.data.index, { resend: body.data.resend === true });
  if (sent.ok) return json(sent.batch, sent.status);
  if ("failure" in sent) return failureResponse(sent.failure);
  return json({ error: sent.error, batch: sent.batch }, sent.status);
}

export const POST = logged(ROUTE, postRequest);
