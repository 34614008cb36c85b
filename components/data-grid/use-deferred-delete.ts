"use client";
// A delete that waits for its Undo: the item leaves the list at once, but its delete is sent only
// after UNDO_MS, when another item is deleted, or when the component leaves the page (a grid's
// views panel closing, the settings page left). Undo before then brings it back: nothing to
// re-create, it never left the database. One item waits at a time.
//
// Focus follows the item: to the Undo button when the item (and its focused Delete button) leaves
// the list, to the caller's choice (`onUndone`: the item's button) when Undo brings it back, and
// to `onExpired`'s target when the wait ends while the Undo button still has it.
// Focus moves in an effect after the render that draws its target, never on a frame timer that
// could run before React committed that render on a busy machine.
import { useCallback, useEffect, useRef, useState } from "react";

/** How long a deleted item can be brought back. */
export const UNDO_MS = 8000;

type Focus<T> = { kind: "undo" } | { kind: "undone"; item: T } | { kind: "expired" };

export interface DeferredDelete<T> {
  /** The item waiting for its delete (hidden from the list), or null. */
  pending: T | null;
  /** Hides `item` and sends its delete later (sending the one waiting before it now). */
  remove: (item: T) => void;
  /** Brings the waiting item back; its delete is never sent. */
  undo: () => void;
  /** For the Undo button: focused when an item leaves the list. */
  undoRef: React.RefObject<HTMLButtonElement | null>;
}

export function useDeferredDelete<T>({
  send,
  onUndone,
  onExpired,
  delayMs = UNDO_MS,
}: {
  /** Sends the delete of an item. */
  send: (item: T) => void;
  /** Called after the item brought back is drawn again: focus its button. */
  onUndone?: (item: T) => void;
  /** Called after the wait ended with the focus on Undo (now gone): focus somewhere sensible. */
  onExpired?: () => void;
  delayMs?: number;
}): DeferredDelete<T> {
  const [pending, setPending] = useState<T | null>(null);
  const [focus, setFocus] = useState<Focus<T> | null>(null);
  const pendingRef = useRef<T | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const undoRef = useRef<HTMLButtonElement>(null);
  const callbacks = useRef({ send, onUndone, onExpired });
  useEffect(() => {
    callbacks.current = { send, onUndone, onExpired };
  });

  const settle = useCallback((next: T | null) => {
    window.clearTimeout(timer.current);
    pendingRef.current = next;
    setPending(next);
  }, []);

  /** Sends the delete of the item waiting for its undo, if any. */
  const commit = useCallback(() => {
    const item = pendingRef.current;
    const hadFocus = Boolean(undoRef.current) && document.activeElement === undoRef.current;
    settle(null);
    if (item !== null) callbacks.current.send(item);
    if (hadFocus) setFocus({ kind: "expired" });
  }, [settle]);

  // Leaving the page ends the chance to undo: the delete is sent then.
  useEffect(
    () => () => {
      window.clearTimeout(timer.current);
      const item = pendingRef.current;
      pendingRef.current = null;
      if (item !== null) callbacks.current.send(item);
    },
    [],
  );

  const remove = useCallback(
    (item: T) => {
      commit();
      settle(item);
      timer.current = window.setTimeout(commit, delayMs);
      setFocus({ kind: "undo" });
    },
    [commit, settle, delayMs],
  );

  const undo = useCallback(() => {
    const item = pendingRef.current;
    settle(null);
    if (item !== null) setFocus({ kind: "undone", item });
  }, [settle]);

  useEffect(() => {
    if (!focus) return;
    if (focus.kind === "undo") undoRef.current?.focus();
    else if (focus.kind === "undone") callbacks.current.onUndone?.(focus.item);
    else callbacks.current.onExpired?.();
  }, [focus]);

  return { pending, remove, undo, undoRef };
}
