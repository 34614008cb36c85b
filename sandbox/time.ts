// Time in the sandbox: one clock per instance (real time plus an offset that tests and the admin
// API move forward), and the API's date-time format: Japan time, `YYYY-MM-DD HH:MM:SS`, no offset.
import { JST_OFFSET_MS } from "../lib/ne/registry/types";

export interface SandboxClock {
  /** Current time, epoch milliseconds. */
  now(): number;
  /** Offset added to the base clock, milliseconds. */
  offsetMs: number;
}

export function createClock(base: () => number = Date.now): SandboxClock {
  const clock: SandboxClock = {
    offsetMs: 0,
    now: () => base() + clock.offsetMs,
  };
  return clock;
}

/** Epoch milliseconds as Japan time `YYYY-MM-DD HH:MM:SS`. */
export function formatJst(epochMs: number): string {
  return new Date(epochMs + JST_OFFSET_MS).toISOString().slice(0, 19).replace("T", " ");
}

/** `YYYY-MM-DD HH:MM:SS` read as Japan time, to epoch milliseconds (NaN when malformed). */
export function parseJst(text: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (!m) return Number.NaN;
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6])) - JST_OFFSET_MS;
}

/**
 * A date-time condition value in the shapes clients send (`2024-01-02`, `2024-01-02 3:04`,
 * `2024/01/02 03:04:05`), normalized to `YYYY-MM-DD HH:MM:SS`; null when it is not a real date.
 */
export function normalizeDateTime(value: string): string | null {
  const m = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[ T](\d{1,2}):(\d{1,2})(?::(\d{1,2}))?)?$/.exec(value.trim());
  if (!m) return null;
  const [y, mo, d, h = "0", mi = "0", s = "0"] = m.slice(1);
  const parts = [Number(y), Number(mo), Number(d), Number(h), Number(mi), Number(s)] as const;
  const [yy, mm, dd, hh, nn, ss] = parts;
  const check = new Date(Date.UTC(yy, mm - 1, dd, hh, nn, ss));
  if (
    check.getUTCFullYear() !== yy ||
    check.getUTCMonth() !== mm - 1 ||
    check.getUTCDate() !== dd ||
    hh > 23 ||
    nn > 59 ||
    ss > 59
  ) {
    return null;
  }
  const pad = (n: number, w = 2) => String(n).padStart(w, "0");
  return `${pad(yy, 4)}-${pad(mm)}-${pad(dd)} ${pad(hh)}:${pad(nn)}:${pad(ss)}`;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
