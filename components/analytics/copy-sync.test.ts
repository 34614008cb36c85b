import { MutationObserver, QueryClient, QueryObserver } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import type { RefreshAnswer, SyncStatusAnswer } from "@/lib/analytics/sync-answers";
import { RefreshFailed, refreshCopy, refreshMutationOptions, refreshVerdict, syncStatusKey, type RefreshDeps } from "./copy-sync";
import { analyticsKeys } from "./view-query";

const T0 = Date.parse("2026-11-28T01:00:00.000Z");
const iso = (ms: number) => new Date(ms).toISOString();
const idle: SyncStatusAnswer = { asOf: iso(T0 - 3_600_000), running: false, lastError: null, lastErrorAt: null, requested: false };

/** A fake server: `ask` answers the request at the fake clock's time; each look at the status answers the next of `statuses` (the last one repeats). */
function fakeServer(statuses: ((requestedAt: number) => SyncStatusAnswer)[], askAnswer: Partial<SyncStatusAnswer> = { requested: true }) {
  let clock = T0;
  let requestedAt = 0;
  const calls = { ask: 0, status: 0, slept: [] as number[] };
  const deps: RefreshDeps = {
    ask: async () => {
      calls.ask += 1;
      requestedAt = clock;
      return { ...idle, ...askAnswer, started: true, requestedAt: iso(requestedAt) } satisfies RefreshAnswer;
    },
    status: async () => {
      const next = statuses[Math.min(calls.status, statuses.length - 1)]!;
      calls.status += 1;
      return next(requestedAt);
    },
    sleep: async (ms) => {
      calls.slept.push(ms);
      clock += ms;
    },
    now: () => clock,
    intervalMs: 2_000,
    timeoutMs: 60_000,
  };
  return { deps, calls };
}

describe("refreshVerdict", () => {
  it("done at or after the request, failed on an error since, lost when nothing runs or is asked, else waiting", () => {
    expect(refreshVerdict({ ...idle, asOf: iso(T0) }, T0)).toBe("done");
    expect(refreshVerdict({ ...idle, asOf: iso(T0 - 1), running: true }, T0)).toBe("waiting");
    expect(refreshVerdict({ ...idle, requested: true }, T0)).toBe("waiting");
    expect(refreshVerdict({ ...idle, lastError: "003001: down", lastErrorAt: iso(T0 + 5) }, T0)).toBe("failed");
    // An error of an earlier sync is not this refresh's.
    expect(refreshVerdict({ ...idle, running: true, lastError: "old", lastErrorAt: iso(T0 - 60_000) }, T0)).toBe("waiting");
    expect(refreshVerdict(idle, T0)).toBe("lost");
  });
});

describe("refreshCopy", () => {
  it("asks once, looks at the status every interval while the sync runs, and answers the status that is as of the request", async () => {
    const running = () => ({ ...idle, running: true, requested: true });
    const { deps, calls } = fakeServer([running, running, (at) => ({ ...idle, asOf: iso(at + 10) })]);
    const status = await refreshCopy(deps);
    expect(status.asOf).toBe(iso(T0 + 10));
    expect(calls.ask).toBe(1);
    expect(calls.status).toBe(3);
    expect(calls.slept).toEqual([2_000, 2_000, 2_000]);
  });

  it("a failed sync ends the wait with its reason", async () => {
    const { deps, calls } = fakeServer([() => ({ ...idle, running: true, requested: true }), (at) => ({ ...idle, requested: true, lastError: "003001: upstream down", lastErrorAt: iso(at + 1) })]);
    const failure = await refreshCopy(deps).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(RefreshFailed);
    expect(failure).toMatchObject({ reason: "failed", detail: "003001: upstream down" });
    expect(calls.status).toBe(2);
  });

  it("a sync that started before the request and took it with it: asks again once, then waits for its own", async () => {
    // The earlier sync finishes (as of before the request) and clears the request.
    const { deps, calls } = fakeServer([() => ({ ...idle, asOf: iso(T0 - 500) }), () => ({ ...idle, running: true, requested: true }), (at) => ({ ...idle, asOf: iso(at + 1) })], {
      running: true,
      requested: true,
    });
    await refreshCopy(deps);
    expect(calls.ask).toBe(2);
    expect(calls.status).toBe(3);
  });

  it("gives up after the time limit (a sync that never finishes)", async () => {
    const { deps, calls } = fakeServer([() => ({ ...idle, running: true, requested: true })]);
    await expect(refreshCopy(deps)).rejects.toMatchObject({ reason: "timeout" });
    expect(calls.status).toBe(30);
  });
});

/** A view's query watched as a page watches it; `fetches` counts its fetches. */
async function watchedView(key: readonly unknown[]) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  let fetches = 0;
  const stop = new QueryObserver(client, { queryKey: key, queryFn: async () => ++fetches }).subscribe(() => {});
  await expect.poll(() => fetches).toBe(1);
  return {
    client,
    fetches: () => fetches,
    close: () => {
      stop();
      client.clear();
    },
  };
}

describe("refreshMutationOptions", () => {
  it("when the copy is as of the request, the analytics views' queries fetch again and the status is the new one", async () => {
    const view = await watchedView(analyticsKeys.view("sales", "from=2026-11-01"));
    const { deps } = fakeServer([(at) => ({ ...idle, asOf: iso(at + 1) })]);
    await new MutationObserver(view.client, refreshMutationOptions(view.client, deps)).mutate();
    await expect.poll(view.fetches).toBe(2);
    expect(view.client.getQueryData<SyncStatusAnswer>(syncStatusKey)?.asOf).toBe(iso(T0 + 1));
    view.close();
  });

  it("a failed refresh leaves the views' numbers alone", async () => {
    const view = await watchedView(analyticsKeys.view("stock", "/api/analytics/stock?view=reorder"));
    const { deps } = fakeServer([(at) => ({ ...idle, lastError: "boom", lastErrorAt: iso(at) })]);
    await expect(new MutationObserver(view.client, refreshMutationOptions(view.client, deps)).mutate()).rejects.toBeInstanceOf(RefreshFailed);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(view.fetches()).toBe(1);
    view.close();
  });
});
