// Locales of the dashboard. There is no locale segment in the URL: the locale comes from
// the NEXT_LOCALE cookie (set by the language switch), else from Accept-Language.
export const locales = ["ja", "en"] as const;

export type AppLocale = (typeof locales)[number];

export const defaultLocale: AppLocale = "ja";

export const localeCookieName = "NEXT_LOCALE";

// One year: the choice is a preference, not a session.
export const localeCookieMaxAgeSeconds = 60 * 60 * 24 * 365;

// Shop data is Japan time (JST) whatever the viewer's locale.
export const timeZone = "Asia/Tokyo";

export function isLocale(value: unknown): value is AppLocale {
  return typeof value === "string" && (locales as readonly string[]).includes(value);
}
