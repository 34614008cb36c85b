"use client";
// The rows of one order slip inside its drawer: `/api_v1_receiveorder_row/search` with
// `receive_order_row_receive_order_id-eq`; how many there are is the rows' number, or the count
// twin's when they fill the API's largest page. Loaded with the drawer (lazyComponent), never with
// the grid.
import Link from "next/link";
import { useTranslations } from "next-intl";
import { QueryErrorState } from "@/components/query/query-error-state";
import { ValueView } from "@/components/data-grid/value-view";
import type { DrawerExtraProps } from "@/components/data-grid/grid-definition";
import { buttonClasses } from "@/components/ui/button";
import { serializeFilterToken } from "@/lib/grid/filters";
import { formatGrouped } from "@/lib/grid/format";
import { useQuery } from "@tanstack/react-query";
import type { BffError } from "@/lib/query/bff-error";
import type { CountAnswer, SearchAnswer } from "@/lib/query/call-operation";
import { receiveOrderRow } from "@/lib/ne/registry/resources/receive-order-row";
import type { FieldDef } from "@/lib/ne/registry/types";
import { ORDER_ROW_COLUMNS, ORDER_ROWS_PAGE, orderRowsConditions, orderRowsCountQuery, orderRowsQueries } from "./order-rows-queries";

const R = "receive_order_row_";
const fields = ORDER_ROW_COLUMNS.map((n) => receiveOrderRow.fields.find((f) => f.name === n)).filter((f): f is FieldDef => Boolean(f));
const NUMERIC = new Set([`${R}no`, `${R}quantity`, `${R}unit_price`, `${R}sub_total_price`, `${R}stock_allocation_quantity`]);

export default function OrderRowsSection({ recordKey, locale }: DrawerExtraProps) {
  const t = useTranslations("orders.rows");
  // Started already by the drawer (ordersGrid.drawerQueries), beside the slip's own fetch.
  const queries = orderRowsQueries(recordKey);
  const search = useQuery<SearchAnswer, BffError>(queries.rows);
  const fullPage = (search.data?.rows.length ?? 0) >= ORDER_ROWS_PAGE;
  const count = useQuery<CountAnswer, BffError>({ ...orderRowsCountQuery(recordKey), enabled: fullPage });
  const total = search.data ? (fullPage ? count.data?.count : search.data.rows.length) : undefined;
  const rowsHref = `/order-rows?f=${encodeURIComponent(serializeFilterToken(orderRowsConditions(recordKey)[0]!))}`;

  return (
    <section aria-labelledby="order-rows-title" data-order-rows="" className="flex flex-col gap-2">
      <div className="flex items-center justify-between gap-2">
        <h3 id="order-rows-title" className="text-xs font-semibold tracking-wide text-ink-600 uppercase dark:text-ink-300">
          {t("title")}{" "}
          <span data-row-count={total ?? ""}>{total !== undefined ? t("count", { count: formatGrouped(String(total)) }) : ""}</span>
        </h3>
        <Link href={rowsHref} className={buttonClasses({ size: "sm", variant: "ghost" })}>
          {t("openAll")}
        </Link>
      </div>
      {search.isError || count.isError ? (
        <QueryErrorState
          error={search.error ?? count.error}
          onRetry={() => {
            void search.refetch();
            if (fullPage) void count.refetch();
          }}
        />
      ) : !search.data ? (
        <div role="status" className="h-16 animate-pulse rounded bg-ink-100 dark:bg-ink-800">
          <span className="sr-only">{t("loading")}</span>
        </div>
      ) : search.data.rows.length === 0 ? (
        <p className="text-sm text-ink-600 dark:text-ink-300">{t("none")}</p>
      ) : (
        // Codes, numbers and prices stay on one line and a goods name keeps a readable width: on a
        // phone the table scrolls sideways in its box rather than squeezing names to a letter a
        // line. The box takes focus, so the keyboard scrolls it too.
        <div role="region" aria-labelledby="order-rows-title" tabIndex={0} className="overflow-x-auto rounded-md border border-ink-200 dark:border-ink-800">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t("title")}</caption>
            <thead className="bg-ink-50 text-xs text-ink-700 dark:bg-ink-850 dark:text-ink-200">
              <tr>
                {fields.map((f) => (
                  <th key={f.name} scope="col" className={`px-2 py-1.5 font-semibold whitespace-nowrap ${NUMERIC.has(f.name) ? "text-right" : ""}`}>
                    {f.label[locale]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {search.data.rows.map((row) => (
                <tr key={row[`${R}no`] ?? ""} className="border-t border-ink-100 dark:border-ink-800">
                  {fields.map((f) => (
                    <td key={f.name} className={`px-2 py-1.5 ${NUMERIC.has(f.name) ? "text-right tabular-nums" : ""} ${f.name === `${R}goods_name` ? "min-w-48" : "whitespace-nowrap"}`}>
                      <ValueView field={f} value={row[f.name]} locale={locale} wrap={f.name === `${R}goods_name`} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
