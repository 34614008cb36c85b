"use client";
// Real full screen for the board (the Fullscreen API): `toggle` asks the browser to show the board's
// element on the whole screen, or to leave; `active` follows the document's `fullscreenchange`, so
// Esc (which the browser handles itself) or any other way out updates the button. `supported` is
// false where the API is missing or refused (an iframe without allowfullscreen, iPhone Safari) and
// on the server, so the button is only shown where it works.
import { useCallback, useSyncExternalStore, type RefObject } from "react";

function subscribe(onChange: () => void): () => void {
  document.addEventListener("fullscreenchange", onChange);
  return () => document.removeEventListener("fullscreenchange", onChange);
}

const supportedNow = () => typeof document.documentElement.requestFullscreen === "function" && document.fullscreenEnabled === true;

export function useFullscreen(ref: RefObject<HTMLElement | null>): { supported: boolean; active: boolean; toggle: () => void } {
  const supported = useSyncExternalStore(subscribe, supportedNow, () => false);
  const active = useSyncExternalStore(
    subscribe,
    () => ref.current !== null && document.fullscreenElement === ref.current,
    () => false,
  );
  const toggle = useCallback(() => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void ref.current?.requestFullscreen().catch(() => undefined);
  }, [ref]);
  return { supported, active, toggle };
}
