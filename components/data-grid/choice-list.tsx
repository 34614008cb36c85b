"use client";
// A checkbox list of choices (status, shops, payment methods) for `in` filters. Shop-given names
// are marked as the shop's data.
import { useTranslations } from "next-intl";
import { useId, type ReactNode } from "react";
import type { Choice } from "@/lib/query/choices";

type ChoiceListProps = {
  legend: string;
  choices: readonly Choice[];
  selected: readonly string[];
  onChange: (next: string[]) => void;
  isLoading?: boolean;
  isError?: boolean;
  /** Drawn before each label (a status colour dot). */
  decorate?: (choice: Choice) => ReactNode;
};

export function ChoiceList({ legend, choices, selected, onChange, isLoading, isError, decorate }: ChoiceListProps) {
  const t = useTranslations("grid");
  const id = useId();
  const set = new Set(selected);
  const toggle = (value: string, on: boolean) => {
    const next = new Set(set);
    if (on) next.add(value);
    else next.delete(value);
    // Keep the list's order, so the URL does not depend on click order.
    onChange(choices.map((c) => c.value).filter((v) => next.has(v)));
  };
  return (
    <fieldset className="min-w-0">
      <legend className="mb-1 text-xs font-medium text-ink-600 dark:text-ink-300">{legend}</legend>
      {isLoading ? <p className="py-2 text-sm text-ink-600 dark:text-ink-300">{t("choicesLoading")}</p> : null}
      {isError ? <p role="alert" className="py-2 text-sm text-red-700 dark:text-red-300">{t("choicesFailed")}</p> : null}
      <ul className="max-h-64 space-y-0.5 overflow-y-auto">
        {choices.map((choice, i) => (
          <li key={choice.value}>
            <label htmlFor={`${id}-${i}`} className="flex cursor-pointer items-center gap-2 rounded px-1.5 py-1 text-sm hover:bg-ink-50 dark:hover:bg-ink-800">
              <input
                id={`${id}-${i}`}
                type="checkbox"
                checked={set.has(choice.value)}
                onChange={(event) => toggle(choice.value, event.target.checked)}
                className="size-4 accent-brand-600"
              />
              {decorate?.(choice)}
              <span data-user-content={choice.userContent ? "" : undefined}>
                {choice.label}
              </span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
