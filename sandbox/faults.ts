// Injected faults (test controls): per path, an error answer, a busy answer (003002 unless
// wait_flag=1), an HTTP 500, a malformed JSON body, an incomplete answer (`result: success` with
// neither `data` nor `count`), a `result: redirect` answer (as for an expired access token sent
// without its refresh token) or a delay; each fires with probability `rate` and, with `times`,
// only that many times.
import { z } from "zod";
import { normalizePath } from "./registry";

export const FAULT_KINDS = ["error", "busy", "http500", "malformed", "incomplete", "redirect", "delay"] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export const faultSchema = z.object({
  /** Operation path (trailing slash ignored), or `*` for every API path. */
  path: z.string().min(1),
  kind: z.enum(FAULT_KINDS),
  /** Error code of an `error` fault (default 999999). */
  code: z.string().regex(/^\d{6}$/).optional(),
  /** Message of an `error` fault. */
  message: z.string().optional(),
  /** Delay of a `delay` fault, or how long a `busy` fault waits when wait_flag=1 (default 100). */
  delay_ms: z.number().int().min(0).max(60_000).optional(),
  /** Probability that the fault fires on a matching call, 0..1 (default 1). */
  rate: z.number().min(0).max(1).optional(),
  /** Fire at most this many times, then disappear. */
  times: z.number().int().min(1).optional(),
});

export type FaultInput = z.infer<typeof faultSchema>;

export interface Fault extends FaultInput {
  id: number;
  fired: number;
}

export class FaultBook {
  private faults: Fault[] = [];
  private nextId = 1;

  constructor(private readonly random: () => number = Math.random) {}

  add(input: FaultInput): Fault {
    const fault: Fault = { ...input, path: input.path === "*" ? "*" : normalizePath(input.path), id: this.nextId++, fired: 0 };
    this.faults.push(fault);
    return fault;
  }

  clear(): void {
    this.faults = [];
  }

  list(): readonly Fault[] {
    return this.faults;
  }

  /** The faults of these kinds that fire for this call (each decided once, in the order added). */
  fire(path: string, kinds: readonly FaultKind[]): Fault[] {
    const p = normalizePath(path);
    const fired: Fault[] = [];
    for (const fault of this.faults) {
      if (!kinds.includes(fault.kind) || (fault.path !== "*" && fault.path !== p)) continue;
      if (this.random() >= (fault.rate ?? 1)) continue;
      fault.fired += 1;
      fired.push(fault);
    }
    this.faults = this.faults.filter((f) => f.times === undefined || f.fired < f.times);
    return fired;
  }
}
