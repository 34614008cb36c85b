// withAdvisoryLock on the machine's PostgreSQL: each lock held at once has a connection of its own,
// one key excludes across instances, and a lock never outlives its holder (a throw, a lost connection).
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import pg from "pg";
import { openDatabase, type AppDatabase } from "@/lib/db";
import { TEST_PG_URL, postgresReachable } from "@/lib/test/postgres";

/** The backends holding the advisory lock of `key` (as withAdvisoryLock hashes it). */
async function holders(observer: pg.Client, key: string): Promise<number[]> {
  const { rows } = await observer.query<{ pid: number }>(
    `SELECT pid FROM pg_locks
      WHERE locktype = 'advisory' AND granted AND objsubid = 1
        AND ((classid::bigint << 32) | objid::bigint) = hashtextextended($1, 0)`,
    [key],
  );
  return rows.map((r) => r.pid);
}

/** A promise and the function that settles it: lets a holder wait on the test's next step. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe("advisory locks on PostgreSQL", () => {
  let a: AppDatabase;
  let b: AppDatabase;
  let observer: pg.Client;
  const run = `${process.pid}-${Date.now()}`;
  const key = (name: string) => `test-lock:${run}:${name}`;

  beforeAll(async () => {
    expect(await postgresReachable()).toBe(true);
    a = await openDatabase({ databaseUrl: TEST_PG_URL });
    b = await openDatabase({ databaseUrl: TEST_PG_URL });
    observer = new pg.Client({ connectionString: TEST_PG_URL });
    await observer.connect();
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await observer?.end();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("two keys held at once are held on two connections, and no connection is asked two things at once", async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on("warning", onWarning);
    const inFlight = new Map<pg.Client, number>();
    let most = 0;
    const query = pg.Client.prototype.query;
    vi.spyOn(pg.Client.prototype, "query").mockImplementation(function (this: pg.Client, ...args: unknown[]) {
      const now = (inFlight.get(this) ?? 0) + 1;
      inFlight.set(this, now);
      most = Math.max(most, now);
      const result = (query as (...a: unknown[]) => unknown).apply(this, args);
      if (result instanceof Promise) void result.finally(() => inFlight.set(this, inFlight.get(this)! - 1)).catch(() => undefined);
      return result as never;
    });
    try {
      const both = gate();
      const hold = (name: string, arrived: () => void) =>
        a.withAdvisoryLock(key(name), async () => {
          arrived();
          await both.opened;
        });
      let arrivals = 0;
      const allIn = gate();
      const arrived = () => {
        if (++arrivals === 3) allIn.open();
      };
      const held = Promise.all([hold("one", arrived), hold("two", arrived), hold("three", arrived)]);
      await allIn.opened;
      const seen = [await holders(observer, key("one")), await holders(observer, key("two")), await holders(observer, key("three"))];
      both.open();
      await held;
      expect(seen.map((pids) => pids.length)).toEqual([1, 1, 1]);
      expect(new Set(seen.flat()).size).toBe(3);
      expect(most).toBe(1);
      expect(warnings.filter((w) => w.includes("already executing a query"))).toEqual([]);
      // Released: nobody holds them any more.
      expect([...(await holders(observer, key("one"))), ...(await holders(observer, key("two")))]).toEqual([]);
    } finally {
      process.off("warning", onWarning);
    }
  });

  it("one key excludes across two instances: the second holder runs only after the first has let go", async () => {
    const tries = { failed: 0 };
    const query = pg.Client.prototype.query;
    vi.spyOn(pg.Client.prototype, "query").mockImplementation(function (this: pg.Client, ...args: unknown[]) {
      const result = (query as (...a: unknown[]) => unknown).apply(this, args);
      const text = typeof args[0] === "string" ? args[0] : "";
      if (text.includes("pg_try_advisory_lock") && result instanceof Promise) {
        void result.then((r: pg.QueryResult<{ ok: boolean }>) => !r.rows[0]?.ok && tries.failed++).catch(() => undefined);
      }
      return result as never;
    });
    const order: string[] = [];
    const release = gate();
    const firstIn = gate();
    const first = a.withAdvisoryLock(key("shared"), async () => {
      order.push("first in");
      firstIn.open();
      await release.opened;
      order.push("first out");
    });
    await firstIn.opened;
    const second = b.withAdvisoryLock(key("shared"), async () => {
      order.push("second in");
      return "second";
    });
    // The second instance has been refused a few times while the first holds the key.
    await vi.waitFor(() => expect(tries.failed).toBeGreaterThanOrEqual(3), { timeout: 30_000, interval: 5 });
    expect(order).toEqual(["first in"]);
    release.open();
    await first;
    expect(await second).toBe("second");
    expect(order).toEqual(["first in", "first out", "second in"]);
    expect(await holders(observer, key("shared"))).toEqual([]);
  });

  it("a holder that throws lets go of its lock, and the other instance takes it", async () => {
    await expect(
      a.withAdvisoryLock(key("throws"), async () => {
        expect((await holders(observer, key("throws"))).length).toBe(1);
        throw new Error("the holder failed");
      }),
    ).rejects.toThrow("the holder failed");
    expect(await holders(observer, key("throws"))).toEqual([]);
    expect(await b.withAdvisoryLock(key("throws"), async () => "taken")).toBe("taken");
  });

  it("a connection lost while holding is dropped, not reused, and the key is free again", async () => {
    let lostPid = 0;
    await a.withAdvisoryLock(key("lost"), async () => {
      lostPid = (await holders(observer, key("lost")))[0] ?? 0;
      expect(lostPid).toBeGreaterThan(0);
      await observer.query("SELECT pg_terminate_backend($1)", [lostPid]);
      // Wait until the server has ended that backend (its lock goes with it).
      await vi.waitFor(async () => expect(await holders(observer, key("lost"))).toEqual([]), { timeout: 30_000, interval: 10 });
    });
    // The next holders work, on live connections other than the lost one.
    const pids = await Promise.all(
      ["lost", "after-1", "after-2"].map((name) => a.withAdvisoryLock(key(name), async () => (await holders(observer, key(name)))[0])),
    );
    expect(pids.every((pid) => typeof pid === "number" && pid !== lostPid)).toBe(true);
  });
});
