"use client";
// Says which stored conditions a grid left out (an old link or bookmark, a saved view): a field
// renamed or removed, an operator the API does not take on the field's type (the official
// operator table: "before" on a text, "contains" on a number or a date, "any of" on a date), a
// list over the API's 1,000 values, a value that does not fit. The page opens with what applies;
// this says what did not, until dismissed.
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { fieldMap, type DroppedFilter } from "@/lib/grid/filters";
import type { GridLocale } from "@/lib/grid/format";
import { MAX_LIST_VALUES, type ResourceDef } from "@/lib/ne/registry/types";

type DroppedFiltersNoticeProps = {
  resource: ResourceDef;
  locale: GridLocale;
  dropped: readonly DroppedFilter[];
  /** Where the conditions came from: this page's link, or the saved view of that name. */
  source: { kind: "url" } | { kind: "view"; name: string };
  onDismiss: () => void;
};

export function DroppedFiltersNotice({ resource, locale, dropped, source, onDismiss }: DroppedFiltersNoticeProps) {
  const t = useTranslations("grid");
  if (dropped.length === 0) return null;
  const fields = fieldMap(resource);
  const count = dropped.length;
  return (
    <div
      role="status"
      data-dropped-filters={source.kind}
      className="flex flex-wrap items-start justify-between gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-900/60 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <div className="min-w-0">
        <p className="font-medium">{source.kind === "view" ? t("dropped.titleView", { count, name: source.name }) : t("dropped.titleUrl", { count })}</p>
        <ul className="mt-1 list-disc space-y-0.5 pl-5">
          {dropped.map((d, i) => {
            const def = d.field ? fields.get(d.field) : undefined;
            const label = def ? def.label[locale] : d.field;
            const condition = [label, d.op ? t(`operators.${d.op}`) : undefined].filter(Boolean).join(" ");
            return (
              <li key={i} data-dropped-reason={d.reason}>
                {condition ? (
                  <span data-user-content="">
                    {condition}
                    {d.value !== undefined ? `: ${d.value}` : ""}
                  </span>
                ) : null}
                {condition ? " — " : ""}
                {reason(d, def?.type, t)}
              </li>
            );
          })}
        </ul>
      </div>
      <Button size="sm" onClick={onDismiss}>
        {t("dropped.dismiss")}
      </Button>
    </div>
  );
}

function reason(d: DroppedFilter, type: "S" | "N" | "D" | undefined, t: ReturnType<typeof useTranslations<"grid">>): string {
  switch (d.reason) {
    case "operator":
      return type ? t("dropped.operator", { type: t(`dropped.types.${type}`) }) : t("dropped.field");
    case "field":
      return t("dropped.field");
    case "tooMany":
      return t("dropped.tooMany", { max: MAX_LIST_VALUES });
    case "value":
      return t("dropped.value");
    default:
      return t("dropped.unreadable");
  }
}
