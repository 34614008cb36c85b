import "server-only";
// A value computed once per lifetime per key and shared by every request that asks: a process-local
// map from key to the last value and the computation under way. Single flight: while one
// computation runs, every request for its key waits for it, a "fresh" one too. Failures are not
// kept: the next request computes again (a failed fresh one leaves the last value). Used for the
// board's numbers (lib/board/server, per company and question). Process-local: several instances
// each compute.

export interface SharedValue<T> {
  value: T;
  /** The session key whose calls computed it (a failure of that session is not another's). */
  owner: string;
}

interface Entry<T> {
  /** The settled value and when its computation started. */
  done?: { value: T; owner: string; at: number };
  /** The computation under way. */
  flight?: Promise<SharedValue<T>>;
}

export interface SingleFlightCache<T> {
  /**
   * The value of `key`: the computation under way if any, else the kept value if younger than the
   * lifetime and `fresh` is not asked, else a new computation by `owner` (`compute`).
   */
  get(key: string, owner: string, compute: () => Promise<T>, options?: { fresh?: boolean }): Promise<SharedValue<T>>;
  /** Computations started since the cache was made (tests). */
  readonly computations: number;
  /** Keys held, settled or under way (tests). */
  size(): number;
  clear(): void;
}

export function createSingleFlightCache<T>({ ttlMs, maxEntries = 1000, now = Date.now }: { ttlMs: number; maxEntries?: number; now?: () => number }): SingleFlightCache<T> {
  const entries = new Map<string, Entry<T>>();
  let computations = 0;

  function prune(): void {
    if (entries.size < maxEntries) return;
    const t = now();
    for (const [key, entry] of entries) {
      if (!entry.flight && (!entry.done || t - entry.done.at >= ttlMs)) entries.delete(key);
    }
    // Still full of live entries: drop the oldest settled ones (Map keeps insertion order).
    for (const [key, entry] of entries) {
      if (entries.size < maxEntries) break;
      if (!entry.flight) entries.delete(key);
    }
  }

  return {
    get computations() {
      return computations;
    },
    clear() {
      entries.clear();
    },
    size: () => entries.size,
    get(key, owner, compute, options = {}) {
      const entry = entries.get(key);
      if (entry?.flight) return entry.flight;
      if (entry?.done && !options.fresh && now() - entry.done.at < ttlMs) return Promise.resolve({ value: entry.done.value, owner: entry.done.owner });
      if (!entry) prune();
      const target: Entry<T> = entry ?? {};
      if (!entry) entries.set(key, target);
      const at = now();
      computations += 1;
      const flight = (async () => compute())().then(
        (value) => {
          target.done = { value, owner, at };
          target.flight = undefined;
          return { value, owner };
        },
        (err: unknown) => {
          target.flight = undefined;
          if (!target.done) entries.delete(key);
          throw err;
        },
      );
      target.flight = flight;
      return flight;
    },
  };
}
