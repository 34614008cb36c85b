"use client";
// The states of a grid's body that are not rows, each distinct so nobody mistakes one for another:
// loading (skeleton), nothing at all yet, nothing matching the filters (with "Clear filters"),
// and a page past the end. Errors have their own panel (components/query/query-error-state.tsx).
// The skeleton is ./grid-skeleton.tsx: the page's own code shows it, while these come with the
// grid's body (its lazy chunk), the only one to show them.
import { FilterX, Inbox, SearchX } from "lucide-react";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { formatGrouped } from "@/lib/grid/format";

export { GridSkeleton } from "./grid-skeleton";

function StatePanel({ state, icon, title, body, action }: { state: string; icon: ReactNode; title: string; body?: string; action?: ReactNode }) {
  return (
    <div
      role="status"
      data-grid-state={state}
      className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-ink-300 bg-ink-25 px-6 py-14 text-center dark:border-ink-700 dark:bg-ink-900/40"
    >
      <span aria-hidden="true" className="grid size-10 place-items-center rounded-lg bg-ink-0 text-ink-600 shadow-xs ring-1 ring-ink-200 dark:bg-ink-800 dark:text-ink-300 dark:ring-ink-700">
        {icon}
      </span>
      <p className="text-sm font-semibold text-ink-900 dark:text-ink-100">{title}</p>
      {body ? <p className="max-w-md text-sm text-ink-600 dark:text-ink-300">{body}</p> : null}
      {action}
    </div>
  );
}

export function GridEmpty({ title, body }: { title: string; body?: string }) {
  return <StatePanel state="empty" icon={<Inbox className="size-5" />} title={title} body={body} />;
}

export function GridFilteredEmpty({ title, onClear }: { title: string; onClear: () => void }) {
  const t = useTranslations("grid");
  return (
    <StatePanel
      state="filtered-empty"
      icon={<FilterX className="size-5" />}
      title={title}
      body={t("filteredEmpty.body")}
      action={
        <Button variant="primary" onClick={onClear}>
          {t("filters.clear")}
        </Button>
      }
    />
  );
}

/**
 * A page past the end of the result (`?page=999`): says so, and offers the last page that has rows
 * (`lastPage`, when the total is known), else the first.
 */
export function GridPastEnd({ lastPage, onPage }: { lastPage: number | undefined; onPage: (page: number) => void }) {
  const t = useTranslations("grid");
  return (
    <StatePanel
      state="past-end"
      icon={<SearchX className="size-5" />}
      title={t("pastEnd.title")}
      body={lastPage !== undefined ? t("pastEnd.bodyLast", { pages: formatGrouped(String(lastPage)) }) : t("pastEnd.body")}
      action={lastPage !== undefined ? <Button onClick={() => onPage(lastPage)}>{t("pastEnd.toLast")}</Button> : <Button onClick={() => onPage(1)}>{t("pastEnd.action")}</Button>}
    />
  );
}
