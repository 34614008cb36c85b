// The browser's one way to call the API: `POST /api/ne/<operation path>` with the JSON request of
// lib/bff/operation-request.ts. Same origin, session cookie only: no token ever reaches the page.
// Answers are parsed at this boundary; failures reject with a BffError. Checked by hand, not with
// zod: this module is in every grid's first load (lib/query/call-operation.test.ts holds the checks
// against an equivalent zod schema).
import { FRESH_HEADER } from "@/lib/bff/fresh-header";
import { BACKGROUND, PRIORITY_HEADER } from "@/lib/bff/priority-header";
import type { OperationRequest } from "@/lib/bff/operation-request";
import { noteActivity } from "./activity";
import { BffError, bffErrorOf, networkError } from "./bff-error";

export type OperationPath = `/${string}`;
export type ApiRow = Record<string, string | null>;

/** What a page sends: the proxy's request without the wait flag. */
export type NeRequest = Omit<OperationRequest, "waitFlag">;

/** What the proxy answers: `rows` and/or `count`, each optional. */
export interface OperationAnswer {
  rows?: ApiRow[];
  count?: number;
}

function isRow(value: unknown): value is ApiRow {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return false;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const cell = (value as Record<string, unknown>)[key];
    if (cell !== null && typeof cell !== "string") return false;
  }
  return true;
}

function withoutProtoKey(row: ApiRow): ApiRow {
  const copy: ApiRow = {};
  for (const key of Object.keys(row)) if (key !== "__proto__") copy[key] = row[key] ?? null;
  return copy;
}

/**
 * An answer body as the browser may use it, or null: an object whose `rows`, when present, is a
 * list of records of strings or nulls and whose `count`, when present, is a finite number. Other
 * keys are left out.
 */
export function parseOperationAnswer(body: unknown): OperationAnswer | null {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return null;
  const { rows, count } = body as Record<string, unknown>;
  const answer: OperationAnswer = {};
  if (rows !== undefined) {
    if (!Array.isArray(rows) || !rows.every(isRow)) return null;
    // Passed on as they came, except that an own `__proto__` key (JSON.parse makes one) is left
    // out, as zod's record does.
    answer.rows = rows.some((row) => Object.hasOwn(row, "__proto__")) ? rows.map(withoutProtoKey) : rows;
  }
  if (count !== undefined) {
    if (typeof count !== "number" || !Number.isFinite(count)) return null;
    answer.count = count;
  }
  return answer;
}

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

/**
 * How a call is made. `background`: work nobody waits for on screen (a board refresh, thumbnails
 * and name joins, export pages); the server serves the person's other calls first.
 */
export interface CallOptions {
  background?: boolean;
}

function headersOf(fresh: boolean, background: boolean): Record<string, string> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (fresh) headers[FRESH_HEADER] = "1";
  if (background) headers[PRIORITY_HEADER] = BACKGROUND;
  return headers;
}

async function post(path: OperationPath, request: NeRequest, signal?: AbortSignal, fresh = false, background = false): Promise<OperationAnswer> {
  let response: Response;
  try {
    noteActivity();
    response = await fetch(`/api/ne${path}`, {
      method: "POST",
      headers: headersOf(fresh, background),
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
  const parsed = parseOperationAnswer(body);
  if (!parsed) {
    throw new BffError({ code: "bad-response", message: "unexpected answer", kind: "upstream-failure", retryable: true, status: response.status });
  }
  return parsed;
}

/** An answer without what its kind promises: never read as "no rows" or "0". */
function incomplete(missing: "rows" | "count"): BffError {
  return new BffError({ code: "bad-response", message: `answer without ${missing}`, kind: "upstream-failure", retryable: true, status: 200 });
}

/** A search: the rows of one page and how many came (not the total: ask the count twin). */
export async function callSearch(path: OperationPath, request: NeRequest, signal?: AbortSignal, options: CallOptions = {}): Promise<SearchAnswer> {
  const answer = await post(path, request, signal, false, options.background);
  const { rows } = answer;
  if (!rows) throw incomplete("rows");
  return { rows, count: answer.count ?? rows.length };
}

/** A count: the total for the conditions. */
export async function callCount(path: OperationPath, request: NeRequest, signal?: AbortSignal, options: CallOptions = {}): Promise<CountAnswer> {
  const answer = await post(path, request, signal, false, options.background);
  if (answer.count === undefined) throw incomplete("count");
  return { count: answer.count };
}

/**
 * An info operation: every row of a classification list. `fresh`: from the API itself, past the
 * BFF's per-session cache of choice lists (a screen that shows the list as such).
 */
export async function callInfo(path: OperationPath, signal?: AbortSignal, fresh = false): Promise<InfoAnswer> {
  const answer = await post(path, {}, signal, fresh);
  return { rows: answer.rows ?? [] };
}

/** Any operation, answered as the proxy gives it (`rows` and/or `count`). */
export function callOperation(path: OperationPath, request: NeRequest, signal?: AbortSignal): Promise<OperationAnswer> {
  return post(path, request, signal);
}
