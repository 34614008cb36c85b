// The call log (test controls, SANDBOX_ADMIN=1): every API call the sandbox answered, with when it
// started and ended, kept in a bounded ring buffer (the oldest entries make room for new ones).
// Benchmarks read it to see how many upstream round trips a person's action cost and how many of
// them ran one after the other (GET /__sandbox/calls?since=<ms>). Times are epoch milliseconds with
// sub-millisecond precision from one monotonic clock, so intervals of one log compare exactly.

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
