// The answers of the analytics copy's routes as the browser reads them (browser-safe; the routes
// build them in lib/analytics/server/routes.ts): GET /api/analytics/sync (the status),
// POST /api/analytics/sync (a refresh asked), DELETE /api/analytics/data (the copy deleted).
// Instants are ISO strings of the server's clock.
import { boolean, extend, iso, literal, nullable, object, string, type infer as Infer } from "zod/mini";

export const syncStatusAnswerSchema = object({
  /** The start of the last complete sync (the copy is as of then), or null: no copy. */
  asOf: nullable(iso.datetime()),
  running: boolean(),
  lastError: nullable(string()),
  lastErrorAt: nullable(iso.datetime()),
  requested: boolean(),
});
export type SyncStatusAnswer = Infer<typeof syncStatusAnswerSchema>;

/** 202: `started` false when a sync was already running; `requestedAt` is when the server took the request. */
export const refreshAnswerSchema = extend(syncStatusAnswerSchema, { started: boolean(), requestedAt: iso.datetime() });
export type RefreshAnswer = Infer<typeof refreshAnswerSchema>;

export const deleteAnswerSchema = object({ deleted: literal(true) });
