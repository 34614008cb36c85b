// Distance to the API: the real one is on the internet, tens to hundreds of milliseconds away,
// while the sandbox answers next door in a few. Every API answer waits `ms` plus a random share
// of `jitterMs` first (SANDBOX_LATENCY_MS, SANDBOX_LATENCY_JITTER_MS; the admin controls change
// them at run time). Default 0: no wait.
import { z } from "zod";

export const MAX_LATENCY_MS = 60_000;

export const latencySchema = z.strictObject({
  ms: z.number().int().min(0).max(MAX_LATENCY_MS),
  jitter_ms: z.number().int().min(0).max(MAX_LATENCY_MS).optional(),
});

export class Latency {
  constructor(
    public ms = 0,
    public jitterMs = 0,
    private readonly random: () => number = Math.random,
  ) {}

  set(ms: number, jitterMs = 0): void {
    this.ms = ms;
    this.jitterMs = jitterMs;
  }

  /** How long the next answer waits, in ms. */
  next(): number {
    return this.ms + (this.jitterMs > 0 ? Math.round(this.random() * this.jitterMs) : 0);
  }

  view(): { ms: number; jitter_ms: number } {
    return { ms: this.ms, jitter_ms: this.jitterMs };
  }
}
