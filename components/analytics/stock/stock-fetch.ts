"use client";
// The two views' one query each: GET /api/analytics/stock (lib/analytics/stock-query.ts), keyed by
// exactly the request. The last answer stays on screen while a new one loads.
import { keepPreviousData, useQuery, type UseQueryResult } from "@tanstack/react-query";
import type { ReorderAnswer, SetsAnswer, StockView } from "@/lib/analytics/stock-query";
import { noteActivity } from "@/lib/query/activity";
import { analyticsKeys } from "../view-query";
import { BffError, bffErrorOf, networkError } from "@/lib/query/bff-error";

export interface StockParams {
  warehouse: number | null;
  days?: number;
}

export function stockUrl(view: StockView, params: StockParams): string {
  const q = new URLSearchParams({ view });
  if (params.warehouse !== null) q.set("warehouse", String(params.warehouse));
  if (view === "reorder" && params.days !== undefined) q.set("days", String(params.days));
  return `/api/analytics/stock?${q}`;
}

async function fetchStock<T>(url: string, signal?: AbortSignal): Promise<T> {
  let response: Response;
  try {
    noteActivity();
    response = await fetch(url, { credentials: "same-origin", cache: "no-store", signal });
  } catch (cause) {
    throw networkError(cause);
  }
  if (!response.ok) throw await bffErrorOf(response);
  const body = (await response.json().catch(() => undefined)) as T | undefined;
  if (!body || typeof body !== "object" || !Array.isArray((body as { rows?: unknown }).rows)) {
    throw new BffError({ code: "bad-response", message: "unexpected answer", kind: "upstream-failure", retryable: true, status: response.status });
  }
  return body;
}

export function useReorder(params: StockParams): UseQueryResult<ReorderAnswer, BffError> {
  const url = stockUrl("reorder", params);
  return useQuery<ReorderAnswer, BffError>({ queryKey: analyticsKeys.view("stock", url), queryFn: ({ signal }) => fetchStock(url, signal), placeholderData: keepPreviousData });
}

export function useSets(params: StockParams): UseQueryResult<SetsAnswer, BffError> {
  const url = stockUrl("sets", params);
  return useQuery<SetsAnswer, BffError>({ queryKey: analyticsKeys.view("stock", url), queryFn: ({ signal }) => fetchStock(url, signal), placeholderData: keepPreviousData });
}
