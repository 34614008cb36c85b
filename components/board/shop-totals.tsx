"use client";
// The period's orders and revenue per shop, most revenue first, from the board's one answer (the
// server sums receive_order_total_amount of the slips it already read). A size container, so on a
// wall its fonts follow its width (cqi units): shop names wrap whole, numbers stay on one line.
// When the period had too many slips to read (the answer's `source: "counts"`) it says it was not
// counted by shop; while the numbers cannot be loaded it waits (the board's one failure panel says why).
import { useLocale, useTranslations } from "next-intl";
import { cn } from "@/components/ui/cn";
import type { BoardShopTotal } from "@/lib/board/contract";
import { formatRevenue } from "./orders-per-day";

export type ShopTotalsState = { kind: "loading" } | { kind: "failed" } | { kind: "ready"; shops: readonly BoardShopTotal[] | null; stale: boolean; outdated: boolean };

export function ShopTotals({ state, shopName, wall }: { state: ShopTotalsState; shopName: (id: string) => string | undefined; wall: boolean }) {
  const t = useTranslations("board.shops");
  const tStatus = useTranslations("board.status");
  const tChart = useTranslations("board.chart");
  const locale = useLocale() === "en" ? "en" : "ja";
  const outdated = state.kind === "ready" && state.outdated;
  return (
    <section
      aria-labelledby="board-shops-title"
      aria-busy={state.kind === "loading" || (state.kind === "ready" && state.stale) || undefined}
      data-board-card=""
      data-board-shops=""
      data-outdated={outdated ? "" : undefined}
      className={cn(
        "@container flex min-w-0 flex-col gap-3 rounded-lg border bg-ink-0 p-4 shadow-xs dark:bg-ink-900",
        outdated ? "border-dashed border-amber-500 dark:border-amber-400" : "border-ink-200 dark:border-ink-800",
        wall && "h-full min-h-0",
      )}
    >
      <h2 id="board-shops-title" className={cn("font-semibold text-ink-900 dark:text-ink-50", wall ? "text-[clamp(1rem,6cqi,1.75rem)]" : "text-sm")}>
        {t("title")}
      </h2>
      {state.kind === "loading" ? (
        <div aria-hidden="true" data-skeleton className="h-24 animate-pulse rounded bg-ink-100 dark:bg-ink-800" />
      ) : state.kind === "failed" ? (
        <p className={cn("text-ink-600 dark:text-ink-300", wall ? "text-lg" : "text-sm")}>{tChart("unknown")}</p>
      ) : state.shops === null ? (
        <p className={cn("text-amber-800 dark:text-amber-200", wall ? "text-base" : "text-sm")}>{t("notCounted")}</p>
      ) : state.shops.length === 0 ? (
        <p className={cn("text-ink-600 dark:text-ink-300", wall ? "text-lg" : "text-sm")}>{t("none")}</p>
      ) : (
        // On a wall the table scrolls inside its card when the shops are many: focusable, so a keyboard can scroll it.
        <div
          className={cn("min-h-0", wall && "flex-1 overflow-y-auto", state.stale && "opacity-60")}
          {...(wall ? { tabIndex: 0, role: "group", "aria-labelledby": "board-shops-title" } : {})}
        >
          <table data-shop-table className={cn("w-full border-collapse", wall ? "text-[clamp(0.75rem,4.5cqi,1.75rem)]" : "text-sm")}>
            <thead>
              <tr className="border-b border-ink-200 text-left text-ink-600 dark:border-ink-800 dark:text-ink-300">
                <th scope="col" className="py-1 pr-2 font-medium">
                  {t("shop")}
                </th>
                <th scope="col" className="py-1 pr-2 text-right font-medium whitespace-nowrap">
                  {t("orders")}
                </th>
                <th scope="col" className="py-1 text-right font-medium whitespace-nowrap">
                  {t("revenue")}
                </th>
              </tr>
            </thead>
            <tbody>
              {state.shops.map((s) => {
                const name = shopName(s.shopId);
                return (
                  <tr key={s.shopId} data-shop-id={s.shopId} data-orders={s.orders} data-revenue={s.revenue} className="border-b border-ink-100 last:border-0 dark:border-ink-800">
                    <th scope="row" className="py-1 pr-2 text-left font-medium [overflow-wrap:anywhere] text-ink-900 dark:text-ink-50">
                      {name ? <span data-user-content>{name}</span> : tStatus("shopId", { id: s.shopId })}
                    </th>
                    <td className="py-1 pr-2 text-right whitespace-nowrap tabular-nums">{s.orders.toLocaleString(locale)}</td>
                    <td className="py-1 text-right whitespace-nowrap tabular-nums">{formatRevenue(s.revenue, locale)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
