import type { LucideIcon } from "lucide-react";
import { cn } from "./cn";

export type ToggleOption<T extends string> = {
  value: T;
  label: string;
  icon?: LucideIcon;
  // Language of the label when it differs from the page's ("English" on a Japanese page).
  lang?: string;
};

type ToggleGroupProps<T extends string> = {
  label: string;
  value: T | undefined;
  options: readonly ToggleOption<T>[];
  onValueChange: (value: T) => void;
  // Show icons only; the label becomes the accessible name and tooltip.
  iconOnly?: boolean;
  busy?: boolean;
  className?: string;
};

// A segmented control: a labelled group of toggle buttons (aria-pressed), one tab stop each.
export function ToggleGroup<T extends string>({
  label,
  value,
  options,
  onValueChange,
  iconOnly = false,
  busy = false,
  className,
}: ToggleGroupProps<T>) {
  return (
    <div
      role="group"
      aria-label={label}
      aria-busy={busy || undefined}
      className={cn(
        "inline-flex items-center gap-0.5 rounded-lg border border-ink-200 bg-ink-50 p-0.5 dark:border-ink-700 dark:bg-ink-900",
        className,
      )}
    >
      {options.map((option) => {
        const pressed = option.value === value;
        const Icon = option.icon;
        return (
          <button
            key={option.value}
            type="button"
            aria-pressed={pressed}
            aria-label={iconOnly ? option.label : undefined}
            title={iconOnly ? option.label : undefined}
            lang={option.lang}
            onClick={() => onValueChange(option.value)}
            className={cn(
              "inline-flex h-7 items-center justify-center gap-1.5 rounded-md text-xs font-medium transition-colors",
              iconOnly ? "w-7" : "px-2.5",
              pressed
                ? "bg-ink-0 text-ink-950 shadow-xs ring-1 ring-ink-200 dark:bg-ink-700 dark:text-ink-0 dark:ring-ink-600"
                : "text-ink-600 hover:bg-ink-100 hover:text-ink-900 dark:text-ink-300 dark:hover:bg-ink-800 dark:hover:text-ink-50",
            )}
          >
            {Icon ? <Icon aria-hidden="true" className="size-3.5 shrink-0" /> : null}
            {iconOnly ? null : option.label}
          </button>
        );
      })}
    </div>
  );
}
