// Error codes of the API. The first group is what the real API is seen to answer (DESIGN.md);
// the 003xxx request codes and 001002/001003 are the sandbox's own, used where the real API's code
// is not known, so that the client and the sandbox agree on one list.

export const NE_CODES = {
  uidMissing: "001001",
  clientCredentialsInvalid: "001002",
  stateInvalid: "001003",
  accessTokenMissing: "002001",
  staleAccessToken: "002002",
  refreshFailed: "002003",
  tokensExpired: "002004",
  invalidParameter: "003001",
  busy: "003002",
  uploadRejected: "003003",
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
