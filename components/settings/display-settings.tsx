"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { locales, themeChoices, useLocaleChoice, useThemeChoice, type AppLocale, type ThemeChoice } from "@/components/shell/display-choices";
import { SettingsSection } from "./settings-section";

type RadioOption<T extends string> = { value: T; label: string; lang?: string };

// A labelled radio group (native radios: arrow keys move the choice, one tab stop).
function RadioGroup<T extends string>({
  name,
  legend,
  value,
  options,
  onChange,
  busy,
}: {
  name: string;
  legend: string;
  value: T | undefined;
  options: readonly RadioOption<T>[];
  onChange: (value: T) => void;
  busy?: boolean;
}) {
  return (
    <fieldset className="flex flex-col gap-2" aria-busy={busy || undefined}>
      <legend className="mb-2 text-sm font-medium text-ink-900 dark:text-ink-100">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <label
            key={option.value}
            lang={option.lang}
            className="inline-flex cursor-pointer items-center gap-2 rounded-md border border-ink-200 bg-ink-0 px-3 py-1.5 text-sm text-ink-800 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 dark:border-ink-700 dark:bg-ink-900 dark:text-ink-100 dark:has-[:checked]:border-brand-400 dark:has-[:checked]:bg-brand-950"
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="size-4 accent-brand-600 focus-visible:outline-none dark:accent-brand-400"
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

// Language and theme as radio groups, through the same hooks as the header's switches.
export function DisplaySettings() {
  const t = useTranslations();
  const language = useLocaleChoice();
  const theme = useThemeChoice();
  // The chosen language shows at once, while the pages render again in it.
  const [wanted, setWanted] = useState<AppLocale | null>(null);
  const chooseLanguage = (next: AppLocale) => {
    setWanted(next);
    language.choose(next);
  };

  const languageOptions: RadioOption<AppLocale>[] = locales.map((value) => ({ value, label: t(`language.${value}`), lang: value }));
  const themeOptions: RadioOption<ThemeChoice>[] = themeChoices.map((value) => ({ value, label: t(`theme.${value}`) }));

  return (
    <SettingsSection id="settings-display" title={t("settings.display.title")} description={t("settings.display.description")}>
      <div className="flex flex-col gap-5">
        <RadioGroup
          name="settings-language"
          legend={t("settings.display.language")}
          value={language.pending && wanted ? wanted : language.locale}
          options={languageOptions}
          onChange={chooseLanguage}
          busy={language.pending}
        />
        <RadioGroup name="settings-theme" legend={t("settings.display.theme")} value={theme.theme} options={themeOptions} onChange={theme.choose} />
      </div>
    </SettingsSection>
  );
}
