"use client";
// Client-side data providers of the signed-in area: one QueryClient (retry only what the BFF says
// is retryable; an expired sign-in sends the person to /login and back) and nuqs' URL state.
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { NuqsAdapter } from "nuqs/adapters/next/app";
import { useState, type ReactNode } from "react";
import { expiredLoginHref, isBffError } from "@/lib/query/bff-error";

const MAX_RETRIES = 2;

let redirecting = false;
/** Any call that finds the sign-in expired takes the person to sign in, then back here. */
export function handleAuthExpired(error: unknown): void {
  if (!isBffError(error) || error.kind !== "auth-expired" || redirecting || typeof window === "undefined") return;
  redirecting = true;
  window.location.assign(expiredLoginHref(window.location.pathname + window.location.search));
}

/**
 * Signing out deletes the session's tokens while the page's own calls may still be on their way:
 * their "no session" answers must not turn the signed-out page into "your sign-in expired".
 */
export function beginSignOut(): void {
  redirecting = true;
}

/**
 * Retryable failures are asked again twice, quickly; maintenance (003004/003005) is not: asking
 * again within a second cannot help, so the page says so at once and asks again itself after
 * MAINTENANCE_RETRY_S (components/query/query-error-state.tsx).
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  return isBffError(error) && error.retryable && error.kind !== "maintenance" && failureCount < MAX_RETRIES;
}

/** Backoff, or as long as a 429 asked to wait (Retry-After). */
export function retryDelay(attempt: number, error: unknown): number {
  if (isBffError(error) && error.retryAfterMs) return error.retryAfterMs;
  return Math.min(400 * 2 ** attempt, 3000);
}

function makeQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: handleAuthExpired }),
    mutationCache: new MutationCache({ onError: handleAuthExpired }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        gcTime: 5 * 60_000,
        refetchOnWindowFocus: false,
        retry: shouldRetry,
        retryDelay,
      },
      mutations: { retry: false },
    },
  });
}

export function QueryProviders({ children }: { children: ReactNode }) {
  const [client] = useState(makeQueryClient);
  return (
    <QueryClientProvider client={client}>
      <NuqsAdapter>{children}</NuqsAdapter>
    </QueryClientProvider>
  );
}
