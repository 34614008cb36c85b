import { cookies, headers } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { resolveLocale } from "@/lib/i18n/resolve-locale";
import { isLocale, localeCookieName, timeZone } from "./config";

export default getRequestConfig(async ({ locale: requested }) => {
  // An explicit locale (getTranslations({ locale })) wins; otherwise cookie, then header.
  const locale = isLocale(requested)
    ? requested
    : resolveLocale({
        cookie: (await cookies()).get(localeCookieName)?.value,
        acceptLanguage: (await headers()).get("accept-language"),
      });

  return {
    locale,
    timeZone,
    messages: (await import(`../messages/${locale}.json`)).default,
  };
});
