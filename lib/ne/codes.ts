// Error codes of the API. Real codes, as the developer site gives them (パラメータ共通事項,
// FAQ) or public clients saw them: 001001, 002001-002004, 003001 (no server connection even after
// waiting), 003002 (main function busy), 003004/003005 (maintenance), 004001 (the app's API
// settings do not allow the operation), 999999. The full list is not public: 001002, 001003,
// 003003, 005001 and the 0039xx codes are the sandbox's own, used where the real API's code is not
// known, so that the client and the sandbox agree on one list.

export const NE_CODES = {
  uidMissing: "001001",
  clientCredentialsInvalid: "001002",
  stateInvalid: "001003",
  accessTokenMissing: "002001",
  staleAccessToken: "002002",
  refreshFailed: "002003",
  tokensExpired: "002004",
  /** No server connection even after waiting (with wait_flag=1 the API waits up to 60 minutes). */
  noConnection: "003001",
  busy: "003002",
  uploadRejected: "003003",
  /** Maintenance of the API (003004) and of the main function (003005). */
  maintenance: "003004",
  maintenanceMain: "003005",
  /** Sandbox's own: a parameter the API refuses (unknown field, operator refused for the type, bad value). */
  invalidParameter: "003901",
  /** Sandbox's own: a second call in flight with one access token (the development rules forbid it). */
  concurrentCall: "003902",
  forbidden: "004001",
  notFound: "005001",
  systemError: "999999",
} as const;

export type NeCodeName = keyof typeof NE_CODES;
export type NeCode = (typeof NE_CODES)[NeCodeName];

/** Codes whose error answers carry no renewed tokens (DESIGN.md). */
export const CODES_WITHOUT_TOKENS: readonly string[] = [
  NE_CODES.staleAccessToken,
  NE_CODES.tokensExpired,
  NE_CODES.systemError,
];
