import "server-only";
// Choice lists (shops, statuses, payment and delivery methods... every registry `choicesFrom`
// source) change rarely and label every grid, filter and drawer: each session fetches one from the
// API once, and the BFF answers it again from here for CHOICE_TTL_MS. A new tab or a reload asks
// the BFF, not the API. A screen that shows a list as such asks past it (header
// `x-backyard-fresh: 1`, lib/query/call-operation.ts), and its answer replaces the kept one.
// Kept per session key (a list is what that person may see), in this process, bounded, on the
// single-flight cache of lib/http: concurrent asks share one call, failures are never kept.
import { createSingleFlightCache } from "@/lib/http/single-flight-cache";
import { CHOICES } from "@/lib/ne/registry/choice-sources";
import type { OperationRequest } from "../operation-request";

export const CHOICE_TTL_MS = 10 * 60_000;
const MAX_ENTRIES = 5000;

/** The proxy's answer to a choice-list request, as bytes. */
export interface CachedAnswer {
  status: number;
  body: Uint8Array;
}

const SOURCES = new Map<string, readonly string[]>(Object.values(CHOICES).map((s) => [s.path, [s.valueField, s.labelField].sort()]));

/**
 * The cache key of a request that asks for a whole choice list as the pages ask for it (an info
 * call without parameters; a search of the value and label fields, limit 10,000, no conditions),
 * or null for any other request.
 */
export function choiceListKey(sessionKey: string, path: string, body: OperationRequest): string | null {
  const fields = SOURCES.get(path);
  if (!fields) return null;
  if (body.conditions?.length || body.offset || body.extensionExecutionId || body.waitFlag) return null;
  if (path.endsWith("/info")) {
    if (body.fields?.length || body.limit !== undefined) return null;
  } else {
    const asked = [...new Set(body.fields ?? [])].sort();
    if (body.limit !== 10_000 || asked.length !== fields.length || asked.some((f, i) => f !== fields[i])) return null;
  }
  return `${sessionKey}\n${path}`;
}

export interface ChoiceCache {
  /**
   * The kept answer for `key` while it is young, else `load()` once for everyone asking now; kept
   * only when 200 (any other answer is given to everyone who waited for it, and not kept).
   * `fresh`: load now, past a kept answer (the new one replaces it).
   */
  answer(key: string, load: () => Promise<CachedAnswer>, options?: { fresh?: boolean }): Promise<CachedAnswer>;
  size(): number;
}

/** An answer that is not kept, carried through the shared cache as its failure. */
class NotKept {
  constructor(readonly answer: CachedAnswer) {}
}

export function createChoiceCache({ ttlMs = CHOICE_TTL_MS, max = MAX_ENTRIES, now = Date.now }: { ttlMs?: number; max?: number; now?: () => number } = {}): ChoiceCache {
  const shared = createSingleFlightCache<CachedAnswer>({ ttlMs, maxEntries: max, now });
  return {
    async answer(key, load, options) {
      const compute = async () => {
        const answer = await load();
        if (answer.status !== 200) throw new NotKept(answer);
        return answer;
      };
      try {
        // The key names the session already: the owner is not needed.
        return (await shared.get(key, "", compute, options)).value;
      } catch (err) {
        if (err instanceof NotKept) return err.answer;
        throw err;
      }
    },
    size: () => shared.size(),
  };
}

const globalForCache = globalThis as typeof globalThis & { __backyardChoiceCache?: ChoiceCache };

/** The process's choice cache. */
export function choiceCache(): ChoiceCache {
  globalForCache.__backyardChoiceCache ??= createChoiceCache();
  return globalForCache.__backyardChoiceCache;
}
