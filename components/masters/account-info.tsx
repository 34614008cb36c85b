"use client";
// The signed-in company (`/api_v1_login_company/info`) and person (`/api_v1_login_user/info`):
// read-only lists of every field the answers have, labelled from the registry. The BFF strips
// tokens from every answer; token-like keys are left out here as well.
import { useLocale, useTranslations } from "next-intl";
import { GridSkeleton } from "@/components/data-grid/grid-states";
import { ValueView } from "@/components/data-grid/value-view";
import { QueryErrorState } from "@/components/query/query-error-state";
import type { GridLocale } from "@/lib/grid/format";
import { company, loginUser } from "@/lib/ne/registry/resources/company";
import type { ResourceDef } from "@/lib/ne/registry/types";
import type { OperationPath } from "@/lib/query/call-operation";
import { useInfo } from "@/lib/query/hooks";
import { listColumns } from "./list-model";

export function AccountInfo() {
  const t = useTranslations("masters.account");
  return (
    <div className="flex flex-col gap-6">
      <InfoPanel id="company" title={t("company")} path="/api_v1_login_company/info" resource={company} />
      <InfoPanel id="user" title={t("user")} path="/api_v1_login_user/info" resource={loginUser} />
      <p className="text-xs text-ink-600 dark:text-ink-300">{t("tokenNote")}</p>
    </div>
  );
}

function InfoPanel({ id, title, path, resource }: { id: string; title: string; path: OperationPath; resource: ResourceDef }) {
  const t = useTranslations("masters.account");
  const tGrid = useTranslations("grid");
  const locale = useLocale() as GridLocale;
  const query = useInfo(path);
  const row = query.data?.rows[0];
  let body;
  if (query.isError) body = <QueryErrorState error={query.error} onRetry={() => void query.refetch()} />;
  else if (!query.data) body = <GridSkeleton label={tGrid("loading")} />;
  else if (!row) body = <p className="text-sm text-ink-600 dark:text-ink-300">{t("empty")}</p>;
  else {
    const columns = listColumns(resource, [row]).filter((c) => (row[c.name] ?? "") !== "");
    body = (
      <dl className="grid gap-x-6 gap-y-2 rounded-lg border border-ink-200 bg-ink-0 p-4 text-sm sm:grid-cols-[minmax(10rem,16rem)_1fr] dark:border-ink-800 dark:bg-ink-900">
        {columns.map((c) => (
          <div key={c.name} className="contents">
            <dt className="text-ink-600 dark:text-ink-300">{c.field ? c.field.label[locale] : c.name}</dt>
            <dd className="min-w-0 break-words text-ink-900 dark:text-ink-100">
              {c.field ? <ValueView field={c.field} value={row[c.name]} locale={locale} wrap /> : <span data-user-content="">{row[c.name]}</span>}
            </dd>
          </div>
        ))}
      </dl>
    );
  }
  return (
    <section aria-labelledby={`account-${id}`} data-account-panel={id} className="flex flex-col gap-2">
      <h2 id={`account-${id}`} className="text-base font-semibold text-ink-950 dark:text-ink-0">
        {title}
      </h2>
      {body}
    </section>
  );
}
