"use client";
// A classification list (payment methods, order statuses, ..., order upload patterns): the info
// operation's rows in an accessible table, searched on the client. The answer is cached by
// TanStack Query under the same key the filters' choice labels use, so both share one request.
import { Search } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { useId, useMemo, useState } from "react";
import { cn } from "@/components/ui/cn";
import { GridEmpty, GridSkeleton } from "@/components/data-grid/grid-states";
import { ValueView } from "@/components/data-grid/value-view";
import { QueryErrorState } from "@/components/query/query-error-state";
import { Button } from "@/components/ui/button";
import type { GridLocale } from "@/lib/grid/format";
import { creditType, forwardingMethod, goodsType, merchandise, orderStatus, paymentMethod, returnedReason, socialInsurance } from "@/lib/ne/registry/resources/classifications";
import { receiveOrderUploadPattern } from "@/lib/ne/registry/resources/receive-order-upload-pattern";
import type { ResourceDef } from "@/lib/ne/registry/types";
import type { ApiRow } from "@/lib/query/call-operation";
import { useChoices } from "@/lib/query/choices";
import { useInfo } from "@/lib/query/hooks";
import { cellText, filterRows, listColumns, sortRows, translatedName, type ListColumn } from "./list-model";
import { masterScreens, type ListSlug } from "./screens";

const RESOURCES: Record<ListSlug, ResourceDef> = {
  "payment-methods": paymentMethod,
  "credit-types": creditType,
  "returned-reasons": returnedReason,
  "order-statuses": orderStatus,
  "social-insurance": socialInsurance,
  "forwarding-methods": forwardingMethod,
  merchandise,
  "goods-types": goodsType,
  "upload-patterns": receiveOrderUploadPattern,
};

const PATHS = Object.fromEntries(masterScreens.map((s) => [s.slug, s.path]));

export function ClassificationList({ slug }: { slug: ListSlug }) {
  const t = useTranslations("masters");
  const tGrid = useTranslations("grid");
  const locale = useLocale() as GridLocale;
  const id = useId();
  const resource = RESOURCES[slug];
  // The list as such: read from the API on each visit, not from the session's choice-list cache.
  const query = useInfo(PATHS[slug] as `/${string}`, { fresh: true });
  const [text, setText] = useState("");

  const answer = query.data?.rows;
  const rows = useMemo(() => (answer ? sortRows(resource, answer) : undefined), [resource, answer]);
  const columns = useMemo(() => listColumns(resource, rows ?? []), [resource, rows]);
  const shown = useMemo(
    () => filterRows(rows ?? [], (row) => columns.flatMap((c) => [row[c.name] ?? "", cellText(resource, c, row, locale)]), text),
    [rows, columns, resource, locale, text],
  );

  if (query.isError) return <QueryErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (!rows) return <GridSkeleton label={tGrid("loading")} />;
  if (rows.length === 0) return <GridEmpty title={t("list.empty")} />;

  const title = t(`screens.${slug}.title`);
  return (
    <div className="flex flex-col gap-3" data-classification-list={slug}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div role="search" aria-label={t("list.search")} className="relative">
          <label htmlFor={`${id}-q`} className="sr-only">
            {t("list.search")}
          </label>
          <Search aria-hidden="true" className="pointer-events-none absolute top-2 left-2 size-4 text-ink-500 dark:text-ink-400" />
          <input
            id={`${id}-q`}
            type="search"
            value={text}
            placeholder={t("list.searchPlaceholder")}
            onChange={(e) => setText(e.target.value)}
            className="h-8 w-64 rounded-md border border-ink-300 bg-ink-0 pr-2 pl-8 text-sm placeholder:text-ink-500 dark:border-ink-600 dark:bg-ink-850 dark:placeholder:text-ink-400"
          />
        </div>
        <p aria-live="polite" data-list-shown={shown.length} data-list-total={rows.length} className="text-sm text-ink-600 tabular-nums dark:text-ink-300">
          {t("list.count", { shown: shown.length, total: rows.length })}
        </p>
      </div>
      {shown.length === 0 ? (
        <div role="status" data-grid-state="filtered-empty" className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-ink-300 bg-ink-25 px-6 py-10 text-center dark:border-ink-700 dark:bg-ink-900/40">
          <p className="text-sm font-semibold text-ink-900 dark:text-ink-100">{t("list.filtered")}</p>
          <Button variant="primary" onClick={() => setText("")}>
            {t("list.clear")}
          </Button>
        </div>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-ink-200 bg-ink-0 dark:border-ink-800 dark:bg-ink-900">
          <table className="w-full text-sm">
            <caption className="sr-only">{title}</caption>
            <thead className="bg-ink-50 text-left text-xs font-medium text-ink-600 dark:bg-ink-850 dark:text-ink-300">
              <tr>
                {columns.map((c) => (
                  <th key={c.name} scope="col" className="border-b border-ink-200 px-3 py-2 font-medium whitespace-nowrap dark:border-ink-700">
                    {c.field ? c.field.label[locale] : c.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {shown.map((row, i) => (
                <tr key={`${row[resource.primaryKey[0] ?? ""] ?? ""}-${i}`} className="border-b border-ink-100 last:border-b-0 dark:border-ink-800">
                  {columns.map((c) => (
                    <td key={c.name} className={cn("px-3 py-2 align-top text-ink-900 dark:text-ink-100", cellWidth(resource, c))}>
                      <ListCell resource={resource} column={c} row={row} locale={locale} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

/**
 * How a column takes the table's width: names and other free text get room for a line or two
 * (a pattern's name on five lines of a squeezed column was unreadable), codes, dates, numbers and
 * badges keep to one line; the list scrolls sideways when the columns need more than the screen.
 */
function cellWidth(resource: ResourceDef, column: ListColumn): string {
  const field = column.field;
  if (!field || resource.primaryKey.includes(column.name)) return "whitespace-nowrap";
  const format = field.format ?? (field.type === "S" ? "text" : undefined);
  if (field.choicesFrom) return "min-w-48";
  if (format === "text" && !field.enum) return column.name === resource.titleField ? "min-w-64" : "min-w-48";
  return "whitespace-nowrap";
}

function ListCell({ resource, column, row, locale }: { resource: ResourceDef; column: ListColumn; row: ApiRow; locale: GridLocale }) {
  const raw = row[column.name] ?? null;
  if (raw === null || raw === "") return null;
  if (!column.field) return <span data-user-content="">{raw}</span>;
  if (resource.primaryKey.includes(column.name)) return <span className="font-mono text-xs tabular-nums">{raw}</span>;
  if (column.name === resource.titleField) {
    const translated = translatedName(resource, row, locale);
    return translated !== undefined ? <span>{translated}</span> : <span data-user-content="">{raw}</span>;
  }
  if (column.field.choicesFrom) return <ChoiceValue column={column} raw={raw} locale={locale} />;
  return <ValueView field={column.field} value={raw} locale={locale} wrap />;
}

function ChoiceValue({ column, raw, locale }: { column: ListColumn; raw: string; locale: GridLocale }) {
  const choices = useChoices(column.field?.choicesFrom, locale);
  const label = choices.labelOf(raw);
  return <span data-user-content="">{label ?? raw}</span>;
}
