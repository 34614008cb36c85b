"use client";
// The detail drawer of one record: every field of the resource fetched by the record's key,
// shown in the definition's groups (amounts, payment, delivery, ...) with the rest under
// "Other fields", then the definition's extra part (an order's rows). Loaded with lazyComponent
// when a record is first opened, so the grid's first load does not carry it.
import { useQueries } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { Fragment, useMemo } from "react";
import { QueryErrorState } from "@/components/query/query-error-state";
import { buttonClasses } from "@/components/ui/button";
import type { GridLocale } from "@/lib/grid/format";
import { useSearch } from "@/lib/query/hooks";
import type { ApiRow } from "@/lib/query/call-operation";
import type { FieldDef } from "@/lib/ne/registry/types";
import type { GridDefinition } from "./grid-definition";
import { Modal } from "@/components/ui/modal";
import type { ChoiceLabels } from "./grid-table";
import { useChoiceLabels } from "./use-choice-labels";
import { ValueView } from "./value-view";

type RecordDrawerProps = {
  definition: GridDefinition;
  recordKey: string;
  locale: GridLocale;
  onClose: () => void;
};

const noResult = () => null;

export default function RecordDrawer({ definition, recordKey, locale, onClose }: RecordDrawerProps) {
  const t = useTranslations("grid");
  const conditions = definition.keyConditions(recordKey);
  const fields = useMemo(() => definition.resource.fields.map((f) => f.name), [definition.resource]);
  const query = useSearch(definition.searchPath, { fields, conditions: conditions ?? [], limit: 1 }, { enabled: conditions !== null });
  // The extra part's queries (a slip's rows) start now, beside the record's: one round trip, not
  // two in a row. Their answers are read by the extra part itself; this renders nothing on them.
  useQueries({ queries: conditions !== null && definition.drawerQueries ? [...definition.drawerQueries(recordKey)] : [], combine: noResult });
  const record = query.data?.rows[0];
  // The labels of choice fields (names of shops, statuses...) load beside the record too.
  const choiceLabels = useChoiceLabels(definition, definition.resource.fields, locale, conditions !== null);

  const titleField = definition.resource.titleField ? definition.resource.fields.find((f) => f.name === definition.resource.titleField) : undefined;
  const titleValue = record && titleField ? (record[titleField.name] ?? recordKey) : recordKey;
  const title = titleField ? (
    <>
      {titleField.label[locale]} <span data-user-content="">{titleValue}</span>
    </>
  ) : (
    <span data-user-content="">{recordKey}</span>
  );
  let body;
  if (conditions === null || (query.isSuccess && !record)) {
    body = (
      <p role="status" data-drawer-state="not-found" className="text-sm text-ink-700 dark:text-ink-200">
        {t("drawer.notFound")}
      </p>
    );
  } else if (query.isError) {
    body = <QueryErrorState error={query.error} onRetry={() => query.refetch()} />;
  } else if (!record) {
    body = (
      <div role="status" data-drawer-state="loading" className="space-y-2">
        <span className="sr-only">{t("loading")}</span>
        {Array.from({ length: 8 }, (_, i) => (
          <div key={i} className="h-4 animate-pulse rounded bg-ink-100 dark:bg-ink-800" />
        ))}
      </div>
    );
  } else {
    body = <RecordBody definition={definition} record={record} recordKey={recordKey} locale={locale} choiceLabels={choiceLabels} />;
  }

  return (
    <Modal open side="right" onClose={onClose} title={title}>
      {body}
    </Modal>
  );
}

function RecordBody({
  definition,
  record,
  recordKey,
  locale,
  choiceLabels,
}: {
  definition: GridDefinition;
  record: ApiRow;
  recordKey: string;
  locale: GridLocale;
  choiceLabels: Readonly<Record<string, ChoiceLabels>>;
}) {
  const t = useTranslations("grid");
  const byName = new Map(definition.resource.fields.map((f) => [f.name, f]));
  const grouped = new Set([...(definition.drawerGroups ?? []).flatMap((g) => g.fields), ...(definition.drawerOmit ?? [])]);
  const rest = definition.resource.fields.filter((f) => !grouped.has(f.name));
  const Extra = definition.drawerExtra;
  const tAll = useTranslations();
  const links = definition.drawerLinks?.(record) ?? [];
  return (
    <div className="flex flex-col gap-5" data-drawer-state="ready">
      {links.length ? (
        <nav aria-label={t("drawer.links")} className="-mt-1">
          <ul className="flex flex-wrap gap-1.5">
            {links.map((link) => (
              <li key={link.href}>
                <Link href={link.href} className={buttonClasses({ size: "sm", variant: "secondary" })}>
                  {tAll(link.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {(definition.drawerGroups ?? []).map((group, index) => (
        <Fragment key={group.titleKey}>
          <section aria-labelledby={`group-${group.titleKey}`}>
            <h3 id={`group-${group.titleKey}`} className="mb-2 text-xs font-semibold tracking-wide text-ink-600 uppercase dark:text-ink-300">
              {t(`drawerGroups.${group.titleKey}`)}
            </h3>
            <FieldList
              fields={group.fields.flatMap((n) => (byName.has(n) ? [byName.get(n) as FieldDef] : []))}
              record={record}
              definition={definition}
              locale={locale}
              choiceLabels={choiceLabels}
            />
          </section>
          {/* The extra part (an order's rows) comes right after the summary, where people look. */}
          {index === 0 && Extra ? <Extra record={record} recordKey={recordKey} locale={locale} /> : null}
        </Fragment>
      ))}
      {(definition.drawerGroups ?? []).length === 0 && Extra ? <Extra record={record} recordKey={recordKey} locale={locale} /> : null}
      {rest.length ? (
        <details className="group rounded-md border border-ink-200 dark:border-ink-800">
          <summary className="cursor-pointer px-3 py-2 text-sm font-medium text-ink-800 dark:text-ink-100">{t("drawerGroups.other")}</summary>
          <div className="border-t border-ink-200 px-3 py-2 dark:border-ink-800">
            <FieldList fields={rest} record={record} definition={definition} locale={locale} choiceLabels={choiceLabels} />
          </div>
        </details>
      ) : null}
    </div>
  );
}

function FieldList({
  fields,
  record,
  definition,
  locale,
  choiceLabels,
}: {
  fields: readonly FieldDef[];
  record: ApiRow;
  definition: GridDefinition;
  locale: GridLocale;
  choiceLabels: Readonly<Record<string, ChoiceLabels>>;
}) {
  return (
    <dl className="grid grid-cols-[minmax(8rem,40%)_1fr] gap-x-3 gap-y-1.5 text-sm">
      {fields.map((field) => {
        const value = record[field.name] ?? null;
        const Custom = definition.cells?.[field.name]?.render;
        return (
          <div key={field.name} className="contents" data-field={field.name}>
            <dt className="text-ink-600 dark:text-ink-300">{field.label[locale]}</dt>
            <dd className="min-w-0 break-words text-ink-900 dark:text-ink-100">
              {Custom ? (
                <Custom field={field} value={value} row={record} locale={locale} />
              ) : (
                <ValueView field={field} value={value} locale={locale} choiceLabel={choiceLabels[field.name]?.labelOf} choiceIsUserContent={choiceLabels[field.name]?.userContent} wrap />
              )}
              {value === null || value === "" ? <span className="text-ink-500 dark:text-ink-400" aria-hidden="true">—</span> : null}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
