// Test support: what each API code of lib/ne/codes.ts means to the product (kind, retryable).
// The error mapping tests it directly, the client tests it as answers over HTTP.
import { NE_CODES } from "../codes";
import type { NeErrorKind } from "../errors";

export const API_CODE_KINDS: ReadonlyArray<readonly [string, NeErrorKind, boolean]> = [
  [NE_CODES.uidMissing, "invalid-request", false],
  [NE_CODES.clientCredentialsInvalid, "invalid-request", false],
  [NE_CODES.stateInvalid, "invalid-request", false],
  [NE_CODES.accessTokenMissing, "invalid-request", false],
  [NE_CODES.staleAccessToken, "stale-token", false],
  [NE_CODES.refreshFailed, "auth-expired", false],
  [NE_CODES.tokensExpired, "auth-expired", false],
  [NE_CODES.invalidParameter, "invalid-request", false],
  [NE_CODES.noConnection, "busy", true],
  [NE_CODES.busy, "busy", true],
  [NE_CODES.maintenance, "maintenance", true],
  [NE_CODES.maintenanceMain, "maintenance", true],
  [NE_CODES.concurrentCall, "busy", true],
  [NE_CODES.uploadRejected, "invalid-request", false],
  [NE_CODES.forbidden, "forbidden", false],
  [NE_CODES.notFound, "invalid-request", false],
  [NE_CODES.systemError, "upstream-failure", true],
];
