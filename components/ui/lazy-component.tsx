"use client";
// A component loaded on first render, as next/dynamic with `ssr: false` does, on React.lazy alone
// (next/dynamic's loader machinery is ~2 kB gzip the grid pages would otherwise load up front):
// nothing on the server or while hydrating, then the chunk, then the component; nothing shows
// while it loads. `preload()` fetches the chunk early (a button hovered or focused), so opening
// stays instant. A failed load throws to the nearest error boundary, as next/dynamic's does.
import { lazy, Suspense, useSyncExternalStore, type ComponentType } from "react";

type Loaded<P> = { default: ComponentType<P> };

export type LazyComponent<P> = ComponentType<P> & {
  /** Starts loading the chunk (no-op once loaded); never rejects. */
  preload: () => void;
};

const subscribeNever = () => () => {};
const onClient = () => true;
const onServer = () => false;

export function lazyComponent<P extends object>(load: () => Promise<Loaded<P>>): LazyComponent<P> {
  let loading: Promise<Loaded<P>> | undefined;
  // A failed load is forgotten, so a preload that failed does not fail the first render as well.
  const loadOnce = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  const Lazy = lazy(loadOnce) as unknown as ComponentType<P>;

  function LazyOnClient(props: P) {
    const hydrated = useSyncExternalStore(subscribeNever, onClient, onServer);
    if (!hydrated) return null;
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }

  return Object.assign(LazyOnClient, { preload: () => void loadOnce().catch(() => undefined) });
}
