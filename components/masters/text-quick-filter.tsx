"use client";
// The quick filter of a master grid: "contains" on its obvious text field (name, code), with a
// choice of field when there are several. Writes the same URL filters as the filter builder.
import { Search } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId, useState, type ComponentType, type FormEvent } from "react";
import type { QuickFiltersProps } from "@/components/data-grid/grid-definition";
import { Button } from "@/components/ui/button";
import { fieldMap, filterKey, filterValues, findFilter, validateFilter } from "@/lib/grid/filters";
import type { GridLocale } from "@/lib/grid/format";
import type { ResourceDef } from "@/lib/ne/registry/types";

const input = "h-8 rounded-md border border-ink-300 bg-ink-0 px-2 text-sm placeholder:text-ink-500 dark:border-ink-600 dark:bg-ink-850 dark:placeholder:text-ink-400";

export function textQuickFilter(resource: ResourceDef, fields: readonly string[]): ComponentType<QuickFiltersProps> {
  const labelOf = (name: string, locale: GridLocale) => fieldMap(resource).get(name)?.label[locale] ?? name;

  function Form({ filters, setFilters, locale }: QuickFiltersProps) {
    const t = useTranslations("masters.quick");
    const id = useId();
    const active = fields.find((f) => findFilter(filters, f, "like"));
    const [target, setTarget] = useState(active ?? (fields[0] as string));
    const [text, setText] = useState(active ? (filterValues(findFilter(filters, active, "like"))[0] ?? "") : "");
    const submit = (event: FormEvent) => {
      event.preventDefault();
      const next = text.trim() ? validateFilter(resource, { field: target, op: "like", value: text.trim() }) : null;
      setFilters(
        fields.map((f) => filterKey({ field: f, op: "like" })),
        next ? [next] : [],
      );
    };
    const placeholder = labelOf(target, locale);
    return (
      <form role="search" aria-label={t("label")} onSubmit={submit} className="flex flex-wrap items-center gap-2">
        <div className="flex items-center">
          {fields.length > 1 ? (
            <>
              <label htmlFor={`${id}-target`} className="sr-only">
                {t("target")}
              </label>
              <select
                id={`${id}-target`}
                value={target}
                onChange={(e) => setTarget(e.target.value)}
                className="h-8 rounded-l-md border border-ink-300 bg-ink-50 px-2 text-xs font-medium text-ink-800 dark:border-ink-600 dark:bg-ink-800 dark:text-ink-100"
              >
                {fields.map((f) => (
                  <option key={f} value={f}>
                    {labelOf(f, locale)}
                  </option>
                ))}
              </select>
            </>
          ) : null}
          <label htmlFor={`${id}-text`} className="sr-only">
            {placeholder}
          </label>
          <input
            id={`${id}-text`}
            type="search"
            value={text}
            placeholder={placeholder}
            onChange={(e) => setText(e.target.value)}
            className={fields.length > 1 ? `${input} w-52 rounded-l-none border-l-0` : `${input} w-60`}
          />
        </div>
        <Button type="submit" size="icon" aria-label={t("search")}>
          <Search aria-hidden="true" />
        </Button>
      </form>
    );
  }

  // Starts over when the URL's filters change (back/forward, a chip removed, a saved view).
  function TextQuickFilter(props: QuickFiltersProps) {
    const signature = fields.map((f) => filterValues(findFilter(props.filters, f, "like")).join()).join("|");
    return <Form key={signature} {...props} />;
  }
  return TextQuickFilter;
}
