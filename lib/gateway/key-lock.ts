// A readers-writer lock per key, in this process: any number of `shared` holders of a key at once,
// or one `exclusive` holder alone. Waiters are served in arrival order, so an exclusive waiter is
// never starved by a stream of shared ones (a shared task that arrives behind it waits for it).
// Written here rather than taken from a package: async-mutex and p-queue give mutexes, semaphores
// and queues, not a keyed readers-writer lock with first-come order, and this is 60 lines.

export type LockMode = "shared" | "exclusive";

interface Waiter {
  mode: LockMode;
  start(): void;
}

interface KeyState {
  shared: number;
  exclusive: boolean;
  waiting: Waiter[];
}

export interface KeyLock {
  run<T>(key: string, mode: LockMode, task: () => Promise<T>): Promise<T>;
  /** Keys with a holder or a waiter (for tests: drained keys are forgotten). */
  size(): number;
}

export function createKeyLock(): KeyLock {
  const states = new Map<string, KeyState>();

  const canStart = (state: KeyState, mode: LockMode) => (mode === "shared" ? !state.exclusive : !state.exclusive && state.shared === 0);

  function acquire(state: KeyState, mode: LockMode): void {
    if (mode === "shared") state.shared += 1;
    else state.exclusive = true;
  }

  function pump(key: string, state: KeyState): void {
    while (state.waiting.length > 0 && canStart(state, state.waiting[0]!.mode)) {
      const next = state.waiting.shift()!;
      acquire(state, next.mode);
      next.start();
    }
    if (state.shared === 0 && !state.exclusive && state.waiting.length === 0) states.delete(key);
  }

  return {
    async run(key, mode, task) {
      let state = states.get(key);
      if (!state) {
        state = { shared: 0, exclusive: false, waiting: [] };
        states.set(key, state);
      }
      const held = state;
      if (held.waiting.length === 0 && canStart(held, mode)) acquire(held, mode);
      else await new Promise<void>((start) => held.waiting.push({ mode, start }));
      try {
        return await task();
      } finally {
        if (mode === "shared") held.shared -= 1;
        else held.exclusive = false;
        pump(key, held);
      }
    },
    size: () => states.size,
  };
}
