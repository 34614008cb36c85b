"use client";
// Whether the page is as narrow as a phone (below Tailwind's `sm`, 40rem = 640 px), following the
// window as it is resized or turned. The server, and the browser while it hydrates, say "not a
// phone": the grid's body renders its skeleton until it has hydrated (./grid-body.tsx), so the
// cards or the table that follow never differ from what the server sent (no React #418).
import { useSyncExternalStore } from "react";

export const PHONE_QUERY = "(max-width: 39.999rem)";

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(PHONE_QUERY);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

export function usePhone(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(PHONE_QUERY).matches,
    () => false,
  );
}
