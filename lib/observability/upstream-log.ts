import "server-only";
// One line per upstream call, with the id of the request it serves (when it serves one): the
// operation path, the result and code, the HTTP status of a failed call, the duration and whether
// the call's answer rotated the session's tokens. Never the request's fields or the answer.
import { isNeError } from "@/lib/ne/errors";
import { currentRequest, log } from "./log";
import { recordUpstream } from "./telemetry";

/** `durationMs`: the call's, from sending to the answer read (the token save after it not counted). */
export function upstreamCallLogged(operation: string, durationMs: number, err: unknown, rotated: boolean): void {
  const ctx = currentRequest();
  const code = err === null ? undefined : isNeError(err) ? err.code : "internal";
  if (ctx) {
    ctx.upstreamCalls++;
    ctx.upstreamCode = code ?? "success";
    ctx.rotated ||= rotated;
  }
  recordUpstream({ operation, result: err === null ? "success" : "error", ...(code ? { code } : {}) }, durationMs);
  const line = {
    ...(ctx ? { requestId: ctx.requestId } : {}),
    operation,
    result: err === null ? "success" : "error",
    ...(code ? { code } : {}),
    ...(isNeError(err) && err.httpStatus !== undefined ? { upstreamStatus: err.httpStatus } : {}),
    durationMs: Math.round(durationMs * 10) / 10,
    rotated,
  };
  if (err === null) log().info(line, "upstream");
  else log().warn(line, "upstream");
}
