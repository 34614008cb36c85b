// The browser side of the upload journal (app/api/uploads, contract in lib/uploads/contract.ts).
// Answers are parsed with the contract's schemas; they load with the first answer read, not with
// the page (zod stays out of the first load, as in lib/query/grid-storage.ts). Failures reject
// with a BffError; a file sent before answers a `duplicate` outcome instead.
import type { z } from "zod";
import type { UploadKind } from "@/lib/csv/types";
import type { BatchText, CreateUploadRequest, FileStatus, StoreBatchRequest, UploadBatch, UploadDocument, UploadFile, UploadList } from "@/lib/uploads/contract";
import { BffError, bffErrorOf, networkError } from "@/lib/query/bff-error";

type Contract = typeof import("@/lib/uploads/contract");

export type DuplicatePrevious = z.infer<Contract["duplicateFileErrorSchema"]>["previous"][number];
export type CreateOutcome = { ok: true; file: UploadFile } | { ok: false; previous: DuplicatePrevious[] };

export interface UploadListFilter {
  kind?: UploadKind;
  status?: FileStatus;
  q?: string;
  offset: number;
  limit: number;
}

/** What the send loop and the lists need of the journal (a fake one in tests). */
export interface JournalApi {
  create(body: CreateUploadRequest): Promise<CreateOutcome>;
  storeBatch(id: string, index: number, body: StoreBatchRequest): Promise<UploadBatch>;
  sendBatch(id: string, index: number, resend: boolean): Promise<UploadBatch>;
  cancel(id: string): Promise<UploadFile>;
  get(id: string, signal?: AbortSignal): Promise<UploadFile>;
  list(filter: UploadListFilter, signal?: AbortSignal): Promise<UploadList>;
  /** Keeps the file's plan CSV (before its first batch is sent). */
  storePlan(id: string, text: string): Promise<void>;
}

/** The journal's calls beyond the send loop: a batch's text, a file's plan and report. */
export interface JournalDocuments {
  batchText(id: string, index: number): Promise<BatchText>;
  storeDocument(id: string, which: UploadDocument, text: string): Promise<void>;
  /** The document's CSV text, or null when the file has none. */
  readDocument(id: string, which: UploadDocument): Promise<string | null>;
}

const badResponse = (status: number) =>
  new BffError({ code: "bad-response", message: "unexpected answer", kind: "upstream-failure", retryable: true, status });

async function call(url: string, init: RequestInit & { json?: unknown } = {}): Promise<Response> {
  const { json, ...rest } = init;
  try {
    return await fetch(url, {
      ...rest,
      headers: json === undefined ? undefined : { "content-type": "application/json" },
      body: json === undefined ? undefined : JSON.stringify(json),
      credentials: "same-origin",
      cache: "no-store",
    });
  } catch (cause) {
    throw networkError(cause);
  }
}

async function parse<T>(response: Response, pick: (c: Contract) => z.ZodType<T>): Promise<T> {
  let contract: Contract;
  try {
    contract = await import("@/lib/uploads/contract");
  } catch (cause) {
    throw networkError(cause);
  }
  const parsed = pick(contract).safeParse(await response.json().catch(() => undefined));
  if (!parsed.success) throw badResponse(response.status);
  return parsed.data;
}

async function answer<T>(response: Response, pick: (c: Contract) => z.ZodType<T>): Promise<T> {
  if (!response.ok) throw await bffErrorOf(response);
  return parse(response, pick);
}

const fileUrl = (id: string) => `/api/uploads/${encodeURIComponent(id)}`;
const batchUrl = (id: string, index: number) => `${fileUrl(id)}/batches/${index}`;

export const journalApi: JournalApi = {
  async create(body) {
    const response = await call("/api/uploads", { method: "POST", json: body });
    if (response.status === 409) {
      const copy = response.clone();
      const duplicate = await parse(response, (c) => c.duplicateFileErrorSchema).catch(() => null);
      if (duplicate) return { ok: false, previous: duplicate.previous };
      throw await bffErrorOf(copy);
    }
    return { ok: true, file: await answer(response, (c) => c.uploadFileSchema) };
  },
  async storeBatch(id, index, body) {
    return answer(await call(batchUrl(id, index), { method: "PUT", json: body }), (c) => c.uploadBatchSchema);
  },
  async sendBatch(id, index, resend) {
    return answer(await call(`${batchUrl(id, index)}/send`, { method: "POST", json: resend ? { resend: true } : {} }), (c) => c.uploadBatchSchema);
  },
  async cancel(id) {
    // The route reads no body.
    return answer(await call(`${fileUrl(id)}/cancel`, { method: "POST" }), (c) => c.uploadFileSchema);
  },
  async get(id, signal) {
    return answer(await call(fileUrl(id), { signal }), (c) => c.uploadFileSchema);
  },
  async list(filter, signal) {
    const params = new URLSearchParams({ offset: String(filter.offset), limit: String(filter.limit) });
    if (filter.kind) params.set("kind", filter.kind);
    if (filter.status) params.set("status", filter.status);
    if (filter.q) params.set("q", filter.q);
    return answer(await call(`/api/uploads?${params}`, { signal }), (c) => c.uploadListSchema);
  },
  storePlan(id, text) {
    return journalDocuments.storeDocument(id, "plan", text);
  },
};

export const journalDocuments: JournalDocuments = {
  async batchText(id, index) {
    return answer(await call(batchUrl(id, index)), (c) => c.batchTextSchema);
  },
  async storeDocument(id, which, text) {
    const { gzipText, sha256Hex } = await import("@/lib/csv/bytes");
    const { bytesToBase64 } = await import("./worker-protocol");
    const body = { sha256: await sha256Hex(text), gzipBase64: bytesToBase64(await gzipText(text)) };
    const response = await call(`${fileUrl(id)}/${which}`, { method: "PUT", json: body });
    if (!response.ok) throw await bffErrorOf(response);
  },
  async readDocument(id, which) {
    const response = await call(`${fileUrl(id)}/${which}`);
    if (response.status === 404) return null;
    if (!response.ok) throw await bffErrorOf(response);
    return response.text();
  },
};
