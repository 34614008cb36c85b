"use client";
// One API value shown by its field's format: badges for enums (order status in its colour),
// yen and counts right-aligned in tabular figures, JST date-times, text. The shop's own data is
// marked `data-user-content`; registry labels (translated) are not.
import { Badge } from "@/components/ui/badge";
import { TONES } from "@/components/ui/tones";
import { cn } from "@/components/ui/cn";
import { enumLabel, fieldFormat, formatValue, type GridLocale } from "@/lib/grid/format";
import type { FieldDef } from "@/lib/ne/registry/types";
import { toneFor } from "./badge-tones";

type ValueViewProps = {
  field: FieldDef;
  value: string | null | undefined;
  locale: GridLocale;
  /** Name of a value from the field's choices operation (shop names). */
  choiceLabel?: (value: string) => string | undefined;
  /** Whether choice labels are the shop's data rather than translated words. */
  choiceIsUserContent?: boolean;
  /** A short name shown instead of the label, the label as its title (a shop's abbreviation, in cells). */
  choiceShort?: (value: string) => string | undefined;
  /** Wrap long text (drawers) instead of cutting it with an ellipsis (cells). */
  wrap?: boolean;
};

export function ValueView({ field, value, locale, choiceLabel, choiceIsUserContent = true, choiceShort, wrap = false }: ValueViewProps) {
  if (value === null || value === undefined || value === "") return null;
  const format = fieldFormat(field);
  if (format === "enum" || format === "flag") {
    const index = field.enum?.findIndex((v) => v.value === value) ?? -1;
    const label = enumLabel(field, value, locale);
    if (label !== undefined) {
      // A flag's first value is the ordinary state (not a gift, valid): plain text, not a badge.
      if (format === "flag" && index === 0) return <span className="text-ink-600 dark:text-ink-300">{label}</span>;
      return <Badge tone={TONES[toneFor(field.name, value, index)]}>{label}</Badge>;
    }
    const named = choiceLabel?.(value);
    if (named !== undefined) {
      const short = choiceShort?.(value);
      return (
        <span data-user-content={choiceIsUserContent ? "" : undefined} title={short && short !== named ? named : undefined} className={wrap ? undefined : "truncate"}>
          {short ?? named}
        </span>
      );
    }
    return <span data-user-content="">{value}</span>;
  }
  const text = formatValue(field, value, locale);
  const numeric = format === "yen" || format === "quantity" || format === "number" || format === "percent";
  return (
    <span data-user-content="" className={cn(wrap ? "whitespace-pre-wrap" : "truncate", numeric || format === "datetime" || format === "date" ? "tabular-nums" : undefined)}>
      {text}
    </span>
  );
}
