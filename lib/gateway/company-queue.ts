import "server-only";
// A company's slots: at most `capacity` upstream calls of one company in flight at once, the
// waiting ones served by priority (interactive before background), then fairly between the
// company's people, then in arrival order.
//
// - One process (embedded PGlite): the queue is here, in memory (createLocalCompanyQueue).
// - Instances sharing PostgreSQL (createSharedCompanyQueue): every call is a ticket, a row of
//   `gateway_calls` (company, instance, priority, running, heartbeat). Slots are granted in one
//   short transaction under a per-company advisory transaction lock: count the running tickets,
//   take the first waiting ones by (priority, id) up to the free slots, and mark those of this
//   instance running; an instance whose ticket is among them but was not the one asking finds out
//   at its next poll (every POLL_MS while it has waiting tickets, at once when one of its own calls
//   ends). So the order is global across instances: an interactive call of instance B overtakes a
//   background one of instance A, and people are served in turn (with one call in flight per
//   person, each person has at most one ticket waiting). No connection is held while a ticket
//   waits or runs: a transaction borrows a pooled connection for a few statements, never across
//   an upstream call. Each instance renews the heartbeat of its tickets every LEASE_MS / 5; the
//   grant deletes tickets not renewed for LEASE_MS, so a crashed instance frees its slots.
import { randomUUID } from "node:crypto";
import { eq, inArray, lt, sql } from "drizzle-orm";
import type { AppDatabase } from "@/lib/db";
import { gatewayCalls } from "@/lib/db/schema";
import { priorityRank, type CallPriority } from "./priority";

export interface CompanyQueue {
  /**
   * Runs `task` when one of `company`'s slots is free for it. `holder` (the caller's session key)
   * is whose turn it is: people of one company are served in turn.
   */
  run<T>(company: string, holder: string, priority: CallPriority, task: () => Promise<T>): Promise<T>;
  /** Calls of this instance waiting or running (for tests: a drained queue is empty). */
  size(): number;
}

/** Default slots per company (NE_MAX_CALLS_PER_COMPANY). */
export const DEFAULT_CALLS_PER_COMPANY = 3;

interface LocalWaiter {
  rank: number;
  seq: number;
  holder: string;
  start(): void;
}

interface LocalState {
  running: number;
  /** Calls running per holder, and the tick each holder was last served at. */
  holders: Map<string, { running: number; servedAt: number }>;
  waiting: LocalWaiter[];
}

/** The company queue of one process. */
export function createLocalCompanyQueue(capacity: number): CompanyQueue {
  const states = new Map<string, LocalState>();
  let seq = 0;
  let tick = 0;
  let size = 0;

  function holderOf(state: LocalState, holder: string) {
    let h = state.holders.get(holder);
    if (!h) state.holders.set(holder, (h = { running: 0, servedAt: -1 }));
    return h;
  }

  /** Best priority; then the holder with the fewest calls running, served longest ago; then arrival. */
  function next(state: LocalState): number {
    let best = 0;
    const key = (w: LocalWaiter) => {
      const h = state.holders.get(w.holder);
      return [w.rank, h?.running ?? 0, h?.servedAt ?? -1, w.seq];
    };
    let bestKey = key(state.waiting[0]!);
    for (let i = 1; i < state.waiting.length; i++) {
      const k = key(state.waiting[i]!);
      for (let j = 0; j < k.length; j++) {
        if (k[j]! !== bestKey[j]!) {
          if (k[j]! < bestKey[j]!) {
            best = i;
            bestKey = k;
          }
          break;
        }
      }
    }
    return best;
  }

  function begin(state: LocalState, holder: string): void {
    state.running += 1;
    const h = holderOf(state, holder);
    h.running += 1;
    h.servedAt = tick++;
  }

  function pump(company: string, state: LocalState): void {
    while (state.waiting.length > 0 && state.running < capacity) {
      const [waiter] = state.waiting.splice(next(state), 1);
      begin(state, waiter!.holder);
      waiter!.start();
    }
    for (const [holder, h] of state.holders) {
      if (h.running === 0 && !state.waiting.some((w) => w.holder === holder)) state.holders.delete(holder);
    }
    if (state.running === 0 && state.waiting.length === 0) states.delete(company);
  }

  return {
    async run(company, holder, priority, task) {
      let state = states.get(company);
      if (!state) states.set(company, (state = { running: 0, holders: new Map(), waiting: [] }));
      const held = state;
      size += 1;
      if (held.waiting.length === 0 && held.running < capacity) begin(held, holder);
      else await new Promise<void>((start) => held.waiting.push({ rank: priorityRank(priority), seq: seq++, holder, start }));
      try {
        return await task();
      } finally {
        size -= 1;
        held.running -= 1;
        holderOf(held, holder).running -= 1;
        pump(company, held);
      }
    },
    size: () => size,
  };
}

export interface SharedQueueOptions {
  /** This instance's name in the table (default: random). */
  instanceId?: string;
  /** How often an instance with waiting tickets asks for slots (ms). */
  pollMs?: number;
  /** A ticket whose heartbeat is older than this is a crashed instance's, and deleted (ms). */
  leaseMs?: number;
}

export const POLL_MS = 20;
export const LEASE_MS = 15_000;

interface SharedWaiter {
  resolve(): void;
  reject(err: unknown): void;
}

interface SharedState {
  /** This instance's calls of the company, from before their ticket is added until it is deleted. */
  calls: number;
  /** This instance's tickets waiting for a slot. */
  waiting: Map<number, SharedWaiter>;
  /** Tickets granted before their caller started to wait (a poll got in first). */
  early: Set<number>;
  polling: boolean;
  /** Ends the poll loop's pause early (a slot of this instance was freed). */
  wake: (() => void) | null;
  sweptAt: number;
}

/** The company queue shared by every instance on one PostgreSQL (see the head of this file). */
export function createSharedCompanyQueue(database: Pick<AppDatabase, "db">, capacity: number, options: SharedQueueOptions = {}): CompanyQueue {
  const { db } = database;
  const instanceId = options.instanceId ?? randomUUID();
  const pollMs = options.pollMs ?? POLL_MS;
  const leaseMs = options.leaseMs ?? LEASE_MS;
  const states = new Map<string, SharedState>();
  /** Every ticket of this instance, waiting or running: the heartbeat renews these. */
  const live = new Set<number>();
  let heartbeat: ReturnType<typeof setInterval> | null = null;

  function stateOf(company: string): SharedState {
    let state = states.get(company);
    if (!state) states.set(company, (state = { calls: 0, waiting: new Map(), early: new Set(), polling: false, wake: null, sweptAt: 0 }));
    return state;
  }

  /** Forgets a company with no call of this instance (one state per company while it has any). */
  function forgetIfIdle(company: string, state: SharedState): void {
    if (state.calls === 0 && !state.polling) states.delete(company);
  }

  function beat(): void {
    if (live.size === 0) {
      if (heartbeat) clearInterval(heartbeat);
      heartbeat = null;
      return;
    }
    void db
      .update(gatewayCalls)
      .set({ heartbeatAt: sql`now()` })
      .where(inArray(gatewayCalls.id, [...live]))
      .catch(() => undefined);
  }

  function startHeartbeat(): void {
    if (heartbeat) return;
    heartbeat = setInterval(beat, Math.max(100, Math.floor(leaseMs / 5)));
    heartbeat.unref?.();
  }

  /**
   * One grant: under the company's transaction lock, optionally adds a ticket, sweeps crashed
   * instances' tickets (every company's, at most once a lease / 5 per company asked), and marks this instance's tickets
   * that are among the first waiting ones (up to the free slots) running.
   */
  async function grant(company: string, state: SharedState, add?: CallPriority): Promise<{ ticket?: number; granted: number[] }> {
    const sweep = Date.now() - state.sweptAt >= leaseMs / 5;
    if (sweep) state.sweptAt = Date.now();
    return db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`ne-company:${company}`}, 0))`);
      let ticket: number | undefined;
      if (add) {
        const [row] = await tx
          .insert(gatewayCalls)
          .values({ companyNeId: company, instanceId, priority: priorityRank(add) })
          .returning({ id: gatewayCalls.id });
        ticket = row!.id;
        live.add(ticket);
        startHeartbeat();
      }
      if (sweep) {
        await tx
          .delete(gatewayCalls)
          .where(lt(gatewayCalls.heartbeatAt, sql`now() - make_interval(secs => ${leaseMs / 1000})`));
      }
      const result = await tx.execute(sql`
        SELECT id, instance_id,
               (SELECT count(*)::int FROM gateway_calls WHERE company_ne_id = ${company} AND running) AS busy
          FROM gateway_calls
         WHERE company_ne_id = ${company} AND NOT running
         ORDER BY priority, id
         LIMIT ${capacity}`);
      const rows = (result as unknown as { rows: { id: string | number; instance_id: string; busy: number }[] }).rows;
      const free = capacity - (rows[0]?.busy ?? capacity);
      const mine = rows
        .slice(0, Math.max(0, free))
        .filter((r) => r.instance_id === instanceId)
        .map((r) => Number(r.id));
      if (mine.length > 0) await tx.update(gatewayCalls).set({ running: true, heartbeatAt: sql`now()` }).where(inArray(gatewayCalls.id, mine));
      return { ticket, granted: mine };
    });
  }

  /** Starts the calls whose tickets were granted. */
  function hand(state: SharedState, granted: readonly number[], except?: number): void {
    for (const id of granted) {
      if (id === except) continue;
      const waiter = state.waiting.get(id);
      if (waiter) {
        state.waiting.delete(id);
        waiter.resolve();
      } else state.early.add(id);
    }
  }

  /**
   * Asks for slots every pollMs while this instance has tickets of `company` waiting; `now`: the
   * first time at once (a slot of this instance was just freed).
   */
  async function poll(company: string, state: SharedState, now = false): Promise<void> {
    if (state.polling) {
      if (now) state.wake?.();
      return;
    }
    state.polling = true;
    try {
      for (let first = true; state.waiting.size > 0; first = false) {
        if (!(first && now)) {
          await new Promise<void>((resume) => {
            const timer = setTimeout(resume, pollMs);
            state.wake = () => {
              clearTimeout(timer);
              resume();
            };
          });
          state.wake = null;
        }
        if (state.waiting.size === 0) break;
        try {
          hand(state, (await grant(company, state)).granted);
        } catch (err) {
          // The database is gone: the waiting calls fail rather than wait for ever (their tickets
          // go now, or with their lease).
          const ids = [...state.waiting.keys()];
          for (const [id, waiter] of state.waiting) {
            live.delete(id);
            waiter.reject(err);
          }
          state.waiting.clear();
          void db
            .delete(gatewayCalls)
            .where(inArray(gatewayCalls.id, ids))
            .catch(() => undefined);
        }
      }
    } finally {
      state.polling = false;
      state.wake = null;
      forgetIfIdle(company, state);
    }
  }

  async function release(company: string, state: SharedState, ticket: number): Promise<void> {
    live.delete(ticket);
    await db
      .delete(gatewayCalls)
      .where(eq(gatewayCalls.id, ticket))
      .catch(() => undefined); // not renewed any more: its lease ends it
    if (state.waiting.size > 0) void poll(company, state, true);
  }

  return {
    async run(company, _holder, priority, task) {
      const state = stateOf(company);
      state.calls += 1;
      try {
        const { ticket, granted } = await grant(company, state, priority);
        const id = ticket!;
        hand(state, granted, id);
        // Not granted at once: granted by a poll since (early), or wait for one.
        if (!granted.includes(id) && !state.early.delete(id)) {
          await new Promise<void>((resolve, reject) => {
            state.waiting.set(id, { resolve, reject });
            void poll(company, state);
          });
        }
        try {
          return await task();
        } finally {
          await release(company, state, id);
        }
      } finally {
        state.calls -= 1;
        forgetIfIdle(company, state);
      }
    },
    size: () => live.size,
  };
}
