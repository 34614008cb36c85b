// The API in maintenance (003004 for the API, 003005 for the main function, lib/ne/codes.ts): the
// person's work is kept and the call is asked again by itself after a wait, long enough not to
// hammer an API that says it is down, short enough to pick up again soon after it is back. A
// maintenance answer is never retried at once (the TanStack Query policy skips it: the page says
// "maintenance" straight away and counts down instead).
import type { NeErrorKind } from "@/lib/ne/errors";
import { isBffError } from "./bff-error";

/** A screen's failed read (grid, list, drawer) is asked again after this many seconds. */
export const MAINTENANCE_RETRY_S = 15;

/** An upload batch turned away by maintenance is sent again after 15 s, 30 s, then every 60 s. */
export const MAINTENANCE_SEND_DELAYS_MS: readonly number[] = [15_000, 30_000, 60_000];

export function maintenanceSendDelay(attempt: number): number {
  return MAINTENANCE_SEND_DELAYS_MS[Math.min(attempt, MAINTENANCE_SEND_DELAYS_MS.length - 1)]!;
}

export function isMaintenanceKind(kind: NeErrorKind | undefined): boolean {
  return kind === "maintenance";
}

/** A BFF error saying the API (or its main function) is in maintenance. */
export function isMaintenance(error: unknown): boolean {
  return isBffError(error) && error.kind === "maintenance";
}
