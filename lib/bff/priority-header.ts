// The header a page sends to say a call is background work (board refresh, thumbnails and name
// joins, export pages): the gateway then serves the person's interactive calls first. Absent: the
// person waits for it on screen. A module of its own, without zod: the grids' first load imports it
// (lib/query/call-operation.ts); the BFF checks the value with zod (./server/priority.ts).
export const PRIORITY_HEADER = "x-backyard-priority";

/** The value that marks a call as background work. */
export const BACKGROUND = "background";

export type CallPriority = "interactive" | "background";
