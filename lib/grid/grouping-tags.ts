// The order slip's grouping tags: `receive_order_gruoping_tag` (spelled so by the API) holds tag
// names each in square brackets, `[至急][ギフト]`.

/** `[至急][ギフト]` → `["至急", "ギフト"]`; text outside brackets is ignored, empty names dropped. */
export function parseGroupingTags(value: string | null | undefined): string[] {
  if (!value) return [];
  const out: string[] = [];
  for (const m of value.matchAll(/\[([^\]]*)\]/g)) {
    const name = (m[1] ?? "").trim();
    if (name && !out.includes(name)) out.push(name);
  }
  return out;
}
