"use client";
// A grid's first row of tabs (the orders' work queues): "All" and each tab with its count, the
// chosen one kept in the URL (`?queue=`). WAI-ARIA tabs with manual activation: ←/→ (Home/End)
// move focus along the row, Enter or Space chooses; one tab stop (the chosen tab). The counts
// include the person's filters (said under the row and in the list's description), so a tab's
// count is the total its list shows. They are count-twin calls made one after the other (a
// person's calls go upstream one at a time: a promise chain here, the gateway's queue there), as
// background work, beside the grid's own count (the chosen tab's count is that very query), and
// kept for a minute (staleTime): moving between
// tabs does not ask again. On a phone the row scrolls sideways inside itself.
import { useQueries, useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useRef, type KeyboardEvent } from "react";
import { cn } from "@/components/ui/cn";
import { formatGrouped } from "@/lib/grid/format";
import { callCount, type NeRequest } from "@/lib/query/call-operation";
import { neKeys } from "@/lib/query/keys";
import type { GridDefinition } from "./grid-definition";

/** The tabs' background counts, one at a time: each starts when the one before has its answer. */
let turn: Promise<unknown> = Promise.resolve();
function inTurn<T>(signal: AbortSignal, call: () => Promise<T>): Promise<T> {
  const run = turn.then(() => {
    signal.throwIfAborted();
    return call();
  });
  turn = run.catch(() => undefined);
  return run;
}

/** How long a tab's count is used before it is asked again. */
export const TAB_COUNT_STALE_MS = 60_000;

export interface TabCountRequest {
  /** `null`: the "All" tab. */
  id: string | null;
  request: NeRequest;
}

type GridTabsProps = {
  definition: GridDefinition;
  /** Each tab's count request, in the row's order ("All" first). */
  requests: readonly TabCountRequest[];
  selected: string | null;
  onSelect: (id: string | null) => void;
  /** Prefix of the tabs' ids (`<idPrefix>-tab-<id>`, "all" for All) and the id of the region they control (`<idPrefix>-panel`). */
  idPrefix: string;
};

/** The DOM id of a tab: the panel below names itself after the chosen one. */
export function tabDomId(idPrefix: string, id: string | null): string {
  return `${idPrefix}-tab-${id ?? "all"}`;
}

export function GridTabs({ definition, requests, selected, onSelect, idPrefix }: GridTabsProps) {
  const t = useTranslations();
  const tabs = definition.tabs;
  const noteId = `${idPrefix}-tabs-note`;
  const refs = useRef<(HTMLButtonElement | null)[]>([]);

  // The chosen tab's count first (the grid asks it itself, interactively: same key, one call),
  // then the others in the row's order, one after another (`inTurn`).
  const chosen = requests.findIndex((r) => r.id === selected);
  const order = [chosen, ...requests.map((_, i) => i).filter((i) => i !== chosen)];
  // The others wait for the chosen one's answer: while the grid's own count fails (an upstream
  // fault, no permission), the row asks nothing more than the grid does.
  // The chosen tab's count is the grid's own count query (the same key): read here, never fetched
  // here, so its retries and its maintenance wait stay the grid's alone.
  const chosenRequest = requests[chosen]?.request;
  const chosenCount = useQuery({
    queryKey: neKeys.request(definition.countPath, chosenRequest ?? {}),
    queryFn: ({ signal }: { signal: AbortSignal }) => callCount(definition.countPath, chosenRequest ?? {}, signal),
    staleTime: TAB_COUNT_STALE_MS,
    enabled: false,
  });
  const others = useQueries({
    queries: order.slice(1).map((index) => {
      const { request } = requests[index] as TabCountRequest;
      return {
        queryKey: neKeys.request(definition.countPath, request),
        queryFn: ({ signal }: { signal: AbortSignal }) => inTurn(signal, () => callCount(definition.countPath, request, signal, { background: true })),
        staleTime: TAB_COUNT_STALE_MS,
        enabled: chosenCount.isSuccess,
      };
    }),
  });
  const results = [chosenCount, ...others];
  if (!tabs) return null;
  const countOf = (index: number) => results[order.indexOf(index)];

  const labels = requests.map((r) => (r.id === null ? t(tabs.allLabel) : t(tabs.items.find((i) => i.id === r.id)?.label ?? tabs.allLabel)));
  const focusAt = (index: number) => refs.current[(index + requests.length) % requests.length]?.focus();
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: requests.length - 1 };
    const to = moves[event.key];
    if (to === undefined) return;
    event.preventDefault();
    focusAt(to);
  };

  return (
    <div className="flex min-w-0 flex-col gap-1">
      {/* `relative`: the tabs' visually hidden texts (absolutely placed) belong to this scroller,
          so they never widen the page beyond it while the counts are pending. */}
      <div
        role="tablist"
        aria-label={t(tabs.label)}
        aria-describedby={noteId}
        className="relative -mx-1 flex min-w-0 gap-1 overflow-x-auto overscroll-x-contain px-1 pb-1 [scrollbar-width:thin]"
      >
        {requests.map((r, index) => {
          const isSelected = r.id === selected;
          const count = countOf(index);
          return (
            <button
              key={r.id ?? "all"}
              ref={(el) => {
                refs.current[index] = el;
              }}
              type="button"
              role="tab"
              id={tabDomId(idPrefix, r.id)}
              data-tab={r.id ?? "all"}
              aria-selected={isSelected}
              aria-controls={`${idPrefix}-panel`}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => onSelect(r.id)}
              onKeyDown={(e) => onKeyDown(e, index)}
              className={cn(
                "inline-flex h-8 shrink-0 items-center gap-1.5 whitespace-nowrap rounded-md border px-2.5 text-xs font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600",
                isSelected
                  ? "border-ink-900 bg-ink-900 text-ink-0 dark:border-ink-100 dark:bg-ink-100 dark:text-ink-950"
                  : "border-ink-200 bg-ink-0 text-ink-700 hover:bg-ink-100 dark:border-ink-700 dark:bg-ink-900 dark:text-ink-200 dark:hover:bg-ink-800",
              )}
            >
              <span>{labels[index]}</span>
              <span
                data-count
                className={cn(
                  "min-w-5 rounded-full px-1.5 text-center tabular-nums",
                  isSelected ? "bg-ink-0/20 dark:bg-ink-950/15" : "bg-ink-100 text-ink-700 dark:bg-ink-800 dark:text-ink-200",
                )}
              >
                {count?.isSuccess ? (
                  formatGrouped(String(count.data.count))
                ) : (
                  <>
                    <span aria-hidden="true">{count?.isError ? "–" : "…"}</span>
                    <span className="sr-only">{t(count?.isError ? "workQueues.countFailed" : "workQueues.countPending")}</span>
                  </>
                )}
              </span>
            </button>
          );
        })}
      </div>
      <p id={noteId} className="text-xs text-ink-600 dark:text-ink-300">
        {t(tabs.note)}
      </p>
    </div>
  );
}
