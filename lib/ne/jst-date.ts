// Date-times of the API: Japan time (UTC+9, no daylight saving) written `YYYY-MM-DD HH:MM:SS`
// with no offset (DESIGN.md). Browser-safe.
import { JST_OFFSET_MS } from "./registry/types";

const PATTERN = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}):(\d{2}))?$/;

/**
 * `2024-03-01 09:30:00` (JST) → the instant it names. A bare date means its JST midnight.
 * Empty, null, `0000-00-00 00:00:00` and impossible dates (`2024-02-30`) → null.
 */
export function parseJstDateTime(s: string | null | undefined): Date | null {
  if (!s) return null;
  const m = PATTERN.exec(s.trim());
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map((part) => (part === undefined ? 0 : Number(part)));
  if (year === undefined || month === undefined || day === undefined) return null;
  if (hour === undefined || minute === undefined || second === undefined) return null;
  if (year === 0 || month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return null;
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  // Date.UTC rolls 02-30 over to 03-01: a date that does not survive the round trip does not exist.
  const check = new Date(wall);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return new Date(wall - JST_OFFSET_MS);
}

/** An instant → `YYYY-MM-DD HH:MM:SS` in JST, the form the API takes in conditions such as `-gt`. */
export function formatJstDateTime(date: Date): string {
  const time = date.getTime();
  if (Number.isNaN(time)) throw new RangeError("formatJstDateTime: invalid date");
  const jst = new Date(time + JST_OFFSET_MS);
  const year = jst.getUTCFullYear();
  if (year < 1 || year > 9999) throw new RangeError("formatJstDateTime: year out of range");
  const pad = (n: number, width = 2) => String(n).padStart(width, "0");
  return (
    `${pad(year, 4)}-${pad(jst.getUTCMonth() + 1)}-${pad(jst.getUTCDate())} ` +
    `${pad(jst.getUTCHours())}:${pad(jst.getUTCMinutes())}:${pad(jst.getUTCSeconds())}`
  );
}
