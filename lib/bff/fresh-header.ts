// The header a page sends to ask the BFF past its choice-list cache (lib/bff/server/choice-cache.ts).
// A module of its own, without zod: the grid's first load imports it (lib/query/call-operation.ts).
export const FRESH_HEADER = "x-backyard-fresh";
