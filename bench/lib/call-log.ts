// The sandbox's call log (GET /__sandbox/calls, SANDBOX_ADMIN=1) as a benchmark reads it: marks
// on the sandbox's own clock around a person's action, the calls that ran inside them, and how
// many of those ran one after the other.

import type { CallEntry } from "../../sandbox/calls";

/** One call as GET /__sandbox/calls lists it (sandbox/calls.ts). */
export type LoggedCall = CallEntry;

interface CallsAnswer {
  now_ms: number;
  dropped: number;
  calls: LoggedCall[];
}

/**
 * The sequential round trips among `calls`: the longest chain in which each call starts after
 * the previous one ended. Taken greedily by earliest end (the classic interval scheduling: the
 * most pairwise non-overlapping intervals). Calls that overlap were in flight together and count
 * once; calls that had to wait for each other count each.
 */
export function sequentialRoundTrips(calls: readonly Pick<LoggedCall, "start_ms" | "end_ms">[]): number {
  const byEnd = [...calls].sort((a, b) => a.end_ms - b.end_ms || a.start_ms - b.start_ms);
  let chain = 0;
  let lastEnd = Number.NEGATIVE_INFINITY;
  for (const call of byEnd) {
    if (call.start_ms >= lastEnd) {
      chain += 1;
      lastEnd = call.end_ms;
    }
  }
  return chain;
}

export class SandboxCalls {
  constructor(private readonly sandbox: string) {}

  private async get(since?: number): Promise<CallsAnswer> {
    // A mark far in the future answers no calls, only the clock.
    const res = await fetch(`${this.sandbox}/__sandbox/calls${since === undefined ? "" : `?since=${since}`}`);
    if (!res.ok) throw new Error(`GET /__sandbox/calls answered ${res.status}: is SANDBOX_ADMIN=1 set?`);
    return (await res.json()) as CallsAnswer;
  }

  /** The sandbox's clock now (the clock of the log's times). */
  async now(): Promise<number> {
    return (await this.get(Number.MAX_SAFE_INTEGER)).now_ms;
  }

  /** Empties the log (so a window's calls never overflow it); answers the sandbox's clock then. */
  async clear(): Promise<number> {
    const res = await fetch(`${this.sandbox}/__sandbox/calls`, { method: "DELETE" });
    if (!res.ok) throw new Error(`DELETE /__sandbox/calls answered ${res.status}: is SANDBOX_ADMIN=1 set?`);
    return ((await res.json()) as { now_ms: number }).now_ms;
  }

  /** The calls that started at or after `from` and ended by `to` (both marks of the sandbox's clock). */
  async between(from: number, to: number): Promise<LoggedCall[]> {
    const answer = await this.get(from);
    if (answer.dropped > 0) throw new Error(`the call log dropped ${answer.dropped} calls: clear it before each window`);
    return answer.calls.filter((c) => c.end_ms <= to);
  }

  async setLatency(ms: number): Promise<void> {
    const res = await fetch(`${this.sandbox}/__sandbox/latency`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ms, jitter_ms: 0 }),
    });
    if (!res.ok) throw new Error(`POST /__sandbox/latency answered ${res.status}`);
  }
}
