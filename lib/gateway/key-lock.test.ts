// The per-key readers-writer lock: shared holders together, an exclusive one alone, first come
// first served, keys independent, and nothing left behind once a key drains.
import { describe, expect, it } from "vitest";
import { createKeyLock, type LockMode } from "./key-lock";

/** A task that runs until released by hand, and records who ran alongside whom. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

function recorder() {
  const running = new Set<string>();
  const log: string[] = [];
  let maxShared = 0;
  const task = (name: string, until: Promise<void>) => async () => {
    running.add(name);
    maxShared = Math.max(maxShared, running.size);
    log.push(`start ${name} with ${[...running].sort().join(",")}`);
    await until;
    running.delete(name);
    return name;
  };
  return { log, task, max: () => maxShared };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("key lock", () => {
  it("runs shared holders of one key together", async () => {
    const lock = createKeyLock();
    const r = recorder();
    const g = gate();
    const all = Promise.all(["a", "b", "c"].map((n) => lock.run("k", "shared", r.task(n, g.opened))));
    await tick();
    expect(r.max()).toBe(3);
    g.open();
    expect(await all).toEqual(["a", "b", "c"]);
    expect(lock.size()).toBe(0);
  });

  it("runs an exclusive holder alone, after the shared ones before it and before those after it", async () => {
    const lock = createKeyLock();
    const r = recorder();
    const gates = { s1: gate(), s2: gate(), x: gate(), s3: gate() };
    const runs: Promise<string>[] = [];
    const start = (name: keyof typeof gates, mode: LockMode) => runs.push(lock.run("k", mode, r.task(name, gates[name].opened)));
    start("s1", "shared");
    start("s2", "shared");
    start("x", "exclusive");
    start("s3", "shared"); // arrives behind the exclusive waiter: waits for it
    await tick();
    expect(r.log).toEqual(["start s1 with s1", "start s2 with s1,s2"]);
    gates.s1.open();
    await tick();
    expect(r.log).toHaveLength(2); // s2 still holds: x waits
    gates.s2.open();
    await tick();
    expect(r.log[2]).toBe("start x with x");
    gates.x.open();
    await tick();
    expect(r.log[3]).toBe("start s3 with s3");
    gates.s3.open();
    expect(await Promise.all(runs)).toEqual(["s1", "s2", "x", "s3"]);
    expect(lock.size()).toBe(0);
  });

  it("serializes exclusive holders in arrival order", async () => {
    const lock = createKeyLock();
    const order: number[] = [];
    let inside = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        lock.run("k", "exclusive", async () => {
          inside += 1;
          most = Math.max(most, inside);
          await tick();
          order.push(i);
          inside -= 1;
        }),
      ),
    );
    expect(most).toBe(1);
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it("keeps keys independent: an exclusive holder of one key does not hold up another", async () => {
    const lock = createKeyLock();
    const g = gate();
    const held = lock.run("a", "exclusive", () => g.opened);
    await expect(lock.run("b", "exclusive", async () => "b done")).resolves.toBe("b done");
    g.open();
    await held;
  });

  it("releases the key when a task throws, and passes the error on", async () => {
    const lock = createKeyLock();
    await expect(
      lock.run("k", "exclusive", async () => {
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    await expect(lock.run("k", "exclusive", async () => "next")).resolves.toBe("next");
    expect(lock.size()).toBe(0);
  });
});
