"use client";
// A keyword quick filter: "contains" over one of a few text fields (a target choice when there are
// several), optional exact-match inputs beside it (the order rows' slip number), and Search. What
// it reads and writes is lib/grid/quick-filters.ts's.
import { Search } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { fieldMap, type GridFilter } from "@/lib/grid/filters";
import type { GridLocale } from "@/lib/grid/format";
import { keywordState, keywordWrite, type KeywordQuickFilter, type KeywordState, type QuickField, type QuickWrite } from "@/lib/grid/quick-filters";
import type { ResourceDef } from "@/lib/ne/registry/types";

type KeywordSearchProps = {
  resource: ResourceDef;
  spec: KeywordQuickFilter;
  filters: readonly GridFilter[];
  onWrite: (write: QuickWrite) => void;
  locale: GridLocale;
};

export function KeywordSearch(props: KeywordSearchProps) {
  const state = keywordState(props.filters, props.spec);
  // A new URL (chips removed, Back, a saved view) starts the form again from it.
  return <KeywordForm key={JSON.stringify(state)} {...props} initial={state} />;
}

const INPUT = "h-8 border border-ink-300 bg-ink-0 px-2 text-sm placeholder:text-ink-500 dark:border-ink-600 dark:bg-ink-850 dark:placeholder:text-ink-400";

function KeywordForm({ resource, spec, onWrite, locale, initial }: KeywordSearchProps & { initial: KeywordState }) {
  const t = useTranslations();
  const id = useId();
  const [state, setState] = useState(initial);
  const fields = fieldMap(resource);
  const labelOf = (q: QuickField) => (q.label ? t(q.label) : (fields.get(q.field)?.label[locale] ?? q.field));
  const label = t(spec.label);
  const several = spec.targets.length > 1;
  const textLabel = several ? label : spec.targets[0] ? labelOf(spec.targets[0]) : label;
  const exact = spec.exact ?? [];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onWrite(keywordWrite(resource, spec, state));
  };
  return (
    <form role="search" aria-label={label} onSubmit={submit} className={cn("flex items-center", exact.length ? "flex-wrap gap-2" : null)}>
      <div className="flex items-center">
        {several ? (
          <>
            <label htmlFor={`${id}-target`} className="sr-only">
              {t(spec.targetLabel ?? "catalog.quick.searchBy")}
            </label>
            <select
              id={`${id}-target`}
              value={state.target}
              onChange={(e) => setState({ ...state, target: e.target.value })}
              className="h-8 rounded-l-md border border-ink-300 bg-ink-50 px-2 text-xs font-medium text-ink-800 dark:border-ink-600 dark:bg-ink-800 dark:text-ink-100"
            >
              {spec.targets.map((target) => (
                <option key={target.field} value={target.field}>
                  {labelOf(target)}
                </option>
              ))}
            </select>
          </>
        ) : null}
        <label htmlFor={`${id}-text`} className="sr-only">
          {textLabel}
        </label>
        <input
          id={`${id}-text`}
          type="search"
          value={state.text}
          onChange={(e) => setState({ ...state, text: e.target.value })}
          placeholder={textLabel}
          className={cn(INPUT, "w-44", several ? "border-l-0" : "rounded-l-md", exact.length ? "rounded-r-md" : null)}
        />
      </div>
      {exact.map((q, i) => (
        <span key={q.field} className="contents">
          <label htmlFor={`${id}-exact-${i}`} className="sr-only">
            {labelOf(q)}
          </label>
          <input
            id={`${id}-exact-${i}`}
            inputMode={fields.get(q.field)?.type === "N" ? "numeric" : undefined}
            value={state.exact[q.field] ?? ""}
            placeholder={labelOf(q)}
            onChange={(e) => setState({ ...state, exact: { ...state.exact, [q.field]: e.target.value } })}
            className={cn(INPUT, "w-28 rounded-md")}
          />
        </span>
      ))}
      <Button type="submit" size="icon" aria-label={t("catalog.quick.search")} className={exact.length ? undefined : "rounded-l-none"}>
        <Search aria-hidden="true" />
      </Button>
    </form>
  );
}
