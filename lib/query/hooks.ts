"use client";
// Typed TanStack Query hooks, one per operation kind (search, count, info), over callOperation and
// the one key factory. Grids pass `throwOnError` so failures reach their error boundary; retries
// follow the QueryClient's policy (only retryable errors, see components/query/providers.tsx).
import { keepPreviousData, useQuery, type UseQueryResult } from "@tanstack/react-query";
import { callCount, callInfo, callSearch, type CountAnswer, type InfoAnswer, type NeRequest, type OperationPath, type SearchAnswer } from "./call-operation";
import type { BffError } from "./bff-error";
import { neKeys } from "./keys";

export interface OperationQueryOptions {
  enabled?: boolean;
  /** Keep showing the previous answer while a new one loads (paging, filtering). */
  keepPrevious?: boolean;
  /** Hand a failure to the nearest error boundary instead of returning it. */
  throwOnError?: boolean;
  staleTime?: number;
}

/**
 * How a grid watches an answer: the previous one kept while a new one loads, failures thrown to the
 * error boundary or returned. `staleTime` only when given: an explicit undefined would replace the
 * QueryClient's default (TanStack spreads a query's options over its defaults), making every answer
 * stale at once, so a second observer of it (the grid's body, mounted after the count came) would
 * ask the API again.
 */
export function watchOptions(options: OperationQueryOptions) {
  return {
    placeholderData: options.keepPrevious ? keepPreviousData : undefined,
    throwOnError: options.throwOnError ?? false,
    ...(options.staleTime === undefined ? {} : { staleTime: options.staleTime }),
  };
}

/** The key and fetch of one search, for `useSearch` and for queries started ahead (`useQueries`). */
export function searchQuery(path: OperationPath, request: NeRequest) {
  return {
    queryKey: neKeys.request(path, request),
    queryFn: ({ signal }: { signal: AbortSignal }) => callSearch(path, request, signal),
  };
}

/**
 * A search; `null`: its request cannot be known yet (newest first waits for the total): nothing is
 * fetched, and with `keepPrevious` the previous answer stays as placeholder meanwhile.
 */
export function useSearch(path: OperationPath, request: NeRequest | null, options: OperationQueryOptions = {}): UseQueryResult<SearchAnswer, BffError> {
  return useQuery<SearchAnswer, BffError>({
    ...(request ? searchQuery(path, request) : pendingSearch(path)),
    enabled: request !== null && (options.enabled ?? true),
    ...watchOptions(options),
  });
}

/** The key of a search not yet known: never fetched, never the key of a real request. */
function pendingSearch(path: OperationPath) {
  return {
    queryKey: [...neKeys.operation(path), "pending"] as const,
    queryFn: (): Promise<SearchAnswer> => Promise.reject(new Error("a pending search is never fetched")),
  };
}

type CountRequest = Omit<NeRequest, "fields" | "offset" | "limit">;

/** The key and fetch of one count, for `useCount` and for lists of counts (`useQueries`). */
export function countQuery(path: OperationPath, request: CountRequest) {
  return {
    queryKey: neKeys.request(path, request),
    queryFn: ({ signal }: { signal: AbortSignal }) => callCount(path, request, signal),
  };
}

export function useCount(path: OperationPath, request: CountRequest, options: OperationQueryOptions = {}): UseQueryResult<CountAnswer, BffError> {
  return useQuery<CountAnswer, BffError>({
    ...countQuery(path, request),
    enabled: options.enabled ?? true,
    ...watchOptions(options),
  });
}

/**
 * Classification lists change rarely: kept fresh for ten minutes (and the BFF keeps them per
 * session). `fresh`: a screen that shows the list itself reads it from the API on every visit.
 */
export function useInfo(path: OperationPath, options: OperationQueryOptions & { fresh?: boolean } = {}): UseQueryResult<InfoAnswer, BffError> {
  const fresh = options.fresh ?? false;
  return useQuery<InfoAnswer, BffError>({
    queryKey: neKeys.request(path),
    queryFn: ({ signal }) => callInfo(path, signal, fresh),
    enabled: options.enabled ?? true,
    throwOnError: options.throwOnError ?? false,
    staleTime: options.staleTime ?? (fresh ? 0 : 10 * 60_000),
  });
}
