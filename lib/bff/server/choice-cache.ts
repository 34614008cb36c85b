import "server-only";
// Choice lists and the small masters the pages read whole (every `CHOICES` source of
// lib/ne/registry/choice-sources.ts: shops, malls, warehouses, the classification infos,
// wholesale, upload patterns, grouping tags; and the delivery-method items, which name the orders'
// delivery methods) change rarely and label every grid, filter and drawer. A whole list is an info
// call without parameters, or a search of one of those paths with limit 10,000, no paging and at
// most two `eq` conditions (a list narrowed to a kind: the delivery methods), whatever its fields
// (a list's extra fields: the grouping tags' colours). They are kept per COMPANY, shared by its
// people: the first ask of a company fetches a list from the API with the asker's tokens, and every
// person of the company is answered from here after that.
//
// - Young (under CHOICE_TTL_MS): answered from here, no call.
// - Stale (past CHOICE_TTL_MS, under CHOICE_MAX_AGE_MS): answered from here at once, and ONE
//   refresh runs behind it as background work (the gateway serves the asker's on-screen calls
//   first), with the tokens of the person whose ask found it stale. A failed refresh keeps the
//   list and is not tried again for REFRESH_RETRY_MS.
// - Too old (past CHOICE_MAX_AGE_MS) or never fetched: the ask waits for the call; every ask that
//   arrives meanwhile shares it (single flight).
// - Asked fresh (header `x-backyard-fresh: 1`, lib/query/call-operation.ts: a screen that shows a
//   list as such): the ask waits for a call, past a kept answer (it joins one under way), and
//   its answer replaces the kept one.
// Only a 200 answer is kept. Any other answer goes to the asks that waited for it, and the next ask
// calls again; an ended sign-in (401) of the person whose call it was is not another's: those
// others ask again with their own tokens.
//
// Uploads: neither of the product's uploads changes a choice list, so nothing invalidates them.
// The goods master upload (lib/uploads, `/api_v1_master_goods/upload`) writes goods, their tags,
// images and stock; the goods types and merchandise kinds it names are fixed system lists it only
// refers to by id. The warehouse stock upload (`/api_v1_warehouse_stock/upload`) changes the stock
// of warehouses that exist (an unknown warehouse name is refused). Goods names are not kept here
// (the stock grids join them per page in the browser, lib/query).
//
// Process-local, bounded: several instances each keep their own copy.
import type { CallPriority } from "../priority-header";
import { CHOICES } from "@/lib/ne/registry/choice-sources";
import type { OperationRequest } from "../operation-request";

/** Past this age a kept list is refreshed behind the answer. */
export const CHOICE_TTL_MS = 10 * 60_000;
/** Past this age a kept list is no longer answered: the ask waits for the API. */
export const CHOICE_MAX_AGE_MS = 24 * 60 * 60_000;
/** After a failed background refresh, the next one waits this long. */
export const REFRESH_RETRY_MS = 60_000;
const MAX_ENTRIES = 5000;

/** The proxy's answer to a choice-list request, as bytes. */
export interface CachedAnswer {
  status: number;
  body: Uint8Array;
}

/** The lists kept: the choice sources, and the delivery-method items (components/orders/orders-grid.tsx). */
const LIST_PATHS = new Set<string>([...Object.values(CHOICES).map((s) => s.path), "/api_v1_receiveorder_forwardingagent/search"]);
/** How a page asks for a whole list (lib/query/choices.ts). */
const WHOLE = 10_000;
const MAX_CONDITIONS = 2;
const MAX_VALUE_LENGTH = 100;

/**
 * Whether a request asks for a whole list as the pages ask for it: an info call without
 * parameters; a search with limit 10,000, no paging, at most two `eq` conditions of short values.
 */
export function asksWholeChoiceList(path: string, body: OperationRequest): boolean {
  if (!LIST_PATHS.has(path)) return false;
  if (body.offset || body.extensionExecutionId || body.waitFlag) return false;
  if (path.endsWith("/info")) return !body.fields?.length && !body.conditions?.length && body.limit === undefined;
  const conditions = body.conditions ?? [];
  const narrowing = (c: (typeof conditions)[number]) => c.op === "eq" && typeof c.value === "string" && c.value.length <= MAX_VALUE_LENGTH;
  return body.limit === WHOLE && Boolean(body.fields?.length) && conditions.length <= MAX_CONDITIONS && conditions.every(narrowing);
}

/** The cache key of a company's list: the path, the fields (a set) and the conditions (a set). */
export function choiceListKey(companyNeId: string, path: string, body: OperationRequest = {}): string {
  const fields = [...new Set(body.fields ?? [])].sort();
  const conditions = (body.conditions ?? []).map((c) => [c.field, c.op, c.value] as const).sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
  return JSON.stringify([companyNeId, path, fields, conditions]);
}

/** One call for a list, at the priority given (background for a refresh behind a kept answer). */
export type ChoiceLoad = (priority: CallPriority) => Promise<CachedAnswer>;

export interface ChoiceAsk {
  /** Who asks (the session key): a list is loaded with its tokens. */
  asker: string;
  /** Past a kept answer, for an answer of the API's now. */
  fresh?: boolean;
  /** The ask's own priority, for a call it waits for (default interactive). */
  priority?: CallPriority;
}

export interface ChoiceCache {
  /** The list under `key` as the rules above say. */
  answer(key: string, load: ChoiceLoad, ask: ChoiceAsk): Promise<CachedAnswer>;
  /** Keys held, kept or under way (tests). */
  size(): number;
  /** Loads started since the cache was made, refreshes included (tests). */
  readonly loads: number;
  /** Loads under way, refreshes included (tests). */
  pending(): number;
}

interface Outcome {
  answer: CachedAnswer;
  kept: boolean;
  asker: string;
}

interface Entry {
  kept?: { answer: CachedAnswer; at: number };
  flight?: Promise<Outcome>;
  /** No background refresh before this time (after a failed one). */
  retryAt?: number;
}

export function createChoiceCache({
  ttlMs = CHOICE_TTL_MS,
  maxAgeMs = CHOICE_MAX_AGE_MS,
  retryMs = REFRESH_RETRY_MS,
  max = MAX_ENTRIES,
  now = Date.now,
}: { ttlMs?: number; maxAgeMs?: number; retryMs?: number; max?: number; now?: () => number } = {}): ChoiceCache {
  const entries = new Map<string, Entry>();
  let loads = 0;

  function prune(): void {
    if (entries.size < max) return;
    const t = now();
    for (const [key, entry] of entries) {
      if (!entry.flight && (!entry.kept || t - entry.kept.at >= maxAgeMs)) entries.delete(key);
    }
    // Still full of live entries: drop the oldest kept ones (Map keeps insertion order).
    for (const [key, entry] of entries) {
      if (entries.size < max) break;
      if (!entry.flight) entries.delete(key);
    }
  }

  function entryOf(key: string): Entry {
    let entry = entries.get(key);
    if (!entry) {
      prune();
      entry = {};
      entries.set(key, entry);
    }
    return entry;
  }

  /** Starts the one call of `key`; its 200 answer is kept. */
  function start(key: string, entry: Entry, load: ChoiceLoad, asker: string, priority: CallPriority): Promise<Outcome> {
    const at = now();
    loads += 1;
    const flight = (async () => load(priority))().then(
      (answer): Outcome => {
        if (entry.flight === flight) entry.flight = undefined;
        const kept = answer.status === 200;
        if (kept && (!entry.kept || entry.kept.at <= at)) {
          entry.kept = { answer, at };
          entry.retryAt = undefined;
        }
        if (!entry.kept && !entry.flight && entries.get(key) === entry) entries.delete(key);
        return { answer, kept, asker };
      },
      (err: unknown) => {
        if (entry.flight === flight) entry.flight = undefined;
        if (!entry.kept && !entry.flight && entries.get(key) === entry) entries.delete(key);
        throw err;
      },
    );
    entry.flight = flight;
    return flight;
  }

  async function answer(key: string, load: ChoiceLoad, ask: ChoiceAsk, again = false): Promise<CachedAnswer> {
    const { asker, fresh = false, priority = "interactive" } = ask;
    const entry = entryOf(key);
    const t = now();
    const kept = entry.kept;
    if (kept && !fresh && t - kept.at < maxAgeMs) {
      if (t - kept.at >= ttlMs && !entry.flight && (entry.retryAt === undefined || t >= entry.retryAt)) {
        // Stale: answered now, refreshed behind it. A failure keeps the list and waits to try again.
        start(key, entry, load, asker, "background").then(
          (outcome) => {
            if (!outcome.kept) entry.retryAt = now() + retryMs;
          },
          () => {
            entry.retryAt = now() + retryMs;
          },
        );
      }
      return kept.answer;
    }
    // A call under way is newer than the kept answer: every ask joins it, a fresh one too.
    const outcome = await (entry.flight ?? start(key, entry, load, asker, priority));
    if (!outcome.kept && outcome.asker !== asker && outcome.answer.status === 401 && !again) {
      // Another person's sign-in ended while it asked for everyone: this one asks with its own.
      return answer(key, load, { ...ask, fresh: true }, true);
    }
    return outcome.answer;
  }

  return {
    answer: (key, load, ask) => answer(key, load, ask),
    size: () => entries.size,
    pending: () => [...entries.values()].filter((e) => e.flight).length,
    get loads() {
      return loads;
    },
  };
}

let processCache: ChoiceCache | undefined;

/** The process's choice cache. */
export function choiceCache(): ChoiceCache {
  return (processCache ??= createChoiceCache());
}
