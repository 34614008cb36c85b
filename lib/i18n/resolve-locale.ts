import { defaultLocale, isLocale, locales, type AppLocale } from "@/i18n/config";

type LanguageRange = { tag: string; q: number; index: number };

// Parses an Accept-Language header ("en-US,en;q=0.9,ja;q=0.8") into ranges, best first.
// Ranges with q=0 mean "not acceptable" and are dropped.
export function parseAcceptLanguage(header: string | null | undefined): string[] {
  if (!header) return [];
  const ranges: LanguageRange[] = [];
  header.split(",").forEach((part, index) => {
    const [rawTag, ...params] = part.trim().split(";");
    const tag = rawTag?.trim().toLowerCase();
    if (!tag) return;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.trim().split("=");
      if (key?.trim() === "q" && value !== undefined) {
        const parsed = Number.parseFloat(value);
        q = Number.isFinite(parsed) ? parsed : 0;
      }
    }
    if (q > 0) ranges.push({ tag, q, index });
  });
  return ranges.sort((a, b) => b.q - a.q || a.index - b.index).map((range) => range.tag);
}

// The first supported locale of the header, matched on the primary subtag ("en-GB" → en).
export function matchAcceptLanguage(header: string | null | undefined): AppLocale | undefined {
  for (const tag of parseAcceptLanguage(header)) {
    if (tag === "*") return defaultLocale;
    const primary = tag.split("-")[0];
    const match = locales.find((locale) => locale === primary);
    if (match) return match;
  }
  return undefined;
}

// Cookie first (an explicit choice), then the browser's languages, then Japanese.
export function resolveLocale(input: {
  cookie?: string | null;
  acceptLanguage?: string | null;
}): AppLocale {
  if (isLocale(input.cookie)) return input.cookie;
  return matchAcceptLanguage(input.acceptLanguage) ?? defaultLocale;
}
