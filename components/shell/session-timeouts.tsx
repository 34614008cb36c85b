"use client";
// The page's side of the sign-in's limits (lib/gateway/session-policy.ts): when nothing happened for
// the idle timeout (no input, no API call) or the sign-in reached its lifetime, the page signs out
// itself and says why, instead of showing data it could no longer refresh. The server enforces the
// same limits on every call; this only makes the end visible where the person left the page open.
import { useEffect } from "react";
import { beginSignOut } from "@/components/query/providers";
import { endSessionAction } from "@/lib/auth/actions";
import { lastActivity, noteActivity } from "@/lib/query/activity";

const CHECK_EVERY_MS = 30_000;
const INPUT_EVENTS = ["pointerdown", "keydown", "wheel", "touchstart"] as const;

export function SessionTimeouts({ idleMs, endsAt }: { idleMs: number; endsAt: number }) {
  useEffect(() => {
    noteActivity();
    for (const type of INPUT_EVENTS) window.addEventListener(type, noteActivity, { passive: true, capture: true });
    let ended = false;
    const timer = window.setInterval(() => {
      if (ended) return;
      const now = Date.now();
      const reason = now >= endsAt ? "expired" : now - lastActivity() >= idleMs ? "idle" : null;
      if (!reason) return;
      ended = true;
      beginSignOut();
      void endSessionAction(reason, window.location.pathname + window.location.search);
    }, CHECK_EVERY_MS);
    return () => {
      window.clearInterval(timer);
      for (const type of INPUT_EVENTS) window.removeEventListener(type, noteActivity, { capture: true });
    };
  }, [idleMs, endsAt]);
  return null;
}
