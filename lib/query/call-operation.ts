// The browser's one way to call the API: `POST /api/ne/<operation path>` with the JSON request of
// lib/bff/operation-request.ts. Same origin, session cookie only: no token ever reaches the page.
// Answers are parsed at this boundary; failures reject with a BffError.
import { array, nullable, number, object, optional, record, string, type output } from "zod/mini";
import type { OperationRequest } from "@/lib/bff/operation-request";
import { BffError, bffErrorOf, networkError } from "./bff-error";

export type OperationPath = `/${string}`;
export type ApiRow = Record<string, string | null>;

/** What a page sends: the proxy's request without upload parts. */
export type NeRequest = Omit<OperationRequest, "upload" | "waitFlag">;

const rowSchema = record(string(), nullable(string()));
const answerSchema = object({
  rows: optional(array(rowSchema)),
  count: optional(number()),
});

export interface SearchAnswer {
  rows: ApiRow[];
  /** Rows in this answer (the API's `count` of a search), not the total. */
  count: number;
}
export interface CountAnswer {
  count: number;
}
export interface InfoAnswer {
  rows: ApiRow[];
}

async function post(path: OperationPath, request: NeRequest, signal?: AbortSignal): Promise<output<typeof answerSchema>> {
  let response: Response;
  try {
    response = await fetch(`/api/ne${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(request),
      credentials: "same-origin",
      cache: "no-store",
      signal,
    });
  } catch (cause) {
    throw networkError(cause);
  }
  if (!response.ok) throw await bffErrorOf(response);
  let body: unknown;
  try {
    body = await response.json();
  } catch (cause) {
    throw new BffError({ code: "bad-response", message: String(cause), kind: "upstream-failure", retryable: true, status: response.status });
  }
  const parsed = answerSchema.safeParse(body);
  if (!parsed.success) {
    throw new BffError({ code: "bad-response", message: "unexpected answer", kind: "upstream-failure", retryable: true, status: response.status });
  }
  return parsed.data;
}

/** A search: the rows of one page and how many came (not the total: ask the count twin). */
export async function callSearch(path: OperationPath, request: NeRequest, signal?: AbortSignal): Promise<SearchAnswer> {
  const answer = await post(path, request, signal);
  const rows = answer.rows ?? [];
  return { rows, count: answer.count ?? rows.length };
}

/** A count: the total for the conditions. */
export async function callCount(path: OperationPath, request: NeRequest, signal?: AbortSignal): Promise<CountAnswer> {
  const answer = await post(path, request, signal);
  return { count: answer.count ?? 0 };
}

/** An info operation: every row of a classification list. */
export async function callInfo(path: OperationPath, signal?: AbortSignal): Promise<InfoAnswer> {
  const answer = await post(path, {}, signal);
  return { rows: answer.rows ?? [] };
}

/** Any operation, answered as the proxy gives it (`rows` and/or `count`). */
export function callOperation(path: OperationPath, request: NeRequest, signal?: AbortSignal): Promise<output<typeof answerSchema>> {
  return post(path, request, signal);
}
