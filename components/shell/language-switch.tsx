"use client";

import { useTranslations } from "next-intl";
import { ToggleGroup, type ToggleOption } from "@/components/ui/toggle-group";
import { locales, useLocaleChoice, type AppLocale } from "./display-choices";

// Japanese / English in the header (the settings page offers the same choice as radios).
export function LanguageSwitch() {
  const t = useTranslations("language");
  const { locale, choose, pending } = useLocaleChoice();

  const options: ToggleOption<AppLocale>[] = locales.map((value) => ({
    value,
    label: t(value),
    lang: value,
  }));

  return (
    <ToggleGroup
      label={t("label")}
      value={locale}
      options={options}
      onValueChange={choose}
      busy={pending}
    />
  );
}
