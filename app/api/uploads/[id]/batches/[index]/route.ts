// Stores one checked batch of a file (gzip, base64): unzipped within bounds, its sha256 verified,
// checked again by the server with the CSV reader's rules, then kept in the journal. 201 when
// stored, 200 when the same batch was already stored (a retried PUT), 409 when other content holds
// its place or the upload was cancelled, 422 with `problems` when the server's check refuses it.
import { storeBatchSchema, MAX_BATCH_BODY_BYTES } from "@/lib/uploads/contract";
import { json, readJsonBody } from "@/lib/http/json-route";
import { batchParamsSchema, batchesUnderWay, failureResponse, guardUpload, readParams, takeBatchSlot } from "@/lib/uploads/server/route-support";
import { getUploads } from "@/lib/uploads/server/uploads";
import { logged } from "@/lib/observability/route-log";

const ROUTE = "/api/uploads/[id]/batches/[index]";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ id: string; index: string }> };

/** base64 of the largest batch plus the JSON around it. */
const MAX_BODY_BYTES = MAX_BATCH_BODY_BYTES + 4096;

async function putRequest(request: Request, { params }: Context): Promise<Response> {
  const checked = await guardUpload(request, true);
  if ("response" in checked) return checked.response;
  const parsed = await readParams(params, batchParamsSchema);
  if ("response" in parsed) return parsed.response;
  // The session's batches under way are bounded before a byte of this one is read; the check
  // itself waits its turn among the instance's (lib/uploads/server/check-pool.ts).
  const release = takeBatchSlot(checked.uploader.sessionKey);
  if (!release) return batchesUnderWay();
  try {
    const body = await readJsonBody(request, storeBatchSchema, { limit: MAX_BODY_BYTES });
    if ("response" in body) return body.response;
    const { journal } = await getUploads();
    const stored = await journal.storeBatch(checked.uploader.owner, parsed.data.id, parsed.data.index, body.data);
    return stored.ok ? json(stored.value, stored.status) : failureResponse(stored.failure);
  } finally {
    release();
  }
}

/** The stored batch's CSV text and line map: the page checks it against the stock again before a resend. */
async function getRequest(request: Request, { params }: Context): Promise<Response> {
  const checked = await guardUpload(request, false);
  if ("response" in checked) return checked.response;
  const parsed = await readParams(params, batchParamsSchema);
  if ("response" in parsed) return parsed.response;
  const { journal } = await getUploads();
  const batch = await journal.batchText(checked.uploader.owner, parsed.data.id, parsed.data.index);
  return batch ? json(batch) : failureResponse({ status: 404, code: "not-found", message: "no such batch" });
}

export const PUT = logged(ROUTE, putRequest);
export const GET = logged(ROUTE, getRequest);
