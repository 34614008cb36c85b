"use client";

import { Monitor, Moon, Sun } from "lucide-react";
import { useTranslations } from "next-intl";
import { useTheme } from "next-themes";
import { useSyncExternalStore } from "react";
import { ToggleGroup, type ToggleOption } from "@/components/ui/toggle-group";

type ThemeChoice = "light" | "dark" | "system";

function isThemeChoice(value: string | undefined): value is ThemeChoice {
  return value === "light" || value === "dark" || value === "system";
}

const noSubscription = () => () => {};

// Light / dark / follow the system. next-themes keeps the choice in localStorage and sets
// the `dark` class on <html> before paint.
export function ThemeSwitch() {
  const t = useTranslations("theme");
  const { theme, setTheme } = useTheme();
  // The stored theme is only known in the browser; render nothing pressed on the server.
  const hydrated = useSyncExternalStore(noSubscription, () => true, () => false);

  const options: ToggleOption<ThemeChoice>[] = [
    { value: "light", label: t("light"), icon: Sun },
    { value: "dark", label: t("dark"), icon: Moon },
    { value: "system", label: t("system"), icon: Monitor },
  ];

  return (
    <ToggleGroup
      label={t("label")}
      value={hydrated && isThemeChoice(theme) ? theme : undefined}
      options={options}
      onValueChange={setTheme}
      iconOnly
    />
  );
}
