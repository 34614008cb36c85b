import "server-only";
// The priority a request asks for (lib/bff/priority-header.ts), checked with zod: absent is
// "interactive"; anything but the two names is refused.
import { z } from "zod";
import { PRIORITY_HEADER, type CallPriority } from "../priority-header";

const prioritySchema = z.enum(["interactive", "background"]).optional();

/** The request's priority, or null when its header holds something else. */
export function requestPriority(headers: { get(name: string): string | null }): CallPriority | null {
  const parsed = prioritySchema.safeParse(headers.get(PRIORITY_HEADER) ?? undefined);
  return parsed.success ? (parsed.data ?? "interactive") : null;
}
