// The "code or name" keyword search's count-first step (./keyword-search.tsx): which field of the
// `anyOf` finds rows, with the other filters as they are, asked of the grid's count twin for every
// field at once (one round trip). Imported when a person submits such a search, not with the page.
import { filterKey, filtersToConditions, type GridFilter } from "@/lib/grid/filters";
import { pickKeywordWrite, type QuickWrite } from "@/lib/grid/quick-filters";
import { callCount, type OperationPath } from "@/lib/query/call-operation";
import type { ResourceDef } from "@/lib/ne/registry/types";

/** Of the candidate writes, the first that finds rows (else the first). */
export async function probeKeyword(resource: ResourceDef, countPath: OperationPath, filters: readonly GridFilter[], candidates: readonly QuickWrite[]): Promise<QuickWrite | undefined> {
  const counts = await Promise.all(
    candidates.map(async ({ keys, next }) => {
      const others = filters.filter((f) => !keys.includes(filterKey(f)));
      try {
        return (await callCount(countPath, { conditions: filtersToConditions(resource, [...others, ...next]) })).count;
      } catch {
        return undefined; // the search itself will show what is wrong
      }
    }),
  );
  return pickKeywordWrite(candidates, counts);
}
