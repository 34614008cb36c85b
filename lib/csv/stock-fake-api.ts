// A fake of the API's search and count for the stocktake and plan tests and for `npm run bench
// stocktake` (not used by the app). It answers from arrays given in primary-key order, enforces
// the API's limits (limit ≤ 10,000; `in` ≤ 1000 values, none holding a comma; eq and in only),
// refuses a call made while another is in flight (the look-ups call one at a time), counts the
// calls and can wait a fixed time per call (the upstream's round trip).
import type { LookupCount, LookupSearch } from "./lookups";

type Row = Record<string, string | null>;
type Condition = { field: string; op: string; value?: string | string[] };

export interface FakeCall {
  path: string;
  conditions: Condition[];
  offset?: number;
  limit?: number;
}

export interface FakeStockApi {
  api: { search: LookupSearch; count: LookupCount };
  /** Every call in order. */
  calls: FakeCall[];
  /** Paths of the calls in order. */
  paths(): string[];
  /** Time the fake spent on its own work (filtering and copying rows), not waiting, in ms. */
  busyMs(): number;
  /** Time the calls spent waiting for the delay (the upstream's round trips), in ms. */
  waitedMs(): number;
}

/** tables: rows by resource path (`/api_v1_warehouse_stock`), in primary-key order. */
export function fakeStockApi(tables: Record<string, Row[]>, options: { delayMs?: number; onCall?: (call: FakeCall) => void } = {}): FakeStockApi {
  const calls: FakeCall[] = [];
  let inFlight = 0;
  let busy = 0;
  let waited = 0;
  const table = (path: string): Row[] => {
    const rows = tables[path.replace(/\/(search|count)$/, "")];
    if (!rows) throw new Error(`fake api: no table for ${path}`);
    return rows;
  };
  const filter = (rows: Row[], conditions: Condition[] = []): Row[] => {
    if (conditions.length === 0) return rows;
    const tests = conditions.map((c) => {
      if (c.op === "eq") {
        if (typeof c.value !== "string") throw new Error(`fake api: eq takes one value (${c.field})`);
        return (v: string) => v === c.value;
      }
      if (c.op === "in") {
        if (!Array.isArray(c.value) || c.value.length === 0 || c.value.length > 1000) throw new Error(`fake api: in takes 1..1000 values (${c.field})`);
        if (c.value.some((v) => v.includes(","))) throw new Error(`fake api: an in value holds a comma (${c.field})`);
        const set = new Set(c.value);
        return (v: string) => set.has(v);
      }
      throw new Error(`fake api: op ${c.op} not faked`);
    });
    return rows.filter((r) => conditions.every((c, k) => (tests[k] as (v: string) => boolean)(r[c.field] ?? "")));
  };
  const enter = async (call: FakeCall) => {
    if (inFlight > 0) throw new Error(`fake api: ${call.path} called while another call is in flight`);
    inFlight++;
    calls.push(call);
    options.onCall?.(call);
    const t0 = performance.now();
    await new Promise((resolve) => setTimeout(resolve, options.delayMs ?? 0));
    waited += performance.now() - t0;
  };
  const search: LookupSearch = async (path, req) => {
    await enter({ path, conditions: req.conditions ?? [], offset: req.offset, limit: req.limit });
    try {
      const t0 = performance.now();
      const limit = req.limit ?? 10_000;
      if (limit > 10_000) throw new Error("fake api: limit over 10000");
      const offset = req.offset ?? 0;
      const hit = filter(table(path), req.conditions).slice(offset, offset + limit);
      const rows = hit.map((r) => {
        const out: Row = {};
        for (const f of req.fields) out[f] = r[f] ?? null;
        return out;
      });
      busy += performance.now() - t0;
      return { rows };
    } finally {
      inFlight--;
    }
  };
  const count: LookupCount = async (path, req) => {
    await enter({ path, conditions: req.conditions ?? [] });
    try {
      const t0 = performance.now();
      const n = filter(table(path), req.conditions).length;
      busy += performance.now() - t0;
      return n;
    } finally {
      inFlight--;
    }
  };
  return { api: { search, count }, calls, paths: () => calls.map((c) => c.path), busyMs: () => busy, waitedMs: () => waited };
}
