"use client";
// One order status (spec 3.1) on the board: how many slips are in it for the shops and period
// chosen (the API's count), and its newest slips. The API answers rows in slip-number order and
// has no sort, so the newest are the last ones: the search starts at count - NEWEST.
import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { cn } from "@/components/ui/cn";
import { OrderStatusDot } from "@/components/orders/order-status-dot";
import { formatJstDateTime, formatYen } from "@/lib/grid/format";
import type { ConditionInput } from "@/lib/query/choice-types";
import { useCount, useSearch } from "@/lib/query/hooks";
import { ORDER_COUNT, ORDER_SEARCH } from "./use-board-refresh";

export const NEWEST = 5;
const P = "receive_order_";
const FIELDS = [`${P}id`, `${P}shop_id`, `${P}purchaser_name`, `${P}total_amount`, `${P}date`];

export interface BoardStatusItem {
  id: string;
  label: string;
  /** The label is the API's own name (no translation known). */
  userContent: boolean;
}

export function StatusCard({
  status,
  conditions,
  shopName,
  wall,
}: {
  status: BoardStatusItem;
  conditions: readonly ConditionInput[];
  shopName: (id: string) => string | undefined;
  wall: boolean;
}) {
  const t = useTranslations("board.status");
  const locale = useLocale();
  const own = [...conditions, { field: `${P}order_status_id`, op: "eq" as const, value: status.id }];
  const count = useCount(ORDER_COUNT, { conditions: own });
  const total = count.data?.count;
  const offset = total === undefined ? 0 : Math.max(0, total - NEWEST);
  const slips = useSearch(ORDER_SEARCH, { fields: FIELDS, conditions: own, offset, limit: NEWEST }, { enabled: total !== undefined && total > 0, keepPrevious: true });
  const headingId = `board-status-${status.id}`;
  const newestFirst = [...(slips.data?.rows ?? [])].reverse();
  const failedFirstLoad = total === undefined && count.isError;

  return (
    <section
      aria-labelledby={headingId}
      aria-busy={count.isFetching || slips.isFetching || undefined}
      data-status-id={status.id}
      data-count={total ?? ""}
      className="flex min-w-0 flex-col gap-3 rounded-lg border border-ink-200 bg-ink-0 p-4 shadow-xs dark:border-ink-800 dark:bg-ink-900"
    >
      <h2 id={headingId} className={cn("flex items-center gap-2 font-semibold text-ink-900 dark:text-ink-50", wall ? "text-xl" : "text-sm")}>
        <OrderStatusDot status={status.id} />
        <span data-user-content={status.userContent || undefined}>{status.label}</span>
      </h2>
      {total === undefined ? (
        failedFirstLoad ? (
          <p className="text-sm text-red-700 dark:text-red-300">{t("failed")}</p>
        ) : (
          <div aria-hidden="true" data-skeleton className={cn("animate-pulse rounded bg-ink-100 dark:bg-ink-800", wall ? "h-20 w-32" : "h-10 w-20")} />
        )
      ) : (
        <p className="flex flex-wrap items-baseline gap-x-1.5">
          <span data-board-count className={cn("font-semibold tracking-tight text-ink-950 tabular-nums dark:text-ink-0", wall ? "text-7xl" : "text-4xl")}>
            {total.toLocaleString(locale)}
          </span>
          <span className={cn("text-ink-600 dark:text-ink-300", wall ? "text-xl" : "text-sm")}>{total === 1 ? t("unitOne") : t("unitOther")}</span>
        </p>
      )}
      <div className="flex min-w-0 flex-col gap-1">
        <h3 className={cn("font-medium text-ink-600 dark:text-ink-300", wall ? "text-base" : "text-xs")}>{t("newest", { count: NEWEST })}</h3>
        {total === undefined || (total > 0 && !slips.data) ? (
          failedFirstLoad || slips.isError ? (
            <p className="text-sm text-red-700 dark:text-red-300">{t("slipsFailed")}</p>
          ) : (
            <ul aria-hidden="true" className="flex flex-col gap-1.5">
              {Array.from({ length: 3 }, (_, i) => (
                <li key={i} data-skeleton className="h-9 animate-pulse rounded bg-ink-100 dark:bg-ink-800" />
              ))}
            </ul>
          )
        ) : total === 0 ? (
          <p className="text-sm text-ink-600 dark:text-ink-300">{t("none")}</p>
        ) : (
          <ul className={cn("flex flex-col divide-y divide-ink-100 dark:divide-ink-800", slips.isPlaceholderData && "opacity-60")}>
            {newestFirst.map((row) => {
              const id = row[`${P}id`] ?? "";
              const shopId = row[`${P}shop_id`] ?? "";
              const shop = shopName(shopId);
              return (
                <li key={id}>
                  <Link
                    href={`/orders?open=${encodeURIComponent(id)}`}
                    data-slip-id={id}
                    className={cn(
                      "grid grid-cols-[1fr_auto] gap-x-2 rounded px-1 py-1.5 hover:bg-ink-50 focus-visible:bg-ink-50 dark:hover:bg-ink-800 dark:focus-visible:bg-ink-800",
                      wall ? "text-base" : "text-xs",
                    )}
                  >
                    <span className="min-w-0 truncate font-medium text-brand-700 tabular-nums dark:text-brand-300">
                      <span className="sr-only">{t("slip")} </span>
                      {id}
                    </span>
                    <span className="text-right font-medium text-ink-900 tabular-nums dark:text-ink-100">{formatYen(row[`${P}total_amount`] ?? "")}</span>
                    <span className="min-w-0 truncate text-ink-700 dark:text-ink-200">
                      <span data-user-content>{row[`${P}purchaser_name`] ?? ""}</span>
                      {" · "}
                      {shop ? <span data-user-content>{shop}</span> : <span>{t("shopId", { id: shopId })}</span>}
                    </span>
                    <span className="text-right text-ink-600 tabular-nums dark:text-ink-300">{formatJstDateTime(row[`${P}date`] ?? "")}</span>
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}
