// How urgent an upstream call is: "interactive" (a person waits for it on screen) before
// "background" (board refresh, thumbnails and name joins, export pages, upload queue checks).
// The BFF takes the browser's word in lib/bff/priority-header.ts (the same two values).

export type CallPriority = "interactive" | "background";

export const CALL_PRIORITIES: readonly CallPriority[] = ["interactive", "background"];

/** Lower is served first. */
export function priorityRank(priority: CallPriority | undefined): number {
  return priority === "background" ? 1 : 0;
}
