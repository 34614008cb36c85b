"use client";
// Over the grid, said plainly: "You are offline" while the browser is offline, a request is paused
// for it (react-query's onlineManager: fetchStatus "paused") or failing for want of a network; and
// "Loading is taking longer than usual" once the page's count or search has run for SLOW_MS. When
// the rows shown are the previous filter's (kept as placeholder while the new ones cannot come),
// it says so ("Results of the previous filter") and the rows are dimmed (./grid-body.tsx). Back
// online, react-query resumes the paused requests by itself and the new rows replace the old.
// With the page's own code: it must show when the network is gone.
import { onlineManager, type UseQueryResult } from "@tanstack/react-query";
import { Hourglass, WifiOff } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useState, useSyncExternalStore } from "react";
import type { BffError } from "@/lib/query/bff-error";

/** How long a page's request runs before the grid says it is slow. */
export const SLOW_MS = 3000;

type Watched = Pick<UseQueryResult<unknown, BffError>, "fetchStatus" | "failureReason" | "isPlaceholderData">;

const subscribeOnline = (onChange: () => void) => onlineManager.subscribe(onChange);

function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => onlineManager.isOnline(),
    () => true,
  );
}

/** What the grid's requests are doing, in the words the banner uses. */
export function networkState(online: boolean, queries: readonly Watched[]): { offline: boolean; fetching: boolean; previous: boolean } {
  const offline =
    !online ||
    queries.some((q) => q.fetchStatus === "paused" || (q.fetchStatus === "fetching" && q.failureReason?.code === "network"));
  return {
    offline,
    fetching: queries.some((q) => q.fetchStatus === "fetching"),
    previous: queries.some((q) => q.isPlaceholderData),
  };
}

export function GridNetworkState({ queries, requestKey }: { queries: readonly Watched[]; requestKey: string }) {
  const t = useTranslations("grid.network");
  const online = useOnline();
  const { offline, fetching, previous } = networkState(online, queries);
  // One token per run of requests (from the first that starts until none is running: newest first's
  // count and then its page are one run): the timer says "slow" for that run only.
  const [runs, setRuns] = useState({ fetching, n: 0 });
  if (runs.fetching !== fetching) setRuns({ fetching, n: fetching ? runs.n + 1 : runs.n });
  const run = fetching ? `${requestKey}|${runs.n}` : null;
  const [slowRun, setSlowRun] = useState<string | null>(null);
  useEffect(() => {
    if (run === null) return;
    const timer = setTimeout(() => setSlowRun(run), SLOW_MS);
    return () => clearTimeout(timer);
  }, [run]);
  const slow = !offline && run !== null && slowRun === run;

  if (!offline && !slow) return null;
  const Icon = offline ? WifiOff : Hourglass;
  return (
    <div
      role="status"
      data-grid-network={offline ? "offline" : "slow"}
      className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
    >
      <Icon aria-hidden="true" className="size-4 shrink-0" />
      <p className="font-semibold">{offline ? t("offline") : t("slow")}</p>
      <p className="text-amber-900 dark:text-amber-100">{offline ? t("offlineBody") : t("slowBody")}</p>
      {previous ? (
        <p data-previous-rows-label="" className="rounded-full bg-ink-0 px-2 py-0.5 text-xs font-medium text-ink-800 ring-1 ring-ink-300 ring-inset dark:bg-ink-900 dark:text-ink-100 dark:ring-ink-600">
          {t("previous")}
        </p>
      ) : null}
    </div>
  );
}
