// What a person reads for each API answer, and which failures the page asks again by itself.
import { describe, expect, it } from "vitest";
import { NE_CODES } from "@/lib/ne/codes";
import { kindForCode, isRetryable } from "@/lib/ne/errors";
import { BffError } from "@/lib/query/bff-error";
import { maintenanceSendDelay } from "@/lib/query/maintenance";
import en from "@/messages/en.json";
import ja from "@/messages/ja.json";
import { errorDescription } from "./error-text";
import { shouldRetry } from "./providers";

/** The BffError the page gets for an API code, as the BFF answers it (kind and retryable from the code). */
function fromApi(code: string): BffError {
  const kind = kindForCode(code);
  return new BffError({ code, message: code, kind, retryable: isRetryable(kind, code), status: 503 });
}

const lookup = (catalogue: unknown, key: string): unknown => key.split(".").reduce<unknown>((n, p) => (n as Record<string, unknown> | undefined)?.[p], catalogue);

/** A translator that answers the key it was asked for (and checks both catalogues hold it). */
const keyOf = ((key: string) => {
  expect(lookup(ja.query, key), `ja query.${key}`).toBeTypeOf("string");
  expect(lookup(en.query, key), `en query.${key}`).toBeTypeOf("string");
  return key;
}) as unknown as Parameters<typeof errorDescription>[0];

describe("errors as the API means them", () => {
  it("003001 is the API overloaded (no server connection): busy, retryable, never an invalid request", () => {
    const error = fromApi(NE_CODES.noConnection);
    expect(error).toMatchObject({ kind: "busy", retryable: true });
    expect(errorDescription(keyOf, error)).toBe("error.noConnection");
    expect(shouldRetry(0, error)).toBe(true);
  });

  it("003002 and the sandbox's 003902 read as busy", () => {
    expect(errorDescription(keyOf, fromApi(NE_CODES.busy))).toBe("error.busy");
    expect(errorDescription(keyOf, fromApi(NE_CODES.concurrentCall))).toBe("error.busy");
  });

  it("003004 and 003005 say maintenance, are retryable, and are not asked again at once (the page counts down)", () => {
    for (const code of [NE_CODES.maintenance, NE_CODES.maintenanceMain]) {
      const error = fromApi(code);
      expect(error).toMatchObject({ kind: "maintenance", retryable: true });
      expect(errorDescription(keyOf, error)).toBe("error.maintenance");
      expect(shouldRetry(0, error)).toBe(false);
    }
  });

  it("a refused parameter (003901) is an invalid request, not retried", () => {
    const error = fromApi(NE_CODES.invalidParameter);
    expect(errorDescription(keyOf, error)).toBe("error.invalid");
    expect(shouldRetry(0, error)).toBe(false);
  });

  it("an upload waits 15 s, 30 s, then every 60 s for the end of maintenance", () => {
    expect([0, 1, 2, 3, 10].map(maintenanceSendDelay)).toEqual([15_000, 30_000, 60_000, 60_000, 60_000]);
  });
});
