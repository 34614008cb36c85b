// The connection check's loop: each operation the product uses called once, one after another
// (never two at once: the API's development rules ask for no parallel calls of one person), each
// with the smallest call of its kind (a search of one row of the key, a count, an info), through
// the BFF proxy with the person's session. Uploads are never called: an accepted upload is queued
// and applied, so the check marks them "not checked". Dependencies are injected (unit-tested).
import type { ApiPermission } from "@/lib/ne/api-permissions";
import { PERMISSION_REFUSED_CODE } from "@/lib/ne/api-permissions";
import type { NeErrorKind } from "@/lib/ne/errors";
import { isBffError } from "@/lib/query/bff-error";
import { callCount, callInfo, callSearch } from "@/lib/query/call-operation";

export type CheckResult =
  | { state: "allowed" }
  /** 004001: the app's API settings do not allow the operation. */
  | { state: "refused"; code: string }
  | { state: "failing"; code: string; message: string; kind: NeErrorKind }
  | { state: "not-checked"; reason: "would-queue" };

/** Why a run ended: every operation asked, the person stopped it, or an answer that ends it for all. */
export type CheckEnd = "done" | "stopped" | "maintenance" | "auth-expired";

export type CallPermission = (permission: ApiPermission, signal?: AbortSignal) => Promise<void>;

/** The check's call of one operation through the BFF proxy (the info lists past the BFF's cache). */
export const callThroughProxy: CallPermission = async (permission, signal) => {
  const { check, path } = permission;
  switch (check.call) {
    case "search":
      await callSearch(path, { fields: [...check.fields], limit: 1 }, signal);
      return;
    case "count":
      await callCount(path, {}, signal);
      return;
    case "info":
      await callInfo(path, signal, true);
      return;
    case "none":
      throw new Error(`${path} is never called by the check`);
  }
};

export function resultOf(error: unknown): Exclude<CheckResult, { state: "allowed" | "not-checked" }> {
  if (isBffError(error) && error.code === PERMISSION_REFUSED_CODE) return { state: "refused", code: error.code };
  if (isBffError(error)) return { state: "failing", code: error.code, message: error.message, kind: error.kind };
  return { state: "failing", code: "internal", message: error instanceof Error ? error.message : String(error), kind: "upstream-failure" };
}

/**
 * Calls each permission in turn and reports each result as it comes (`onResult`, with `onStart`
 * before each call). Stops when `signal` aborts, and at the first answer that would be the same for
 * every operation: the API in maintenance, or the sign-in ended (the page takes the person to sign in).
 */
export async function runConnectionCheck(
  permissions: readonly ApiPermission[],
  call: CallPermission,
  on: { start(path: string): void; result(path: string, result: CheckResult): void },
  signal?: AbortSignal,
): Promise<CheckEnd> {
  for (const permission of permissions) {
    if (signal?.aborted) return "stopped";
    if (permission.check.call === "none") {
      on.result(permission.path, { state: "not-checked", reason: permission.check.reason });
      continue;
    }
    on.start(permission.path);
    try {
      await call(permission, signal);
      on.result(permission.path, { state: "allowed" });
    } catch (error) {
      if (signal?.aborted) return "stopped";
      const result = resultOf(error);
      on.result(permission.path, result);
      if (result.state === "failing" && (result.kind === "maintenance" || result.kind === "auth-expired")) return result.kind;
    }
  }
  return "done";
}
