// Short names of shops for cells: the shop master's abbreviated name where the shop has one, else
// what tells the shops apart, the part after the prefix every shop name shares ("サンドボックス商店
// Yahoo!店" → "Yahoo!店" when all names start "サンドボックス商店 "). The full name stays in the
// title (hover) and the drawer. Pure: unit-tested in short-names.test.ts.

/** The longest prefix every name shares, cut back to a word break (a space, full- or half-width). */
export function commonPrefix(names: readonly string[]): string {
  if (names.length < 2) return "";
  let prefix = [...names[0]!];
  for (const name of names.slice(1)) {
    const chars = [...name];
    let i = 0;
    while (i < prefix.length && i < chars.length && prefix[i] === chars[i]) i++;
    prefix = prefix.slice(0, i);
    if (prefix.length === 0) return "";
  }
  // Only up to the last word break: "サンドボックス商店 楽天" and "サンドボックス商店 楽市" share
  // "サンドボックス商店 楽", but the shops are told apart by the words after the space.
  const text = prefix.join("");
  const cut = Math.max(text.lastIndexOf(" "), text.lastIndexOf("\u3000"));
  return cut < 0 ? "" : text.slice(0, cut + 1);
}

/**
 * The short name of each value: its abbreviation when given (not blank), else its name without the
 * prefix all names share (the whole name when that would leave nothing).
 */
export function shortNames(entries: readonly { value: string; name: string; abbreviation?: string | null }[]): Map<string, string> {
  const prefix = commonPrefix(entries.map((e) => e.name).filter((n) => n.length > 0));
  const out = new Map<string, string>();
  for (const { value, name, abbreviation } of entries) {
    const abbr = abbreviation?.trim();
    if (abbr) out.set(value, abbr);
    else {
      const rest = prefix && name.startsWith(prefix) ? name.slice(prefix.length).trim() : "";
      out.set(value, rest || name);
    }
  }
  return out;
}
