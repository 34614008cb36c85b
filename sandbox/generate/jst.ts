// Fast Japan-time formatting for the hot loops: `YYYY-MM-DD HH:MM:SS` with the day part cached.
import { JST_OFFSET_MS } from "../../lib/ne/registry/types";

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

const dayCache = new Map<number, string>();

function dayText(day: number): string {
  let text = dayCache.get(day);
  if (text === undefined) {
    text = new Date(day * DAY_MS).toISOString().slice(0, 10);
    dayCache.set(day, text);
  }
  return text;
}

const pad2 = (n: number): string => (n < 10 ? `0${n}` : String(n));

/** Epoch ms → Japan time `YYYY-MM-DD HH:MM:SS`. */
export function jst(ms: number): string {
  const local = Math.floor(ms) + JST_OFFSET_MS;
  const day = Math.floor(local / DAY_MS);
  const secs = Math.floor((local - day * DAY_MS) / 1000);
  const h = Math.floor(secs / 3600);
  const m = Math.floor((secs % 3600) / 60);
  const s = secs % 60;
  return `${dayText(day)} ${pad2(h)}:${pad2(m)}:${pad2(s)}`;
}

/** Epoch ms → the Japan-time day it falls on, at 00:00:00 (`YYYY-MM-DD 00:00:00`). */
export function jstDate(ms: number): string {
  const local = Math.floor(ms) + JST_OFFSET_MS;
  return `${dayText(Math.floor(local / DAY_MS))} 00:00:00`;
}

/** Epoch ms of the Japan-time midnight that starts the day of `ms`. */
export function jstMidnight(ms: number): number {
  const local = Math.floor(ms) + JST_OFFSET_MS;
  return Math.floor(local / DAY_MS) * DAY_MS - JST_OFFSET_MS;
}

/** `YYYYMMDD` of the Japan-time day (order numbers of some malls carry it). */
export function jstCompactDay(ms: number): string {
  return dayText(Math.floor((Math.floor(ms) + JST_OFFSET_MS) / DAY_MS)).replace(/-/g, "");
}
