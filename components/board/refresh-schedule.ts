// When the board refreshes: every `interval` after the last refresh, never while the tab is
// hidden, at once on coming back when a refresh fell due meanwhile. Pure (the hook in
// use-board-refresh.ts applies it), so the unit tests pin it.

// The choices live with the board endpoint's contract: the server keeps numbers as long as the shortest.
import { REFRESH_CHOICES, type RefreshChoice } from "@/lib/board/contract";

export { REFRESH_CHOICES, type RefreshChoice };
export const DEFAULT_REFRESH: RefreshChoice = "60";
export const REFRESH_STORAGE_KEY = "backyard.board.refresh";

export function isRefreshChoice(value: unknown): value is RefreshChoice {
  return typeof value === "string" && (REFRESH_CHOICES as readonly string[]).includes(value);
}

/** A stored choice, or the default when nothing (or something unknown) is stored. */
export function refreshChoiceOf(stored: string | null | undefined): RefreshChoice {
  return isRefreshChoice(stored) ? stored : DEFAULT_REFRESH;
}

export function intervalMs(choice: RefreshChoice): number | null {
  return choice === "off" ? null : Number(choice) * 1000;
}

/**
 * Milliseconds until the next refresh, or null when none is due (off, or the tab hidden).
 * `lastRefreshAt` is when the data last came (or was last asked for); 0 means never.
 */
export function nextRefreshDelay(input: { choice: RefreshChoice; hidden: boolean; lastRefreshAt: number; now: number }): number | null {
  const interval = intervalMs(input.choice);
  if (interval === null || input.hidden) return null;
  if (input.lastRefreshAt <= 0) return interval;
  return Math.max(0, input.lastRefreshAt + interval - input.now);
}

/** `HH:MM:SS` of an instant in the browser's own clock (the person's wall clock). */
export function clockTime(at: number): string {
  const d = new Date(at);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}
