import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { watchOptions } from "./hooks";

/** Two observers of one count, the second subscribing after the first's answer, as the grid's body does. */
async function fetchesOfTwoObservers(options: Record<string, unknown>): Promise<number> {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: false } } });
  let fetches = 0;
  const query = { queryKey: ["count", { conditions: [] }], queryFn: async () => ({ count: ++fetches }), ...options };
  const first = new QueryObserver(client, query);
  const stopFirst = first.subscribe(() => {});
  await client.getQueryCache().find({ queryKey: query.queryKey })!.promise;
  const second = new QueryObserver(client, query);
  const stopSecond = second.subscribe(() => {});
  await new Promise((resolve) => setTimeout(resolve, 0));
  stopFirst();
  stopSecond();
  client.clear();
  return fetches;
}

describe("watchOptions", () => {
  it("keeps the client's staleTime when none is given: a second observer reads the answer, no second fetch", async () => {
    expect(await fetchesOfTwoObservers(watchOptions({ keepPrevious: true }))).toBe(1);
  });

  it("an explicit staleTime undefined would replace the default and fetch twice (the bug it avoids)", async () => {
    expect(await fetchesOfTwoObservers({ ...watchOptions({ keepPrevious: true }), staleTime: undefined })).toBe(2);
  });

  it("passes a given staleTime through", () => {
    expect(watchOptions({ staleTime: 0 })).toMatchObject({ staleTime: 0 });
    expect("staleTime" in watchOptions({})).toBe(false);
  });
});
