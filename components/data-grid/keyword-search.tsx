"use client";
// A keyword quick filter: "contains" over one of a few text fields (a target choice when there are
// several), optional exact-match inputs beside it (the order rows' slip number), and Search. The
// text box is named after the field it searches ("Search by goods name"). With `anyOf` (goods: code
// or name, the default target) Search first asks the count twin how many rows each field would
// find, at once, and searches the first that finds any. What it reads and writes is
// lib/grid/quick-filters.ts's.
import { Search } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId, useState, type FormEvent } from "react";
import type { OperationPath } from "@/lib/query/call-operation";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { fieldMap, type GridFilter } from "@/lib/grid/filters";
import type { GridLocale } from "@/lib/grid/format";
import { ANY_TARGET, keywordCandidates, keywordState, type KeywordQuickFilter, type KeywordState, type QuickField, type QuickWrite } from "@/lib/grid/quick-filters";
import type { ResourceDef } from "@/lib/ne/registry/types";

type KeywordSearchProps = {
  resource: ResourceDef;
  spec: KeywordQuickFilter;
  filters: readonly GridFilter[];
  onWrite: (write: QuickWrite) => void;
  locale: GridLocale;
  /** The grid's count twin: an `anyOf` search asks it which field finds rows. */
  countPath: OperationPath;
};

export function KeywordSearch(props: KeywordSearchProps) {
  const state = keywordState(props.filters, props.spec);
  // A new URL (chips removed, Back, a saved view) starts the form again from it.
  return <KeywordForm key={JSON.stringify(state)} {...props} initial={state} />;
}

const loadProbe = () => import("./keyword-probe");
// Typing a code-or-name search fetches the probe's code, so Search does not wait for it.
const preloadProbe = () => void loadProbe().catch(() => undefined);

const INPUT = "h-8 border border-ink-300 bg-ink-0 px-2 text-sm placeholder:text-ink-500 dark:border-ink-600 dark:bg-ink-850 dark:placeholder:text-ink-400";

function KeywordForm({ resource, spec, filters, onWrite, locale, countPath, initial }: KeywordSearchProps & { initial: KeywordState }) {
  const t = useTranslations();
  const id = useId();
  const [state, setState] = useState(initial);
  const [probing, setProbing] = useState(false);
  const fields = fieldMap(resource);
  const labelOf = (q: QuickField) => (q.label ? t(q.label) : (fields.get(q.field)?.label[locale] ?? q.field));
  const label = t(spec.label);
  const targets = [...(spec.anyOf ? [{ value: ANY_TARGET, label: t(spec.anyOf.label) }] : []), ...spec.targets.map((q) => ({ value: q.field, label: labelOf(q) }))];
  const several = targets.length > 1;
  // The box says which field it searches, whatever was chosen.
  const targetName = targets.find((q) => q.value === state.target)?.label ?? label;
  const textLabel = t("catalog.quick.searchIn", { field: targetName });
  const exact = spec.exact ?? [];
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const candidates = keywordCandidates(resource, spec, state);
    if (candidates.length < 2) {
      if (candidates[0]) onWrite(candidates[0]);
      return;
    }
    // Which field finds rows, with the other filters as they are: counts at once, one round trip
    // (./keyword-probe.ts, loaded now: only such a search needs it). Should its code not load, the
    // first field is searched, as when the counts fail.
    setProbing(true);
    const chosen = await loadProbe().then(
      ({ probeKeyword }) => probeKeyword(resource, countPath, filters, candidates),
      () => candidates[0],
    );
    setProbing(false);
    if (chosen) onWrite(chosen);
  };
  return (
    <form role="search" aria-label={label} aria-busy={probing || undefined} onSubmit={(e) => void submit(e)} className={cn("flex items-center", exact.length ? "flex-wrap gap-2" : null)}>
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
              {targets.map((target) => (
                <option key={target.value} value={target.value}>
                  {target.label}
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
          onFocus={spec.anyOf ? preloadProbe : undefined}
          placeholder={targetName}
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
      <Button type="submit" size="icon" disabled={probing} aria-label={t("catalog.quick.search")} className={exact.length ? undefined : "rounded-l-none"}>
        <Search aria-hidden="true" />
      </Button>
    </form>
  );
}
