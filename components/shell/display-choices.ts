"use client";
// The display choices shared by the header's switches and the settings page: language (a
// NEXT_LOCALE cookie set by a server action, then the server components render again) and theme
// (next-themes: localStorage and the `dark` class on <html> before paint).
import { useRouter } from "next/navigation";
import { useLocale } from "next-intl";
import { useTheme } from "next-themes";
import { useSyncExternalStore, useTransition } from "react";
import { locales, type AppLocale } from "@/i18n/config";
import { setLocale } from "@/i18n/set-locale";

export type ThemeChoice = "light" | "dark" | "system";
export const themeChoices: readonly ThemeChoice[] = ["light", "dark", "system"];

export function isThemeChoice(value: string | undefined): value is ThemeChoice {
  return value === "light" || value === "dark" || value === "system";
}

export { locales, type AppLocale };

/** The page's language and a way to change it (pending while the pages render again). */
export function useLocaleChoice(): { locale: AppLocale; choose: (next: AppLocale) => void; pending: boolean } {
  const locale = useLocale() as AppLocale;
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const choose = (next: AppLocale) => {
    if (next === locale) return;
    startTransition(async () => {
      await setLocale(next);
      router.refresh();
    });
  };
  return { locale, choose, pending };
}

const noSubscription = () => () => {};

/** The stored theme (undefined on the server and before hydration) and a way to change it. */
export function useThemeChoice(): { theme: ThemeChoice | undefined; choose: (next: ThemeChoice) => void } {
  const { theme, setTheme } = useTheme();
  // The stored theme is only known in the browser; report none on the server.
  const hydrated = useSyncExternalStore(noSubscription, () => true, () => false);
  return { theme: hydrated && isThemeChoice(theme) ? theme : undefined, choose: setTheme };
}
