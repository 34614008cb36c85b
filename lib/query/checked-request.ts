// One JSON call of a BFF route whose answer is checked with a zod schema: the schema may still be
// loading (a dynamic import started alongside the fetch, so the page's first load carries no zod
// schema); a network failure or a schema that failed to load is a network BffError, a non-2xx
// answer the BFF's error, an answer of another shape "bad-response".
import type { ZodMiniType } from "zod/mini";
import { noteActivity } from "./activity";
import { BffError, bffErrorOf, networkError } from "./bff-error";

export interface CheckedRequestInit extends RequestInit {
  /** The person's own call (a button pressed, a page read): the page's idle timer starts again. */
  activity?: boolean;
}

/** The checked answer of `url`; a `body` is JSON text (sent as application/json). */
export async function checkedRequest<T>(url: string, schema: ZodMiniType<T> | Promise<ZodMiniType<T>>, init: CheckedRequestInit = {}): Promise<T> {
  const { activity, ...rest } = init;
  const loading = Promise.resolve(schema);
  loading.catch(() => undefined); // a failed load is reported below, after the fetch
  let response: Response;
  try {
    if (activity) noteActivity();
    response = await fetch(url, {
      ...rest,
      headers: rest.body ? { "content-type": "application/json" } : undefined,
      credentials: "same-origin",
      cache: "no-store",
    });
  } catch (cause) {
    throw networkError(cause);
  }
  if (!response.ok) throw await bffErrorOf(response);
  let checker: ZodMiniType<T>;
  try {
    checker = await loading;
  } catch (cause) {
    throw networkError(cause);
  }
  const parsed = checker.safeParse(await response.json().catch(() => undefined));
  if (!parsed.success) {
    throw new BffError({ code: "bad-response", message: "unexpected answer", kind: "upstream-failure", retryable: true, status: response.status });
  }
  return parsed.data;
}
