import { describe, expect, it } from "vitest";
import { createSingleFlightCache } from "./single-flight-cache";

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe("single-flight cache", () => {
  it("concurrent requests for one key share one computation, fresh ones too", async () => {
    const cache = createSingleFlightCache<number>({ ttlMs: 1000 });
    const d = deferred<number>();
    let runs = 0;
    const compute = () => {
      runs += 1;
      return d.promise;
    };
    const all = [cache.get("k", "a", compute), cache.get("k", "b", compute), cache.get("k", "c", compute, { fresh: true })];
    d.resolve(7);
    expect((await Promise.all(all)).map((v) => [v.value, v.owner])).toEqual([
      [7, "a"],
      [7, "a"],
      [7, "a"],
    ]);
    expect(runs).toBe(1);
    expect(cache.computations).toBe(1);
  });

  it("keeps a value for its lifetime, then computes again; fresh computes at once; keys are apart", async () => {
    let t = 0;
    const cache = createSingleFlightCache<number>({ ttlMs: 30_000, now: () => t });
    let n = 0;
    const compute = async () => ++n;
    expect((await cache.get("k", "a", compute)).value).toBe(1);
    t = 29_999;
    expect((await cache.get("k", "b", compute)).value).toBe(1);
    t = 30_000;
    expect((await cache.get("k", "b", compute)).value).toBe(2);
    expect((await cache.get("k", "b", compute, { fresh: true })).value).toBe(3);
    expect((await cache.get("other", "b", compute)).value).toBe(4);
    expect(cache.computations).toBe(4);
  });

  it("does not keep a failure, and a failed fresh computation leaves the last value", async () => {
    const cache = createSingleFlightCache<number>({ ttlMs: 30_000, now: () => 0 });
    await expect(cache.get("k", "a", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect((await cache.get("k", "a", async () => 5)).value).toBe(5);
    await expect(cache.get("k", "a", () => Promise.reject(new Error("down")), { fresh: true })).rejects.toThrow("down");
    expect((await cache.get("k", "a", async () => 6)).value).toBe(5);
  });

  it("holds at most maxEntries keys, dropping expired then oldest settled ones", async () => {
    let t = 0;
    const cache = createSingleFlightCache<string>({ ttlMs: 100, maxEntries: 3, now: () => t });
    for (const k of ["a", "b", "c"]) await cache.get(k, "o", async () => k);
    t = 50;
    await cache.get("d", "o", async () => "d"); // full: the oldest ("a") goes
    let recomputed = 0;
    await cache.get("a", "o", async () => (recomputed++, "a2"));
    expect(recomputed).toBe(1);
    await cache.get("d", "o", async () => (recomputed++, "d2"));
    expect(recomputed).toBe(1);
  });
});
