// Colours of enum badges. Order status (spec 3.1) has one distinct colour a status, from "needs
// attention" (red) through the printing stages (blues, violet) to shipped (green); other enums
// take tones by the position of their value. The tones are the badge's (components/ui/badge.tsx).
import type { Tone } from "@/components/ui/tones";

/** Order status 3.1 → tone (each status its own colour). */
export const ORDER_STATUS_TONES: Readonly<Record<string, Tone>> = {
  "0": "red",
  "1": "orange",
  "2": "amber",
  "20": "sky",
  "30": "blue",
  "40": "violet",
  "50": "emerald",
};

const BY_FIELD: Readonly<Record<string, Readonly<Record<string, Tone>>>> = {
  receive_order_order_status_id: ORDER_STATUS_TONES,
};

const CYCLE: readonly Tone[] = ["slate", "sky", "amber", "emerald", "violet", "pink", "teal", "orange", "blue", "red"];

/** The tone of an enum value: the field's own map, else by the value's position in the enum. */
export function toneFor(fieldName: string, value: string, index: number): Tone {
  return BY_FIELD[fieldName]?.[value] ?? CYCLE[Math.max(0, index) % CYCLE.length] ?? "slate";
}
