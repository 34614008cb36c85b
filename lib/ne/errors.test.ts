import { describe, expect, it } from "vitest";
import { API_CODE_KINDS } from "./testing/code-kinds";
import { NE_CODES } from "./codes";
import { LOCAL_CODES, NeError, httpStatusForKind, kindForCode, toPublicError, type NeErrorKind, type NeTokens } from "./errors";

const tokens: NeTokens = {
  accessToken: "ACCESS-SECRET",
  refreshToken: "REFRESH-SECRET",
  accessTokenEndDate: new Date("2024-03-02T00:00:00Z"),
  refreshTokenEndDate: null,
};

describe("code → kind", () => {
  const expected: Array<readonly [string, NeErrorKind, boolean]> = [
    ...API_CODE_KINDS,
    ["001999", "invalid-request", false],
    [LOCAL_CODES.redirect, "auth-expired", false],
    [LOCAL_CODES.timeout, "upstream-failure", true],
    [LOCAL_CODES.network, "upstream-failure", true],
    [LOCAL_CODES.httpStatus, "upstream-failure", true],
    [LOCAL_CODES.httpRedirect, "upstream-failure", true],
    [LOCAL_CODES.badResponse, "upstream-failure", true],
    ["008003", "upstream-failure", false],
    ["0010011", "upstream-failure", false],
  ];
  it.each(expected)("%s → %s (retryable %s)", (code, kind, retryable) => {
    expect(kindForCode(code)).toBe(kind);
    const err = new NeError({ code, message: "m" });
    expect(err.kind).toBe(kind);
    expect(err.retryable).toBe(retryable);
    expect(err).toBeInstanceOf(Error);
    expect(err.name).toBe("NeError");
  });

  it("covers every code of codes.ts", () => {
    const covered = new Set(expected.map(([code]) => code));
    for (const code of Object.values(NE_CODES)) expect(covered.has(code), code).toBe(true);
  });

  it("lets an explicit kind and retryable win", () => {
    const err = new NeError({ code: "999999", kind: "busy", retryable: false, message: "m" });
    expect([err.kind, err.retryable]).toEqual(["busy", false]);
  });
});

describe("tokens on errors", () => {
  it("carries them but never prints or serializes them", () => {
    const err = new NeError({ code: NE_CODES.busy, message: "busy", tokens, httpStatus: 200, rawMessage: [{ message: "busy" }] });
    expect(err.tokens).toEqual(tokens);
    expect(err.httpStatus).toBe(200);
    expect(err.rawMessage).toEqual([{ message: "busy" }]);
    expect(JSON.stringify(err)).not.toContain("SECRET");
    expect(Object.keys(err)).not.toContain("tokens");
    expect(new NeError({ code: "x", message: "m" }).tokens).toBeNull();
  });
});

describe("toPublicError", () => {
  it("gives {code, message, retryable, kind} and nothing else", () => {
    const err = new NeError({ code: NE_CODES.busy, message: "メインサーバーが混み合っています", tokens, httpStatus: 200 });
    const pub = toPublicError(err);
    expect(pub).toEqual({ code: "003002", message: "メインサーバーが混み合っています", retryable: true, kind: "busy" });
    expect(JSON.stringify(pub)).not.toContain("SECRET");
  });

  it("redacts a token echoed in the message", () => {
    const err = new NeError({ code: "003001", message: "bad token ACCESS-SECRET / REFRESH-SECRET", tokens });
    expect(toPublicError(err).message).toBe("bad token [redacted] / [redacted]");
  });

  it("hides the text of anything that is not an NeError", () => {
    expect(toPublicError(new Error("db password is hunter2"))).toEqual({
      code: "internal",
      message: "Internal error",
      retryable: false,
      kind: "upstream-failure",
    });
  });
});

describe("httpStatusForKind", () => {
  it.each([
    ["auth-expired", 401],
    ["stale-token", 409],
    ["busy", 503],
    ["forbidden", 403],
    ["invalid-request", 400],
    ["upstream-failure", 502],
  ] as const)("%s → %d", (kind, status) => {
    expect(httpStatusForKind(kind)).toBe(status);
  });
});
