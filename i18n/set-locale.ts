"use server";

import { cookies } from "next/headers";
import { isLocale, localeCookieMaxAgeSeconds, localeCookieName } from "./config";

// Called by the language switch. Arguments of a server action come from the browser:
// anything but a supported locale is refused.
export async function setLocale(locale: unknown): Promise<void> {
  if (!isLocale(locale)) throw new Error("Unsupported locale");
  (await cookies()).set(localeCookieName, locale, {
    path: "/",
    maxAge: localeCookieMaxAgeSeconds,
    sameSite: "lax",
    httpOnly: true,
  });
}
