// The per-key lock: one holder at a time, interactive waiters before background ones, arrival order
// within a priority, keys independent, and nothing left behind once a key drains.
import { describe, expect, it } from "vitest";
import { createKeyLock } from "./key-lock";

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("key lock", () => {
  it("runs the holders of one key one at a time, in arrival order", async () => {
    const lock = createKeyLock();
    const order: number[] = [];
    let inside = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        lock.run("k", async () => {
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
    expect(lock.size()).toBe(0);
  });

  it("serves a waiting interactive task before the background ones that came first, arrival order within each", async () => {
    const lock = createKeyLock();
    const g = gate();
    const order: string[] = [];
    const runs = [lock.run("k", () => g.opened.then(() => void order.push("holder")), "background")];
    for (const name of ["bg1", "bg2"]) runs.push(lock.run("k", async () => void order.push(name), "background"));
    runs.push(lock.run("k", async () => void order.push("now1")));
    runs.push(lock.run("k", async () => void order.push("bg3"), "background"));
    runs.push(lock.run("k", async () => void order.push("now2"), "interactive"));
    await tick();
    expect(order).toEqual([]);
    g.open();
    await Promise.all(runs);
    expect(order).toEqual(["holder", "now1", "now2", "bg1", "bg2", "bg3"]);
    expect(lock.size()).toBe(0);
  });

  it("keeps keys independent: a holder of one key does not hold up another", async () => {
    const lock = createKeyLock();
    const g = gate();
    const held = lock.run("a", () => g.opened);
    await expect(lock.run("b", async () => "b done")).resolves.toBe("b done");
    g.open();
    await held;
  });

  it("releases the key when a task throws, and passes the error on", async () => {
    const lock = createKeyLock();
    await expect(
      lock.run("k", async () => {
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    await expect(lock.run("k", async () => "next")).resolves.toBe("next");
    expect(lock.size()).toBe(0);
  });
});
