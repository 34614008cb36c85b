// The /api/uploads route handlers over a real journal (PGlite in memory) and a stand-in upstream:
// the order of the guards (Origin, then the session before any body byte, then params, then the
// body with its limit), the status codes, and every answer parsed with the contract's schemas.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { openDatabase, type AppDatabase } from "@/lib/db";
import type { NeCallResult, NeRequest } from "@/lib/ne/server/client";
import { NE_ERROR_KINDS, NeError } from "@/lib/ne/errors";
import {
  MAX_BATCH_BODY_BYTES,
  duplicateFileErrorSchema,
  uploadBatchSchema,
  uploadFileSchema,
  uploadListSchema,
  type CreateUploadRequest,
} from "@/lib/uploads/contract";
import { createJournal } from "@/lib/uploads/server/journal";
import { createQueueFollower } from "@/lib/uploads/server/queue";
import { createSender, type Uploader } from "@/lib/uploads/server/send";
import type { Uploads } from "@/lib/uploads/server/uploads";
import { OTHER_COMPANY, OWNER, batchOf, createRequest, fakeCheckBatch, stockCsv } from "@/lib/uploads/server/test-support";

const session = vi.hoisted(() => ({ currentUploader: vi.fn() }));
vi.mock("@/lib/uploads/server/uploader", () => session);
const server = vi.hoisted(() => ({ getUploads: vi.fn() }));
vi.mock("@/lib/uploads/server/uploads", () => server);
// The grid helpers' own session lookup (unused here) would load next-auth.
vi.mock("@/lib/grid/server/store", () => ({ currentGridOwner: vi.fn() }));

const list = await import("./route");
const file = await import("./[id]/route");
const batch = await import("./[id]/batches/[index]/route");
const send = await import("./[id]/batches/[index]/send/route");
const cancel = await import("./[id]/cancel/route");

const ORIGIN = "http://localhost:3000";
const me: Uploader = { owner: OWNER, sessionKey: "session-me" };
const errorSchema = z.object({
  error: z.object({ code: z.string(), message: z.string(), retryable: z.boolean(), kind: z.enum(NE_ERROR_KINDS) }),
});
const sendRefusalSchema = errorSchema.extend({ batch: uploadBatchSchema });

/** The upstream stand-in: uploads answer que ids (or `uploadFails`), the queue answers `queStatus`. */
const upstream = {
  calls: [] as { path: string; request?: NeRequest }[],
  uploadFails: null as (() => unknown) | null,
  queueFails: null as (() => unknown) | null,
  queStatus: "2",
  nextQueId: 500,
  async call(_key: string, path: string, request?: NeRequest): Promise<NeCallResult> {
    upstream.calls.push({ path, request });
    if (path.endsWith("/upload")) {
      if (upstream.uploadFails) throw upstream.uploadFails();
      return { envelope: { result: "success", queId: String(upstream.nextQueId++), extra: {} }, tokens: null };
    }
    if (upstream.queueFails) throw upstream.queueFails();
    const ids = (request?.conditions?.[0]?.value ?? []) as string[];
    return { envelope: { result: "success", data: ids.map((que_id) => ({ que_id, que_status_id: upstream.queStatus, que_message: null })), extra: {} }, tokens: null };
  },
};

let database: AppDatabase;

beforeAll(async () => {
  database = await openDatabase({ dataDir: "memory://" });
  const journal = createJournal({ database, checkBatch: fakeCheckBatch, staleSendingMs: 90_000 });
  const uploads: Uploads = {
    journal,
    sender: createSender({ database, journal, gateway: upstream, firstCheckMs: 0 }),
    queue: createQueueFollower({ database, journal, gateway: upstream, firstCheckMs: 0, maxCheckMs: 0 }),
  };
  server.getUploads.mockResolvedValue(uploads);
});
afterAll(async () => {
  await database?.close();
});
beforeEach(() => {
  session.currentUploader.mockReset();
  session.currentUploader.mockResolvedValue({ uploader: me });
  upstream.calls = [];
  upstream.uploadFails = null;
  upstream.queueFails = null;
  upstream.queStatus = "2";
});

interface Options {
  body?: unknown;
  origin?: string | null;
  contentType?: string;
  stream?: ReadableStream<Uint8Array>;
}

function request(method: string, path: string, { body, origin = ORIGIN, contentType = "application/json", stream }: Options = {}): Request {
  const headers: Record<string, string> = { host: "localhost:3000", "content-type": contentType };
  if (origin !== null) headers.origin = origin;
  return new Request(`${ORIGIN}${path}`, {
    method,
    headers,
    ...(stream ? { body: stream, duplex: "half" } : body === undefined ? {} : { body: JSON.stringify(body) }),
  } as RequestInit);
}

const ctx = <T extends Record<string, string>>(params: T) => ({ params: Promise.resolve(params) });

/** A body stream that records how much of it was read (nothing is pulled before a reader asks). */
function watchedStream(totalBytes: number, chunkBytes = 64 * 1024) {
  const seen = { pulled: 0, cancelled: false };
  const source: UnderlyingDefaultSource<Uint8Array> = {
    pull(controller) {
      if (seen.pulled >= totalBytes) return controller.close();
      const n = Math.min(chunkBytes, totalBytes - seen.pulled);
      seen.pulled += n;
      controller.enqueue(new Uint8Array(n).fill(0x20));
    },
    cancel() {
      seen.cancelled = true;
    },
  };
  const stream = new ReadableStream<Uint8Array>(source, { highWaterMark: 0 });
  return { stream, seen };
}

async function create(body: CreateUploadRequest) {
  return list.POST(request("POST", "/api/uploads", { body }));
}

async function createdFile(batches: string[]) {
  const res = await create(createRequest({ batchCount: batches.length }));
  expect(res.status).toBe(201);
  const created = uploadFileSchema.parse(await res.json());
  for (const [i, text] of batches.entries()) {
    const put = await batch.PUT(request("PUT", `/api/uploads/${created.id}/batches/${i}`, { body: batchOf(text, 2 + i) }), ctx({ id: created.id, index: String(i) }));
    expect(put.status).toBe(201);
  }
  return created.id;
}

describe("guards of /api/uploads", () => {
  it("a change without this site's Origin is refused before the session is looked at", async () => {
    const missing = await list.POST(request("POST", "/api/uploads", { body: createRequest(), origin: null }));
    expect(missing.status).toBe(403);
    expect(errorSchema.parse(await missing.json()).error).toMatchObject({ code: "missing-origin", kind: "forbidden" });
    const foreign = await send.POST(request("POST", `/api/uploads/${crypto.randomUUID()}/batches/0/send`, { body: {}, origin: "https://evil.example" }), ctx({ id: crypto.randomUUID(), index: "0" }));
    expect(foreign.status).toBe(403);
    expect(errorSchema.parse(await foreign.json()).error.code).toBe("foreign-origin");
    const cancelled = await cancel.POST(request("POST", "/api/uploads/x/cancel", { origin: "http://localhost:3001" }), ctx({ id: crypto.randomUUID() }));
    expect(cancelled.status).toBe(403);
    expect(session.currentUploader).not.toHaveBeenCalled();
  });

  it("no session: 401 before a byte of the body is read", async () => {
    session.currentUploader.mockImplementation(async () => ({ response: Response.json({ error: { code: "no-session", message: "sign in again", retryable: false, kind: "auth-expired" } }, { status: 401 }) }));
    for (const call of [
      (r: Request) => list.POST(r),
      (r: Request) => batch.PUT(r, ctx({ id: crypto.randomUUID(), index: "0" })),
      (r: Request) => send.POST(r, ctx({ id: crypto.randomUUID(), index: "0" })),
    ]) {
      const { stream, seen } = watchedStream(10_000);
      const req = request("POST", "/api/uploads", { stream });
      const res = await call(req);
      expect(res.status).toBe(401);
      expect(errorSchema.parse(await res.json()).error).toMatchObject({ code: "no-session", kind: "auth-expired" });
      expect(req.bodyUsed).toBe(false);
      expect(seen.pulled).toBe(0);
    }
    const read = await list.GET(request("GET", "/api/uploads"));
    expect(read.status).toBe(401);
  });

  it("an oversize chunked body is cut off at the limit: 413", async () => {
    const id = crypto.randomUUID();
    const big = watchedStream(MAX_BATCH_BODY_BYTES + 1024 * 1024);
    const res = await batch.PUT(request("PUT", `/api/uploads/${id}/batches/0`, { stream: big.stream }), ctx({ id, index: "0" }));
    expect(res.status).toBe(413);
    expect(errorSchema.parse(await res.json()).error.code).toBe("too-large");
    // Read up to the limit (and a chunk or two in flight), not the whole body.
    expect(big.seen.pulled).toBeLessThanOrEqual(MAX_BATCH_BODY_BYTES + 4096 + 2 * 64 * 1024);
    // Left unread rather than cancelled, so the client reads the 413 (lib/http/bounded-body.ts).
    expect(big.seen.cancelled).toBe(false);

    const create = watchedStream(3 * 1024 * 1024);
    const created = await list.POST(request("POST", "/api/uploads", { stream: create.stream }));
    expect(created.status).toBe(413);
    expect(create.seen.pulled).toBeLessThan(3 * 1024 * 1024);
  });

  it("JSON only (415), valid params only (404), valid bodies only (400)", async () => {
    const wrongType = await list.POST(request("POST", "/api/uploads", { body: createRequest(), contentType: "text/plain" }));
    expect(wrongType.status).toBe(415);
    for (const [id, index] of [
      ["not-a-uuid", "0"],
      [crypto.randomUUID(), "01"],
      [crypto.randomUUID(), "400"],
      [crypto.randomUUID(), "-1"],
    ] as const) {
      const res = await batch.PUT(request("PUT", `/api/uploads/${id}/batches/${index}`, { body: batchOf("h\r\nx\r\n") }), ctx({ id, index }));
      expect(res.status, `${id}/${index}`).toBe(404);
    }
    const invalid = await create({ ...createRequest(), batchCount: 0 });
    expect(invalid.status).toBe(400);
    expect(errorSchema.parse(await invalid.json()).error.code).toBe("invalid-request");
    const extra = await list.POST(request("POST", "/api/uploads", { body: { ...createRequest(), companyNeId: "NE0000000002" } }));
    expect(extra.status).toBe(400);
    const badQuery = await list.GET(request("GET", "/api/uploads?limit=1000"));
    expect(badQuery.status).toBe(400);
  });
});

describe("/api/uploads answers", () => {
  it("create, store, send, follow: every answer parses with the contract", async () => {
    const id = await createdFile([stockCsv(["A-1"], 1), stockCsv(["A-2"], 2)]);
    const again = await batch.PUT(request("PUT", `/api/uploads/${id}/batches/1`, { body: batchOf(stockCsv(["A-2"], 2), 3) }), ctx({ id, index: "1" }));
    expect(again.status).toBe(200);
    expect(uploadBatchSchema.parse(await again.json()).index).toBe(1);

    const ready = await file.GET(request("GET", `/api/uploads/${id}`), ctx({ id }));
    expect(uploadFileSchema.parse(await ready.json()).status).toBe("ready");

    for (const index of ["0", "1"]) {
      const sent = await send.POST(request("POST", `/api/uploads/${id}/batches/${index}/send`, { body: {} }), ctx({ id, index }));
      expect(sent.status).toBe(200);
      expect(uploadBatchSchema.parse(await sent.json()).state).toBe("queued");
    }
    const twice = await send.POST(request("POST", `/api/uploads/${id}/batches/0/send`, { body: { resend: true } }), ctx({ id, index: "0" }));
    expect(twice.status).toBe(409);
    expect(sendRefusalSchema.parse(await twice.json())).toMatchObject({ error: { code: "batch-already-sent" }, batch: { state: "queued" } });
    expect(upstream.calls.filter((c) => c.path.endsWith("/upload"))).toHaveLength(2);

    const followed = await file.GET(request("GET", `/api/uploads/${id}`), ctx({ id }));
    const done = uploadFileSchema.parse(await followed.json());
    expect(done).toMatchObject({ status: "done", sentRows: 2 });
    // One queue search for both batches.
    const searches = upstream.calls.filter((c) => c.path === "/api_v1_system_que/search");
    expect(searches).toHaveLength(1);
    expect(searches[0]?.request?.conditions?.[0]).toMatchObject({ field: "que_id", op: "in", value: done.batches.map((b) => b.queId) });

    const listed = await list.GET(request("GET", "/api/uploads?status=done&limit=5"));
    expect(uploadListSchema.parse(await listed.json()).files.map((f) => f.id)).toContain(id);

    const nothing = await cancel.POST(request("POST", `/api/uploads/${id}/cancel`), ctx({ id }));
    expect(nothing.status).toBe(409);
    expect(errorSchema.parse(await nothing.json()).error.code).toBe("nothing-to-cancel");
  });

  it("the same file again: 409 with the earlier uploads; 201 once confirmed", async () => {
    const body = createRequest();
    const first = uploadFileSchema.parse(await (await create(body)).json());
    await batch.PUT(request("PUT", `/api/uploads/${first.id}/batches/0`, { body: batchOf(stockCsv(["D-1"], 1)) }), ctx({ id: first.id, index: "0" }));
    await send.POST(request("POST", `/api/uploads/${first.id}/batches/0/send`, { body: {} }), ctx({ id: first.id, index: "0" }));
    const duplicate = await create(body);
    expect(duplicate.status).toBe(409);
    const parsed = duplicateFileErrorSchema.parse(await duplicate.json());
    expect(parsed.previous).toEqual([expect.objectContaining({ id: first.id, personName: OWNER.personName, status: "waiting" })]);
    expect((await create({ ...body, confirmDuplicate: true })).status).toBe(201);
  });

  it("422 with the problems when the server's check refuses a batch", async () => {
    const created = uploadFileSchema.parse(await (await create(createRequest())).json());
    const res = await batch.PUT(
      request("PUT", `/api/uploads/${created.id}/batches/0`, { body: batchOf(`${stockCsv(["E-1"], 1)}x,y,z #ERROR\r\n`) }),
      ctx({ id: created.id, index: "0" }),
    );
    expect(res.status).toBe(422);
    const body = errorSchema.extend({ problems: z.array(z.object({ line: z.number(), severity: z.literal("error") })) }).parse(await res.json());
    expect(body).toMatchObject({ error: { code: "batch-problems" }, problems: [{ line: 3 }] });
  });

  it("another company's upload is 404 everywhere", async () => {
    const id = await createdFile([stockCsv(["F-1"], 1)]);
    session.currentUploader.mockResolvedValue({ uploader: { owner: OTHER_COMPANY, sessionKey: "session-other" } });
    expect((await file.GET(request("GET", `/api/uploads/${id}`), ctx({ id }))).status).toBe(404);
    expect((await send.POST(request("POST", `/api/uploads/${id}/batches/0/send`, { body: {} }), ctx({ id, index: "0" }))).status).toBe(404);
    expect((await cancel.POST(request("POST", `/api/uploads/${id}/cancel`), ctx({ id }))).status).toBe(404);
    const put = await batch.PUT(request("PUT", `/api/uploads/${id}/batches/0`, { body: batchOf(stockCsv(["F-1"], 1)) }), ctx({ id, index: "0" }));
    expect(put.status).toBe(404);
    const listed = uploadListSchema.parse(await (await list.GET(request("GET", "/api/uploads"))).json());
    expect(listed.files.map((f) => f.id)).not.toContain(id);
    expect(upstream.calls).toHaveLength(0);
  });

  it("busy upstream: 503 with the batch still stored; expired session: 401", async () => {
    const id = await createdFile([stockCsv(["G-1"], 1)]);
    upstream.uploadFails = () => new NeError({ code: "003002", message: "busy" });
    const busy = await send.POST(request("POST", `/api/uploads/${id}/batches/0/send`, { body: {} }), ctx({ id, index: "0" }));
    expect(busy.status).toBe(503);
    expect(sendRefusalSchema.parse(await busy.json())).toMatchObject({ error: { code: "003002", kind: "busy", retryable: true }, batch: { state: "stored" } });
    upstream.uploadFails = () => new NeError({ code: "002004", message: "expired" });
    const expired = await send.POST(request("POST", `/api/uploads/${id}/batches/0/send`, { body: {} }), ctx({ id, index: "0" }));
    expect(expired.status).toBe(401);
    expect(sendRefusalSchema.parse(await expired.json())).toMatchObject({ error: { kind: "auth-expired" }, batch: { state: "stored" } });

    upstream.uploadFails = null;
    expect((await send.POST(request("POST", `/api/uploads/${id}/batches/0/send`, { body: {} }), ctx({ id, index: "0" }))).status).toBe(200);
    upstream.queueFails = () => new NeError({ code: "002004", message: "expired" });
    const polled = await file.GET(request("GET", `/api/uploads/${id}`), ctx({ id }));
    expect(polled.status).toBe(401);
    expect(errorSchema.parse(await polled.json()).error.kind).toBe("auth-expired");
  });

  it("cancel: stored batches become cancelled; the file answers 'cancelled'", async () => {
    const created = uploadFileSchema.parse(await (await create(createRequest({ batchCount: 2 }))).json());
    await batch.PUT(request("PUT", `/api/uploads/${created.id}/batches/0`, { body: batchOf(stockCsv(["H-1"], 1)) }), ctx({ id: created.id, index: "0" }));
    const res = await cancel.POST(request("POST", `/api/uploads/${created.id}/cancel`), ctx({ id: created.id }));
    expect(res.status).toBe(200);
    expect(uploadFileSchema.parse(await res.json())).toMatchObject({ status: "cancelled", batches: [{ state: "cancelled" }] });
    const late = await batch.PUT(request("PUT", `/api/uploads/${created.id}/batches/1`, { body: batchOf(stockCsv(["H-2"], 1), 3) }), ctx({ id: created.id, index: "1" }));
    expect(late.status).toBe(409);
  });
});
