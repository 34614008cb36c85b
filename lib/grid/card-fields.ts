// What a record's card shows on a phone (components/data-grid/grid-cards.tsx): its key (the slip
// number, the goods code), the two or three fields the definition marks as its summary, and the
// field shown as its status badge. A definition without `summary` takes the first three default
// columns after the key; one without `status` has no badge. Names the resource lacks are dropped.
import type { ResourceDef } from "@/lib/ne/registry/types";
import { defaultPins } from "./columns";

export interface CardSpec {
  resource: ResourceDef;
  defaultColumns: readonly string[];
  keyColumn?: string;
  summary?: readonly string[];
  status?: string;
}

export interface CardFields {
  key: string;
  summary: string[];
  status: string | undefined;
}

/** At most this many summary fields on a card: more would make a card a table again. */
export const MAX_SUMMARY = 3;

export function cardFields(spec: CardSpec): CardFields {
  const names = new Set(spec.resource.fields.map((f) => f.name));
  const known = (name: string | undefined): name is string => name !== undefined && names.has(name);
  // The column pinned by default (the slip number, a warehouse stock row's goods code), else the
  // first default column.
  const key = [defaultPins(spec.resource, spec.defaultColumns, spec.keyColumn)[0], spec.defaultColumns[0], spec.resource.primaryKey[0]].find(known) ?? spec.resource.fields[0]?.name ?? "";
  const status = known(spec.status) && spec.status !== key ? spec.status : undefined;
  const wanted = spec.summary ?? spec.defaultColumns.filter((n) => n !== key && n !== status);
  const summary = [...new Set(wanted)].filter((n) => known(n) && n !== key && n !== status).slice(0, MAX_SUMMARY);
  return { key, summary, status };
}

/** Every field a card reads (fetched with each page, whatever columns the person shows). */
export function cardFieldNames(fields: CardFields): string[] {
  return [fields.key, ...fields.summary, ...(fields.status ? [fields.status] : [])];
}
