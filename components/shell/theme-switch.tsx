"use client";

import { Monitor, Moon, Sun } from "lucide-react";
import { useTranslations } from "next-intl";
import { ToggleGroup, type ToggleOption } from "@/components/ui/toggle-group";
import { useThemeChoice, type ThemeChoice } from "./display-choices";

// Light / dark / follow the system in the header (the settings page offers the same as radios).
export function ThemeSwitch() {
  const t = useTranslations("theme");
  const { theme, choose } = useThemeChoice();

  const options: ToggleOption<ThemeChoice>[] = [
    { value: "light", label: t("light"), icon: Sun },
    { value: "dark", label: t("dark"), icon: Moon },
    { value: "system", label: t("system"), icon: Monitor },
  ];

  return (
    <ToggleGroup
      label={t("label")}
      value={theme}
      options={options}
      onValueChange={choose}
      iconOnly
    />
  );
}
