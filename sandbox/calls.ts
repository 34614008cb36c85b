// The call log (test controls, SANDBOX_ADMIN=1): every API call the sandbox answered, with when it
// started and ended, kept in a bounded ring buffer (the oldest entries make room for new ones).
// Benchmarks read it to see how many upstream round trips a person's action cost and how many of
// them ran one after the other (GET /__sandbox/calls?since=<ms>). Times are epoch milliseconds with
// sub-millisecond precision from one monotonic clock, so intervals of one log compare exactly.
//
// Also the calls in flight per access token (`InFlightCalls`: a second call with one token while
// the first is unanswered is refused, 003902) and the record of those refusals (`OverlapLog`, GET
// /__sandbox/overlaps), which keeps the first ones of a whole test run where the ring rolls over.
import { createHash } from "node:crypto";

export const CALL_LOG_CAPACITY = 10_000;

export interface CallEntry {
  /** Increases by one per call, from 1 (a gap after a clear or an overflow shows what was dropped). */
  seq: number;
  /** The operation path as routed (no trailing slash). */
  path: string;
  start_ms: number;
  end_ms: number;
  duration_ms: number;
  /** The distance the answer waited first (sandbox/latency.ts), part of the duration. */
  latency_ms: number;
  /** HTTP status of the answer. */
  status: number;
  /** The envelope's `result` (success, error, redirect); null when the answer has none (http500, malformed). */
  result: string | null;
  /** The envelope's error code, when there is one. */
  code: string | null;
  /** How many records the answer's `data` held (a search's page); null when it held no `data` list (counts, errors, uploads). */
  rows: number | null;
  /** `tokenHash` of the access token sent; null when the call sent none (sign-in, uid+state info calls). */
  token_hash: string | null;
  /** Refused because another call with the same access token was in flight (003902). */
  overlap: boolean;
  /** When the caller closed the connection before the answer (its token was free again from then); null when it waited. */
  abandoned_ms: number | null;
}

/** A short, stable name of an access token for the logs (never the token itself): 16 hex digits of its SHA-256. */
export function tokenHash(accessToken: string): string {
  return createHash("sha256").update(accessToken).digest("hex").slice(0, 16);
}

/** Epoch milliseconds, sub-millisecond, monotonic within the process. */
export function callClock(): number {
  return Math.round((performance.timeOrigin + performance.now()) * 1000) / 1000;
}

export class CallLog {
  private readonly entries: (CallEntry | undefined)[];
  private next = 0;
  private size = 0;
  private seq = 0;
  /** `seq` at the last clear: what was cleared is not counted as dropped. */
  private clearedUpTo = 0;

  constructor(readonly capacity = CALL_LOG_CAPACITY) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new Error(`call log capacity must be a positive integer (got ${capacity})`);
    this.entries = new Array<CallEntry | undefined>(capacity);
  }

  record(call: Omit<CallEntry, "seq" | "duration_ms">): CallEntry {
    this.seq += 1;
    const entry: CallEntry = { seq: this.seq, ...call, duration_ms: Math.round((call.end_ms - call.start_ms) * 1000) / 1000 };
    this.entries[this.next] = entry;
    this.next = (this.next + 1) % this.capacity;
    this.size = Math.min(this.size + 1, this.capacity);
    return entry;
  }

  /** The calls kept, oldest first (by when they were recorded, i.e. ended); `since`: only those that started at or after it. */
  list(since?: number): CallEntry[] {
    const out: CallEntry[] = [];
    const first = (this.next - this.size + this.capacity) % this.capacity;
    for (let i = 0; i < this.size; i++) {
      const entry = this.entries[(first + i) % this.capacity]!;
      if (since === undefined || entry.start_ms >= since) out.push(entry);
    }
    return out;
  }

  /** Calls recorded since the start (or the last clear) that no longer fit. */
  get dropped(): number {
    return this.seq - this.size - this.clearedUpTo;
  }

  /** Empties the log; answers how many entries it held. */
  clear(): number {
    const held = this.size;
    this.clearedUpTo = this.seq;
    this.entries.fill(undefined);
    this.next = 0;
    this.size = 0;
    return held;
  }
}

/** A call in flight with an access token. */
export interface InFlightCall {
  path: string;
  start_ms: number;
}

/**
 * The API calls in flight, by the access token they sent (the development rules forbid a second
 * call for one user while one is unanswered). Keyed by the token sent: a call that rotates an
 * expired token holds the old one until it answers, and the new one is known only from its answer.
 */
export class InFlightCalls {
  private readonly byToken = new Map<string, InFlightCall>();

  /**
   * Takes the token for a call: answers a release function (call it once the call has answered,
   * or its caller has gone; further calls do nothing), or the call that holds the token.
   */
  enter(accessToken: string, call: InFlightCall): { release: () => void } | { held: InFlightCall } {
    const held = this.byToken.get(accessToken);
    if (held) return { held };
    this.byToken.set(accessToken, call);
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        if (this.byToken.get(accessToken) === call) this.byToken.delete(accessToken);
      },
    };
  }

  /** How many tokens have a call in flight. */
  get size(): number {
    return this.byToken.size;
  }
}

/** A call refused because another call with the same access token was in flight. */
export interface OverlapEntry {
  /** Increases by one per overlap, from 1 (since the start or the last clear). */
  seq: number;
  path: string;
  token_hash: string;
  /** When the refused call arrived (the call clock, as in the call log). */
  start_ms: number;
  /** The call that held the token then. */
  in_flight: InFlightCall;
}

export const OVERLAP_LOG_CAPACITY = 10_000;

/**
 * Every overlap since the start or the last clear, oldest first: the first `capacity` are kept
 * (a run that made more has a defect to fix at its first ones), `total` counts them all, and
 * `checked` counts the calls with an access token that were checked.
 */
export class OverlapLog {
  private entries: OverlapEntry[] = [];
  private total = 0;
  private checked = 0;
  private sinceMs = callClock();

  constructor(readonly capacity = OVERLAP_LOG_CAPACITY) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new Error(`overlap log capacity must be a positive integer (got ${capacity})`);
  }

  /** A call with an access token was checked (refused or not). */
  checkedCall(): void {
    this.checked += 1;
  }

  record(overlap: Omit<OverlapEntry, "seq">): OverlapEntry {
    this.total += 1;
    const entry: OverlapEntry = { seq: this.total, ...overlap };
    if (this.entries.length < this.capacity) this.entries.push(entry);
    return entry;
  }

  view(): { since_ms: number; checked: number; total: number; capacity: number; overlaps: OverlapEntry[] } {
    return { since_ms: this.sinceMs, checked: this.checked, total: this.total, capacity: this.capacity, overlaps: [...this.entries] };
  }

  /** Starts over; answers how many overlaps had been recorded. */
  clear(): number {
    const total = this.total;
    this.entries = [];
    this.total = 0;
    this.checked = 0;
    this.sinceMs = callClock();
    return total;
  }
}
