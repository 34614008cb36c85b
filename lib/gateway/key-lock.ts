// A lock per key, in this process: one holder of a key at a time. Waiters are served by priority
// (interactive before background), then in arrival order. Written here rather than taken from a
// package: async-mutex and p-queue give one mutex or one queue, not a mutex per key that forgets
// drained keys and serves by priority, and this is 50 lines.
import { priorityRank, type CallPriority } from "./priority";

interface Waiter {
  rank: number;
  start(): void;
}

interface KeyState {
  held: boolean;
  waiting: Waiter[];
}

export interface KeyLock {
  run<T>(key: string, task: () => Promise<T>, priority?: CallPriority): Promise<T>;
  /** Keys with a holder or a waiter (for tests: drained keys are forgotten). */
  size(): number;
}

export function createKeyLock(): KeyLock {
  const states = new Map<string, KeyState>();

  function release(key: string, state: KeyState): void {
    const next = state.waiting.shift();
    if (next) next.start();
    else {
      state.held = false;
      states.delete(key);
    }
  }

  return {
    async run(key, task, priority = "interactive") {
      let state = states.get(key);
      if (!state) states.set(key, (state = { held: false, waiting: [] }));
      const held = state;
      if (!held.held) held.held = true;
      else {
        // Behind every waiter of its priority or a better one, ahead of the worse.
        const rank = priorityRank(priority);
        await new Promise<void>((start) => {
          let at = held.waiting.length;
          while (at > 0 && held.waiting[at - 1]!.rank > rank) at -= 1;
          held.waiting.splice(at, 0, { rank, start });
        });
      }
      try {
        return await task();
      } finally {
        release(key, held);
      }
    },
    size: () => states.size,
  };
}
