"use client";

import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { useTransition } from "react";
import { ToggleGroup, type ToggleOption } from "@/components/ui/toggle-group";
import { locales, type AppLocale } from "@/i18n/config";
import { setLocale } from "@/i18n/set-locale";

// Japanese / English. The choice is stored in the NEXT_LOCALE cookie by a server action,
// then the server components render again in the new language.
export function LanguageSwitch() {
  const t = useTranslations("language");
  const locale = useLocale();
  const router = useRouter();
  const [pending, startTransition] = useTransition();

  const options: ToggleOption<AppLocale>[] = locales.map((value) => ({
    value,
    label: t(value),
    lang: value,
  }));

  const choose = (next: AppLocale) => {
    if (next === locale) return;
    startTransition(async () => {
      await setLocale(next);
      router.refresh();
    });
  };

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
