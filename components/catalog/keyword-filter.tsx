"use client";
// A "contains" search over one of a few text fields (goods code or name, ...): a target choice
// when there are several, the text, and Search. It writes `like` filters to the URL, so the chips,
// the filter builder and a reload all see the same search.
import { Search } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId, useState, type FormEvent } from "react";
import type { QuickFiltersProps } from "@/components/data-grid/grid-definition";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import type { ResourceDef } from "@/lib/ne/registry/types";
import { keywordFilters, keywordKeys, keywordState } from "./quick-filter-state";

export interface KeywordTarget {
  field: string;
  label: string;
}

type KeywordFilterProps = Pick<QuickFiltersProps, "filters" | "setFilters"> & {
  resource: ResourceDef;
  targets: readonly KeywordTarget[];
  /** Accessible name of the search (and the input's placeholder). */
  label: string;
};

export function KeywordFilter(props: KeywordFilterProps) {
  const fields = props.targets.map((t) => t.field);
  const { field, text } = keywordState(props.filters, fields);
  // A new URL (chips removed, Back, a saved view) starts the form again from it.
  return <KeywordForm key={`${field}|${text}`} setFilters={props.setFilters} resource={props.resource} targets={props.targets} label={props.label} initialField={field} initialText={text} />;
}

function KeywordForm({ setFilters, resource, targets, label, initialField, initialText }: Omit<KeywordFilterProps, "filters"> & { initialField: string; initialText: string }) {
  const t = useTranslations("catalog.quick");
  const id = useId();
  const fields = targets.map((x) => x.field);
  const [field, setField] = useState(initialField);
  const [text, setText] = useState(initialText);
  const several = targets.length > 1;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFilters(keywordKeys(fields), keywordFilters(resource, fields, field, text));
  };
  return (
    <form role="search" aria-label={label} onSubmit={submit} className="flex items-center">
      {several ? (
        <>
          <label htmlFor={`${id}-target`} className="sr-only">
            {t("searchBy")}
          </label>
          <select
            id={`${id}-target`}
            value={field}
            onChange={(e) => setField(e.target.value)}
            className="h-8 rounded-l-md border border-ink-300 bg-ink-50 px-2 text-xs font-medium text-ink-800 dark:border-ink-600 dark:bg-ink-800 dark:text-ink-100"
          >
            {targets.map((target) => (
              <option key={target.field} value={target.field}>
                {target.label}
              </option>
            ))}
          </select>
        </>
      ) : null}
      <label htmlFor={`${id}-text`} className="sr-only">
        {several ? label : (targets[0]?.label ?? label)}
      </label>
      <input
        id={`${id}-text`}
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={several ? label : (targets[0]?.label ?? label)}
        className={cn(
          "h-8 w-44 border border-ink-300 bg-ink-0 px-2 text-sm placeholder:text-ink-500 dark:border-ink-600 dark:bg-ink-850 dark:placeholder:text-ink-400",
          several ? "border-l-0" : "rounded-l-md",
        )}
      />
      <Button type="submit" size="icon" aria-label={t("search")} className="rounded-l-none">
        <Search aria-hidden="true" />
      </Button>
    </form>
  );
}
