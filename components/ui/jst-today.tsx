"use client";
// Japan's day (`YYYY-MM-DD`) for what resolves relative dates (a grid's "this week", the board's
// period). The server renders with its own day and hands it down (app/(dashboard)/layout.tsx), so
// hydration renders what the server did; right after, the browser's clock is read and, if its day
// in Japan differs, the page renders again with it (React's useSyncExternalStore does exactly
// that). It is read again at Japan's midnight and when the tab comes back into view, so a page
// left open overnight moves to the new day with its next query.
import { createContext, useContext, useSyncExternalStore, type ReactNode } from "react";
import { jstToday } from "@/lib/board/period";
import { JST_OFFSET_MS } from "@/lib/ne/registry/types";

const DAY_MS = 24 * 60 * 60 * 1000;
const ServerToday = createContext<string | null>(null);

export function JstTodayProvider({ today, children }: { today: string; children: ReactNode }) {
  return <ServerToday value={today}>{children}</ServerToday>;
}

function subscribe(onChange: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = () => {
    const untilMidnight = DAY_MS - ((Date.now() + JST_OFFSET_MS) % DAY_MS);
    timer = setTimeout(() => {
      onChange();
      arm();
    }, untilMidnight + 1000);
  };
  arm();
  const onVisible = () => {
    if (document.visibilityState === "visible") onChange();
  };
  document.addEventListener("visibilitychange", onVisible);
  return () => {
    clearTimeout(timer);
    document.removeEventListener("visibilitychange", onVisible);
  };
}

const browserToday = () => jstToday(new Date());

/** Today in Japan: the server's while hydrating, the browser's clock's after. */
export function useJstToday(): string {
  const server = useContext(ServerToday);
  return useSyncExternalStore(subscribe, browserToday, () => server ?? browserToday());
}
