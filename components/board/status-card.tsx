"use client";
// One order status (spec 3.1) on the board: how many slips are in it for the shops, period and
// cancelled choice on screen, and its newest slips, as the board's one answer (GET /api/board)
// says. Before the first answer it shows a skeleton; when the numbers could not be loaded it says
// so with a dash, never a zero (the board's one failure panel says why and has the one Retry);
// while a new question loads the last answer stays, dimmed; when a refresh failed the last numbers
// stay, framed with a dashed border and marked for screen readers as the last update's.
// On a wall the card is a size container: its fonts follow its width (cqi units, fit-number.ts),
// so its number and unit never leave it and its status name wraps whole, from 1280 to 3840 px.
import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { cn } from "@/components/ui/cn";
import { OrderStatusDot } from "@/components/orders/order-status-dot";
import { fitFontSize } from "./fit-number";
import { NEWEST, type BoardSlip } from "@/lib/board/contract";
import { formatJstDateTime, formatYen } from "@/lib/grid/format";

/** The largest count on a wall: grows with the screen (77 px at 1920, 154 px at 3840), never below 48 px before the card's width limits it. */
const WALL_COUNT_MAX = "min(10rem, max(3rem, 4vw))";

export interface BoardStatusItem {
  id: string;
  label: string;
  /** The label is the API's own name (no translation known). */
  userContent: boolean;
}

/** What a card shows: numbers (count null: the answer did not count this status), loading, or failed. */
export type StatusCardState =
  | { kind: "loading" }
  | { kind: "failed" }
  | { kind: "ready"; count: number | null; newest: readonly BoardSlip[]; stale: boolean; /** The last refresh failed: these are the numbers of the one before. */ outdated?: boolean };

export function StatusCard({
  status,
  state,
  shopName,
  wall,
  href,
  dot = true,
}: {
  /** The card's list on /orders (a work queue's `/orders?queue=`): its title links there. */
  href?: string;
  /** The status colour dot (not for a work queue). */
  dot?: boolean;
  status: BoardStatusItem;
  state: StatusCardState;
  shopName: (id: string) => string | undefined;
  wall: boolean;
}) {
  const t = useTranslations("board.status");
  const locale = useLocale();
  const headingId = `board-status-${status.id}`;
  const count = state.kind === "ready" ? state.count : null;
  const outdated = state.kind === "ready" && state.outdated === true;
  const countText = count === null ? "" : count.toLocaleString(locale);
  const unit = count === 1 ? t("unitOne") : t("unitOther");

  return (
    <section
      aria-labelledby={headingId}
      aria-busy={state.kind === "loading" || (state.kind === "ready" && state.stale) || undefined}
      data-status-id={status.id}
      data-count={count ?? ""}
      data-state={state.kind}
      data-outdated={outdated ? "" : undefined}
      data-board-card=""
      className={cn(
        "@container flex min-w-0 flex-col rounded-lg border bg-ink-0 shadow-xs dark:bg-ink-900",
        outdated ? "border-dashed border-amber-500 dark:border-amber-400" : "border-ink-200 dark:border-ink-800",
        wall ? "gap-2 p-4" : "gap-3 p-4",
      )}
    >
      <h2
        id={headingId}
        data-card-title
        className={cn("flex items-start gap-2 font-semibold text-ink-900 dark:text-ink-50", wall ? "text-[clamp(0.875rem,min(9cqi,1.2vw),2.25rem)] leading-tight" : "text-sm")}
      >
        {dot ? <OrderStatusDot status={status.id} large={wall} /> : null}
        {/* The status name wraps whole (never cut with an ellipsis), even one long word. */}
        {href ? (
          <Link href={href} data-card-link className="min-w-0 [overflow-wrap:anywhere] text-brand-700 underline-offset-2 hover:underline dark:text-brand-300">
            {status.label}
          </Link>
        ) : (
          <span data-user-content={status.userContent || undefined} className="min-w-0 [overflow-wrap:anywhere]">
            {status.label}
          </span>
        )}
      </h2>
      {state.kind === "loading" ? (
        <div aria-hidden="true" data-skeleton className={cn("animate-pulse rounded bg-ink-100 dark:bg-ink-800", wall ? "h-18 w-32" : "h-10 w-20")} />
      ) : state.kind === "failed" ? (
        // One failure for the whole board: the panel above the cards says it and has the one Retry.
        <p data-card-not-loaded className={cn("font-semibold text-ink-500 dark:text-ink-400", wall ? "text-[clamp(2rem,20cqi,7rem)]" : "text-4xl")}>
          <span aria-hidden="true">—</span>
          <span className="sr-only">{t("notLoaded")}</span>
        </p>
      ) : count === null ? (
        <p className={cn("text-ink-600 dark:text-ink-300", wall ? "text-lg" : "text-sm")}>{t("notCounted")}</p>
      ) : (
        // Number and unit on one line ("件" never alone), sized to the card's width (fit-number.ts).
        <p
          data-fit
          className={cn("font-semibold tracking-tight whitespace-nowrap text-ink-950 tabular-nums dark:text-ink-0", state.stale && "opacity-60")}
          style={{ fontSize: fitFontSize(countText, unit, wall ? WALL_COUNT_MAX : "2.25rem"), lineHeight: 1 }}
        >
          <span data-board-count>{countText}</span>
          <span className="font-normal text-ink-600 dark:text-ink-300" style={{ fontSize: "max(0.32em, 0.75rem)", marginInlineStart: "0.15em" }}>
            {unit}
          </span>
          {outdated ? <span className="sr-only">{t("outdated")}</span> : null}
        </p>
      )}
      {state.kind === "failed" ? null : (
        <div className="flex min-w-0 flex-col gap-1">
          <h3 className={cn("font-medium text-ink-600 dark:text-ink-300", wall ? "text-[clamp(0.75rem,min(7cqi,0.9vw),1.75rem)]" : "text-xs")}>{t("newest", { count: NEWEST })}</h3>
          {state.kind === "loading" ? (
            <ul aria-hidden="true" className="flex flex-col gap-1.5">
              {Array.from({ length: 3 }, (_, i) => (
                <li key={i} data-skeleton className={cn("animate-pulse rounded bg-ink-100 dark:bg-ink-800", wall ? "h-7" : "h-9")} />
              ))}
            </ul>
          ) : state.newest.length === 0 ? (
            <p className={cn("text-ink-600 dark:text-ink-300", wall ? "text-base" : "text-sm")}>{count === 0 ? t("none") : t("newestUnknown")}</p>
          ) : (
            <ul className={cn("flex flex-col divide-y divide-ink-100 dark:divide-ink-800", state.stale && "opacity-60")}>
              {state.newest.map((slip) => (
                <li key={slip.id}>
                  <SlipLink slip={slip} shop={shopName(slip.shopId)} wall={wall} />
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}

/** A newest slip: opens it on /orders. On a wall screen one line (number and amount), read across a room. */
function SlipLink({ slip, shop, wall }: { slip: BoardSlip; shop: string | undefined; wall: boolean }) {
  const locale = useLocale();
  const t = useTranslations("board.status");
  return (
    <Link
      href={`/orders?open=${encodeURIComponent(slip.id)}`}
      data-slip-id={slip.id}
      className={cn(
        "grid grid-cols-[minmax(0,1fr)_auto] gap-x-2 rounded px-1 hover:bg-ink-50 focus-visible:bg-ink-50 dark:hover:bg-ink-800 dark:focus-visible:bg-ink-800",
        wall ? "py-0.5 text-[clamp(0.75rem,min(7.5cqi,1vw),2rem)] leading-snug" : "py-1.5 text-xs",
      )}
    >
      <span className="min-w-0 truncate font-medium text-brand-700 tabular-nums dark:text-brand-300">
        <span className="sr-only">{t("slip")} </span>
        {slip.id}
      </span>
      <span className="text-right font-medium text-ink-900 tabular-nums dark:text-ink-100">{formatYen(slip.totalAmount)}</span>
      {wall ? null : (
        <>
          <span className="min-w-0 truncate text-ink-700 dark:text-ink-200">
            <span data-user-content>{slip.purchaserName}</span>
            {" · "}
            {shop ? <span data-user-content>{shop}</span> : <span>{t("shopId", { id: slip.shopId })}</span>}
          </span>
          <span className="text-right text-ink-600 tabular-nums dark:text-ink-300">{formatJstDateTime(slip.date, true, locale === "en" ? "en" : "ja")}</span>
        </>
      )}
    </Link>
  );
}
