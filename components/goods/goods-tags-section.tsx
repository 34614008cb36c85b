"use client";
// The goods' tags inside its drawer: `/api_v1_master_goodstag/search` with
// `goods_tag_goods_id-eq`, as chips. Loaded with the drawer (lazyComponent), never with the grid.
import { useTranslations } from "next-intl";
import type { DrawerExtraProps } from "@/components/data-grid/grid-definition";
import { QueryErrorState } from "@/components/query/query-error-state";
import { useSearch } from "@/lib/query/hooks";

const T = "goods_tag_";

export default function GoodsTagsSection({ record }: DrawerExtraProps) {
  const t = useTranslations("goods.tags");
  const search = useSearch("/api_v1_master_goodstag/search", {
    fields: [`${T}goods_id`, `${T}name`, `${T}deleted_flag`],
    // The goods code as the record holds it (the drawer's key is its URL-safe spelling).
    conditions: [{ field: `${T}goods_id`, op: "eq", value: record.goods_id ?? "" }],
    limit: 1000,
  });
  const names = [...new Set((search.data?.rows ?? []).filter((r) => r[`${T}deleted_flag`] !== "1").map((r) => r[`${T}name`] ?? "").filter(Boolean))];
  return (
    <section aria-labelledby="goods-tags-title" data-goods-tags={search.data ? names.length : ""} className="flex flex-col gap-2">
      <h3 id="goods-tags-title" className="text-xs font-semibold tracking-wide text-ink-600 uppercase dark:text-ink-300">
        {t("title")}
      </h3>
      {search.isError ? (
        <QueryErrorState error={search.error} onRetry={() => void search.refetch()} />
      ) : !search.data ? (
        <div role="status" className="h-8 animate-pulse rounded bg-ink-100 dark:bg-ink-800">
          <span className="sr-only">{t("loading")}</span>
        </div>
      ) : names.length === 0 ? (
        <p className="text-sm text-ink-600 dark:text-ink-300">{t("none")}</p>
      ) : (
        <ul aria-labelledby="goods-tags-title" className="flex flex-wrap gap-1.5">
          {names.map((name) => (
            <li key={name} data-user-content="" className="rounded-full bg-ink-100 px-2.5 py-0.5 text-xs font-medium text-ink-800 ring-1 ring-ink-200 ring-inset dark:bg-ink-800 dark:text-ink-100 dark:ring-ink-700">
              {name}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
