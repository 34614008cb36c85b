import { describe, expect, it } from "vitest";
import { sequentialRoundTrips } from "./call-log";

const call = (start_ms: number, end_ms: number) => ({ start_ms, end_ms });

describe("sequential round trips", () => {
  it("counts calls one after the other, and calls in flight together once", () => {
    expect(sequentialRoundTrips([])).toBe(0);
    expect(sequentialRoundTrips([call(0, 100)])).toBe(1);
    // search and count together, then the choice lists after them
    expect(sequentialRoundTrips([call(0, 100), call(1, 102), call(103, 200)])).toBe(2);
    // a gateway that runs one call at a time: every call is a round trip
    expect(sequentialRoundTrips([call(0, 100), call(100, 200), call(200, 300), call(300, 400)])).toBe(4);
  });

  it("takes the longest chain, not the order the calls were logged in", () => {
    // A long call overlapping three short ones in a row: the chain is the three.
    expect(sequentialRoundTrips([call(0, 1000), call(10, 100), call(110, 200), call(210, 300)])).toBe(3);
    // Three pages at a time, five pages: two waves.
    expect(sequentialRoundTrips([call(0, 500), call(1, 510), call(2, 520), call(501, 1000), call(511, 1010)])).toBe(2);
  });
});
