import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { afterEach, describe, expect, it } from "vitest";
import { BffError } from "@/lib/query/bff-error";
import { boardStatusOf } from "./use-board-refresh";

const KEY = ["board", { from: "2026-11-01", to: "2026-11-07", shops: [], includeCancelled: false }] as const;

function failure(code: string): BffError {
  return new BffError({ code, message: code, kind: "upstream-failure", retryable: true, status: 502 });
}

/** A board query watched as the page watches it, whose fetches the test settles one by one. */
function boardQuery() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  let settle: { resolve: (v: number) => void; reject: (e: unknown) => void } | null = null;
  const observer = new QueryObserver(client, {
    queryKey: KEY,
    queryFn: () => new Promise<number>((resolve, reject) => void (settle = { resolve, reject })),
  });
  const unsubscribe = observer.subscribe(() => {});
  const cache = client.getQueryCache();
  const settled = () => new Promise((r) => setTimeout(r, 0));
  return {
    status: () => boardStatusOf(cache),
    async fail(error: BffError) {
      settle!.reject(error);
      await settled();
    },
    async answer(value: number) {
      settle!.resolve(value);
      await settled();
    },
    async refetch() {
      void observer.refetch();
      await settled();
    },
    stop() {
      unsubscribe();
      client.clear();
    },
  };
}

let stop: (() => void) | undefined;
afterEach(() => stop?.());

describe("the board's refresh status", () => {
  it("keeps saying a refresh failed while the board tries again, until an answer comes", async () => {
    const q = boardQuery();
    stop = q.stop;
    await q.answer(1);
    expect(q.status()).toMatchObject({ fetching: false, error: null });
    const updatedAt = q.status().updatedAt;
    expect(updatedAt).toBeGreaterThan(0);

    await q.refetch();
    const down = failure("http-status");
    await q.fail(down);
    expect(q.status()).toMatchObject({ fetching: false, error: down, updatedAt });

    await q.refetch();
    expect(q.status()).toMatchObject({ fetching: true, error: down, updatedAt });
    const again = failure("timeout");
    await q.fail(again);
    expect(q.status()).toMatchObject({ fetching: false, error: again });

    await q.refetch();
    await q.answer(2);
    expect(q.status()).toMatchObject({ fetching: false, error: null });
  });

  it("keeps a first load's failure while it is tried again (TanStack Query forgets it then)", async () => {
    const q = boardQuery();
    stop = q.stop;
    const down = failure("bad-response");
    await q.fail(down);
    expect(q.status()).toMatchObject({ fetching: false, error: down, updatedAt: 0 });

    await q.refetch();
    expect(q.status()).toMatchObject({ fetching: true, error: down, updatedAt: 0 });

    await q.answer(3);
    expect(q.status()).toMatchObject({ fetching: false, error: null });
    expect(q.status().updatedAt).toBeGreaterThan(0);
  });

  it("gives the same object while nothing changed (a React external store)", async () => {
    const q = boardQuery();
    stop = q.stop;
    await q.answer(1);
    expect(q.status()).toBe(q.status());
  });
});
