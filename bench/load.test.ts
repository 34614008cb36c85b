// The load bench's split of the instances' request log into upstream time and time added.
import { describe, expect, it } from "vitest";
import { splitFromLog } from "./load";

const line = (o: Record<string, unknown>) => JSON.stringify({ level: 30, ...o });
const search = "/api_v1_receiveorder_base/search";

describe("splitFromLog", () => {
  it("pairs each search request with its upstream calls by request id, and subtracts them", () => {
    const text = [
      line({ msg: "upstream", requestId: "a", operation: search, durationMs: 40 }),
      line({ msg: "request", requestId: "a", path: `/api/ne${search}`, durationMs: 100 }),
      // Two upstream calls for one request (a retry): their durations add up.
      line({ msg: "upstream", requestId: "b", operation: search, durationMs: 30 }),
      line({ msg: "upstream", requestId: "b", operation: search, durationMs: 50 }),
      line({ msg: "request", requestId: "b", path: `/api/ne${search}`, durationMs: 90 }),
      // Not a search, a request without upstream call, and a line cut short: left out.
      line({ msg: "request", requestId: "c", path: "/api/ne/api_v1_receiveorder_base/count", durationMs: 5 }),
      line({ msg: "request", requestId: "d", path: `/api/ne${search}`, durationMs: 7 }),
      '{"msg":"request","requestId":"e","path":"/api/ne/api_v1_receiveorder_base/search","dur',
    ].join("\n");
    const split = splitFromLog(text);
    expect(split.requests).toBe(2);
    expect(split.request).toEqual({ p50: 100, p99: 100 });
    expect(split.upstream).toEqual({ p50: 80, p99: 80 });
    expect(split.added).toEqual({ p50: 60, p99: 60 });
  });
});
