// When the grid says it is offline, and when it says the rows are the previous filter's
// (./grid-network-state.tsx), from react-query's own state of the page's count and search.
import { describe, expect, it } from "vitest";
import { BffError } from "@/lib/query/bff-error";
import { networkState } from "./grid-network-state";

const idle = { fetchStatus: "idle", failureReason: null, isPlaceholderData: false } as const;
const network = new BffError({ code: "network", message: "Failed to fetch", kind: "upstream-failure", retryable: true, status: 0 });
const upstream = new BffError({ code: "http-status", message: "HTTP 502", kind: "upstream-failure", retryable: true, status: 502 });

describe("the grid's network state", () => {
  it("online with its answers: nothing to say", () => {
    expect(networkState(true, [idle, idle])).toEqual({ offline: false, fetching: false, previous: false });
  });

  it("the browser offline: offline, whatever the queries do", () => {
    expect(networkState(false, [idle, idle]).offline).toBe(true);
  });

  it("a request paused for the network (react-query's fetchStatus 'paused') under the previous filter's rows", () => {
    expect(networkState(true, [{ ...idle, fetchStatus: "paused", isPlaceholderData: true }, { ...idle, isPlaceholderData: true }])).toEqual({ offline: true, fetching: false, previous: true });
  });

  it("a request retried after a network failure is offline; after an upstream failure it is not", () => {
    expect(networkState(true, [{ ...idle, fetchStatus: "fetching", failureReason: network }, idle]).offline).toBe(true);
    expect(networkState(true, [{ ...idle, fetchStatus: "fetching", failureReason: upstream }, idle])).toEqual({ offline: false, fetching: true, previous: false });
  });
});
