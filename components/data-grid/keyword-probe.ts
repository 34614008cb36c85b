// The "code or name" keyword search's count-first step (./keyword-search.tsx): which field of the
// `anyOf` finds rows, with the other filters as they are, asked of the grid's count twin field by
// field, one after another, until one finds rows. Imported when a person submits such a search, not with the page.
import { filterKey, filtersToConditions, type GridFilter } from "@/lib/grid/filters";
import { pickKeywordWrite, type QuickWrite } from "@/lib/grid/quick-filters";
import { callCount, type OperationPath } from "@/lib/query/call-operation";
import type { ResourceDef } from "@/lib/ne/registry/types";

/**
 * Of the candidate writes, the first that finds rows (else the first). The counts are asked one
 * after another, not at once (a person's calls go upstream one at a time), and stop at the first
 * field that finds rows.
 */
export async function probeKeyword(resource: ResourceDef, countPath: OperationPath, filters: readonly GridFilter[], candidates: readonly QuickWrite[]): Promise<QuickWrite | undefined> {
  const counts: (number | undefined)[] = [];
  for (const { keys, next } of candidates) {
    const others = filters.filter((f) => !keys.includes(filterKey(f)));
    let n: number | undefined;
    try {
      n = (await callCount(countPath, { conditions: filtersToConditions(resource, [...others, ...next]) })).count;
    } catch {
      n = undefined; // the search itself will show what is wrong
    }
    counts.push(n);
    if (n !== undefined && n > 0) break;
  }
  return pickKeywordWrite(candidates, counts);
}
