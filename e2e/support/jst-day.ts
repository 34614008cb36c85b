// Days in Japan time, as the board and the date filters count them, whatever the machine's zone.
import { JST_OFFSET_MS } from "../../lib/ne/registry/types";

const DAY_MS = 24 * 60 * 60 * 1000;

/** A day in Japan, `YYYY-MM-DD`, `offset` days from today. */
export function jstDay(offset = 0): string {
  return new Date(Date.now() + JST_OFFSET_MS + offset * DAY_MS).toISOString().slice(0, 10);
}
