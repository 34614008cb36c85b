// The one builder of grid definitions: the search and its count twin come from the registry's
// operations, the record key from the resource's primary key (lib/grid/record-key.ts: URL-safe,
// an integer key is its digits), the texts from a namespace or from each key.
import { primaryKeyRecord } from "@/lib/grid/record-key";
import { searchPairOf } from "@/lib/ne/registry/search-bases";
import type { CustomCell, GridDefinition, GridSpec, GridTextKeys } from "./grid-definition";
import { rowNameCell } from "./row-name-cell";

function textKeys(texts: GridSpec["texts"]): GridTextKeys {
  if (typeof texts !== "string") return texts;
  // GridTextNamespace only admits namespaces holding these four keys.
  return {
    label: `${texts}.gridLabel`,
    emptyTitle: `${texts}.empty.title`,
    emptyBody: `${texts}.empty.body`,
    filteredTitle: `${texts}.filtered.title`,
  } as GridTextKeys;
}

export function defineGrid({ texts, ...spec }: GridSpec): GridDefinition {
  const pair = searchPairOf(spec.resource.key);
  if (!pair) throw new Error(`${spec.id}: the registry has no search with a count twin for ${spec.resource.key}`);
  // A code the row names itself (rowNames) shows its name, unless the definition draws it otherwise.
  const named: Record<string, CustomCell> = {};
  for (const [field, nameField] of Object.entries(spec.rowNames ?? {})) named[field] = rowNameCell(nameField);
  return {
    ...spec,
    ...(spec.rowNames ? { cells: { ...named, ...spec.cells } } : {}),
    searchPath: pair.search,
    countPath: pair.count,
    ...primaryKeyRecord(spec.resource),
    texts: textKeys(texts),
  };
}
