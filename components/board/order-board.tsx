"use client";
// The order status board for managers: a card per order status (spec 3.1, in the order of the
// classification list) with its count and newest slips, filtered by shop, order-date period and
// whether cancelled slips count (kept in the URL), orders per day, refreshed on its own, and a
// wall-screen mode for a TV (?wall=1, "f" to enter, Esc to leave) in which the shell steps aside
// (app/globals.css) and everything fits one 1920×1080 screen, and real full screen (the Fullscreen
// API on the board itself: the button's state follows `fullscreenchange`, Esc leaves; the button is
// not shown where the API is missing). Every number on it comes from one request, GET /api/board
// (board-query.ts), which the server computes once per refresh interval for the whole company;
// when it fails the board says so once, in one panel with one Retry, and keeps the last numbers on
// screen, marked as the last update's.
import { Expand, Maximize2, Minimize2, RefreshCw, CircleAlert, Shrink } from "lucide-react";
import { useQueryStates } from "nuqs";
import { useLocale, useTranslations } from "next-intl";
import { useCallback, useEffect, useId, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { CHOICES } from "@/lib/ne/registry/choice-sources";
import { classificationValues } from "@/lib/ne/registry/resources/classifications";
import { ORDER_STATUS } from "@/lib/ne/registry/resources/receive-order";
import { isBffError } from "@/lib/query/bff-error";
import { errorDescription } from "@/components/query/error-text";
import { useChoices } from "@/lib/query/choices";
import { useInfo } from "@/lib/query/hooks";
import { periodRange, type PeriodKind } from "@/lib/board/period";
import { useBoardNumbers, type BoardParams } from "./board-query";
import { boardUrlParsers } from "./board-url-state";
import { CancelledFilter, PeriodFilter, ShopFilter } from "./board-filters";
import { OrdersPerDay, type ChartState } from "./orders-per-day";
import { clockTime, REFRESH_CHOICES, REFRESH_STORAGE_KEY, refreshChoiceOf, type RefreshChoice } from "./refresh-schedule";
import { StatusCard, type BoardStatusItem, type StatusCardState } from "./status-card";
import { ShopTotals, type ShopTotalsState } from "./shop-totals";
import { useFullscreen } from "./use-fullscreen";
import { useBoardRefresh } from "./use-board-refresh";
import { ToggleGroup } from "@/components/ui/toggle-group";
import { serializeFilterToken } from "@/lib/grid/filters";
import { WORK_QUEUES } from "@/lib/orders/work-queues";

const STATUS_INFO = "/api_v1_system_orderstatus/info";
const STORAGE_EVENT = "backyard-board-refresh";

function subscribeRefreshChoice(onChange: () => void): () => void {
  window.addEventListener("storage", onChange);
  window.addEventListener(STORAGE_EVENT, onChange);
  return () => {
    window.removeEventListener("storage", onChange);
    window.removeEventListener(STORAGE_EVENT, onChange);
  };
}

function readRefreshChoice(): string | null {
  try {
    return window.localStorage.getItem(REFRESH_STORAGE_KEY);
  } catch {
    return null;
  }
}

function saveRefreshChoice(choice: RefreshChoice): void {
  try {
    window.localStorage.setItem(REFRESH_STORAGE_KEY, choice);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  window.dispatchEvent(new Event(STORAGE_EVENT));
}

/** The refresh interval chosen in this browser (60 s until one is chosen). */
function useRefreshChoice(): RefreshChoice {
  const stored = useSyncExternalStore(subscribeRefreshChoice, readRefreshChoice, () => null);
  return refreshChoiceOf(stored);
}

/**
 * Cards per row on a wall screen: all in one row up to ten (the nine work queues too: two rows of
 * them left the chart no room on 1080 px), else two rows. Their text follows their width (cqi).
 */
function wallColumns(statuses: number): number {
  return statuses <= 10 ? Math.max(1, statuses) : Math.ceil(statuses / 2);
}

/** Why the board could not be refreshed, in words (the code follows for support). */
function failureReason(error: unknown, tQuery: ReturnType<typeof useTranslations<"query">>): string {
  return errorDescription(tQuery, error);
}

function isTyping(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName));
}

export function OrderBoard() {
  const t = useTranslations("board");
  const tArea = useTranslations("areas.board");
  const tQuery = useTranslations("query");
  const locale = useLocale() === "en" ? "en" : "ja";
  const [url, setUrl] = useQueryStates(boardUrlParsers, { history: "push" });
  const wall = url.wall;
  const refreshChoice = useRefreshChoice();
  const board = useBoardRefresh(refreshChoice);
  const { refresh } = board;

  // "Today" is read again on every refresh, so a board left on overnight moves to the new day.
  const [now, setNow] = useState(() => Date.now());
  const refreshNow = useCallback(() => {
    setNow(Date.now());
    refresh({ fresh: true });
  }, [refresh]);
  const range = periodRange(url.period, new Date(Math.max(now, board.updatedAt)), { from: url.from, to: url.to });
  const params: BoardParams | null = range ? { from: range.from, to: range.to, shops: url.shop, includeCancelled: url.cancelled } : null;
  const numbers = useBoardNumbers(params);
  const answer = numbers.data;
  // Failed with nothing to show: the one failure panel says so, every card shows a dash and the
  // chart waits (a failed refresh keeps the last answer), also while the board tries again.
  const failed = !answer && (numbers.isError || board.error !== null);
  const failure = board.error ?? (failed ? numbers.error : null);
  const stale = numbers.isPlaceholderData;
  // The last refresh failed over numbers on screen: they stay, marked as the last update's.
  const outdated = Boolean(answer) && failure !== null;
  // The cards: the API's statuses, or NextEngine's work queues (`columns=queues`).
  const byQueue = url.columns === "queues";
  const counts = useMemo(() => new Map((byQueue ? answer?.queues : answer?.statuses)?.map((s) => [s.id, s]) ?? []), [answer, byQueue]);
  const cardState = (id: string): StatusCardState => {
    if (failed) return { kind: "failed" };
    if (!answer) return { kind: "loading" };
    const numbersOf = counts.get(id);
    // Read from every slip of the period, a status without any has none; counted, it was not counted.
    const count = numbersOf?.count ?? (answer.source === "rows" ? 0 : null);
    return { kind: "ready", count, newest: numbersOf?.newest ?? [], stale, outdated };
  };
  const chartState: ChartState = failed
    ? { kind: "failed" }
    : answer
    ? { kind: "ready", unit: answer.unit, buckets: answer.buckets, totals: answer.totals, stale, outdated }
    : { kind: "loading" };
  const shopState: ShopTotalsState = failed ? { kind: "failed" } : answer ? { kind: "ready", shops: answer.shopTotals, stale, outdated } : { kind: "loading" };

  // Shop names label the slips as well as the filter: fetched at once.
  const shops = useChoices(CHOICES.shop, locale, true);

  const info = useInfo(STATUS_INFO);
  const tQueues = useTranslations("workQueues");
  const queueItems = useMemo<BoardStatusItem[]>(() => WORK_QUEUES.map((q) => ({ id: q.id, label: tQueues(q.id), userContent: false })), [tQueues]);
  /** A queue's list on /orders, with the board's period and shops as filters. */
  const queueHref = (id: string): string => {
    const query = new URLSearchParams({ queue: id });
    if (range) {
      query.append("f", serializeFilterToken({ field: "receive_order_date", op: "gte", value: range.from }));
      query.append("f", serializeFilterToken({ field: "receive_order_date", op: "lte", value: range.to }));
    }
    if (url.shop.length) query.append("f", serializeFilterToken({ field: "receive_order_shop_id", op: "in", value: url.shop }));
    return `/orders?${query.toString()}`;
  };
  const statuses = useMemo<BoardStatusItem[] | undefined>(() => {
    const known = new Map(classificationValues.orderStatus.map((v) => [v.id, v[locale]]));
    const fromRegistry = () => ORDER_STATUS.map((s) => ({ id: s.value, label: s.label[locale], userContent: false }));
    if (info.isError && !info.data) return fromRegistry();
    if (!info.data) return undefined;
    const seen = new Set<string>();
    const list: BoardStatusItem[] = [];
    for (const row of info.data.rows) {
      const id = row.order_status_id;
      if (!id || seen.has(id)) continue;
      seen.add(id);
      const label = known.get(id);
      list.push(label ? { id, label, userContent: false } : { id, label: row.order_status_name || id, userContent: Boolean(row.order_status_name) });
    }
    return list.length ? list : fromRegistry();
  }, [info.data, info.isError, locale]);

  const boardRef = useRef<HTMLDivElement>(null);
  const fullscreen = useFullscreen(boardRef);
  // Full screen lays the board out as the wall screen does (it is one, without the URL's choice).
  const wallLayout = wall || fullscreen.active;
  const setWall = useCallback((on: boolean) => void setUrl({ wall: on ? true : null }), [setUrl]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
      if (event.key === "Escape" && document.fullscreenElement) {
        // The browser leaves full screen on Esc itself; this covers one that hands the key to the page.
        event.preventDefault();
        void document.exitFullscreen().catch(() => undefined);
      } else if (event.key === "Escape" && wall) {
        event.preventDefault();
        setWall(false);
      } else if ((event.key === "f" || event.key === "F") && !event.shiftKey) {
        event.preventDefault();
        setWall(!wall);
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [wall, setWall]);

  const refreshId = useId();
  const shopSummary = url.shop.length ? url.shop.map((id) => shops.labelOf(id) ?? id).join("・") : t("filters.allShops");
  const periodSummary = range ? (range.from === range.to ? range.from : `${range.from} – ${range.to}`) : "";

  return (
    // On a wall screen (or in full screen) the board is exactly the screen's height: the cards take what they need and
    // the chart the rest, so nothing scrolls (e2e: 1920×1080 with every status of the list).
    <div ref={boardRef}
      data-wall-screen={wall ? "" : undefined}
      data-fullscreen={fullscreen.active ? "" : undefined}
      className={cn("flex flex-col gap-4", wall && "h-[calc(100dvh-2rem)] min-h-0", fullscreen.active && "h-dvh min-h-0 overflow-hidden bg-ink-50 p-4 dark:bg-ink-950")}>
      <div className={cn("flex flex-col gap-3 border-b border-ink-200 sm:flex-row sm:items-start sm:justify-between dark:border-ink-800", wallLayout ? "pb-3" : "pb-4")}>
        <div className="min-w-0 space-y-1">
          <h1 className={cn("font-semibold tracking-tight text-ink-950 dark:text-ink-0", wallLayout ? "text-3xl" : "text-xl")}>{tArea("title")}</h1>
          <p className={cn("text-ink-600 dark:text-ink-300", wallLayout ? "text-lg" : "text-sm")}>
            {wallLayout ? (
              <>
                <span data-user-content={url.shop.length ? "" : undefined}>{shopSummary}</span>
                {" · "}
                <span className="tabular-nums">{periodSummary}</span>
                {" · "}
                <span>{url.cancelled ? t("filters.cancelledIncluded") : t("filters.cancelledExcluded")}</span>
              </>
            ) : (
              t("description")
            )}
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap items-center gap-2">
          {/* The time stays while a refresh runs (a spinning icon says so), so a TV does not flicker
              and a screen reader hears one change per refresh. */}
          <p data-refreshing={board.fetching ? "" : undefined} className={cn("flex items-center gap-1.5 text-ink-600 tabular-nums dark:text-ink-300", wallLayout ? "text-lg" : "text-xs")}>
            <RefreshCw aria-hidden="true" className={cn("size-3.5 shrink-0", board.fetching ? "animate-spin" : "opacity-0")} />
            <span aria-live="polite" data-updated-at={board.updatedAt ? clockTime(board.updatedAt) : ""} data-updated-ms={board.updatedAt || ""}>
              {board.updatedAt ? t("refresh.updatedAt", { time: clockTime(board.updatedAt) }) : t("refresh.loading")}
            </span>
          </p>
          {wallLayout ? null : (
            <>
              <label htmlFor={refreshId} className="sr-only">
                {t("refresh.label")}
              </label>
              <select
                id={refreshId}
                value={refreshChoice}
                onChange={(e) => saveRefreshChoice(refreshChoiceOf(e.target.value))}
                className="h-8 rounded-md border border-ink-300 bg-ink-0 px-2 text-xs font-medium text-ink-800 dark:border-ink-600 dark:bg-ink-850 dark:text-ink-100"
              >
                {REFRESH_CHOICES.map((c) => (
                  <option key={c} value={c}>
                    {t(`refresh.every.${c}`)}
                  </option>
                ))}
              </select>
              <Button size="sm" variant="secondary" onClick={refreshNow} disabled={board.fetching}>
                <RefreshCw aria-hidden="true" />
                {t("refresh.now")}
              </Button>
            </>
          )}
          {fullscreen.supported ? (
            <Button
              size="sm"
              variant="secondary"
              data-fullscreen-button
              aria-pressed={fullscreen.active}
              onClick={fullscreen.toggle}
              aria-keyshortcuts={fullscreen.active ? "Escape" : undefined}
              title={t("fullscreen.hint")}
            >
              {fullscreen.active ? <Shrink aria-hidden="true" /> : <Expand aria-hidden="true" />}
              {fullscreen.active ? t("fullscreen.exit") : t("fullscreen.enter")}
            </Button>
          ) : null}
          {fullscreen.active ? null : (
            <Button size="sm" variant={wall ? "secondary" : "primary"} onClick={() => setWall(!wall)} aria-keyshortcuts={wall ? "Escape" : "F"} title={wall ? t("wall.exitHint") : t("wall.enterHint")}>
              {wall ? <Minimize2 aria-hidden="true" /> : <Maximize2 aria-hidden="true" />}
              {wall ? t("wall.exit") : t("wall.enter")}
            </Button>
          )}
        </div>
      </div>

      {wallLayout ? null : (
        <div role="group" aria-label={t("filters.label")} className="flex flex-wrap items-center gap-2">
          <ShopFilter shops={shops} selected={url.shop} onChange={(ids) => void setUrl({ shop: ids.length ? ids : null })} />
          <PeriodFilter
            kind={url.period}
            from={url.from ?? range?.from ?? ""}
            to={url.to ?? range?.to ?? ""}
            locale={locale}
            onKind={(kind: PeriodKind) => void setUrl(kind === "custom" ? { period: kind, from: range?.from ?? null, to: range?.to ?? null } : { period: kind, from: null, to: null })}
            onCustom={({ from, to }) => void setUrl({ period: "custom", from, to })}
          />
          <ToggleGroup
            label={tQueues("board.label")}
            value={url.columns}
            options={[
              { value: "statuses", label: tQueues("board.statuses") },
              { value: "queues", label: tQueues("board.queues") },
            ]}
            onValueChange={(next) => void setUrl({ columns: next === "statuses" ? null : next })}
          />
          <CancelledFilter checked={url.cancelled} onChange={(on) => void setUrl({ cancelled: on ? true : null })} />
          {answer && !stale ? (
            <p data-cancelled-note className="text-xs text-ink-600 dark:text-ink-300">
              {url.cancelled ? t("filters.cancelledCounted", { count: answer.cancelled }) : t("filters.cancelledLeftOut", { count: answer.cancelled })}
            </p>
          ) : null}
        </div>
      )}

      {answer?.source === "counts" ? (
        <p data-board-counts-note className={cn("rounded-lg border border-amber-200 bg-amber-50 px-4 py-2 text-amber-900 dark:border-amber-900/60 dark:bg-amber-950/40 dark:text-amber-100", wallLayout ? "text-base" : "text-sm")}>
          {t("countsNote", { slips: answer.slips.toLocaleString(locale) })}
        </p>
      ) : null}

      {failure ? (
        <div role="alert" data-board-error className="flex flex-wrap items-center gap-3 rounded-lg border border-red-200 bg-red-50 px-4 py-3 dark:border-red-900/60 dark:bg-red-950/40">
          <CircleAlert aria-hidden="true" className="size-5 shrink-0 text-red-700 dark:text-red-300" />
          <div className="min-w-0 flex-1 text-sm">
            <p className="font-semibold text-ink-950 dark:text-ink-0">{answer && board.updatedAt ? t("refresh.failed", { time: clockTime(board.updatedAt) }) : t("refresh.failedFirst")}</p>
            <p data-board-error-reason className="text-ink-700 dark:text-ink-200">
              {failureReason(failure, tQuery)}
              {refreshChoice === "off" ? null : ` ${t("refresh.retriesOnItsOwn")}`}
              {answer ? ` ${t("failure.marked")}` : null}
            </p>
            {isBffError(failure) && failure.code ? <p className="font-mono text-xs text-ink-600 dark:text-ink-300">{tQuery("error.code", { code: failure.code })}</p> : null}
          </div>
          <Button variant="primary" size="sm" onClick={refreshNow} disabled={board.fetching}>
            <RefreshCw aria-hidden="true" />
            {tQuery("retry")}
          </Button>
        </div>
      ) : null}

      <div
        className={cn("grid gap-4", wallLayout ? "shrink-0" : "grid-cols-1 sm:grid-cols-2 xl:grid-cols-4")}
        style={wallLayout ? { gridTemplateColumns: `repeat(${wallColumns(byQueue ? queueItems.length : (statuses?.length ?? ORDER_STATUS.length))}, minmax(0, 1fr))` } : undefined}
      >
        {byQueue
          ? queueItems.map((queue) => (
              <StatusCard key={queue.id} status={queue} state={cardState(queue.id)} shopName={shops.labelOf} wall={wallLayout} href={queueHref(queue.id)} dot={false} />
            ))
          : statuses
          ? statuses.map((status) => <StatusCard key={status.id} status={status} state={cardState(status.id)} shopName={shops.labelOf} wall={wallLayout} />)
          : Array.from({ length: ORDER_STATUS.length }, (_, i) => <div key={i} aria-hidden="true" data-skeleton className={cn("animate-pulse rounded-lg bg-ink-100 dark:bg-ink-800", wallLayout ? "h-80" : "h-64")} />)}
      </div>

      {range ? (
        <div className={cn("grid gap-4", wallLayout ? "min-h-0 flex-1 grid-cols-[minmax(0,3fr)_minmax(0,1fr)]" : "grid-cols-1 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]")}>
          <OrdersPerDay range={range} state={chartState} wall={wallLayout} />
          <ShopTotals state={shopState} shopName={shops.labelOf} wall={wallLayout} />
        </div>
      ) : null}
    </div>
  );
}
